"""The table display's link, /display/TOKEN: a landscape tablet across the
table, large type, read-only. While a hand is played it shows who has bid
(never a bid), the tricks if they are tracked, and the scores; once the hand
is scored, everyone's bids together."""
from __future__ import annotations

import flet as ft

from companion.access import NotAllowed, Role

from ..parts.chart import ScoreChart
from ..parts.guard import screen
from ..parts.live_hand_view import BidBoard
from ..parts.names import Name
from ..parts.scoreboard import BigStandings
from ..parts.widgets import S, Panel, Txt
from ..shown import logic
from ..shown.table_logic import Keyed, last_hand_bids, scores_key
from ..state import SharedContext
from ..web import lan, table_actions
from .link_pages import LinkEnded


def Revealed(game) -> list[ft.Control]:
    rows = last_hand_bids(game)
    if not rows:
        return []
    lines = [ft.Row([Name(seat, S.HEADLINE_SMALL, weight=ft.FontWeight.W_600, loose=False),
                     Txt(what, S.HEADLINE_SMALL, label=f"{seat} {what}"),
                     ft.Container(Txt(f"{score:+d}", S.HEADLINE_SMALL, weight=ft.FontWeight.W_800),
                                  width=80, alignment=ft.Alignment.CENTER_RIGHT)])
             for seat, what, score in rows]
    return [Txt(f"Hand {len(game.hands)}: the bids", S.TITLE_LARGE, weight=ft.FontWeight.W_700),
            Panel(lines, spacing=4)]


@screen
def DisplayLinkScreen(token: str, version: int):
    shared = ft.use_context(SharedContext)
    route = lan.path(lan.DISPLAY, token)
    try:
        seen = table_actions.open_token(shared, token, fits=lambda seen: seen.access.role is Role.DISPLAY)
    except NotAllowed as error:
        return LinkEnded(route, error.reason)
    game, hand = seen.game, seen.hand
    headline, detail = logic.display_headline(game)
    left = [Txt(logic.game_title(game), S.TITLE_LARGE, color=ft.Colors.ON_SURFACE_VARIANT),
            Txt(headline, S.DISPLAY_SMALL, weight=ft.FontWeight.W_800, color=ft.Colors.PRIMARY),
            Txt(detail, S.HEADLINE_SMALL)]
    if hand is not None:
        left.append(BidBoard(hand, {}, tracking=seen.settings.track_tricks, large=True))
    left.append(RevealedMemo(scores_key(game)))
    return ft.View(route=route, controls=[ft.ResponsiveRow([
        ft.Container(ft.Column(left, spacing=14), col={"xs": 12, "md": 6}),
        ft.Container(ScoresMemo(scores_key(game)), col={"xs": 12, "md": 6}),
    ], spacing=36, run_spacing=24)], padding=32, scroll=ft.ScrollMode.AUTO)


@ft.component
def RevealedPart(keyed: Keyed):
    return ft.Column(Revealed(keyed.value), spacing=14)


@ft.component
def ScoresPart(keyed: Keyed):
    """Standings and the chart: re-rendered only when a round is scored or corrected."""
    game = keyed.value
    word = logic.round_word(game)
    chart = [Txt(f"Totals by {word}", S.TITLE_LARGE, weight=ft.FontWeight.W_600),
             ScoreChart(game.players, logic.running_totals(game), height=200, word=word, bar=22)]
    return ft.Column([BigStandings(game), *(chart if logic.rounds_of(game) else [])], spacing=14)


RevealedMemo, ScoresMemo = ft.memo(RevealedPart), ft.memo(ScoresPart)
