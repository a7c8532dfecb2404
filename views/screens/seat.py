"""A player's phone: /join/TOKEN to pick a free seat, then /seat/TOKEN, the
phone's own link (a reload or a wake-up rejoins from it): the player's secret
bid, who has bid, and whatever else the host lets players do."""
from __future__ import annotations

import flet as ft

from companion.access import Action, NotAllowed

from ..parts import saving
from ..parts.guard import screen
from ..parts.live_hand_view import BidBoard, BidEditor, ScoreHand, TrickTracker
from ..parts.scoreboard import OutcomeBanner, Standings
from ..parts.widgets import S, BigButton, Note, Panel, Problems, ScreenView, Section, Txt
from ..shown import logic
from ..shown.table_logic import Keyed, last_hand_bids, scores_key
from ..state import SharedContext, go
from ..web import lan, table_actions
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
                set_problems((error.reason,))
                return
            if done:
                go(lan.path(lan.SEAT, done.value))
        return tapped

    seats = [BigButton(f"I am {name}", sit(name), icon=ft.Icons.EVENT_SEAT, disabled=sending.busy)
             for name in seen.free_seats]
    return ScreenView(route, "Join the table", [
        Txt(logic.game_title(seen.game), S.TITLE_SMALL, color=ft.Colors.ON_SURFACE_VARIANT),
        Section("Who are you?"),
        *(seats or [Note("Every seat already has a phone. The host can free one.")]),
        *([Problems(list(problems))] if problems else []),
        *saving.notice(sending),
    ], back=None, width=PHONE)


@ft.component
def ScoresPart(keyed: Keyed):
    """The last hand's bids, revealed, and the standings."""
    game = keyed.value
    rows = last_hand_bids(game)
    revealed = [Section(f"Hand {len(game.hands)} bids"),
                Panel([Txt(f"{seat}: {what} ({score:+d})", label=f"{seat} {what}") for seat, what, score in rows],
                      spacing=4)] if rows else []
    return ft.Column([*revealed, Section("Scores"), Standings(game)], spacing=14,
                     horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


Scores = ft.memo(ScoresPart)  # re-rendered only when a hand is scored or corrected


@screen
def SeatScreen(token: str, version: int):
    shared = ft.use_context(SharedContext)
    route = lan.path(lan.SEAT, token)
    try:
        seen = table_actions.open_token(shared, token, fits=lambda seen: seen.own_seat is not None)
    except NotAllowed as error:
        return LinkEnded(route, error.reason)
    game, hand, access = seen.game, seen.hand, seen.access
    title = f"{seen.own_seat} · " + (f"hand {hand.number}" if hand else game.name)
    banner = OutcomeBanner(game)
    body: list = [*([banner] if banner else [])]
    if hand is not None:
        send = lambda seat, bid, card, ver: table_actions.bid(shared, access, seat, bid, card, ver)  # noqa: E731
        body += [
            Txt(logic.next_turn(game), S.BODY_MEDIUM, color=ft.Colors.ON_SURFACE_VARIANT),
            BidEditor(hand, seen.own_seat, seen.bids[seen.own_seat], send, title="Your bid",
                      key=f"{hand.number}-{seen.own_seat}"),
            BidBoard(hand, seen.bids, tracking=seen.settings.track_tricks),
        ]
        sides = [seat for seat in hand.seats if seat not in game.players and seen.may(Action.ENTER_BID, seat)]
        body += [BidEditor(hand, seat, seen.bids[seat], send, key=f"{hand.number}-{seat}") for seat in sides]
        if seen.may(Action.TRACK_TRICKS):
            body.append(TrickTracker(hand, lambda w, o, v: table_actions.trick(shared, access, w, o, v),
                                     lambda v: table_actions.undo_trick(shared, access, v), key=f"t{hand.number}"))
        if seen.may(Action.SCORE_HAND):
            body.append(ScoreHand(hand, seen.settings.track_tricks,
                                  lambda v, t, o: table_actions.score(shared, access, v, t, o), key=f"s{hand.number}"))
    elif not game.takes_bids:
        body.append(Note("The host enters each XYbrid round; the scores follow here."))
    body.append(Scores(scores_key(game)))
    return ScreenView(route, title, body, back=None, width=PHONE)
