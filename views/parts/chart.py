"""A score chart by round drawn with plain containers (Flet 1.0's charts are
a separate package): one group of bars per round, one bar per player."""
from __future__ import annotations

import flet as ft

from .widgets import S, Txt

PALETTE = ("#2E7D6B", "#C2185B", "#F29E0C", "#3F6FD8", "#7E57C2")


def player_colour(index: int) -> str:
    return PALETTE[index % len(PALETTE)]


def ScoreChart(players: tuple[str, ...], by_round: list[dict[str, int]], *, height: int = 150,
               word: str = "hand", bar: int = 14) -> ft.Control:
    """Running totals after each round; negative totals hang below the line."""
    if not by_round:
        return ft.Container()
    values = [v for totals in by_round for v in totals.values()]
    top, bottom = max(max(values), 1), min(min(values), 0)
    span = top - bottom
    groups = []
    for number, totals in enumerate(by_round, start=1):
        bars = []
        for index, name in enumerate(players):
            value = totals[name]
            up = max(value, 0) / span * height
            down = -min(value, 0) / span * height
            bars.append(ft.Column([
                ft.Container(height=top / span * height - up),
                ft.Container(height=max(up, 2), width=bar, bgcolor=player_colour(index),
                             border_radius=ft.BorderRadius.only(top_left=4, top_right=4)),
                ft.Container(height=down, width=bar, bgcolor=player_colour(index), opacity=0.5),
                ft.Container(height=-bottom / span * height - down),
            ], spacing=0, tooltip=f"{name} after {word} {number}: {value}"))
        groups.append(ft.Column([ft.Row(bars, spacing=3, vertical_alignment=ft.CrossAxisAlignment.END),
                                 Txt(f"{word[0].upper()}{number}", S.LABEL_MEDIUM)],
                                horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=4))
    legend = ft.Row([ft.Row([ft.Container(width=12, height=12, bgcolor=player_colour(i), border_radius=6),
                             Txt(name, S.LABEL_LARGE)], spacing=4, tight=True) for i, name in enumerate(players)],
                    wrap=True, spacing=14)
    return ft.Column([ft.Row(groups, spacing=22, scroll=ft.ScrollMode.AUTO), legend], spacing=10)
