"""What a stored game's row in History says, and what its downloads are
called: the date in words, the players with their totals, who won, and
file names in players' words. Never the game's internal id."""
from __future__ import annotations

import re
import unicodedata
from datetime import date, datetime, timezone

from companion.games import find_game

from .. import i18n
from ..i18n import NC_
from .logic import ranked

DAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
# TRANSLATORS: a day as a History row writes it, a CLDR date pattern (English: 'Tue 1 Dec 2026'); German
# 'EEE, d. MMM y' ('Di., 1. Dez. 2026').
DAY_PATTERN = NC_("date pattern", "EEE d MMM y")
LONGEST_FILE_NAME = 80  # characters before the extension: five 40-character names would not fit a folder


def local(moment: str) -> datetime:
    """A stored time (ISO 8601; one without a zone is UTC) in the host's own time zone."""
    when = datetime.fromisoformat(moment)
    return (when if when.tzinfo else when.replace(tzinfo=timezone.utc)).astimezone()


def day_said(day: date) -> str:
    """'Tue 1 Dec 2026', whatever the machine's language; in the session's ('Di., 1. Dez. 2026')."""
    s = i18n.spoken()
    if s.code in (i18n.ENGLISH, i18n.PSEUDO):
        return f"{DAYS[day.weekday()]} {day.day} {MONTHS[day.month - 1]} {day.year}"
    return s.date(day, s.pgettext("date pattern", DAY_PATTERN))


def when_said(started_at: str) -> str:
    """When a game started, as its row shows it: 'Tue 1 Dec 2026, 21:30'."""
    when = local(started_at)
    return i18n.spoken().gettext("{day}, {time}").format(day=day_said(when), time=f"{when:%H:%M}")


def title(summary) -> str:
    """'Xylotar, 4 players'."""
    count = len(summary.players)
    return i18n.spoken().ngettext("{game}, {count} players", "{game}, {count} players", count).format(
        game=find_game(summary.game).name, count=count)


def scores_line(summary) -> str:
    """Each player's total, best first: 'Ann 42 · Bob 38 · Cat 30'."""
    totals = dict(zip(summary.players, summary.totals))
    if len(totals) != len(summary.players):  # a summary without totals: the players alone
        return i18n.spoken().names(list(summary.players))
    return " · ".join(f"{name} {total}" for _, name, total in ranked(summary.players, totals, summary.winners))


def state_line(summary) -> str:
    """'Ann won', 'Ann and Bob shared the win', 'not finished: after hand 5',
    'tied after hand 10: one more hand to play'."""
    s = i18n.spoken()
    hands = find_game(summary.game).round_word == "hand"
    played = summary.rounds_played
    if summary.status == "finished":
        winners = s.names(list(summary.winners))
        if len(summary.winners) > 1:
            return s.gettext("{winners} shared the win").format(winners=winners)
        return s.gettext("{winner} won").format(winner=winners)
    if summary.status == "tiebreak_round_needed":
        text = (s.gettext("tied after hand {number}: one more hand to play") if hands else
                s.gettext("tied after round {number}: one more round to play"))
    elif played:
        text = s.gettext("not finished: after hand {number}") if hands else s.gettext("not finished: after round {number}")
    else:
        text = s.gettext("not finished: no hand played yet") if hands else s.gettext("not finished: no round played yet")
    return text.format(number=played)


def said(summary) -> str:
    """The row for a screen reader and the tooltips, telling rows apart
    without an id: 'Xylotar game of Tue 1 Dec 2026, 21:30: Ann, Bob and Cat'."""
    return i18n.spoken().gettext("{game} game of {when}: {players}").format(
        game=find_game(summary.game).name, when=when_said(summary.started_at),
        players=i18n.spoken().names(list(summary.players)))


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
