"""The results picture of a finished game, drawn on the host with Pillow:
a PNG to post in a group chat, 1080 x 1350 (a phone's portrait picture).

At its top the game, the day and who won; then the final standings (rank,
each player's colour, name, total), the winner's row in their colour; then
the running totals by round as a line per player, in the colours the app's
chart gives each seat (players level on a total drawn side by side, never
one line under another). Text is drawn with Roboto, the font Flet's web client
ships (Latin, Greek, Cyrillic, Vietnamese), and the app's own CJK fallback
font for Chinese, Japanese and Korean names (assets/fonts); a name too long
for its row ends in an ellipsis."""
from __future__ import annotations

import functools
import io
import pathlib

import flet_web
from PIL import Image, ImageDraw, ImageFont

from .. import i18n
from ..shown import game_rows, logic, spoken

WIDTH, HEIGHT = 1080, 1350
MARGIN = 60
ROBOTO = pathlib.Path(flet_web.__file__).resolve().parent / "web" / "assets" / "fonts" / "roboto.woff2"
CJK = pathlib.Path(__file__).resolve().parents[2] / "assets" / "fonts" / "DroidSansFallback-CJK.woff2"
INK, MUTED, PAPER, RULE, HEAD = "#1C2321", "#5B6664", "#FFFFFF", "#DCE3E1", "#EEF4F2"
ELLIPSIS = "…"
STANDINGS_TOP = 290
BAND = (MARGIN - 20, MARGIN - 6)  # from x to x: the winner's band at the left of their row


def row_height(players: int) -> int:
    return min(110, 500 // players)


@functools.lru_cache(maxsize=None)
def _font(path: pathlib.Path, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(path), size)


@functools.lru_cache(maxsize=4096)
def _has(path: pathlib.Path, char: str) -> bool:
    """Does the font at `path` draw `char` (not its empty-box glyph)?"""
    font = _font(path, 24)
    return char.isspace() or bytes(font.getmask(char)) != bytes(font.getmask("\U000F0000"))


def _runs(text: str, size: int) -> list[tuple[str, ImageFont.FreeTypeFont]]:
    """`text` cut into pieces each drawn by one font: Roboto, else the CJK font
    for what it lacks; a character neither has (an emoji) is left out, unless
    nothing would be left."""
    runs: list[tuple[str, ImageFont.FreeTypeFont]] = []
    for char in text:
        path = ROBOTO if _has(ROBOTO, char) else CJK if _has(CJK, char) else None
        if path is None:
            continue
        font = _font(path, size)
        if runs and runs[-1][1] is font:
            runs[-1] = (runs[-1][0] + char, font)
        else:
            runs.append((char, font))
    return runs or [(text, _font(ROBOTO, size))]


def _width(text: str, size: int) -> float:
    return sum(font.getlength(piece) for piece, font in _runs(text, size))


def fitted(text: str, size: int, room: float) -> str:
    """`text` whole if it fits `room` pixels at `size`, else cut to fit with an ellipsis."""
    if _width(text, size) <= room:
        return text
    for end in range(len(text) - 1, 0, -1):
        cut = text[:end].rstrip() + ELLIPSIS
        if _width(cut, size) <= room:
            return cut
    return ELLIPSIS


def _text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, fill: str, *,
          bold: bool = False, right: bool = False) -> None:
    """Draw `text` with its top-left (or top-right) at `xy`; `bold` thickens Roboto's strokes."""
    x, y = xy
    if right:
        x -= _width(text, size)
    for piece, font in _runs(text, size):
        draw.text((x, y), piece, font=font, fill=fill, stroke_width=max(1, size // 40) if bold else 0,
                  stroke_fill=fill)
        x += font.getlength(piece)


def _tint(colour: str, amount: float) -> tuple[int, int, int]:
    """`colour` mixed with white: `amount` 0 is white, 1 the colour."""
    rgb = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    return tuple(round(255 - (255 - c) * amount) for c in rgb)


def results_png(game, started_at: str, colours) -> bytes:
    """The picture of a finished `game` (started at `started_at`), each player
    drawn in `colours[seat index]`."""
    picture = Image.new("RGB", (WIDTH, HEIGHT), PAPER)
    draw = ImageDraw.Draw(picture)
    colour = {name: colours[index % len(colours)] for index, name in enumerate(game.players)}
    winners = game.outcome().winners
    # The top: the game, the day, who won.
    draw.rectangle((0, 0, WIDTH, 250), fill=HEAD)
    _text(draw, (MARGIN, 44), fitted(logic.game_title(game), 60, WIDTH - 2 * MARGIN), 60, INK, bold=True)
    _text(draw, (MARGIN, 124), game_rows.day_said(game_rows.local(started_at)), 34, MUTED)
    won = game_rows.state_line(_Said(game))
    _text(draw, (MARGIN, 174), fitted(won, 44, WIDTH - 2 * MARGIN), 44, colour[winners[0]] if winners else INK,
          bold=True)
    # The standings.
    rows = logic.standings(game)
    top, tall = STANDINGS_TOP, row_height(len(rows))
    size = min(46, tall * 2 // 5)
    for index, (rank, name, total) in enumerate(rows):
        y = top + index * tall
        middle = y + tall / 2
        if name in winners:
            draw.rounded_rectangle((BAND[0], y + 4, WIDTH - MARGIN + 20, y + tall - 4), radius=18,
                                   fill=_tint(colour[name], 0.18))
            draw.rounded_rectangle((BAND[0], y + 4, BAND[1], y + tall - 4), radius=7, fill=colour[name])
        _text(draw, (MARGIN + 10, middle - size * 0.6), str(rank), size, INK, bold=True)
        dot = size * 0.42
        draw.ellipse((MARGIN + 90 - dot, middle - dot, MARGIN + 90 + dot, middle + dot), fill=colour[name])
        score = total_said(game, total) if index == 0 else str(total)
        _text(draw, (WIDTH - MARGIN, middle - size * 0.6), score, size, INK, bold=True, right=True)
        room = WIDTH - MARGIN - _width(score, size) - 40 - (MARGIN + 130)
        _text(draw, (MARGIN + 130, middle - size * 0.6), fitted(name, size, room), size, INK,
              bold=name in winners)
    chart_top = max(top + len(rows) * tall + 120, 600)  # fewer players: a taller chart
    _chart(draw, game, colour, (MARGIN, chart_top, WIDTH - MARGIN, HEIGHT - 120))
    _text(draw, (WIDTH - MARGIN, HEIGHT - 50), "XY Score", 28, MUTED, right=True)
    out = io.BytesIO()
    picture.save(out, format="PNG")
    return out.getvalue()


def total_said(game, total: int, speaker: i18n.Speaker | None = None) -> str:
    """The winner's total with its unit, in the session's language: '52 points', '52 Punkte', '7 Infamie'
    (English as it always was)."""
    speaker = speaker or i18n.spoken()
    if speaker.code == i18n.ENGLISH:
        return f"{total} {game.unit}"
    return spoken.amount(total, game.unit, speaker)  # the standings' own words for it


def chart_title(game, speaker: i18n.Speaker | None = None) -> str:
    """The chart's title: 'Totals by hand' (Xylotar), 'Totals by round' (XYbrid)."""
    speaker = speaker or i18n.spoken()
    if game.round_word == "hand":
        return speaker.gettext("Totals by hand")
    if game.round_word == "round":
        return speaker.gettext("Totals by round")
    return f"Totals by {game.round_word}"


class _Said:
    """What game_rows.state_line reads of a game's summary, from the game itself."""

    def __init__(self, game) -> None:
        outcome = game.outcome()
        self.game, self.status, self.winners = game.game, outcome.status.value, outcome.winners
        self.rounds_played = len(game.scored())


def _chart(draw: ImageDraw.ImageDraw, game, colour: dict, box: tuple[int, int, int, int]) -> None:
    """Each player's running total after each round, from 0 before the first, as a line."""
    left, top, right, bottom = box
    by_round = logic.running_totals(game)
    _text(draw, (left, top - 56), chart_title(game), 34, MUTED, bold=True)
    values = [0] + [v for totals in by_round for v in totals.values()]
    high, low = max(values), min(values)
    span = max(high - low, 1)
    axis = left + 70
    def y_of(value: float) -> float:
        return bottom - (value - low) / span * (bottom - top)

    def x_of(number: int) -> float:
        return axis + number / max(len(by_round), 1) * (right - axis - 20)

    steps = _ticks(low, high)
    for value in steps:
        draw.line((axis, y_of(value), right, y_of(value)), fill=RULE, width=2 if value else 3)
        _text(draw, (axis - 14, y_of(value) - 16), str(value), 26, MUTED, right=True)
    for number in range(1, len(by_round) + 1):
        _text(draw, (x_of(number) - _width(str(number), 26) / 2, bottom + 14), str(number), 26, MUTED)
    shift = _level_shifts(game.players, [{name: 0 for name in game.players}, *by_round])
    for name in game.players:
        points = [(x_of(n), y_of(t[name]) + shift[n][name])
                  for n, t in enumerate([{name: 0}, *by_round])]
        draw.line(points, fill=colour[name], width=7, joint="curve")
        for x, y in points[1:]:
            draw.ellipse((x - 9, y - 9, x + 9, y + 9), fill=colour[name])


LEVEL_GAP = 9  # px between two lines at the same total: a 7-px line each, both seen


def _level_shifts(players, by_round: list[dict]) -> list[dict]:
    """For each round, how far up or down each player's point is drawn: players
    level on a total are spread around it, LEVEL_GAP apart in seat order, so no
    line hides under another; a player alone on a total is drawn on it."""
    shifts = []
    for totals in by_round:
        level: dict[int, list[str]] = {}
        for name in players:
            level.setdefault(totals[name], []).append(name)
        shifts.append({name: (names.index(name) - (len(names) - 1) / 2) * LEVEL_GAP
                       for names in level.values() for name in names})
    return shifts


def _ticks(low: int, high: int) -> list[int]:
    """A few round values from `low` to `high` for the chart's lines (0 among them)."""
    span = max(high - low, 1)
    step = next(s for s in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 10 ** 6) if span / s <= 6)
    first = -(-low // step) * step
    return list(range(first, high + 1, step))
