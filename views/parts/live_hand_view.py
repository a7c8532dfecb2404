"""The hand in progress on any screen: who has bid, a seat's secret bid, the
tricks as they are won, and scoring the hand. Phones, the host and the display
all build from these; each takes the live hand and callbacks."""
from __future__ import annotations

from typing import Callable

import flet as ft

from companion.access import NotAllowed
from companion.errors import GameError
from companion.live_hand import LiveHand, SeatBid, SeatCount, StaleEntry
from companion.xylotar.bonus_beats import NO_BID

from ..shown import hand_entry, table_logic
from ..web import writes
from . import saving
from .names import Name
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
    """Each seat: its bid the moment it is made (P1), the Bonus Beat it flipped
    and how many it still holds (P2: never which), the tricks it won if
    tapped or typed (P3). `shown` is the view's bids (every seat's). A row
    re-renders only when what it shows changes."""
    tracking = tracking or bool(hand.tricks)
    rows = []
    for seat in hand.seats:
        entry = shown.get(seat)
        face = table_logic.flipped(entry) if entry is not None and entry.bonus_beat != NO_BID else None
        rows.append(SeatRow(seat, bool(entry and entry.entered), table_logic.bid_shown(entry), face,
                            table_logic.cards_left_said(table_logic.cards_left(hand, seat)),
                            table_logic.took(hand, seat, tracking),
                            table_logic.seat_said(hand, seat, tracking), large))
    extra = (table_logic.trick_line(hand) if tracking else
             table_logic.typed_line(hand) if any(c.version for c in hand.counts.values()) else None)
    header = BoardHeader(table_logic.bids_line(hand), extra, large)
    return Panel([header, *rows], spacing=10 if large else 6, padding=20 if large else 14)


@ft.component
def SeatRowPart(seat: str, has_bid: bool, bid: str, face: str | None, left: str, won: int | None, phrase: str,
                large: bool):
    """One seat, read by a screen reader as one phrase ("Ann, bid 3, flipped #")."""
    name_style, value_style = (S.HEADLINE_MEDIUM, S.DISPLAY_SMALL) if large else (S.TITLE_MEDIUM, S.TITLE_LARGE)
    small = S.TITLE_MEDIUM if large else S.BODY_SMALL
    details = [*([Badge(f"flipped {face}", on=True, large=large)] if face else []),
               *([Txt(left, small, color=ft.Colors.ON_SURFACE_VARIANT)] if left else [])]
    tricks = [Badge(f"took {won}", on=False, large=large)] if won is not None else []
    row = ft.Row([
        ft.Icon(ft.Icons.CHECK_CIRCLE if has_bid else ft.Icons.HOURGLASS_EMPTY, size=34 if large else 22,
                color=ft.Colors.PRIMARY if has_bid else ft.Colors.OUTLINE),
        ft.Column([Name(seat, name_style, weight=ft.FontWeight.W_600, expand=False),
                   *([ft.Row(details, spacing=8, wrap=True, vertical_alignment=ft.CrossAxisAlignment.CENTER)]
                     if details else [])], spacing=2, expand=True),
        *tricks,
        Txt(bid, value_style if has_bid else small, weight=ft.FontWeight.W_800 if has_bid else None,
            color=None if has_bid else ft.Colors.ON_SURFACE_VARIANT),
    ], spacing=10, vertical_alignment=ft.CrossAxisAlignment.CENTER)
    return ft.Semantics(content=row, label=phrase, container=True, exclude_semantics=True)


@ft.component
def BoardHeaderPart(bids: str, tricks: str | None, large: bool):
    return ft.Row([Txt(bids, S.TITLE_LARGE if large else S.TITLE_SMALL, weight=ft.FontWeight.W_700),
                   *([Badge(tricks, on=False, large=large)] if tricks else [])], wrap=True, spacing=10)


SeatRow, BoardHeader = ft.memo(SeatRowPart), ft.memo(BoardHeaderPart)


def BidEditor(hand: LiveHand, seat: str, stored: SeatBid, on_send, title: str = "", key: str | None = None):
    """A seat's bid and the Bonus Beat it flipped. Re-rendered only when what
    it shows changes (the seat's stored bid, the hand, the leader, the cards
    it holds), not on every trick or another seat's bid."""
    shows = (hand.number, hand.leader, table_logic.max_bid(hand, seat), len(hand.game.hands),
             hand.game.bonus_beats_dealt.get(seat))  # the cards this phone's player holds, once entered
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
        *([(HeldCards if seat in game.bonus_beats_dealt else BonusBeatPicker)(
            seat, cards, current["bonus_beat"], lambda c: edit(lambda old: {
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


def CardTile(card, chosen: bool, on_tap, tip: str) -> ft.Control:
    """One Bonus Beat in full: its face, when it may be flipped and what it does,
    as printed; a screen reader reads it as one button ("Ann flips view 2. Before ...")."""
    tile = ft.Container(ft.Column([
        ft.Row([Txt(card.face, S.TITLE_MEDIUM, weight=ft.FontWeight.W_800,
                    color=ft.Colors.ON_PRIMARY_CONTAINER if chosen else None),
                *([ft.Icon(ft.Icons.CHECK_CIRCLE, color=ft.Colors.PRIMARY, size=20)] if chosen else [])],
               spacing=6),
        Txt(card.timing, S.LABEL_MEDIUM, weight=ft.FontWeight.W_600),
        Txt(card.text, S.BODY_SMALL),
    ], spacing=2), padding=10, border_radius=12, on_click=on_tap, ink=True,
        bgcolor=ft.Colors.PRIMARY_CONTAINER if chosen else ft.Colors.SURFACE_CONTAINER_HIGHEST,
        border=ft.Border.all(2, ft.Colors.PRIMARY) if chosen else None)
    return ft.Semantics(content=tile, label=f"{tip}. {card.timing} {card.text}", button=True, selected=chosen,
                        container=True, exclude_semantics=True)


def HeldCards(seat: str, cards: list, chosen: str | None, on_pick) -> ft.Control:
    """The player's own Bonus Beats still held (their phone only, P2), each in
    full; tap one to flip it with the bid, tap it again to keep it."""
    tiles = [ft.Container(CardTile(card, card.id == chosen, lambda _, c=card.id: on_pick(None if c == chosen else c),
                                   f"{seat} flips {card.face}"), col={"xs": 12, "sm": 6}) for card in cards]
    return ft.Column([
        Txt("Flip a Bonus Beat with this bid? Tap it; only you see the cards you hold.", S.BODY_SMALL,
            color=ft.Colors.ON_SURFACE_VARIANT),
        ft.ResponsiveRow(tiles, spacing=8, run_spacing=8),
    ], spacing=6)


@ft.component
def DealtCards(game, seat: str, entered: bool, on_keep):
    """The 2 Bonus Beats `seat` was dealt, picked on their own phone and kept
    secret (P2): no other screen, the host's included, shows them. Once kept,
    a line with the cards and a way to change them."""
    held = game.bonus_beats_dealt.get(seat, ())
    picked, set_picked = ft.use_state(None)
    opened, set_opened = ft.use_state(not entered)
    problems, set_problems = ft.use_state(())
    sending, send = saving.use_send()
    chosen = list(held) if picked is None else picked
    if entered and not opened:
        faces = ", ".join(hand_entry.BONUS_BEATS[c].face for c in held)
        return Panel([ft.Row([
            ft.Container(Txt(f"Your Bonus Beats: {faces}", S.TITLE_SMALL, weight=ft.FontWeight.W_600,
                             label=f"Your Bonus Beats {faces}"), expand=True),
            ft.TextButton("Change", icon=ft.Icons.EDIT, tooltip="Change the Bonus Beats you were dealt",
                          on_click=lambda: set_opened(True)),
        ]), Txt("Only this phone sees them; the table sees how many you have left.", S.BODY_SMALL,
                color=ft.Colors.ON_SURFACE_VARIANT)], spacing=2, padding=10)

    def toggle(card: str):
        def tapped(_=None):
            mine = list(chosen)
            if card in mine:
                mine.remove(card)
            elif len(mine) < 2:
                mine.append(card)
            set_picked(mine)
        return tapped

    async def keep():
        done = await attempt(send, lambda: on_keep(list(chosen)), set_problems)
        if isinstance(done, writes.Stored):
            set_picked(None)
            set_opened(False)

    chips = [ft.Chip(label=Txt(card.face, S.LABEL_LARGE), selected=card.id in chosen, on_select=toggle(card.id),
                     tooltip=f"I was dealt {card.face}") for card in table_logic.dealable(game, seat)]
    picked_cards = [ft.Container(CardTile(hand_entry.BONUS_BEATS[c], True, toggle(c), f"Put back {hand_entry.BONUS_BEATS[c].face}"),
                                 col={"xs": 12, "sm": 6}) for c in chosen]
    return Panel([
        Txt("Your Bonus Beats", S.TITLE_LARGE, weight=ft.FontWeight.W_700),
        Txt("Tap the 2 cards you were dealt. Only this phone sees them; the table sees how many you have left.",
            S.BODY_MEDIUM),
        ft.Row(chips, wrap=True, spacing=6, run_spacing=6),
        *([ft.ResponsiveRow(picked_cards, spacing=8, run_spacing=8)] if picked_cards else []),
        ft.Row([
            ft.Container(Txt(f"{len(chosen)} of 2 picked", S.BODY_MEDIUM, color=ft.Colors.ON_SURFACE_VARIANT),
                         expand=True),
            *([ft.TextButton("Not now", on_click=lambda: set_opened(False))] if entered else []),
            BigButton(saving.label(sending, "Keep my cards"), keep, icon=ft.Icons.LOCK,
                      disabled=len(chosen) != 2 or sending.busy),
        ], vertical_alignment=ft.CrossAxisAlignment.CENTER),
        *([Problems(list(problems))] if problems else []),
        *saving.notice(sending),
    ], spacing=8)


@ft.component
def CountChips(seat: str, stored: SeatCount, on_count, hand_high: int, off_high: int, title: str = ""):
    """`seat`'s tricks (and Off-Key cards) won, typed when the hand ends: the
    same shared entry on every phone (P3). Each tap is sent at once, on top of
    the version shown; a tap made while one is on its way follows it."""
    pending, set_pending = ft.use_state(None)
    problems, set_problems = ft.use_state(())
    sending, send = saving.use_send()
    latest = ft.use_ref(None)
    busy = ft.use_ref(False)
    shown = pending or {"tricks": stored.tricks, "off_key_won": stored.off_key_won}

    async def tapped(change: dict):
        latest.current = {**(latest.current or shown), **change}
        set_pending(latest.current)
        if busy.current:
            return
        busy.current = True
        version = stored.version
        try:
            while True:
                value = latest.current
                done = await attempt(send, lambda: on_count(seat, value["tricks"], value["off_key_won"], version),
                                     set_problems)
                if not isinstance(done, writes.Stored):
                    break
                version = done.value.counts[seat].version
                if latest.current == value:
                    break
        finally:
            busy.current = False
            latest.current = None
            set_pending(None)

    page = ft.context.page

    def pick(field: str):
        return lambda n: page.run_task(tapped, {field: n})  # a chip's tap is not awaited: run it on its own

    return ft.Column([
        *([Txt(title, S.TITLE_MEDIUM, weight=ft.FontWeight.W_700)] if title else []),
        NumberChips("Tricks", shown["tricks"], pick("tricks"), high=hand_high, who=seat,
                    per_row=-(-(hand_high + 1) // 2), height=40),
        *([NumberChips("Off-Key won", shown["off_key_won"], pick("off_key_won"), high=off_high, who=seat,
                       caption="Off-Key", word="Off-Key won", height=36, per_row=9)] if off_high else []),
        *([Problems(list(problems))] if problems else []),
        *saving.notice(sending),
    ], spacing=4)


def count_limits(hand: LiveHand) -> tuple[int, int]:
    """The most tricks and Off-Key cards a seat may type (X3, O3; 0: no Off-Key)."""
    return hand.tricks_per_hand, len(hand.game.deal.colours) if hand.game.off_key else 0


@ft.component
def ScoreHand(hand: LiveHand, tracking: bool, on_score, on_count=None, may_type=lambda seat: True):
    """Score the hand: from the tracked tricks, or from each seat's tricks
    typed at the table (one shared entry per seat, P3). Enabled only once
    everyone has bid and the tricks add up (X3)."""
    problems, set_problems = ft.use_state(())
    sending, send = saving.use_send()

    async def score():
        await attempt(send, lambda: on_score(hand.version, None, None), set_problems)

    rows: list = []
    if not tracking and hand.everyone_has_bid:  # tricks are typed once the hand is played
        limits = count_limits(hand)
        for seat in hand.seats:
            if may_type(seat) and on_count is not None:
                rows.append(CountChips(seat, hand.counts[seat], on_count, *limits, title=seat,
                                       key=f"{hand.number}-{seat}"))
            else:
                rows.append(Txt(f"{seat}: took {hand.counts[seat].tricks}", S.TITLE_MEDIUM))
        rows.append(Txt(table_logic.typed_line(hand), S.TITLE_LARGE, weight=ft.FontWeight.W_800,
                        label=f"Tricks entered {hand.tricks_typed} of {hand.tricks_per_hand}"))
    adds_up = hand.next_to_lead() is None if tracking else hand.counts_add_up
    ready = hand.everyone_has_bid and adds_up
    waiting = ("Scoring opens once everyone has bid" if not hand.everyone_has_bid else
               "Scoring opens once every trick is tapped" if tracking else
               f"Scoring opens once the tricks add up to {hand.tricks_per_hand}")
    return Panel([
        *rows,
        BigButton(saving.label(sending, f"Score hand {hand.number}"), score, icon=ft.Icons.CHECK,
                  disabled=not ready or sending.busy),
        *([] if ready else [Txt(waiting, S.BODY_SMALL, color=ft.Colors.ON_SURFACE_VARIANT)]),
        *([Problems(list(problems))] if problems else []),
        *saving.notice(sending),
    ], spacing=6)
