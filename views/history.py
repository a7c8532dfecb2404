"""History: every stored game, filtered by game or player; open one
read-only, delete one after confirming; and each player's statistics."""
from __future__ import annotations

import flet as ft

from companion.facts import game_facts
from companion.outcome import join_names
from companion.stats import format_player_stats, table_stats

from . import actions, logic
from .state import SharedContext, go
from .widgets import S, BigButton, Note, Panel, Section, ScreenView, Txt


@ft.component
def GameLine(stored, asking: bool, on_ask, on_delete):
    game = stored.game
    outcome = game.outcome()
    state = (f"won by {join_names(outcome.winners)}" if outcome.is_over
             else f"{logic.played(game)}, not finished")
    confirm = [Note(f"Delete game {stored.id} for good?", ft.Icons.WARNING_AMBER),
               ft.Row([BigButton("Yes, delete", lambda: on_delete(stored.id), icon=ft.Icons.DELETE),
                       BigButton("Keep it", lambda: on_ask(None), filled=False)], wrap=True)] if asking else []
    return Panel([
        ft.Row([ft.Container(Txt(f"#{stored.id} {logic.game_title(game)}", S.TITLE_MEDIUM,
                                 weight=ft.FontWeight.W_600), expand=True),
                Txt(stored.started_at[:10], S.BODY_SMALL, color=ft.Colors.ON_SURFACE_VARIANT)]),
        Txt(f"{join_names(game.players)}: {state}"),
        ft.Row([ft.TextButton("Open", icon=ft.Icons.VISIBILITY, tooltip=f"Open game {stored.id}",
                              on_click=lambda: go(f"/history/{stored.id}")),
                ft.TextButton("Delete", icon=ft.Icons.DELETE_OUTLINE, tooltip=f"Delete game {stored.id}",
                              on_click=lambda: on_ask(stored.id))]),
        *confirm,
    ], spacing=6)


def Filter(options: list[tuple[str | None, str]], chosen, on_pick, what: str) -> ft.Control:
    return ft.Row([ft.Chip(label=Txt(text), selected=value == chosen, tooltip=f"Show {what} {text}",
                           on_select=lambda _, v=value: on_pick(v)) for value, text in options],
                  wrap=True, spacing=6, run_spacing=6)


@ft.component
def HistoryScreen(version: int):
    shared = ft.use_context(SharedContext)
    kind, set_kind = ft.use_state(None)
    player, set_player = ft.use_state(None)
    asking, set_asking = ft.use_state(None)
    everything = actions.stored_games(shared)
    shown = [s for s in everything if kind in (None, s.game.game) and (player is None or player in s.game.players)]
    names = sorted({name for s in everything for name in s.game.players}, key=str.casefold)

    def delete(game_id: int):
        actions.delete_game(shared, game_id)
        set_asking(None)

    stats = table_stats([game_facts(s) for s in everything]) if everything else {}
    return ScreenView("/history", "History", [
        Filter([(None, "all games"), ("xylotar", "Xylotar"), ("xybrid", "XYbrid")], kind, set_kind, "games:"),
        Filter([(None, "everyone"), *[(n, n) for n in names]], player, set_player, "games of"),
        *[GameLine(s, asking == s.id, set_asking, delete, key=s.id) for s in shown],
        *([] if shown else [Txt("No games here yet.", color=ft.Colors.ON_SURFACE_VARIANT)]),
        Section("Statistics"),
        *[Panel([Txt(line.strip(), S.TITLE_MEDIUM if not line.startswith(" ") else S.BODY_MEDIUM,
                     weight=ft.FontWeight.W_600 if not line.startswith("  ") else None)
                 for line in format_player_stats(s).splitlines()], spacing=2)
          for name, s in sorted(stats.items()) if player in (None, name)],
    ])


@ft.component
def PlayersScreen(version: int):
    shared = ft.use_context(SharedContext)
    typed, set_typed = ft.use_state("")
    problem, set_problem = ft.use_state("")

    def add(name: str):
        try:
            actions.add_player(shared, name)
        except ValueError as error:  # the store's RosterError says why
            set_problem(str(error))
            return
        set_typed("")
        set_problem("")

    return ScreenView("/players", "Players", [
        Panel([Txt(name, S.TITLE_MEDIUM) for name in actions.roster(shared)]
              or [Txt("Nobody yet.", color=ft.Colors.ON_SURFACE_VARIANT)], spacing=6),
        ft.Row([ft.TextField(label="New player's name", value=typed, expand=True, max_length=40,
                             on_change=lambda e: set_typed(e.control.value), on_submit=lambda e: add(e.control.value)),
                ft.IconButton(ft.Icons.PERSON_ADD, tooltip="Add to the roster", on_click=lambda: add(typed))]),
        *([Note(problem, ft.Icons.ERROR_OUTLINE)] if problem else []),
    ])
