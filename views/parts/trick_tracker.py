"""Tap who won each trick, on a seat's phone and the host's table: the
winner buttons, Undo and the trick line. A trick changes in place
(views/web/leaves.py) the line, the version a tap names, Undo (open once a
trick is played) and the winner buttons (off once every trick is played)."""
from __future__ import annotations

import flet as ft

from companion.live_hand import LiveHand

from .. import i18n
from ..shown import table_logic
from ..web import leaves, writes
from . import saving
from .names import Name
from .per_game import once_per_hand
from .per_hand import use_hand_state
from .saving import attempt
from .widgets import NumberChips, Panel, Problems, S, TextTap, Txt


def tracker_values(hand: LiveHand, _bids=None) -> dict:
    """What the trick buttons' leaves show, and the tricks' version a tap names."""
    return {"tricks-hand": table_logic.Keyed(hand, hand.number),  # a new hand draws the tracker again
            "tricks-line": (table_logic.trick_line(hand),
                            i18n.spoken().gettext("Tricks played {count} of {total}").format(
                                count=hand.tricks_played, total=hand.tricks_per_hand)),
            "tricks-version": hand.tricks_version,
            "tricks-undo": bool(hand.tricks),  # Undo opens
            "tricks-over": hand.next_to_lead() is None}  # every trick is played: the winner buttons close


def TrickTracker(hand: LiveHand, on_trick, on_undo, key: str = "tricks") -> ft.Control:
    """Tap who won the trick just played; call while a screen renders (the
    trick line and the version are leaves it keeps up to date, views/web/leaves.py)."""
    values = leaves.values("tricks", lambda h, _b: once_per_hand(h, ("tricks", i18n.spoken().code),
                                                                lambda: tracker_values(h)), hand, {})
    # The buttons' state is read under memoized parts that may skip: told (views/web/leaves.cell).
    told = ("tricks-undo", "tricks-over")
    cells = {name: leaves.cell(name, value, told=name in told) for name, value in values.items()}
    return TrickTrackerPart(cells["tricks-hand"], on_trick, on_undo, cells, key=key)


def TrickLine(line: str, label: str) -> ft.Control:
    return Txt(line, S.TITLE_LARGE, weight=ft.FontWeight.W_700, label=label)


@leaves.in_place(TrickLine)
def trick_line_in_place(old: tuple, new: tuple):
    return [((), {"value": new[0], "semantics_label": new[1]})]


@ft.component
def TrickTrackerPart(held: leaves.Cell, on_trick, on_undo, cells: dict):
    """Tap who won the trick just played (with its Off-Key cards); undo the
    last. A trick changes only the line, Undo and the winner buttons, each in
    place (`cells`, kept by the screen); the rest is as the hand (`held`, a
    cell: a new hand draws the tracker again, with its own state anew) was
    when its structure last changed (views/web/leaves.structure_of), and a
    tap names the latest version."""
    hand: LiveHand = held.value.value
    off_key, set_off_key = use_hand_state(hand.number, 0)
    problems, set_problems = use_hand_state(hand.number, ())
    sending, send = saving.use_send(hand=hand.number)
    finished = hand.next_to_lead() is None  # with Off-Key cards, part of the structure
    most_off_key = hand.most_off_key_in_trick()
    version = cells["tricks-version"]

    async def won(seat: str):
        if isinstance(await attempt(send, lambda: on_trick(seat, off_key, version.value), set_problems),
                      writes.Stored):
            set_off_key(0)

    async def undo():
        await attempt(send, lambda: on_undo(version.value), set_problems)

    latest = ft.use_ref(None)
    latest.current = won  # the buttons below are kept between tricks; a tap runs this render's `won`
    # While a tap is on its way the buttons are off (their container's `disabled` reaches them), not redrawn.
    buttons = ft.Container(WinnerButtons(cells["tricks-over"], table_logic.Keyed(lambda seat: latest.current(seat),
                                                                                  (tuple(hand.seats), i18n.spoken().code))),
                           disabled=sending.busy)
    line = cells["tricks-line"]
    return Panel([
        leaves.Leaf(line, leaves.shown(line), TrickLine, key="tricks-line"),
        *([NumberChips("off_key_in_trick", off_key, lambda n: set_off_key(min(n, most_off_key)),
                       high=most_off_key, height=40)]
          if hand.game.off_key and not finished else []),
        buttons,
        UndoMemo(cells["tricks-undo"], sending.busy, undo),
        *([Problems(list(problems))] if problems else []),
        *saving.notice(sending),
    ], spacing=8)


@ft.component
def UndoButton(state: leaves.Cell, busy: bool, undo):
    """Undo the last trick: open once a trick is played (`state`, a leaf's cell: changed in place)."""
    off = leaves.looked_here(state, UndoButton, lambda value: not value or busy)
    return TextTap(i18n.spoken().gettext("Undo last trick"), icon=ft.Icons.UNDO, disabled=off, on_click=undo)


UndoMemo = ft.memo(UndoButton)  # a memoized part keeps what it drew: a change is made on it (leaves.py)


@leaves.in_place(UndoButton)
def undo_in_place(old: bool, new: bool):
    """The first trick played opens Undo; the last one undone closes it."""
    return [((), {"disabled": new})]


@ft.component
def WinnerButtonsPart(state: leaves.Cell, keyed: table_logic.Keyed):
    """A button per seat: who won the trick just played. Re-rendered only when
    the seats change, or the hand's tricks are all played (`state`, a leaf's
    cell: then they are all turned off in place, `winner_buttons_in_place`);
    while one is on its way, their container is off."""
    on_won = keyed.value
    seats, language = keyed.key
    finished = leaves.drawn_here(state, WinnerButtonsPart)

    def tapped(seat: str):
        async def tap():
            await on_won(seat)
        return tap

    # A long name is cut with an ellipsis, so "won it" always shows (the tooltip says the whole name).
    # No text style of their own: the words take the button's, enabled or not.
    _ = i18n.speaker(language).gettext  # the language is in the memo's key (TrickTracker)
    buttons = [ft.FilledTonalButton(content=ft.Row([Name(seat, None, tip=False), ft.Text(_("won it"))], spacing=4,
                                                   alignment=ft.MainAxisAlignment.CENTER),
                                    on_click=tapped(seat), height=56,
                                    tooltip=_("{name} won the trick").format(name=seat),
                                    style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=16)))
               for seat in seats]
    # Off together (each button takes its row's `disabled`), so a change is one property.
    return ft.ResponsiveRow([ft.Container(b, col={"xs": 6, "md": 3}) for b in buttons], spacing=8, run_spacing=8,
                            disabled=finished)


WinnerButtons = ft.memo(WinnerButtonsPart)


@leaves.in_place(WinnerButtonsPart)
def winner_buttons_in_place(old: bool, new: bool):
    """Every trick played (or one undone): the buttons turn off (or on) where they are."""
    return [((), {"disabled": new})]
