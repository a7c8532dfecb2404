"""The table display (/display): a tablet in landscape across the table,
large type, no editing controls. /display follows the latest game in play."""
from __future__ import annotations

import flet as ft

from companion.services import GameNotFound

from ..parts.chart import ScoreChart
from ..parts.guard import screen
from ..parts.scoreboard import BigStandings
from ..parts.widgets import S, Txt
from ..shown import logic
from ..state import SharedContext
from ..web import actions


@screen
def DisplayScreen(game_id: int | None, version: int):
    shared = ft.use_context(SharedContext)
    chosen = game_id if game_id is not None else actions.game_to_show(shared.store)
    try:
        game = actions.load(shared, chosen).game if chosen is not None else None
    except GameNotFound:
        game = None
    route = f"/display/{game_id}" if game_id is not None else "/display"
    if game is None:
        body = [Txt("XY Score", S.DISPLAY_MEDIUM, weight=ft.FontWeight.W_800),
                Txt("No game yet. Start one on a phone: the scores appear here.", S.HEADLINE_SMALL)]
        return ft.View(route=route, controls=body, padding=40, vertical_alignment=ft.MainAxisAlignment.CENTER,
                       horizontal_alignment=ft.CrossAxisAlignment.CENTER)
    word = logic.round_word(game)
    headline, detail = logic.display_headline(game)
    left = ft.Column([
        Txt(logic.game_title(game), S.TITLE_LARGE, color=ft.Colors.ON_SURFACE_VARIANT),
        Txt(headline, S.DISPLAY_SMALL, weight=ft.FontWeight.W_800, color=ft.Colors.PRIMARY),
        Txt(detail, S.HEADLINE_SMALL),
        BigStandings(game),
    ], spacing=16)
    right = ft.Column([
        Txt(f"Totals by {word}", S.TITLE_LARGE, weight=ft.FontWeight.W_600),
        ScoreChart(game.players, logic.running_totals(game), height=340, word=word, bar=26),
    ], spacing=16)
    # Side by side on a landscape tablet, stacked on a phone.
    return ft.View(route=route, controls=[ft.ResponsiveRow([ft.Container(left, col={"xs": 12, "md": 7}),
                                                            ft.Container(right, col={"xs": 12, "md": 5})],
                                                           spacing=40, run_spacing=30)],
                   padding=36, scroll=ft.ScrollMode.AUTO)
