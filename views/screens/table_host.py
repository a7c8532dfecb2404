"""The host's shared table for one game, /game/ID/table: the codes to share,
the phones, what players may do, and the hand in progress: every seat's bid
as it arrives, the tricks, and scoring the hand."""
from __future__ import annotations

import flet as ft

from companion.access import Access
from companion.services import GameNotFound

from ..hosting import HostRunContext
from ..parts.guard import screen
from ..parts.live_hand_view import BidBoard, BidEditor, ScoreHand, TrickTracker
from ..parts.scoreboard import OutcomeBanner
from ..parts.share_panel import SettingsMemo, SharePanel
from ..parts.widgets import S, BigButton, ScreenView, Section, Txt
from ..state import SharedContext, go
from ..web import table_actions
from .game import Missing


@screen
def TableScreen(game_id: int, version: int):
    shared = ft.use_context(SharedContext)
    run = ft.use_context(HostRunContext)
    route = f"/game/{game_id}/table"
    try:
        seen = table_actions.host_view(shared, game_id)
    except GameNotFound:
        return Missing(route, game_id)
    hand, game = seen.hand, seen.game
    host = Access.host(game_id)
    base = run.base(ft.context.page.url)
    body: list = [Section("Share this game"), *SharePanel(shared, run, game_id, tuple(game.players), base,
                                                               seen.links)]
    banner = OutcomeBanner(game)
    if banner:
        body.append(banner)
    if hand is not None:
        send = lambda seat, bid, card, ver: table_actions.bid(shared, host, seat, bid, card, ver)  # noqa: E731
        body += [Section(f"Hand {hand.number}"), BidBoard(hand, seen.bids, tracking=seen.settings.track_tricks)]
        if seen.settings.track_tricks:
            body.append(TrickTracker(hand, lambda w, o, v: table_actions.trick(shared, host, w, o, v),
                                     lambda v: table_actions.undo_trick(shared, host, v), key=f"t{hand.number}"))
        body.append(ScoreHand(hand, seen.settings.track_tricks,
                              lambda v, t, o: table_actions.score(shared, host, v, t, o),
                              key=f"s{hand.number}-{seen.settings.track_tricks}"))
        body += [Section("Enter a bid for a seat without a phone"),
                 ft.ResponsiveRow([ft.Container(BidEditor(hand, seat, seen.bids[seat], send,
                                                          key=f"{hand.number}-{seat}"), col={"xs": 12, "md": 6})
                                   for seat in hand.seats], spacing=12, run_spacing=12)]
    body += [Section("What players may do"), SettingsMemo(game_id, seen.settings),
             BigButton("Back to the scoreboard", lambda: go(f"/game/{game_id}"), icon=ft.Icons.SCOREBOARD,
                       filled=False)]
    return ScreenView(route, f"Table · game {game_id}", [
        Txt("Phones join with the players' code; the tablet opens the display code.", S.BODY_MEDIUM,
            color=ft.Colors.ON_SURFACE_VARIANT), *body], back=f"/game/{game_id}", width=900)
