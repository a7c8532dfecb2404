"""A player's page's charts, drawn with flet-charts (its Dart side is in
Flet's web client): the final totals game by game as a line, and bars by
bid or by round. Each chart says what it shows to a screen reader (its
semantics label) and on each point or bar (a tooltip); the words come from
views/shown/stats_words.py, the colours from views/parts/chart.py."""
from __future__ import annotations

import flet as ft
import flet_charts as fch
from babel.numbers import format_percent

from companion.stats import GameResults

from .. import i18n
from ..shown import stats_words as words
from .widgets import S, Panel, Txt

HEIGHT = 190
AXIS = 54  # room for the left axis' numbers ('100%'), at 145% text too


def _floor() -> ft.Border:
    """The line under the bars and the points, at the lowest value shown."""
    return ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE))


def _axis_label(value: int | float, text: str) -> fch.ChartAxisLabel:
    return fch.ChartAxisLabel(value=value, label=Txt(text, S.LABEL_MEDIUM, color=ft.Colors.ON_SURFACE_VARIANT))


def _said(chart: ft.Control, label: str) -> ft.Control:
    """The chart as one node for a screen reader (and a test), saying what it shows."""
    return ft.Semantics(content=ft.Container(chart, height=HEIGHT, padding=ft.Padding.only(top=10, right=12)),
                        label=label, container=True, image=True, exclude_semantics=True)


def _step(span: float) -> int:
    """A round step between the left axis' numbers: about four of them."""
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if span / step <= 4:
            return step
    return 1000


def TotalsChart(results: GameResults, game: str, colour: str) -> ft.Control | None:
    """The final totals of the latest games, oldest first, one point a game; a
    won game's point drawn larger and ringed. None before any finished game."""
    points = words.totals_points(results, game)
    if not points:
        return None
    speaker = i18n.spoken()
    wins = {p.x for p, finish in zip(points, results.finishes[-len(points):]) if finish.won}
    totals = [p.total for p in points]
    low, high = min(min(totals), 0), max(max(totals), 1)
    step = _step(high - low)
    low, high = (low // step) * step, -(-high // step) * step
    line = fch.LineChartData(
        color=colour, stroke_width=3, rounded_stroke_cap=True,
        points=[fch.LineChartDataPoint(
            p.x, p.total, tooltip=p.said,
            point=fch.ChartCirclePoint(radius=6 if p.x in wins else 3.5, color=colour,
                                       stroke_color=ft.Colors.SURFACE if p.x in wins else None,
                                       stroke_width=2 if p.x in wins else 0)) for p in points])
    chart = fch.LineChart(
        data_series=[line], min_x=0.5, max_x=len(points) + 0.5, min_y=low, max_y=high, border=_floor(),
        horizontal_grid_lines=fch.ChartGridLines(interval=step, color=ft.Colors.OUTLINE_VARIANT, width=1),
        left_axis=fch.ChartAxis(label_size=AXIS, labels=[_axis_label(v, speaker.number(v))
                                                        for v in range(low, high + 1, step)]),
        bottom_axis=fch.ChartAxis(show_labels=False, label_size=8),
        tooltip=fch.LineChartTooltip(max_width=220, fit_inside_horizontally=True, fit_inside_vertically=True),
        animation=ft.Animation(duration=ft.Duration(milliseconds=0)))
    return Panel([Txt(words.totals_title(results), S.TITLE_SMALL, weight=ft.FontWeight.W_600),
                  _said(chart, words.chart_said(results, game)),
                  Txt(speaker.gettext(words.TOTALS_KEY), S.BODY_SMALL, color=ft.Colors.ON_SURFACE_VARIANT)], spacing=8)


def BarsChart(title: str, bars: list[tuple[str, float, str]], colour: str, *, top: float | None = None,
              percent: bool = False) -> ft.Control | None:
    """Upright bars, one a (label under it, value, what its tooltip says);
    `top`: the value of a full bar (the largest, else); `percent`: the
    values are fractions, the left axis says 0% to 100%. `title` is said
    in the session's language (a title marked for the catalogs, or one
    already said)."""
    if not bars:
        return None
    speaker = i18n.spoken()
    title = speaker.gettext(title)
    if top is None:
        most = max(max(value for _, value, _ in bars), 1)
        step = _step(most) / 2 if most > 2 else 0.5
        top = -(-most // step) * step  # rounded up to a half step: the middle line is a round number too
    high = top
    width = max(8, min(28, 220 // len(bars)))
    chart = fch.BarChart(
        groups=[fch.BarChartGroup(x=i, rods=[fch.BarChartRod(
            from_y=0, to_y=value, width=width, color=colour, tooltip=said,
            border_radius=ft.BorderRadius.only(top_left=4, top_right=4),
            bg_to_y=high, bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST)]) for i, (_, value, said) in enumerate(bars)],
        min_y=0, max_y=high, border=_floor(),
        left_axis=fch.ChartAxis(label_size=AXIS, labels=[
            _axis_label(high * q, format_percent(q, locale=speaker.locale) if percent else speaker.number(high * q))
            for q in (0, 0.5, 1)]),
        bottom_axis=fch.ChartAxis(label_size=28, labels=[_axis_label(i, label) for i, (label, _, _) in enumerate(bars)]),
        horizontal_grid_lines=fch.ChartGridLines(interval=high / 2, color=ft.Colors.OUTLINE_VARIANT, width=1),
        tooltip=fch.BarChartTooltip(max_width=220, fit_inside_horizontally=True, fit_inside_vertically=True),
        animation=ft.Animation(duration=ft.Duration(milliseconds=0)))
    said = speaker.gettext("{title}: {bars}").format(title=title, bars="; ".join(text for _, _, text in bars))
    return Panel([Txt(title, S.TITLE_SMALL, weight=ft.FontWeight.W_600), _said(chart, said)], spacing=8)
