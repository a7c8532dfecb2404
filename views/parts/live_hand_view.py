"""The hand in progress on any screen: every seat's bid the moment it is
made (P1), and the tricks as they are won. Phones, the host and the display all
build from these; each takes the live hand. A seat's bid entry is in
bid_editor.py, a player's own cards in held_cards.py, the typed tricks and
scoring the hand in typed_tricks.py."""
from __future__ import annotations

import flet as ft

from companion.live_hand import LiveHand, SeatBid

from .. import i18n
from ..shown import table_logic
from ..web import leaves
from .names import Name
from .per_game import once_per_hand
from .widgets import Panel, S, Txt, keyed


def Badge(text: str | ft.Control, *, on: bool, large: bool = False, visible: bool = True) -> ft.Control:
    """A rounded badge; given a control (a leaf's), it holds that instead of the text."""
    return ft.Container(BadgeText(text, on, large) if isinstance(text, str) else text,
                        bgcolor=ft.Colors.PRIMARY if on else ft.Colors.SURFACE_CONTAINER_HIGHEST,
                        border_radius=12, padding=ft.Padding.symmetric(horizontal=10, vertical=4), visible=visible)


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
    values = leaves.values("board", lambda h, b: once_per_hand(h, ("board", tuple(b.items()), tracking, large,
                                                                    i18n.spoken().code),
                                                               lambda: board_values(h, b, tracking, large)),
                           hand, shown)
    for key, value in values.items():  # each cell holds its value before any leaf draws
        # A cell drawn under a memoized header (which may skip) is told; the others are drawn now.
        leaves.cell(key, value, told=key == "board-line")
    rows = [leaves.leaf(f"board-{seat}", SeatRowPart, values[f"board-{seat}"]) for seat in hand.seats]
    header = leaves.leaf("board-header", BoardHeaderPart, values["board-header"])
    return keyed(Panel([header, *rows], spacing=10 if large else 6, padding=20 if large else 14), "board")


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
        # Hidden, not left out, where no tricks are told: the next hand's row is the same row.
        Badge(BadgeText(took_said(won or 0), False, large), on=False, visible=won is not None),
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
    icon (in the seat's kept start); a hand scored all of these, and "took N" shows or
    hides. Anything else (a card flipped, the cards left, the size) draws the row again."""
    if old[1] != new[1] or old[4:6] != new[4:6] or old[7] != new[7]:
        return None
    changes = [((), {"label": new[0]})] if old[0] != new[0] else []
    if (old[6] is None) != (new[6] is None):
        changes.append((("content", "controls", 1), {"visible": new[6] is not None}))
    if (old[6] or 0) != (new[6] or 0):
        changes.append((("content", "controls", 1, "content"), {"value": took_said(new[6] or 0)}))
    if old[2:4] != new[2:4]:
        changes.append((("content", "controls", 2), {"value": new[3], **bid_look(new[2], new[7])}))
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
