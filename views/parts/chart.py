"""A score chart by round drawn with plain containers (Flet 1.0's charts are
a separate package): one group of bars per round, one bar per player. The
bars share the width the chart is given, so any number of players and
rounds fit (a tiebreak evening on the table display) without scrolling."""
from __future__ import annotations

import flet as ft

from .. import i18n
from ..i18n import NC_, N_
from .names import Name
from .widgets import S, Txt

PALETTE = ("#2E7D6B", "#C2185B", "#F29E0C", "#3F6FD8", "#7E57C2")
GAP, BAR_GAP, THINNEST = 22, 3, 3  # between rounds, between bars; the thinnest bar drawn
# Under each group, its round in short ("H2" for hand 2, "R2" for round 2); a bar's tooltip, by the game's word.
SHORT = {"hand": NC_("hand, short", "H{number}"), "round": NC_("round, short", "R{number}")}
CONTEXT = {"hand": "hand, short", "round": "round, short"}
AFTER = {"hand": N_("{name} after hand {number}: {value}"), "round": N_("{name} after round {number}: {value}")}


def player_colour(index: int) -> str:
    return PALETTE[index % len(PALETTE)]


def sizes(width: float, players: int, rounds: int, widest: int) -> tuple[int, int]:
    """The bar width and the gap between rounds that fit `rounds` groups of
    `players` bars in `width` pixels (0: not measured yet, the widest bars),
    bars never wider than `widest` nor thinner than THINNEST."""
    if not width or not players or not rounds:
        return widest, GAP
    gap = min(GAP, max(6, int(width / rounds / 5)))
    bar = int((width - gap * (rounds - 1)) / rounds / players - BAR_GAP)
    return max(THINNEST, min(widest, bar)), gap


@ft.component
def ScoreChart(players: tuple[str, ...], by_round: list[dict[str, int]], *, height: int = 150,
               word: str = "hand", bar: int = 14) -> ft.Control:
    """Running totals after each round; negative totals hang below the line.
    `bar`: the widest a bar is drawn, where there is room; `word`: "hand" or "round"."""
    width, set_width = ft.use_state(0.0)
    speaker = i18n.spoken()
    if not by_round:
        return ft.Container()
    values = [v for totals in by_round for v in totals.values()]
    top, bottom = max(max(values), 1), min(min(values), 0)
    span = top - bottom
    thick, gap = sizes(width, len(players), len(by_round), bar)
    groups = []
    for number, totals in enumerate(by_round, start=1):
        bars = []
        for index, name in enumerate(players):
            value = totals[name]
            up = max(value, 0) / span * height
            down = -min(value, 0) / span * height
            above = ft.Container(height=max(up, 2), width=thick, bgcolor=player_colour(index),
                                 border_radius=ft.BorderRadius.only(top_left=min(4, thick // 2),
                                                                    top_right=min(4, thick // 2)))
            # The room above and below a bar is its padding (a score draws every bar again: the fewer
            # controls a bar, the less to build and compare); below the line only where a total is.
            bars.append(ft.Container(
                above if not bottom else ft.Column([above, ft.Container(height=down, width=thick,
                                                                        bgcolor=player_colour(index), opacity=0.5)],
                                                   spacing=0),
                padding=ft.Padding.only(top=top / span * height - up, bottom=-bottom / span * height - down),
                tooltip=speaker.gettext(AFTER[word]).format(name=name, number=speaker.number(number),
                                                            value=speaker.number(value))))
        groups.append(ft.Column([ft.Row(bars, spacing=BAR_GAP, vertical_alignment=ft.CrossAxisAlignment.END),
                                 Txt(speaker.pgettext(CONTEXT[word], SHORT[word]).format(number=number),
                                     S.LABEL_MEDIUM)],
                                horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=4))
    chart = ft.Container(ft.Row(groups, spacing=gap, tight=True),
                         on_size_change=lambda e: set_width(e.width) if abs(e.width - width) >= 1 else None)
    # The legend is drawn once: a score changes the bars (their scale moves with the leader's total).
    return ft.Column([chart, Legend(tuple(players))], spacing=10,
                     horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


@ft.component
def LegendPart(players: tuple[str, ...]):
    return ft.Row([ft.Row([ft.Container(width=12, height=12, bgcolor=player_colour(i), border_radius=6),
                           Name(name, S.LABEL_LARGE)],  # a long name ends in "…" at the chart's width
                          spacing=4, tight=True) for i, name in enumerate(players)],
                  wrap=True, spacing=14)


Legend = ft.memo(LegendPart)
