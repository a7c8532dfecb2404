"""A player's phone: /join/TOKEN to pick a free seat, then /seat/TOKEN, the
phone's own link (a reload or a wake-up rejoins from it): the Bonus Beats
they were dealt (on this phone only), their bid at the top, every seat's bid
as it is made, their tricks when the hand ends, and whatever else the host
lets players do."""
from __future__ import annotations

import flet as ft
from flet.components.utils import current_component

from companion.access import Action, NotAllowed

from .. import i18n
from ..parts import saving
from ..parts.guard import screen
from ..parts.held_cards import DealtCards
from ..parts.bid_editor import BidEditor
from ..parts.live_hand_view import BidBoard
from ..parts.trick_tracker import TrickTracker
from ..parts.per_game import once
from ..parts.rematch_button import use_followed
from ..parts.typed_tricks import CountChips, ScoreHand
from ..parts.scoreboard import Banner, banner_status, StandingsOf, standings_in_place, standings_rows
from ..parts.widgets import S, BigButton, Note, Panel, Problems, ScreenView, Section, TitleText, Txt
from ..shown import logic, rematch_words, words
from ..shown.table_logic import last_hand_bids
from ..state import SessionContext, SharedContext, go
from ..web import lan, leaves, table_actions
from .link_pages import LinkEnded

PHONE = 480  # the phone column's width; it shrinks to fit a 360-pixel screen


@screen
def JoinScreen(token: str, version: int):
    shared = ft.use_context(SharedContext)
    problems, set_problems = ft.use_state(())
    sending, send = saving.use_send()
    route = lan.path(lan.JOIN, token)
    try:
        seen = table_actions.open_token(shared, token, fits=lambda seen: seen.access.is_join_link)
    except NotAllowed as error:
        return LinkEnded(route, error.reason)

    def sit(seat: str):
        async def tapped():
            try:
                done = await send(lambda: table_actions.join(shared, seen.access, seat))
            except NotAllowed as error:
                set_problems((error.reason,))  # said below, in the language spoken when it is drawn
                return
            if done:
                go(lan.path(lan.SEAT, done.value))
        return tapped

    _ = i18n.spoken().gettext
    seats = [BigButton(_("I am {name}").format(name=name), sit(name), icon=ft.Icons.EVENT_SEAT, disabled=sending.busy)
             for name in seen.free_seats]
    return ScreenView(route, _("Join the table"), [
        Txt(logic.game_title(seen.game), S.TITLE_SMALL, color=ft.Colors.ON_SURFACE_VARIANT),
        Section(_("Who are you?")),
        *(seats or [Note(_("Every seat already has a phone. The host can free one."))]),
        *([Problems([words.say(reason, i18n.spoken()) for reason in problems])] if problems else []),
        *saving.notice(sending),
    ], back=None, width=PHONE)


def scores_look(game, language: str, seats: tuple[str, ...] = ()) -> tuple:
    """What a phone shows under the hand: the last hand's bids, revealed, and the standings (in `language`).
    Before the first hand is scored, the revealed bids are `seats` with nothing said, hidden (no heading):
    so the first score fills them in place, as every later one does."""
    _ = i18n.speaker(language).gettext
    rows = last_hand_bids(game)
    # TRANSLATORS: a seat's last hand, revealed: "Bob: bid 2, took 2 (+22)" ({what}: its bid and tricks,
    # {score}: what it scored, signed). French: a no-break space before ':'.
    revealed = ((_("Hand {number} bids").format(number=len(game.hands)),
                 tuple((_("{seat}: {what} ({score})").format(seat=seat, what=what, score=f"{score:+d}"),
                        _("{seat} {what}").format(seat=seat, what=what)) for seat, what, score in rows))
                if rows else ("", tuple(("", "") for _seat in seats)) if seats else None)
    return revealed, _("Scores"), standings_rows(game)


def ScoresDraw(revealed: tuple | None, title: str, standings: tuple) -> ft.Control:
    """`scores_look`, drawn: a leaf (views/web/leaves.py), changed in place when a hand is scored."""
    shown: list = []
    if revealed:
        shown = [Section(revealed[0]), Panel([Txt(text, label=label) for text, label in revealed[1]], spacing=4)]
        for control in shown:
            control.visible = bool(revealed[0])  # hidden until the first hand is scored
    return ft.Column([*shown, Section(title), StandingsOf(standings)], spacing=14,
                     horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


@leaves.in_place(ScoresDraw)
def scores_in_place(old: tuple, new: tuple):
    """A hand scored: the revealed bids' words and the standings' ranks, names and totals."""
    (was, title, standings), (now, new_title, new_standings) = old, new
    if title != new_title or (was is None) != (now is None) or (now and len(was[1]) != len(now[1])):
        return None
    changes, at = [], 0
    if now:
        if was[0] != now[0]:
            changes.append((("controls", 0), {"value": Section(now[0]).value}))
            if not was[0] or not now[0]:  # the first hand scored: its bids appear
                changes += [(("controls", i), {"visible": bool(now[0])}) for i in (0, 1)]
        changes += [(("controls", 1, "content", "controls", i), {"value": text, "semantics_label": label})
                    for i, (seen, (text, label)) in enumerate(zip(was[1], now[1])) if seen != (text, label)]
        at = 2
    moved = standings_in_place(standings, new_standings)
    if moved is None:
        return None
    return changes + [(("controls", at + 1, *path), props) for path, props in moved]


def use_top_on_new_hand(number: int | None) -> None:
    """When a new hand starts, the phone shows its own bid entry: back to the
    top. The view is the one holding the title drawing this (Flet keeps what
    holds a control in its private `_parent`: the only handle on the live View
    a part of it has)."""
    component = current_component()

    async def to_top():
        held = component
        while held is not None and not isinstance(held, ft.View):
            parent = getattr(held, "_parent", None)
            held = parent() if parent is not None else None
        if held is not None:
            await held.scroll_to(offset=0, duration=300)

    ft.use_effect(to_top, [number])


def TitleDraw(title: str, number: int | None, text_scale: float) -> ft.Control:
    """The phone's title, "Ann · hand 3": a leaf, drawn again when a hand is scored, and then back to the top."""
    use_top_on_new_hand(number)
    return TitleText(title, text_scale)


def NextTurnDraw(turn: str) -> ft.Control:
    return Txt(turn, S.BODY_MEDIUM, color=ft.Colors.ON_SURFACE_VARIANT)


@leaves.in_place(NextTurnDraw)
def next_turn_in_place(old: tuple, new: tuple):
    return [((), {"value": new[0]})]


def dealt_first(seen) -> bool:
    """Whether the phone asks for its dealt cards first: at the game's start, before its first bid."""
    return not seen.dealt_entered and not seen.game.hands and not seen.bids[seen.own_seat].entered


def structure(seen) -> tuple:
    """What else of a phone's structure a bid or a trick may change: where its
    dealt cards go, and (tricks not tracked) whether it types its own."""
    return bool(seen.game.bonus_beats) and dealt_first(seen), not seen.settings.track_tricks and bool(seen.hand.tricks)


@screen
def SeatScreen(token: str, version: int):
    shared = ft.use_context(SharedContext)
    route = lan.path(lan.SEAT, token)
    fits = lambda seen: seen.own_seat is not None  # noqa: E731
    try:
        seen = table_actions.open_token(shared, token, fits=fits)
    except NotAllowed as error:
        return LinkEnded(route, error.reason)
    game, hand, access, own = seen.game, seen.hand, seen.access, seen.own_seat
    followed = use_followed(access.game_id)  # the host started a rematch: this link opens it now
    scores = hand is not None and seen.may(Action.SCORE_HAND)
    # A trick or a bid updates the screen in place (views/web/leaves.py); a hand scored too, but where the
    # phone shows parts drawn for one hand (the cards dealt, scoring the hand): then it draws again.
    leaves.watch_table(seen, lambda: table_actions.open_token(shared, token, fits=fits),
                       lambda fresh: (structure(fresh), banner_status(fresh.game),
                                      bool(followed) and not logic.rounds_of(fresh.game)),
                       numbered=bool(game.bonus_beats) or scores)
    speaker = i18n.spoken()
    _ = speaker.gettext
    text_scale = ft.use_context(SessionContext).text_scale

    def titled(shown_hand, _bids) -> dict:
        return {"title": (f"{own} · " + (_("hand {number}").format(number=shown_hand.number) if shown_hand else
                                         game.name), shown_hand.number if shown_hand else None, text_scale)}
    title = leaves.leaf("title", TitleDraw, leaves.values("title", titled, hand, {})["title"])
    language = speaker.code
    body: list = [Banner(game, hand)]
    if followed and not logic.rounds_of(game):
        body.append(Note(rematch_words.new_game(game), ft.Icons.REPLAY))
    if hand is not None:
        send = lambda seat, bid, card, ver: table_actions.bid(shared, access, seat, bid, card, ver)  # noqa: E731
        count = lambda seat, t, o, ver: table_actions.count(shared, access, seat, t, o, ver)  # noqa: E731
        tracking = seen.settings.track_tricks
        # The cards dealt are picked at the game's start, before the first bid; later they wait below.
        first = dealt_first(seen)
        dealt = (DealtCards(game, hand, own, seen.dealt_entered,
                            lambda cards: table_actions.dealt(shared, access, cards),
                            start_open=first, key=f"dealt-{own}") if game.bonus_beats else None)

        def next_turn(shown_hand, _bids) -> dict:
            return {"next-turn": (once(shown_hand.game, f"next-turn:{language}",
                                       lambda: logic.next_turn(shown_hand.game)),)}
        body += [
            *([dealt] if dealt is not None and first else []),
            leaves.leaf("next-turn", NextTurnDraw, leaves.values("next-turn", next_turn, hand, {})["next-turn"]),
            BidEditor(hand, own, seen.bids[own], send, title=_("Your bid"), key=f"bid-{own}", own_phone=True),
        ]
        if not tracking and not scores and hand.everyone_has_bid and not hand.tricks:
            body.append(Panel([CountChips(hand, own, count, title=_("Your tricks"), key=f"count-{own}")]))
        body.append(BidBoard(hand, seen.bids, tracking=tracking))
        sides = [seat for seat in hand.seats if seat not in game.players and seen.may(Action.ENTER_BID, seat)]
        body += [BidEditor(hand, seat, seen.bids[seat], send, key=f"bid-{seat}") for seat in sides]
        if seen.may(Action.TRACK_TRICKS):
            body.append(TrickTracker(hand, lambda w, o, v: table_actions.trick(shared, access, w, o, v),
                                     lambda v: table_actions.undo_trick(shared, access, v), key="tricks"))
        if scores:
            body.append(ScoreHand(hand, tracking, lambda v, t, o: table_actions.score(shared, access, v, t, o),
                                  count, lambda seat: seen.may(Action.ENTER_TRICKS, seat), key="score"))
        if dealt is not None and not first:
            body.append(dealt)
    elif not game.takes_bids:
        body.append(Note(_("The host enters each XYbrid round; the scores follow here.")))
    # The scores: a leaf, changed in place when a hand is scored (the screen then skips it as it draws again).

    def scores_of(shown_hand, _bids) -> dict:
        shown, seats = (shown_hand.game, shown_hand.seats) if shown_hand is not None else (game, ())
        return {"scores": once(shown, f"scores-look:{language}:{len(seats)}",
                               lambda: scores_look(shown, language, seats))}
    body.append(leaves.leaf("scores", ScoresDraw, leaves.values("scores", scores_of, hand, {})["scores"]))
    return ScreenView(route, title, body, back=None, width=PHONE)
