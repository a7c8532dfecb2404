"""The tricks typed when a hand ends, and scoring the hand: each seat's
count is one shared entry (P3), the same on every phone that may type it,
sent at each tap with the version it was shown at."""
from __future__ import annotations

import flet as ft

from companion.live_hand import LiveHand, SeatCount

from .. import i18n
from ..shown import table_logic
from ..state import SessionContext
from ..web import leaves, writes
from . import saving
from .per_hand import use_hand_state
from .saving import attempt
from .widgets import S, BigButton, NumberChips, Panel, Problems, Txt


@ft.component
def CountChips(hand: LiveHand, seat: str, on_count, title: str = ""):
    """`seat`'s tricks (and Off-Key cards) won, typed when the hand ends: the
    same shared entry on every phone (P3). Each tap is sent at once, on top of
    the version shown; a tap made while one is on its way follows it. The
    chips offer what the hand allows (X3, O3: no Off-Key card without a
    trick); fewer tricks take the Off-Key cards down with them."""
    stored: SeatCount = hand.counts[seat]
    number = hand.number  # a refusal said for one hand is not said in the next
    pending, set_pending = ft.use_state(None)
    problems, set_problems = use_hand_state(number, ())
    sending, send = saving.use_send(hand=number)
    latest = ft.use_ref(None)
    busy = ft.use_ref(False)
    shown = pending or {"tricks": stored.tricks, "off_key_won": stored.off_key_won}

    async def tapped(change: dict):
        latest.current = {**(latest.current or shown), **change}
        latest.current["off_key_won"] = min(latest.current["off_key_won"],
                                            hand.most_off_key(seat, latest.current["tricks"]))
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

    hand_high, off_high = hand.tricks_per_hand, hand.most_off_key(seat, shown["tricks"])
    page = ft.context.page
    scale = ft.use_context(SessionContext).text_scale
    rows = 2 if scale < 1.3 else 3  # at 145%, fewer numbers a row: each reads whole

    def pick(field: str):
        return lambda n: page.run_task(tapped, {field: n})  # a chip's tap is not awaited: run it on its own

    return ft.Column([
        *([Txt(title, S.TITLE_MEDIUM, weight=ft.FontWeight.W_700)] if title else []),
        NumberChips("tricks", shown["tricks"], pick("tricks"), high=hand_high, who=seat,
                    per_row=-(-(hand_high + 1) // rows), height=round(40 * min(scale, 1.2)),
                    scale=scale),
        *([NumberChips("off_key_won", shown["off_key_won"], pick("off_key_won"), high=off_high, who=seat,
                       height=round(36 * min(scale, 1.2)),
                       per_row=-(-(off_high + 1) // (rows - 1)), scale=scale)]
          if off_high or shown["off_key_won"] else []),
        *([Problems(list(problems))] if problems else []),
        *saving.notice(sending),
    ], spacing=4)


def ScoreHand(hand: LiveHand, tracking: bool, on_score, on_count=None, may_type=lambda seat: True,
              key: str = "score") -> ft.Control:
    """Score the hand; call while a screen renders (the hand's version, and
    whether it may be scored, which a bid or a trick changes in place, are
    cells it keeps: views/web/leaves.py)."""
    held = leaves.kept("hand", lambda h, _bids: {"hand-drawn": table_logic.Keyed(h, h.number),
                                                 "hand-version": h.version, "hand-ready": ready(h, tracking)},
                       hand, {})
    return ScoreHandPart(held["hand-drawn"], tracking, on_score, on_count, may_type, held, key=key)


def ready(hand: LiveHand, tracking: bool) -> tuple[bool, str]:
    """Whether the hand may be scored (X3), and if not, what it waits for (said
    as `waiting` says it: a cell kept from one render to the next holds no words,
    so a language chosen meanwhile says it anew)."""
    adds_up = hand.next_to_lead() is None if tracking else hand.counts_add_up
    waiting = ("bids" if not hand.everyone_has_bid else "tapped" if tracking else f"sum {hand.tricks_per_hand}")
    return hand.everyone_has_bid and adds_up, waiting


def waiting(why: str) -> str:
    """What scoring waits for (`ready`'s second value), in the session's language."""
    _ = i18n.spoken().gettext
    if why == "bids":
        return _("Scoring opens once everyone has bid")
    if why == "tapped":
        return _("Scoring opens once every trick is tapped")
    return _("Scoring opens once the tricks add up to {count}").format(count=why.removeprefix("sum "))


@ft.component
def ScoreHandPart(drawn: leaves.Cell, tracking: bool, on_score, on_count, may_type, held: dict):
    """Score the hand: from the tracked tricks, or from each seat's tricks
    typed at the table (one shared entry per seat, P3). Enabled only once
    everyone has bid and the tricks add up (X3). A tap names the hand's
    latest version (`held`). The hand (`drawn`, a cell): as its structure
    last changed; a new hand draws the part again, its own state anew."""
    hand: LiveHand = drawn.value.value
    problems, set_problems = use_hand_state(hand.number, ())
    sending, send = saving.use_send(hand=hand.number)

    async def score():
        await attempt(send, lambda: on_score(held["hand-version"].value, None, None), set_problems)

    rows: list = []
    if not tracking and hand.everyone_has_bid:  # tricks are typed once the hand is played
        for seat in hand.seats:
            if may_type(seat) and on_count is not None:
                rows.append(CountChips(hand, seat, on_count, title=seat, key=f"count-{seat}"))
            else:
                rows.append(Txt(i18n.spoken().gettext("{seat}: took {tricks}").format(
                    seat=seat, tricks=hand.counts[seat].tricks), S.TITLE_MEDIUM))
        # Side by side on a tablet, one under the other on a phone.
        rows = [ft.ResponsiveRow([ft.Container(row, col={"xs": 12, "md": 6}) for row in rows],
                                 spacing=16, run_spacing=10)]
        rows.append(Txt(table_logic.typed_line(hand), S.TITLE_LARGE, weight=ft.FontWeight.W_800,
                        color=ft.Colors.ERROR if table_logic.typed_over(hand) else None))
    return Panel([
        *rows,
        ScoreButtonMemo(held["hand-ready"], saving.label(sending, i18n.spoken().gettext("Score hand {number}").format(number=hand.number)), sending.busy, score),
        *([Problems(list(problems))] if problems else []),
        *saving.notice(sending),
    ], spacing=6)


@ft.component
def ScoreButton(state: leaves.Cell, label: str, busy: bool, score):
    """Score hand N, open once the hand may be scored (`state`, a leaf's cell), and what it waits for:
    changed in place when the hand comes to be ready, or waits for something else."""
    off, words = leaves.looked_here(state, ScoreButton, lambda value: score_look(value, busy))
    said = Txt(words, S.BODY_SMALL, color=ft.Colors.ON_SURFACE_VARIANT)
    said.visible = bool(words)  # hidden once the hand may be scored
    return ft.Column([BigButton(label, score, icon=ft.Icons.CHECK, disabled=off), said],
                     spacing=6, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def score_look(value: tuple, busy: bool) -> tuple[bool, str]:
    """The Score button off or not, and what it waits for ('' once ready), for the cell's (ready, why)."""
    ready, why = value
    return not ready or busy, "" if ready else waiting(why)


ScoreButtonMemo = ft.memo(ScoreButton)  # a memoized part keeps what it drew: a change is made on it (leaves.py)


@leaves.in_place(ScoreButton)
def score_button_in_place(old: tuple, new: tuple):
    return ([(("controls", 0), {"disabled": new[0]})] if old[0] != new[0] else []) + (
        [(("controls", 1), {"value": new[1], "visible": bool(new[1])})] if old[1] != new[1] else [])
