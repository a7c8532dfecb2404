"""The hand in progress on any screen: every seat's bid the moment it is
made (P1), a seat's bid entry, and the tricks as they are won. Phones, the
host and the display all build from these; each takes the live hand and
callbacks. A player's own cards are in held_cards.py; the typed tricks and
scoring the hand in typed_tricks.py."""
from __future__ import annotations

import flet as ft

from companion.live_hand import LiveHand, SeatBid, StaleEntry
from companion.own_cards import must_enter_first
from companion.xylotar.flips import flippable
from companion.xylotar.bonus_beats import CARDS_DEALT_PER_PLAYER, NO_BID

from .. import i18n
from ..shown import hand_entry, table_logic
from ..state import SessionContext
from ..web import leaves, writes
from . import saving
from .held_cards import HeldCards
from .names import Name
from .per_hand import use_hand_state
from .saving import attempt
from .widgets import BigButton, NumberChips, Panel, Problems, S, TextTap, Txt
from .xylotar_round import BonusBeatPicker


def Badge(text: str | ft.Control, *, on: bool, large: bool = False) -> ft.Control:
    """A rounded badge; given a control (a leaf's), it holds that instead of the text."""
    return ft.Container(BadgeText(text, on, large) if isinstance(text, str) else text,
                        bgcolor=ft.Colors.PRIMARY if on else ft.Colors.SURFACE_CONTAINER_HIGHEST,
                        border_radius=12, padding=ft.Padding.symmetric(horizontal=10, vertical=4))


def BadgeText(text: str, on: bool, large: bool) -> ft.Control:
    return Txt(text, S.TITLE_LARGE if large else S.LABEL_LARGE, weight=ft.FontWeight.W_700,
               color=ft.Colors.ON_PRIMARY if on else ft.Colors.ON_SURFACE_VARIANT)


def board_values(hand: LiveHand, shown: dict[str, SeatBid], tracking: bool, large: bool) -> dict:
    """What BidBoard's leaves show: each seat's row (its phrase for a screen
    reader, its "took N", and the rest), the header and its trick line."""
    tracking = tracking or bool(hand.tricks)
    speaker = i18n.spoken()  # once for the board, not for each seat's each phrase: every trick asks
    values = {}
    for seat in hand.seats:
        entry = shown.get(seat)
        face, won = table_logic.flipped(entry, speaker), table_logic.took(hand, seat, tracking)
        left = table_logic.cards_left_said(table_logic.cards_left(hand, seat), speaker)
        values[f"board-{seat}"] = (table_logic.seat_phrase(seat, entry, face, left, won, speaker), seat,
                                   bool(entry and entry.entered), table_logic.bid_shown(entry, speaker), face, left,
                                   won, large)
    extra = (table_logic.trick_line(hand) if tracking else
             table_logic.typed_line(hand) if any(c.version for c in hand.counts.values()) else None)
    values["board-line"] = (extra, not tracking and table_logic.typed_over(hand), large)
    values["board-header"] = (table_logic.bids_line(hand), extra is not None, large)
    return values


def BidBoard(hand: LiveHand, shown: dict[str, SeatBid], *, tracking: bool = False, large: bool = False) -> ft.Control:
    """Each seat: its bid the moment it is made (P1), the Bonus Beat it flipped
    and how many it still holds (P2: never which), the tricks it won if
    tapped or typed (P3). `shown` is the view's bids (every seat's). Each
    row (with its "took N"), the header and its trick line are leaves
    (views/web/leaves.py): a trick re-renders only the winner's row, whose
    parts a trick does not change are kept, and the trick line, in place.
    Call while a screen renders."""
    values = leaves.values("board", lambda h, b: board_values(h, b, tracking, large), hand, shown)
    for key, value in values.items():  # each cell holds its value before any leaf draws
        # A cell drawn under a memoized header (which may skip) is told; the others are drawn now.
        leaves.cell(key, value, told=key == "board-line")
    rows = [leaves.leaf(f"board-{seat}", SeatRowPart, values[f"board-{seat}"]) for seat in hand.seats]
    header = leaves.leaf("board-header", BoardHeaderPart, values["board-header"])
    return Panel([header, *rows], spacing=10 if large else 6, padding=20 if large else 14)


def took_said(won: int) -> str:
    """A seat's badge: the tricks it took so far, "took 2" (its words follow the count)."""
    # TRANSLATORS: a seat's badge on the table: the tricks it took so far ({count}), e.g. "took 2".
    return i18n.spoken().ngettext("took {count}", "took {count}", won).format(count=won)


def SeatRowPart(phrase: str, seat: str, has_bid: bool, bid: str, face: str | None, left: str, won: int | None,
                large: bool) -> ft.Control:
    """One seat, read by a screen reader as one phrase ("Ann, bid 3, flipped #,
    took 2"). A trick changes its phrase and "took N", a bid its phrase, its
    bid and its icon: each changed in place (`seat_row_in_place`)."""
    _ = i18n.spoken().gettext
    return ft.Semantics(content=ft.Row([
        SeatStartMemo(seat, has_bid, _("flipped {card}").format(card=face) if face else None, left, large),
        *([Badge(BadgeText(took_said(won), False, large), on=False)] if won is not None else []),
        ft.Text(bid, **bid_look(has_bid, large)),
    ], spacing=10, vertical_alignment=ft.CrossAxisAlignment.CENTER), label=phrase, container=True,
        exclude_semantics=True)


def bid_look(has_bid: bool, large: bool) -> dict:
    """A seat's bid on the board: large once it is made, small and grey while it waits."""
    if has_bid:
        return {"theme_style": S.DISPLAY_SMALL if large else S.TITLE_LARGE, "weight": ft.FontWeight.W_800, "color": None}
    return {"theme_style": S.TITLE_MEDIUM if large else S.BODY_SMALL, "weight": None,
            "color": ft.Colors.ON_SURFACE_VARIANT}


def bid_icon(has_bid: bool) -> dict:
    """A seat's icon: a check once it has bid, an hourglass while it waits."""
    return ({"icon": ft.Icons.CHECK_CIRCLE, "color": ft.Colors.PRIMARY} if has_bid else
            {"icon": ft.Icons.HOURGLASS_EMPTY, "color": ft.Colors.OUTLINE})


@leaves.in_place(SeatRowPart)
def seat_row_in_place(old: tuple, new: tuple):
    """A trick changes a row's phrase and its "took N"; a bid its phrase, its bid and its
    icon (in the seat's kept start). Anything else (a card flipped, the cards left, the
    size, "took N" appearing) draws the row again."""
    if old[1] != new[1] or old[4:6] != new[4:6] or old[7] != new[7] or (old[6] is None) != (new[6] is None):
        return None
    changes = [((), {"label": new[0]})] if old[0] != new[0] else []
    if old[6] != new[6]:
        changes.append((("content", "controls", 1, "content"), {"value": took_said(new[6])}))
    if old[2:4] != new[2:4]:  # the bid, last in the row: after "took N" where it shows
        changes.append((("content", "controls", 1 if new[6] is None else 2),
                        {"value": new[3], **bid_look(new[2], new[7])}))
    if old[2] != new[2]:
        changes.append((("content", "controls", 0, "_b", "controls", 0), bid_icon(new[2])))
    return changes


@ft.component
def SeatStartPart(seat: str, has_bid: bool, flipped: str | None, left: str, large: bool):
    """A seat's icon (bid or not), name, the card it flipped and the cards it holds: kept through the tricks."""
    name_style = S.HEADLINE_MEDIUM if large else S.TITLE_MEDIUM
    small = S.TITLE_MEDIUM if large else S.BODY_SMALL
    details = [*([Badge(flipped, on=True, large=large)] if flipped else []),
               *([Txt(left, small, color=ft.Colors.ON_SURFACE_VARIANT)] if left else [])]
    return ft.Row([
        ft.Icon(**bid_icon(has_bid), size=34 if large else 22),
        ft.Column([Name(seat, name_style, weight=ft.FontWeight.W_600, expand=False),
                   *([ft.Row(details, spacing=8, wrap=True, vertical_alignment=ft.CrossAxisAlignment.CENTER)]
                     if details else [])], spacing=2, expand=True),
    ], spacing=10, expand=True, vertical_alignment=ft.CrossAxisAlignment.CENTER)


SeatStartMemo = ft.memo(SeatStartPart)


def BoardHeaderPart(bids: str, has_line: bool, large: bool) -> ft.Control:
    line = leaves.of_session().cells["board-line"]
    return ft.Row([Txt(bids, S.TITLE_LARGE if large else S.TITLE_SMALL, weight=ft.FontWeight.W_700),
                   *([Badge(leaves.Leaf(line, leaves.shown(line), LineText, key="line"), on=False)] if has_line else [])],
                  wrap=True, spacing=10)


@leaves.in_place(BoardHeaderPart)
def header_in_place(old: tuple, new: tuple):
    """A bid changes the header's count of bids."""
    if old[1:] != new[1:]:
        return None
    return [(("controls", 0), {"value": new[0]})]


def LineText(line: str | None, over: bool, large: bool) -> ft.Control:
    """The trick line; typed counts that are more than a hand holds, said as the problem they are."""
    if over:
        return Txt(line or "", S.TITLE_LARGE if large else S.TITLE_MEDIUM, weight=ft.FontWeight.W_800,
                   color=ft.Colors.ERROR)
    return BadgeText(line or "", False, large)


@leaves.in_place(LineText)
def line_in_place(old: tuple, new: tuple):
    if old[1] or new[1] or old[2] != new[2]:
        return None
    return [((), {"value": new[0] or ""})]


def BidEditor(hand: LiveHand, seat: str, stored: SeatBid, on_send, title: str = "", key: str | None = None,
              own_phone: bool = False):
    """A seat's bid and the Bonus Beat it flipped; call while a screen
    renders. A leaf (views/web/leaves.py): re-rendered only when what it
    shows changes (the seat's stored bid, the hand, the leader, the cards it
    holds, whether everyone has bid, the cards flipped this hand), not on
    every trick or another seat's bid."""
    name = f"bid-editor-{seat}"
    held = leaves.kept(name, lambda h, bids: {name: editor_value(h, seat, bids[seat], on_send)}, hand, {seat: stored})
    return BidEditorMemo(held[name], leaves.shown(held[name]), seat, title, own_phone, i18n.spoken().code, key=key)


def editor_value(hand: LiveHand, seat: str, stored: SeatBid, on_send) -> tuple:
    shows = (hand.number, hand.leader, table_logic.max_bid(hand, seat), len(hand.game.hands),
             hand.game.bonus_beats_dealt.get(seat),  # the cards this phone's player holds, once entered
             hand.everyone_has_bid, bool(hand.tricks),  # folded once everyone has bid; "leads" until a trick
             tuple(hand.flipped().items()))  # a card another seat flipped is no longer offered (B2)
    return table_logic.Keyed((hand, on_send), shows), stored


@ft.component
def BidEditorPart(held: leaves.Cell, shown: tuple, seat: str, title: str, own_phone: bool = False,
                  language: str = i18n.ENGLISH):
    """Edits are a draft on top of the version they started from, so a change
    made meanwhile on another screen is reported rather than overwritten.
    Once everyone has bid, a sent bid folds to one line with a way to change
    it: the tricks, not the bid chips, are what the table taps next. In
    `language`, the session's (a prop: the memo draws it again when it changes)."""
    keyed, stored = leaves.drawn(held)
    hand, on_send = keyed.value
    draft, set_draft = use_hand_state(hand.number, None)  # kept from hand to hand: what was typed is not
    problems, set_problems = use_hand_state(hand.number, ())
    changing, set_changing = use_hand_state(hand.number, False)
    sending, send_write = saving.use_send(hand=hand.number)
    picked = ft.use_ref(None)  # the chips are kept while their number stays: a tap edits this render's draft
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
            set_changing(False)

    picked.current = lambda n: edit(lambda old: {"bid": min(n, table_logic.max_bid(hand, seat, old["bonus_beat"]))})
    player = seat in game.players
    enter_first = own_phone and must_enter_first(game, seat)  # a phone flips only the cards its player entered
    # B1, B2: the cards the engine lets this seat flip, beside those the other seats flipped this hand.
    cards = flippable(game, seat, {**hand.flipped(), seat: current["bonus_beat"]}) if player and not enter_first else []
    if current["bonus_beat"] and current["bonus_beat"] not in {c.id for c in cards}:
        cards = cards + [hand_entry.BONUS_BEATS[current["bonus_beat"]]]
    high = table_logic.max_bid(hand, seat, current["bonus_beat"])
    scale = ft.use_context(SessionContext).text_scale  # at 145%, fewer numbers a row: each reads whole
    _ = i18n.speaker(language).gettext
    status = _("Sent: {bid}").format(bid=table_logic.said(stored)) if stored.entered else _("Not sent yet")
    if hand.everyone_has_bid and stored.entered and draft is None and not problems and not changing:
        return Panel([
            ft.Row([ft.Container(Txt(title or seat, S.TITLE_LARGE, weight=ft.FontWeight.W_700), expand=True),
                    *([Badge(_("leads"), on=True)] if seat == hand.leader and not hand.tricks else [])]),
            ft.Row([ft.Container(Txt(status, S.BODY_MEDIUM, label=_("{seat} {what}").format(seat=seat, what=status),
                                     color=ft.Colors.ON_SURFACE_VARIANT), expand=True),
                    TextTap(_("Change bid"), icon=ft.Icons.EDIT, on_click=lambda: set_changing(True),
                            disabled=sending.busy, tooltip=_("Change {name}'s bid").format(name=seat))],
                   vertical_alignment=ft.CrossAxisAlignment.CENTER),
            *saving.notice(sending),
        ], spacing=2)
    return Panel([
        ft.Row([ft.Container(Txt(title or seat, S.TITLE_LARGE, weight=ft.FontWeight.W_700), expand=True),
                *([Badge(_("leads"), on=True)] if seat == hand.leader else [])]),
        (Txt(_("No bid: scores if tricks match another seat's bid"), S.BODY_MEDIUM, italic=True)
         if current["bonus_beat"] == NO_BID else
         BidChips(table_logic.Keyed(lambda n: picked.current(n), (
             current["bid"], high, seat, -(-(high + 1) // ((2 if high > 10 else 1) * (1 if scale < 1.3 else 2))),
             round(40 * min(scale, 1.2)), scale, language)))),
        *([(HeldCards if seat in game.bonus_beats_dealt else BonusBeatPicker)(
            seat, cards, current["bonus_beat"], lambda c: edit(lambda old: {
                "bonus_beat": c, "bid": min(old["bid"] or 0, table_logic.max_bid(hand, seat, c))}))]
          if player and game.bonus_beats and cards else []),
        # companion.own_cards.ENTER_YOURS_FIRST, said in the session's language.
        *([Txt(_("To flip a Bonus Beat from this phone, first enter the {count} you were dealt (Your Bonus "
                 "Beats).").format(count=CARDS_DEALT_PER_PLAYER), S.BODY_SMALL,
               color=ft.Colors.ON_SURFACE_VARIANT)] if enter_first else []),
        SendRow(Txt(status, S.BODY_MEDIUM, label=_("{seat} {what}").format(seat=seat, what=status),
                    color=ft.Colors.ON_SURFACE_VARIANT),
                BigButton(saving.label(sending, _("Send bid")), send,
                          icon=ft.Icons.HOURGLASS_TOP if sending.busy else ft.Icons.SEND,
                          disabled=sending.busy or (draft is None and stored.entered)), scale),
        *([TextTap(_("Keep {bid}").format(bid=table_logic.said(stored)), icon=ft.Icons.CLOSE, disabled=sending.busy,
                         on_click=lambda: (set_draft(None), set_problems(()), set_changing(False)))]
          if changing and stored.entered else []),
        *([Problems(list(problems))] if problems else []),
        *saving.notice(sending),
    ], spacing=6)


BidEditorMemo = ft.memo(BidEditorPart)


def SendRow(status: ft.Control, button: ft.Control, scale: float) -> ft.Control:
    """Whether the bid is sent, beside its button; above it when the text is larger than 100%
    (beside it, "Pas encore envoyé" at 145% broke inside its words)."""
    if scale > 1.09:
        return ft.Column([status, button], spacing=6, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    return ft.Row([ft.Container(status, expand=True), button], vertical_alignment=ft.CrossAxisAlignment.CENTER)


@ft.component
def BidChipsPart(keyed: table_logic.Keyed):
    """A bid's numbers: re-rendered only when the number picked, the highest or
    the size changes, not while a bid is sent or when it is stored."""
    bid, high, seat, per_row, height, scale, _language = keyed.key  # the language: its words change
    return NumberChips("bid", bid, keyed.value, high=high, who=seat, per_row=per_row, height=height,
                       scale=scale)


BidChips = ft.memo(BidChipsPart)
