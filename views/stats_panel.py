"""Statistics with charts: wins per player, bids met by bid size, infamy by
round. Numbers come from companion.stats; this only draws them."""
from __future__ import annotations

import flet as ft

from companion.stats import PlayerStats, Tally, format_player_stats

from .parts.chart import player_colour
from .parts.widgets import S, Panel, Txt


def Bar(label: str, fraction: float, text: str, colour: str) -> ft.Control:
    """One labelled horizontal bar; `fraction` of the full width, 0 to 1."""
    filled = round(max(0.0, min(fraction, 1.0)) * 100)
    parts = [ft.Container(bgcolor=colour, border_radius=6, expand=filled)] if filled else []
    parts += [ft.Container(expand=100 - filled)] if filled < 100 else []
    return ft.Row([
        ft.Container(Txt(label, S.LABEL_LARGE), width=78),
        ft.Container(ft.Row(parts, spacing=0),
                     height=18, expand=True, bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST, border_radius=6),
        ft.Container(Txt(text, S.LABEL_LARGE, align=ft.TextAlign.RIGHT), width=72),
    ], spacing=8, tooltip=f"{label}: {text}")


def _rate(tally: Tally) -> str:
    return f"{tally.hits} of {tally.tries}"


def WinsChart(stats: dict[str, PlayerStats], game: str) -> ft.Control | None:
    """Games won of games finished, per player, for `game`."""
    rows = []
    for index, (name, player) in enumerate(sorted(stats.items(), key=lambda item: item[0].casefold())):
        results = getattr(player, game).results
        if results.played:
            rows.append(Bar(name, results.won / results.played, f"{results.won} of {results.played}",
                            player_colour(index)))
    if not rows:
        return None
    title = {"xylotar": "Xylotar games won", "xybrid": "XYbrid games won"}[game]
    return Panel([Txt(title, S.TITLE_MEDIUM, weight=ft.FontWeight.W_600), *rows], spacing=8)


def PlayerPanel(player: PlayerStats, colour: str) -> ft.Control:
    """One player's numbers in words, with their bids met by bid size drawn."""
    lines = format_player_stats(player).splitlines()
    controls: list[ft.Control] = [Txt(lines[0], S.TITLE_MEDIUM, weight=ft.FontWeight.W_600)]
    controls += [Txt(line.strip(), S.BODY_MEDIUM, weight=None if line.startswith("  ") else ft.FontWeight.W_600)
                 for line in lines[1:] if not line.strip().startswith("by bid:")]
    by_size = player.xylotar.bids_by_size
    if by_size:
        controls.append(Txt("Bids met, by bid", S.LABEL_LARGE, color=ft.Colors.ON_SURFACE_VARIANT))
        for bid, tally in sorted(by_size.items(), key=lambda item: (item[0] is None, item[0] or 0)):
            label = "no bid" if bid is None else f"bid {bid}"
            controls.append(Bar(label, tally.rate or 0.0, _rate(tally), colour))
    infamy = player.xybrid.infamy_by_round
    if infamy:
        top = max(max(infamy.values()), 1)
        controls.append(Txt("Average infamy, by round", S.LABEL_LARGE, color=ft.Colors.ON_SURFACE_VARIANT))
        controls += [Bar(f"round {n}", value / top, f"{value:.1f}", colour) for n, value in sorted(infamy.items())]
    return Panel(controls, spacing=6)
