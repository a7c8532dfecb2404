"""The table display (/display): a tablet in landscape across the table,
large type, no editing controls. /display follows the latest game in play."""
from __future__ import annotations

import flet as ft

from companion import Xylotar
from companion.outcome import join_names
from companion.services import GameNotFound

from .web import actions
from .shown import logic
from .chart import ScoreChart, player_colour
from .scoreboard import Trophy
from .state import SharedContext
from .widgets import S, Txt
from .guard import screen


def BigStandings(game) -> ft.Control:
    unit = "points" if isinstance(game, Xylotar) else "infamy"
    winners = set(game.outcome().winners)
    rows = []
    for rank, name, total in logic.standings(game):
        colour = player_colour(game.players.index(name))
        rows.append(ft.Container(ft.Row([
            ft.Container(Txt(str(rank), S.HEADLINE_MEDIUM, weight=ft.FontWeight.W_800, color="#FFFFFF"),
                         width=64, height=64, border_radius=32, bgcolor=colour, alignment=ft.Alignment.CENTER),
            ft.Container(ft.Row([Txt(name, S.DISPLAY_SMALL, weight=ft.FontWeight.W_700),
                                 *([Trophy(48)] if name in winners else [])], spacing=12), expand=True),
            Txt(str(total), S.DISPLAY_MEDIUM, weight=ft.FontWeight.W_900, label=f"{name} total {total} {unit}"),
        ], spacing=18), padding=ft.Padding.symmetric(horizontal=20, vertical=10), border_radius=24,
            bgcolor=ft.Colors.SURFACE_CONTAINER))
    return ft.Column(rows, spacing=12)


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
    outcome = game.outcome()
    word = logic.round_word(game)
    if outcome.is_over:
        headline = f"{join_names(outcome.winners)} win{'s' if len(outcome.winners) == 1 else ''}!"
        detail = outcome.explanation
    else:
        headline = logic.next_round_title(game)
        detail = logic.next_turn(game)
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
