"""What a stored game's row in History says, and what its downloads are
called: the date in words, the players with their totals, who won, and
file names in players' words. Never the game's internal id."""
from __future__ import annotations

import re
import unicodedata
from datetime import date, datetime, timezone

from companion.games import find_game
from companion.outcome import join_names

from .logic import ranked

DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
LONGEST_FILE_NAME = 80  # characters before the extension: five 40-character names would not fit a folder


def local(moment: str) -> datetime:
    """A stored time (ISO 8601; one without a zone is UTC) in the host's own time zone."""
    when = datetime.fromisoformat(moment)
    return (when if when.tzinfo else when.replace(tzinfo=timezone.utc)).astimezone()


def day_said(day: date) -> str:
    """'Tue 1 Dec 2026', whatever the machine's language."""
    return f"{DAYS[day.weekday()]} {day.day} {MONTHS[day.month - 1]} {day.year}"


def when_said(started_at: str) -> str:
    """When a game started, as its row shows it: 'Tue 1 Dec 2026, 21:30'."""
    when = local(started_at)
    return f"{day_said(when)}, {when:%H:%M}"


def title(summary) -> str:
    """'Xylotar, 4 players'."""
    return f"{find_game(summary.game).name}, {len(summary.players)} players"


def scores_line(summary) -> str:
    """Each player's total, best first: 'Ann 42 · Bob 38 · Cat 30'."""
    totals = dict(zip(summary.players, summary.totals))
    if len(totals) != len(summary.players):  # a summary without totals: the players alone
        return join_names(summary.players)
    return " · ".join(f"{name} {total}" for _, name, total in ranked(summary.players, totals, summary.winners))


def state_line(summary) -> str:
    """'Ann won', 'Ann and Bob shared the win', 'not finished: after hand 5',
    'tied after hand 10: one more hand to play'."""
    word = find_game(summary.game).round_word
    played = summary.rounds_played
    if summary.status == "finished":
        if len(summary.winners) > 1:
            return f"{join_names(summary.winners)} shared the win"
        return f"{join_names(summary.winners)} won"
    if summary.status == "tiebreak_round_needed":
        return f"tied after {word} {played}: one more {word} to play"
    return f"not finished: after {word} {played}" if played else f"not finished: no {word} played yet"


def said(summary) -> str:
    """The row for a screen reader and the tooltips, telling rows apart
    without an id: 'Xylotar game of Tue 1 Dec 2026, 21:30: Ann, Bob and Cat'."""
    return f"{find_game(summary.game).name} game of {when_said(summary.started_at)}: {join_names(summary.players)}"


def _slug(text: str) -> str:
    """'Zoë O'Neil' -> 'zoe-o-neil': letters and digits (accents dropped), the rest a dash."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return re.sub(r"[\W_]+", "-", plain.casefold()).strip("-")


def _named(parts: list[str], extension: str) -> str:
    stem = "-".join(part for part in (_slug(p) for p in parts) if part)
    if len(stem) > LONGEST_FILE_NAME:
        stem = stem[:LONGEST_FILE_NAME].rstrip("-")
    return f"{stem or 'xy-score'}.{extension}"


def file_name(game: str, started_at: str, players, extension: str) -> str:
    """One game's download: 'xylotar-2026-12-01-ann-bob-cat.json'."""
    return _named([game, f"{local(started_at):%Y-%m-%d}", *players], extension)


def all_file_name(today: date, extension: str, *, game: str | None = None, player: str | None = None) -> str:
    """Many games' download, named by the filter shown: 'xy-score-games-2026-12-01.csv',
    'xy-score-xylotar-games-of-ann-2026-12-01.json'."""
    return _named(["xy-score", game or "", "games", *(["of", player] if player else []), f"{today:%Y-%m-%d}"],
                  extension)
