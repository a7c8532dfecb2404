"""History (/history): every stored game, filtered by game or player; open
one read-only (/history/ID shows it on the game screen), delete one after
confirming; and each player's statistics."""
from __future__ import annotations

import flet as ft

from companion.stats import table_stats

from .. import i18n
from ..parts import saving
from ..parts.chart import player_colour
from ..parts.guard import screen
from ..parts.names import ChipName
from ..parts.theme import SIZES
from ..parts.widgets import GROWN_PADDING, BigButton, Note, Panel, S, ScreenView, Section, TextTap, Txt
from ..parts.download import DownloadButton
from ..shown import game_rows
from ..state import SessionContext, SharedContext, go
from ..parts.stats_panel import PlayerPanel, WinsChart
from ..web import actions, downloads, roster_actions, writes


FIRST_SHOWN = 30  # newest games listed before "Show all"


@ft.component
def GameLine(summary, asking: bool, on_ask, on_delete, sending: writes.Sending = writes.Sending()):
    """A stored game: what, when, who scored what, who won; open, download or delete it.
    Told apart by its game, start and players (game_rows.said), never by an id."""
    shared = ft.use_context(SharedContext)
    about = game_rows.said(summary)
    _ = i18n.spoken().gettext

    async def delete():
        await on_delete(summary.id)

    confirm = [Note(_("Delete this game for good?"), ft.Icons.WARNING_AMBER),
               ft.Row([BigButton(saving.label(sending, _("Yes, delete")), delete, icon=ft.Icons.DELETE,
                                 disabled=sending.busy),
                       BigButton(_("Keep it"), lambda: on_ask(None), filled=False)], wrap=True),
               *saving.notice(sending)] if asking else []
    return Panel([
        ft.Row([ft.Container(Txt(game_rows.title(summary), S.TITLE_MEDIUM, weight=ft.FontWeight.W_600), expand=True),
                Txt(game_rows.when_said(summary.started_at), S.BODY_SMALL, color=ft.Colors.ON_SURFACE_VARIANT)]),
        Txt(game_rows.scores_line(summary)),
        Txt(game_rows.state_line(summary), weight=ft.FontWeight.W_600 if summary.status == "finished" else None),
        # {game}: the game told apart from the others: 'Xylotar game of Tue 1 Dec 2026, 21:30: Ann, Bob and Cat'
        ft.Row([TextTap(_("Open"), icon=ft.Icons.VISIBILITY, tooltip=_("Open the {game}").format(game=about),
                              on_click=lambda: go(f"/history/{summary.id}")),
                DownloadButton("JSON", lambda: downloads.game_json(shared.store, summary.id),
                               tooltip=_("Download the {game} as {format}").format(game=about, format="JSON")),
                DownloadButton("CSV", lambda: downloads.game_csv(shared.store, summary.id),
                               tooltip=_("Download the {game} as {format}").format(game=about, format="CSV")),
                TextTap(_("Delete"), icon=ft.Icons.DELETE_OUTLINE, tooltip=_("Delete the {game}").format(game=about),
                              on_click=lambda: on_ask(summary.id))], wrap=True, spacing=0),
        *confirm,
    ], spacing=6)


def Downloads(shared, kind: str | None, player: str | None, count: int, scale: float = 1.0) -> ft.Control:
    """The games shown (all, or as filtered) as one JSON file and one CSV file. With larger text (`scale`) a
    button's words wrap to two lines (German runs a third longer): room above and below them, so the button
    grows a thumb's height around them instead of holding them edge to edge."""
    speaker = i18n.spoken()
    if not (kind or player):
        button, tip = speaker.gettext("Download all games: {format}"), speaker.gettext("Download all games as {format}")
    elif count == 1:
        button, tip = speaker.gettext("Download this game: {format}"), speaker.gettext("Download this game as {format}")
    else:
        button = speaker.ngettext("Download these {count} game: {format}", "Download these {count} games: {format}",
                                  count)
        tip = speaker.ngettext("Download these {count} game as {format}", "Download these {count} games as {format}",
                               count)
    label = ft.TextStyle(size=round(SIZES["label_large"] * scale, 1), weight=ft.FontWeight.W_600)  # theme.py's
    roomy = ft.Theme(filled_button_theme=ft.FilledButtonTheme(style=ft.ButtonStyle(
        text_style=label, padding=ft.Padding.only(left=16, right=24, top=GROWN_PADDING, bottom=GROWN_PADDING))))
    return ft.Container(theme=roomy, dark_theme=roomy, content=ft.Row([
        DownloadButton(button.format(count=speaker.number(count), format="JSON"),
                       lambda: downloads.games_json(shared.store, game=kind, player=player),
                       tooltip=tip.format(count=speaker.number(count), format="JSON"), filled=True),
        DownloadButton(button.format(count=speaker.number(count), format="CSV"),
                       lambda: downloads.games_csv(shared.store, game=kind, player=player),
                       tooltip=tip.format(count=speaker.number(count), format="CSV"), filled=True),
    ], wrap=True, spacing=8, run_spacing=8))


def Filter(options: list[tuple[str | None, str, str]], chosen, on_pick) -> ft.Control:
    """Chips, one for each (value, label, tooltip)."""
    return ft.Row([ft.Chip(label=ChipName(text), selected=value == chosen, tooltip=tip,
                           on_select=lambda _, v=value: on_pick(v)) for value, text, tip in options],
                  wrap=True, spacing=6, run_spacing=6)


@screen
def HistoryScreen(version: int):
    shared = ft.use_context(SharedContext)
    scale = ft.use_context(SessionContext).text_scale
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
    speaker = i18n.spoken()
    _ = speaker.gettext
    return ScreenView("/history", _("History"), [
        Filter([(None, _("all games"), _("Show games: all games")),
                *[(game, title, _("Show games: {game}").format(game=title))
                  for game, title in (("xylotar", "Xylotar"), ("xybrid", "XYbrid"))]], kind, set_kind),
        Filter([(None, _("everyone"), _("Show games of everyone")),
                *[(n, n, _("Show games of {name}").format(name=n)) for n in names]], player, set_player),
        *([Downloads(shared, kind, player, len(shown), scale)] if shown else []),
        *[GameLine(s, asking == s.id, set_asking, delete, sending if asking == s.id else writes.Sending(), key=s.id)
          for s in (shown if showing_all else shown[:FIRST_SHOWN])],
        *([BigButton(speaker.ngettext("Show all {count} game", "Show all {count} games", len(shown)).format(
            count=speaker.number(len(shown))), lambda: set_showing_all(True), filled=False,
                     icon=ft.Icons.EXPAND_MORE)] if len(shown) > FIRST_SHOWN and not showing_all else []),
        *([] if shown else [Txt(_("No games here yet."), color=ft.Colors.ON_SURFACE_VARIANT)]),
        Section(_("Statistics")),
        *charts,
        *[PlayerPanel(s, colours[name], lambda who: go(roster_actions.page_of(shared, who))) for name, s in sorted(stats.items(), key=lambda item: item[0].casefold())
          if player in (None, name)],
    ])
