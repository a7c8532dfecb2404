"""The next Xylotar hand entered on the scoreboard itself (issue 28), as on
paper: one line per seat (its name, what it scores this hand, its bid, tricks
and Off-Key cards won) and below them one pad of thumb-sized numbers for the
box being filled in. A tap on a number fills that box and moves on: the bids
in seat order, then the tricks; the last seat's tricks fill themselves in
(the trick sum, `hand_entry.pick_tricks`). A tap on a box fills that one next.
The seat's Bonus Beats sit beside its numbers, one tap to flip; an Off-Key
card won is a tap on the seat's Off-Key box. Nothing to open, nothing to
scroll on a phone: a tap per number a player would write down."""
from __future__ import annotations

import flet as ft

from companion import Xylotar
from companion.xylotar import BONUS_BEATS
from companion.xylotar.bonus_beats import NO_BID

from .. import i18n
from ..i18n import terms
from ..shown import hand_entry, logic
from ..state import SessionContext
from .theme import SIZES
from .widgets import IconTap, S, TextTap, Txt, chip_words, stacks, text_width

BOX = 48  # a thumb's target, in logical pixels (44 at the least)
FEW = 3  # a seat's dealt cards (2), and one flipped that it no longer holds


def Box(text: str, *, tip: str, label: str, on_click, chosen: bool = False, width: int = BOX,
        height: int = BOX, disabled: bool = False, style: S = S.TITLE_LARGE) -> ft.Control:
    """A thumb-sized button holding a number; `label` says what it shows to a screen reader."""
    return TextTap(
        content=Txt(text, style, weight=ft.FontWeight.W_800 if chosen else ft.FontWeight.W_600,
                    color=ft.Colors.ON_PRIMARY if chosen else None, label=label),
        tooltip=tip, on_click=on_click, width=width, height=height, disabled=disabled,
        style=ft.ButtonStyle(padding=0, shape=ft.RoundedRectangleBorder(radius=10),
                             bgcolor=ft.Colors.PRIMARY if chosen else ft.Colors.SURFACE_CONTAINER_HIGHEST))


def _cards(game: Xylotar, seat: str, entries: dict) -> list:
    """The Bonus Beats `seat` may flip this hand, the one flipped included."""
    if seat not in game.players or not game.bonus_beats:
        return []
    cards = hand_entry.usable_bonus_beats(game, seat, entries)
    chosen = entries[seat].get("bonus_beat")
    return cards + [BONUS_BEATS[chosen]] if chosen and chosen not in {c.id for c in cards} else cards


@ft.component
def HandPad(game: Xylotar, entries: dict, change, leader: str, points: dict, on_open):
    """The seats' lines and the pad (see the module's docstring); `change(update)`
    changes the entries as the round form keeps them (views/parts/round_entry.py);
    `on_open()` opens the hand on a screen of its own (a panel of numbers a seat)."""
    scale = ft.use_context(SessionContext).text_scale
    order = hand_entry.boxes(game, entries)
    # The box being filled in, kept in a ref: quick taps each count, even before the screen re-renders.
    cursor = ft.use_ref(order[0] if order else None)
    _, redraw = ft.use_state(0)
    if cursor.current is not None and cursor.current not in order:  # that seat's card says it does not bid
        cursor.current = hand_entry.next_box(game, entries, cursor.current)
    at = cursor.current

    def move(box) -> None:
        cursor.current = box
        redraw(lambda n: n + 1)

    def fill(value: int) -> None:
        box = cursor.current
        if box is None:
            return
        field, seat = box

        def update(current: dict) -> dict:
            return (hand_entry.pick_tricks(game, current, seat, value) if field == "tricks"
                    else {**current, seat: {**current[seat], "bid": value}})
        change(update)
        move(hand_entry.next_box(game, update(entries), box))  # a number tapped again moves on too

    cards_open, open_cards = ft.use_state(False)  # a seat's whole deck, when its dealt cards are not known

    def flip(seat: str, card: str | None) -> None:
        open_cards(False)
        change(lambda current: {**current, seat: hand_entry.with_card(game, seat, current[seat], card)})

    def more_off_key(seat: str, high: int) -> None:
        change(lambda current: {**current, seat: {**current[seat], "off_key_won": (
            current[seat]["off_key_won"] + 1 if current[seat]["off_key_won"] < high else 0)}})

    box_height = round(BOX * max(1.0, scale * 0.9))  # a box's side: larger text, larger boxes
    fields = ("bid", "tricks", *(["off_key_won"] if game.off_key else []))
    widths = column_widths(fields, box_height, scale)
    title = ft.Container(Txt(logic.next_round_title(game), S.TITLE_MEDIUM, weight=ft.FontWeight.W_700), expand=True)
    opener = IconTap(ft.Icons.OPEN_IN_FULL, tooltip=logic.next_round_button(game), on_click=on_open)
    captions = [ft.Container(ft.Text(chip_words(field)[0], theme_style=S.LABEL_SMALL, no_wrap=True,
                                     color=ft.Colors.ON_SURFACE_VARIANT, text_align=ft.TextAlign.CENTER),
                             width=widths[field], alignment=ft.Alignment.CENTER) for field in fields]
    if stacks(scale):  # larger text: the title on a line of its own, whole ("Runde 3", "Manche 3"), the captions below
        header = [ft.Row([title, opener], spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER),
                  ft.Row([ft.Container(expand=True), *captions], spacing=4)]
    else:
        header = [ft.Row([title, opener, *captions], spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER)]
    lines = header + [SeatLine(game, seat, entries, at, leader, points.get(seat), move, more_off_key, box_height,
                               widths) for seat in hand_entry.seats(game)]
    return ft.Column([
        ft.Container(ft.Column(lines, spacing=4), padding=ft.Padding.symmetric(horizontal=8, vertical=6),
                     border_radius=20, bgcolor=ft.Colors.SURFACE_CONTAINER),
        Pad(game, entries, at, fill, flip, box_height, cards_open, open_cards),
    ], spacing=8, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def column_widths(fields, box_height: int, scale: float) -> dict[str, int]:
    """Each number column's width: a box's, or wider when its caption needs it ("Annonce", "Ansage" at 145%),
    so a caption is never broken inside its word; the box stays square in the middle of its column."""
    size = SIZES["label_small"] * scale
    captions = {field: chip_words(field)[0] for field in fields}  # Material's small label: 0.5 px between letters
    return {field: max(box_height, text_width(caption, size) + round(len(caption) * 0.5) + 6)
            for field, caption in captions.items()}


def SeatLine(game: Xylotar, seat: str, entries: dict, at, leader: str, points: int | None, move, more_off_key,
             box_height: int, widths: dict[str, int] | None = None) -> ft.Control:
    widths = widths or {}
    speaker = i18n.spoken()
    _ = speaker.gettext
    entry = entries[seat]
    card = entry.get("bonus_beat")
    shown = hand_entry.signed(points) if points is not None and seat in game.players else ""
    notes = [*([_("leads")] if seat == leader else []), *([terms.face(speaker, card)] if card else [])]
    about = ft.Row([
        *([Txt(shown, S.TITLE_SMALL, weight=ft.FontWeight.W_800, color=ft.Colors.PRIMARY,
               label=_("{seat} scores {points} this hand").format(seat=seat, points=shown))] if shown else []),
        *([Txt(" · ".join(notes), S.LABEL_SMALL, color=ft.Colors.ON_SURFACE_VARIANT)] if notes else []),
    ], spacing=6)
    cells = []
    for field, tip in (("bid", _("Fill in {seat}'s bid")), ("tricks", _("Fill in {seat}'s tricks"))):
        if field == "bid" and card == NO_BID:
            cells.append(ft.Container(Txt("–", S.TITLE_LARGE, label=_("{seat} does not bid").format(seat=seat)),
                                      width=box_height, alignment=ft.Alignment.CENTER))
            continue
        value = entry[field]
        cells.append(Box(str(value), tip=tip.format(seat=seat),
                         label=chip_words(field)[2].format(seat=seat, value=value),
                         chosen=at == (field, seat), width=box_height, height=box_height,
                         on_click=lambda _, b=(field, seat): move(b)))
    if game.off_key:
        value, high = entry["off_key_won"], hand_entry.highest_off_key(game, seat, entries)
        cells.append(Box(str(value), label=chip_words("off_key_won")[2].format(seat=seat, value=value),
                         width=box_height, height=box_height,
                         tip=(_("{seat}: one more Off-Key card") if value < high
                              else _("{seat}: no Off-Key card")).format(seat=seat),
                         disabled=not (value or high), on_click=lambda _: more_off_key(seat, high)))
    columns = [ft.Container(cell, width=widths.get(field, box_height), alignment=ft.Alignment.CENTER)
               for field, cell in zip(("bid", "tricks", "off_key_won"), cells)]
    return ft.Row([
        # Two lines for a long name (players who share its start are told apart), then "…".
        ft.Column([ft.Text(seat, theme_style=S.TITLE_MEDIUM, weight=ft.FontWeight.W_700, max_lines=2,
                           overflow=ft.TextOverflow.ELLIPSIS),
                   *([about] if notes or shown else [])],
                  spacing=0, expand=True),
        *columns,
    ], spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER)


def Pad(game: Xylotar, entries: dict, at, fill, flip, box_height: int, cards_open: bool, open_cards) -> ft.Control:
    """The numbers for the box being filled in, and that seat's Bonus Beats: its
    dealt cards, a tap each; else (its cards not known) a button that lists them."""
    speaker = i18n.spoken()
    _ = speaker.gettext
    if at is None:
        return Txt(_("Every number is in: tap a box above to change it."), S.BODY_MEDIUM,
                   color=ft.Colors.ON_SURFACE_VARIANT)
    field, seat = at
    title = _("{seat}'s bid") if field == "bid" else _("{seat}'s tricks")
    tip = chip_words(field)[1]  # each number named as the number chips name theirs
    high = (hand_entry.highest_bid(game, seat, entries[seat].get("bonus_beat")) if field == "bid"
            else game.deal.tricks_per_hand)
    value = entries[seat][field]
    numbers = list(range(0, max(high, value) + 1))
    per_row = 6
    rows = [ft.Row([Box(str(n), tip=tip.format(seat=seat, n=n), label=str(n), chosen=n == value, height=box_height,
                        width=None, on_click=lambda _, n=n: fill(n)) for n in numbers[i:i + per_row]]
                   + [ft.Container(expand=True) for _ in range(per_row - len(numbers[i:i + per_row]))],
                   spacing=4, expand=False) for i in range(0, len(numbers), per_row)]
    for row in rows:
        for control in row.controls:
            control.expand = 1
    chosen = entries[seat].get("bonus_beat")
    cards = _cards(game, seat, entries)
    flips = []
    if len(cards) > FEW and not cards_open:
        picked = terms.face(speaker, chosen) if chosen else speaker.pgettext("Bonus Beat", "none")
        cards = []
        flips = [ft.Row([Txt(_("Bonus Beat"), S.LABEL_LARGE, color=ft.Colors.ON_SURFACE_VARIANT),
                         TextTap(picked, icon=ft.Icons.EXPAND_MORE,
                                 tooltip=_("{seat} flips a Bonus Beat").format(seat=seat),
                                 height=box_height, on_click=lambda: open_cards(True))],
                        spacing=6, wrap=True, vertical_alignment=ft.CrossAxisAlignment.CENTER)]
    flips = flips if not cards else ([ft.Row([Txt(_("Bonus Beat"), S.LABEL_LARGE,
                                                  color=ft.Colors.ON_SURFACE_VARIANT)] + [
        Box(terms.face(speaker, c.id), tip=_("{seat} flips {face}").format(seat=seat, face=terms.face(speaker, c.id)),
            label=(_("{face} (flipped)").format(face=terms.face(speaker, c.id)) if c.id == chosen
                   else terms.face(speaker, c.id)),
            chosen=c.id == chosen, width=None, height=box_height, style=S.TITLE_MEDIUM,
            on_click=lambda _, c=c.id: flip(seat, None if c == chosen else c))
        for c in cards], wrap=True, spacing=6, run_spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER)]
        if cards else [])
    return ft.Column([
        Txt(title.format(seat=seat), S.TITLE_MEDIUM, weight=ft.FontWeight.W_700),
        *rows,
        *flips,
    ], spacing=4, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
