"""History (/history): every stored game, filtered by game or player; open
one read-only (/history/ID shows it on the game screen), delete one after
confirming; and each player's statistics."""
from __future__ import annotations

import flet as ft

from companion.stats import table_stats

from ..parts import saving
from ..parts.chart import player_colour
from ..parts.guard import screen
from ..parts.names import ChipName
from ..parts.widgets import BigButton, Note, Panel, S, ScreenView, Section, TextTap, Txt
from ..parts.download import DownloadButton
from ..shown import game_rows
from ..state import SharedContext, go
from ..parts.stats_panel import PlayerPanel, WinsChart
from ..web import actions, downloads, roster_actions, writes


FIRST_SHOWN = 30  # newest games listed before "Show all"


@ft.component
def GameLine(summary, asking: bool, on_ask, on_delete, sending: writes.Sending = writes.Sending()):
    """A stored game: what, when, who scored what, who won; open, download or delete it.
    Told apart by its game, start and players (game_rows.said), never by an id."""
    shared = ft.use_context(SharedContext)
    about = game_rows.said(summary)

    async def delete():
        await on_delete(summary.id)

    confirm = [Note("Delete this game for good?", ft.Icons.WARNING_AMBER),
               ft.Row([BigButton(saving.label(sending, "Yes, delete"), delete, icon=ft.Icons.DELETE,
                                 disabled=sending.busy),
                       BigButton("Keep it", lambda: on_ask(None), filled=False)], wrap=True),
               *saving.notice(sending)] if asking else []
    return Panel([
        ft.Row([ft.Container(Txt(game_rows.title(summary), S.TITLE_MEDIUM, weight=ft.FontWeight.W_600), expand=True),
                Txt(game_rows.when_said(summary.started_at), S.BODY_SMALL, color=ft.Colors.ON_SURFACE_VARIANT)]),
        Txt(game_rows.scores_line(summary)),
        Txt(game_rows.state_line(summary), weight=ft.FontWeight.W_600 if summary.status == "finished" else None),
        ft.Row([TextTap("Open", icon=ft.Icons.VISIBILITY, tooltip=f"Open the {about}",
                              on_click=lambda: go(f"/history/{summary.id}")),
                DownloadButton("JSON", lambda: downloads.game_json(shared.store, summary.id),
                               tooltip=f"Download the {about} as JSON"),
                DownloadButton("CSV", lambda: downloads.game_csv(shared.store, summary.id),
                               tooltip=f"Download the {about} as CSV"),
                TextTap("Delete", icon=ft.Icons.DELETE_OUTLINE, tooltip=f"Delete the {about}",
                              on_click=lambda: on_ask(summary.id))], wrap=True, spacing=0),
        *confirm,
    ], spacing=6)


def Downloads(shared, kind: str | None, player: str | None, count: int) -> ft.Control:
    """The games shown (all, or as filtered) as one JSON file and one CSV file."""
    what = "all games" if not (kind or player) else f"these {count} games" if count != 1 else "this game"
    return ft.Row([
        DownloadButton(f"Download {what}: JSON", lambda: downloads.games_json(shared.store, game=kind, player=player),
                       tooltip=f"Download {what} as JSON", filled=True),
        DownloadButton(f"Download {what}: CSV", lambda: downloads.games_csv(shared.store, game=kind, player=player),
                       tooltip=f"Download {what} as CSV", filled=True),
    ], wrap=True, spacing=8, run_spacing=8)


def Filter(options: list[tuple[str | None, str]], chosen, on_pick, what: str) -> ft.Control:
    return ft.Row([ft.Chip(label=ChipName(text), selected=value == chosen, tooltip=f"Show {what} {text}",
                           on_select=lambda _, v=value: on_pick(v)) for value, text in options],
                  wrap=True, spacing=6, run_spacing=6)


@screen
def HistoryScreen(version: int):
    shared = ft.use_context(SharedContext)
    kind, set_kind = ft.use_state(None)
    player, set_player = ft.use_state(None)
    asking, set_asking = ft.use_state(None)
    showing_all, set_showing_all = ft.use_state(False)
    sending, send = saving.use_send()
    everything = actions.game_list(shared)
    shown = actions.game_list(shared, kind, player) if kind or player else everything
    names = sorted({name for s in everything for name in s.players}, key=str.casefold)

    async def delete(game_id: int):
        if await send(lambda: actions.delete_game(shared, game_id)):
            set_asking(None)

    stats = table_stats(actions.game_facts(shared, kind)) if everything else {}
    colours = {name: player_colour(i) for i, name in enumerate(sorted(stats, key=str.casefold))}
    charts = [chart for chart in (WinsChart(stats, game) for game in ("xylotar", "xybrid") if kind in (None, game))
              if chart is not None]
    return ScreenView("/history", "History", [
        Filter([(None, "all games"), ("xylotar", "Xylotar"), ("xybrid", "XYbrid")], kind, set_kind, "games:"),
        Filter([(None, "everyone"), *[(n, n) for n in names]], player, set_player, "games of"),
        *([Downloads(shared, kind, player, len(shown))] if shown else []),
        *[GameLine(s, asking == s.id, set_asking, delete, sending if asking == s.id else writes.Sending(), key=s.id)
          for s in (shown if showing_all else shown[:FIRST_SHOWN])],
        *([BigButton(f"Show all {len(shown)} games", lambda: set_showing_all(True), filled=False,
                     icon=ft.Icons.EXPAND_MORE)] if len(shown) > FIRST_SHOWN and not showing_all else []),
        *([] if shown else [Txt("No games here yet.", color=ft.Colors.ON_SURFACE_VARIANT)]),
        Section("Statistics"),
        *charts,
        *[PlayerPanel(s, colours[name], lambda who: go(roster_actions.page_of(shared, who))) for name, s in sorted(stats.items(), key=lambda item: item[0].casefold())
          if player in (None, name)],
    ])
