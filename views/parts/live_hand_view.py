"""The hand in progress on any screen: who has bid, a seat's secret bid, the
tricks as they are won, and scoring the hand. Phones, the host and the display
all build from these; each takes the live hand and callbacks."""
from __future__ import annotations

from typing import Callable

import flet as ft

from companion.access import NotAllowed
from companion.errors import GameError
from companion.live_hand import LiveHand, SeatBid, StaleEntry
from companion.xylotar.bonus_beats import NO_BID

from ..shown import hand_entry, table_logic
from ..web import writes
from . import saving
from .widgets import S, BigButton, NumberChips, Panel, Problems, Txt
from .xylotar_round import BonusBeatPicker


async def attempt(send, write: Callable[[], object], on_problem: Callable[[tuple[str, ...]], None]
                  ) -> writes.Stored | Exception | None:
    """Send `write` with `send` (a `saving.use_send`); on a refusal show why (a
    lost race names the value now stored) and return the refusal; return
    `Stored` once stored, None if not (the store's fault, which `send` shows)."""
    try:
        done = await send(write)
    except StaleEntry as error:
        on_problem((f"Someone else changed this: {error}",))
        return error
    except NotAllowed as error:
        on_problem((error.reason,))
        return error
    except GameError as error:
        on_problem(tuple(hand_entry.say(p) for p in error.problems))
        return error
    on_problem(())
    return done


def Badge(text: str, *, on: bool, large: bool = False) -> ft.Control:
    return ft.Container(Txt(text, S.TITLE_LARGE if large else S.LABEL_LARGE, weight=ft.FontWeight.W_700,
                            color=ft.Colors.ON_PRIMARY if on else ft.Colors.ON_SURFACE_VARIANT),
                        bgcolor=ft.Colors.PRIMARY if on else ft.Colors.SURFACE_CONTAINER_HIGHEST,
                        border_radius=12, padding=ft.Padding.symmetric(horizontal=10, vertical=4))


def BidBoard(hand: LiveHand, shown: dict[str, SeatBid], *, tracking: bool = False, large: bool = False) -> ft.Control:
    """Each seat: has it bid, and its bid where this screen may see it; the tricks if tracked.
    A row re-renders only when what it shows changes (one seat's count on a trick)."""
    tracking = tracking or bool(hand.tricks)
    won = hand.tricks_won()
    rows = []
    for seat, has_bid in hand.who_has_bid().items():
        state = table_logic.said(shown[seat]) if seat in shown and has_bid else ("has bid" if has_bid else "bidding…")
        rows.append(SeatRow(seat, has_bid, state, won[seat] if tracking else None, large))
    header = BoardHeader(table_logic.bids_line(hand), table_logic.trick_line(hand) if tracking else None, large)
    return Panel([header, *rows], spacing=8 if large else 4, padding=20 if large else 14)


@ft.component
def SeatRowPart(seat: str, has_bid: bool, state: str, won: int | None, large: bool):
    name_style, value_style = (S.HEADLINE_MEDIUM, S.HEADLINE_SMALL) if large else (S.TITLE_MEDIUM, S.BODY_LARGE)
    tricks = [Txt(f"{won} won", value_style, weight=ft.FontWeight.W_700,
                  label=f"{seat} tricks won {won}")] if won is not None else []
    return ft.Row([
        ft.Icon(ft.Icons.CHECK_CIRCLE if has_bid else ft.Icons.HOURGLASS_EMPTY, size=34 if large else 22,
                color=ft.Colors.PRIMARY if has_bid else ft.Colors.OUTLINE),
        ft.Container(Txt(seat, name_style, weight=ft.FontWeight.W_600), expand=True),
        *tricks,
        Txt(state, value_style, label=f"{seat} {state}", color=None if has_bid else ft.Colors.ON_SURFACE_VARIANT),
    ], spacing=10, vertical_alignment=ft.CrossAxisAlignment.CENTER)


@ft.component
def BoardHeaderPart(bids: str, tricks: str | None, large: bool):
    return ft.Row([Txt(bids, S.TITLE_LARGE if large else S.TITLE_SMALL, weight=ft.FontWeight.W_700),
                   *([Badge(tricks, on=False, large=large)] if tricks else [])], wrap=True, spacing=10)


SeatRow, BoardHeader = ft.memo(SeatRowPart), ft.memo(BoardHeaderPart)


def BidEditor(hand: LiveHand, seat: str, stored: SeatBid, on_send, title: str = "", key: str | None = None):
    """A seat's secret bid and the Bonus Beat it flipped. Re-rendered only when
    what it shows changes (the seat's stored bid, the hand, the leader, the
    cards left), not on every trick or another seat's bid."""
    shows = (hand.number, hand.leader, table_logic.max_bid(hand, seat), len(hand.game.hands))
    return BidEditorMemo(table_logic.Keyed((hand, on_send), shows), seat, stored, title, key=key)


@ft.component
def BidEditorPart(keyed: table_logic.Keyed, seat: str, stored: SeatBid, title: str):
    """Edits are a draft on top of the version they started from, so a change
    made meanwhile on another screen is reported rather than overwritten."""
    hand, on_send = keyed.value
    draft, set_draft = ft.use_state(None)
    problems, set_problems = ft.use_state(())
    sending, send_write = saving.use_send()
    game = hand.game
    base = {"bid": stored.bid or 0, "bonus_beat": stored.bonus_beat, "version": stored.version}
    current = draft or base

    def edit(change):
        """Apply `change` (old entry -> new fields) to the latest draft: quick taps each count."""
        set_draft(lambda old: {**(old or base), **change(old or base)})

    async def send():
        sent = current
        no_bid = sent["bonus_beat"] == NO_BID
        done = await attempt(send_write, lambda: on_send(seat, None if no_bid else sent["bid"], sent["bonus_beat"],
                                                         sent["version"]), set_problems)
        if isinstance(done, StaleEntry):  # after a lost race, show what is stored now
            set_draft(None)
        elif isinstance(done, writes.Stored):
            # Stored; an edit made while it waited stays, on top of what is stored now.
            version = done.value.bids[seat].version
            set_draft(lambda old: None if old is None or old == sent else {**old, "version": version})

    player = seat in game.players
    cards = hand_entry.usable_bonus_beats(game, seat, {seat: current}) if player else []
    if current["bonus_beat"] and current["bonus_beat"] not in {c.id for c in cards}:
        cards = cards + [hand_entry.BONUS_BEATS[current["bonus_beat"]]]
    high = table_logic.max_bid(hand, seat, current["bonus_beat"])
    status = ("Sent: " + table_logic.said(stored)) if stored.entered else "Not sent yet"
    return Panel([
        ft.Row([ft.Container(Txt(title or seat, S.TITLE_LARGE, weight=ft.FontWeight.W_700), expand=True),
                *([Badge("leads", on=True)] if seat == hand.leader else [])]),
        (Txt("No bid: scores if tricks match another seat's bid", S.BODY_MEDIUM, italic=True)
         if current["bonus_beat"] == NO_BID else
         NumberChips("Bid", current["bid"], lambda n: edit(lambda old: {
             "bid": min(n, table_logic.max_bid(hand, seat, old["bonus_beat"]))}), high=high, who=seat,
             per_row=-(-(high + 1) // 2) if high > 10 else high + 1, height=40)),
        *([BonusBeatPicker(seat, cards, current["bonus_beat"], lambda c: edit(lambda old: {
            "bonus_beat": c, "bid": min(old["bid"] or 0, table_logic.max_bid(hand, seat, c))}))]
          if player and game.bonus_beats and cards else []),
        ft.Row([ft.Container(Txt(status, S.BODY_MEDIUM, label=f"{seat} {status}",
                                 color=ft.Colors.ON_SURFACE_VARIANT), expand=True),
                BigButton(saving.label(sending, "Send bid"), send,
                          icon=ft.Icons.HOURGLASS_TOP if sending.busy else ft.Icons.SEND,
                          disabled=sending.busy or (draft is None and stored.entered))],
               vertical_alignment=ft.CrossAxisAlignment.CENTER),
        *([Problems(list(problems))] if problems else []),
        *saving.notice(sending),
    ], spacing=6)


BidEditorMemo = ft.memo(BidEditorPart)


@ft.component
def TrickTracker(hand: LiveHand, on_trick, on_undo):
    """Tap who won the trick just played (with its Off-Key cards); undo the last."""
    off_key, set_off_key = ft.use_state(0)
    problems, set_problems = ft.use_state(())
    sending, send = saving.use_send()
    version = hand.tricks_version
    finished = hand.next_to_lead() is None
    most_off_key = table_logic.max_off_key_in_trick(hand)

    async def won(seat: str):
        if isinstance(await attempt(send, lambda: on_trick(seat, off_key, version), set_problems), writes.Stored):
            set_off_key(0)

    async def undo():
        await attempt(send, lambda: on_undo(version), set_problems)

    latest = ft.use_ref(None)
    latest.current = won  # the buttons below are kept between tricks; a tap runs this render's `won`
    buttons = WinnerButtons(table_logic.Keyed(lambda seat: latest.current(seat),
                                              (tuple(hand.seats), finished or sending.busy)))
    return Panel([
        Txt(table_logic.trick_line(hand), S.TITLE_LARGE, weight=ft.FontWeight.W_700,
            label=f"Tricks played {hand.tricks_played} of {hand.tricks_per_hand}"),
        *([NumberChips("Off-Key cards in it", off_key, lambda n: set_off_key(min(n, most_off_key)),
                       high=most_off_key, who="Trick", word="Off-Key cards in it", caption="Off-Key", height=40)]
          if hand.game.off_key and not finished else []),
        buttons,
        ft.TextButton("Undo last trick", icon=ft.Icons.UNDO, disabled=not hand.tricks or sending.busy,
                      on_click=undo),
        *([Problems(list(problems))] if problems else []),
        *saving.notice(sending),
    ], spacing=8)


@ft.component
def WinnerButtonsPart(keyed: table_logic.Keyed):
    """A button per seat: who won the trick just played. Re-rendered only when
    the seats change, or the hand's tricks are all played or one is on its way."""
    on_won = keyed.value
    seats, finished = keyed.key

    def tapped(seat: str):
        async def tap():
            await on_won(seat)
        return tap

    buttons = [ft.FilledTonalButton(f"{seat} won it", on_click=tapped(seat), disabled=finished,
                                    height=56, tooltip=f"{seat} won the trick",
                                    style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=16)))
               for seat in seats]
    return ft.ResponsiveRow([ft.Container(b, col={"xs": 6, "md": 3}) for b in buttons], spacing=8, run_spacing=8)


WinnerButtons = ft.memo(WinnerButtonsPart)


@ft.component
def ScoreHand(hand: LiveHand, tracking: bool, on_score):
    """Score the hand: from the tracked tricks, or with each seat's tricks typed."""
    typed, set_typed = ft.use_state({seat: {"tricks": 0, "off_key_won": 0} for seat in hand.seats})
    problems, set_problems = ft.use_state(())
    sending, send = saving.use_send()
    table = hand.game.deal

    def pick(seat: str, field: str, high: int):
        return lambda n: set_typed(lambda old: {**old, seat: {**old[seat], field: min(n, high)}})

    async def score():
        if tracking:
            await attempt(send, lambda: on_score(hand.version, None, None), set_problems)
        else:
            tricks = {s: v["tricks"] for s, v in typed.items()}
            off_key_won = {s: v["off_key_won"] for s, v in typed.items()}
            await attempt(send, lambda: on_score(hand.version, tricks, off_key_won), set_problems)

    rows = []
    if not tracking:
        for seat in hand.seats:
            rows.append(Txt(seat, S.TITLE_MEDIUM, weight=ft.FontWeight.W_700))
            rows.append(NumberChips("Tricks", typed[seat]["tricks"], pick(seat, "tricks", table.tricks_per_hand),
                                    high=table.tricks_per_hand, who=seat,
                                    per_row=-(-(table.tricks_per_hand + 1) // 2), height=36))
            if hand.game.off_key:
                most = hand_entry.highest_off_key(hand.game, seat, typed)  # O3
                rows.append(NumberChips("Off-Key won", typed[seat]["off_key_won"], pick(seat, "off_key_won", most),
                                        high=most, who=seat, caption="Off-Key", word="Off-Key won", height=36,
                                        per_row=9))
        total = sum(v["tricks"] for v in typed.values())
        rows.append(Txt(f"Tricks {total} of {table.tricks_per_hand}", S.TITLE_LARGE, weight=ft.FontWeight.W_800,
                        label=f"Tricks entered {total} of {table.tricks_per_hand}"))
    ready = hand.everyone_has_bid and (not tracking or hand.next_to_lead() is None)
    return Panel([
        *rows,
        BigButton(saving.label(sending, f"Score hand {hand.number}"), score, icon=ft.Icons.CHECK,
                  disabled=not ready or sending.busy),
        *([] if ready else [Txt("Scoring opens once everyone has bid" + (" and every trick is tapped" if tracking
                                                                          else ""), S.BODY_SMALL,
                                color=ft.Colors.ON_SURFACE_VARIANT)]),
        *([Problems(list(problems))] if problems else []),
        *saving.notice(sending),
    ], spacing=6)
