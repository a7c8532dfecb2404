"""A score chart by round drawn with plain containers (Flet 1.0's charts are
a separate package): one group of bars per round, one bar per player. The
bars share the width the chart is given, so any number of players and
rounds fit (a tiebreak evening on the table display) without scrolling."""
from __future__ import annotations

import functools

import flet as ft

from .. import i18n
from ..web import leaves
from ..web.leaf_wire import send_together
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
    `bar`: the widest a bar is drawn, where there is room; `word`: "hand" or "round".
    Each round's bars are a leaf (views/web/leaves.py): a score draws the new round's,
    and the others take their new heights in place (the scale moves with the leader's total)."""
    width, set_width = ft.use_state(0.0)
    if not by_round:
        return ft.Container()
    rows = tuple(tuple(totals[name] for name in players) for totals in by_round)
    drawn, below = rounds_drawn(tuple(players), rows, height, word, i18n.spoken().code)
    thick, gap = sizes(width, len(players), len(by_round), bar)
    groups, batch = [], []
    for number, (label, bars) in enumerate(drawn, start=1):
        key = f"chart-{number}"
        held = leaves.cell(key, (label, bars, thick, below), told=True, batch=batch)
        groups.append(leaves.Leaf(held, leaves.shown(held), RoundBars, key=key))
    send_together(batch)
    chart = ft.Container(ft.Row(groups, spacing=gap, tight=True),
                         on_size_change=lambda e: set_width(e.width) if abs(e.width - width) >= 1 else None)
    # The legend is drawn once: a score changes the bars (their scale moves with the leader's total).
    return ft.Column([chart, Legend(tuple(players))], spacing=10,
                     horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


@functools.lru_cache(maxsize=64)  # the table's displays draw the same totals in the same words
def rounds_drawn(players: tuple[str, ...], rows: tuple[tuple[int, ...], ...], height: int, word: str,
                 language: str) -> tuple[tuple, bool]:
    """Each round's label and bars as `RoundBars` draws them, for the running totals `rows` (a row a
    round, a total a player) on a scale from the lowest to the highest; and whether a total is below 0."""
    speaker = i18n.speaker(language)
    values = [v for row in rows for v in row]
    top, bottom = max(max(values), 1), min(min(values), 0)
    span = top - bottom
    label, after = speaker.pgettext(CONTEXT[word], SHORT[word]), speaker.gettext(AFTER[word])
    drawn = []
    for number, row in enumerate(rows, start=1):
        bars = []
        for index, (name, value) in enumerate(zip(players, row)):
            up = max(value, 0) / span * height
            down = -min(value, 0) / span * height
            bars.append((player_colour(index), up, down, top / span * height - up, -bottom / span * height - down,
                         after.format(name=name, number=speaker.number(number), value=speaker.number(value))))
        drawn.append((label.format(number=number), tuple(bars)))
    return tuple(drawn), bool(bottom)


def corner(thick: int) -> int:
    """How round a bar's top corners are, for a bar `thick` wide."""
    return min(4, thick // 2)


def RoundBars(label: str, bars: tuple, thick: int, below: bool) -> ft.Control:
    """One round's group: a bar a player, (colour, height above the line, below it, the room above and
    below, its tooltip), `thick` wide (`below`: some total is negative), and the round under them."""
    radius = ft.BorderRadius.only(top_left=corner(thick), top_right=corner(thick))
    drawn = []
    for colour, up, down, room_above, room_below, tip in bars:
        above = ft.Container(height=max(up, 2), width=thick, bgcolor=colour, border_radius=radius)
        # The room above and below a bar is its padding (a new round draws its bars: the fewer
        # controls a bar, the less to build and compare); below the line only where a total is.
        drawn.append(ft.Container(
            above if not below else ft.Column([above, ft.Container(height=down, width=thick, bgcolor=colour,
                                                                   opacity=0.5)], spacing=0),
            padding=ft.Padding.only(top=room_above, bottom=room_below), tooltip=tip))
    return ft.Column([ft.Row(drawn, spacing=BAR_GAP, vertical_alignment=ft.CrossAxisAlignment.END),
                      Txt(label, S.LABEL_MEDIUM)],
                     horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=4)


@leaves.in_place(RoundBars)
def round_bars_in_place(old: tuple, new: tuple):
    """A round scored after this one: each bar's height, width, room and tooltip as the new scale says."""
    (label, bars, thick, below), (new_label, new_bars, new_thick, new_below) = old, new
    if (label != new_label or below != new_below or len(bars) != len(new_bars) or corner(thick) != corner(new_thick)
            or any(was[0] != now[0] for was, now in zip(bars, new_bars))):
        return None
    changes = []
    for i, (was, now) in enumerate(zip(bars, new_bars)):
        at = ("controls", 0, "controls", i)
        if was[3:5] != now[3:5]:
            changes.append((at, {"padding": ft.Padding.only(top=now[3], bottom=now[4])}))  # sent as drawn afresh
        if was[5] != now[5]:
            changes.append((at, {"tooltip": now[5]}))
        above = (*at, "content", "controls", 0) if below else (*at, "content")
        if max(was[1], 2) != max(now[1], 2) or thick != new_thick:
            changes.append((above, {"height": max(now[1], 2), "width": new_thick}))
        if below and (was[2] != now[2] or thick != new_thick):
            changes.append(((*at, "content", "controls", 1), {"height": now[2], "width": new_thick}))
    return changes


@ft.component
def LegendPart(players: tuple[str, ...]):
    return ft.Row([ft.Row([ft.Container(width=12, height=12, bgcolor=player_colour(i), border_radius=6),
                           Name(name, S.LABEL_LARGE)],  # a long name ends in "…" at the chart's width
                          spacing=4, tight=True) for i, name in enumerate(players)],
                  wrap=True, spacing=14)


Legend = ft.memo(LegendPart)
