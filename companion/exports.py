"""Exports of stored games: a CSV of rounds for spreadsheets, and the link
that pushes a finished game to the BG Stats app.

BG Stats takes a play as URL-encoded JSON in the `data` parameter of
`https://app.bgstatsapp.com/createPlay.html` (its "push plays from other
apps" format): `sourceName`, `sourcePlayId`, `playDate` (UTC,
`yyyy-MM-dd HH:mm:ss`), `durationMin`, `game` (`name`, `sourceGameId`,
`bggId` as a number, `highestWins`, `noPoints`) and `players` (`name`,
`sourcePlayerId`, `score`, `winner`, `startPlayer`). Opening the link on a
device with BG Stats shows its import screen; nothing is sent anywhere else.
"""
from __future__ import annotations

import csv
import json
from datetime import datetime, timezone
from typing import Iterable, TextIO
from urllib.parse import quote

from .outcome import Status
from .services import StoredGame
from .stats import collector_paused
from .xybrid import Xybrid
from .xylotar import Xylotar

ROUND_COLUMNS = ("game_id", "date", "game", "round", "player", "seat", "bid", "tricks", "bonus_beat",
                 "off_key_won", "parts", "hand", "adjustments", "round_score", "running_total")
BG_STATS_URL = "https://app.bgstatsapp.com/createPlay.html"
SOURCE_NAME = "XY Score"
# BoardGameGeek ids. Xylotar's is on its rulebook page; XYbrid's could not be
# confirmed, so its plays go without one and BG Stats asks which game it is.
BGG_IDS = {"xylotar": 414302}
GAME_NAMES = {"xylotar": "Xylotar", "xybrid": "XYbrid"}
# A spreadsheet runs a cell starting with one of these as a formula.
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _text(value: str) -> str:
    """A player-typed text cell that a spreadsheet will show, never run."""
    return "'" + value if value.startswith(_FORMULA_STARTS) else value


def round_rows(stored: StoredGame) -> list[dict]:
    """One row per player per round entered (tiebreak hands included), seats
    clockwise from 1; Xylotar rows leave the XYbrid columns empty and the
    other way round. `adjustments` is the round's signed sum."""
    game = stored.game
    common = {"game_id": stored.id, "date": stored.started_at[:10], "game": GAME_NAMES[game.game]}
    rows = []
    if isinstance(game, Xylotar):
        for hand, result in zip(game.hands, game.results()):
            for seat, name in enumerate(game.players, start=1):
                entry = hand.results[name]
                rows.append({**common, "round": result.number, "player": _text(name), "seat": seat,
                             "bid": "" if entry.bid is None else entry.bid, "tricks": entry.tricks,
                             "bonus_beat": entry.bonus_beat or "", "off_key_won": entry.off_key_won,
                             "parts": "", "hand": "", "adjustments": "",
                             "round_score": result.scores[name].total, "running_total": result.totals[name]})
    else:
        for number, (entered, totals) in enumerate(zip(game.rounds, game.totals_by_round()), start=1):
            for seat, name in enumerate(game.players, start=1):
                entry = entered.results[name]
                rows.append({**common, "round": number, "player": _text(name), "seat": seat,
                             "bid": "", "tricks": "", "bonus_beat": "", "off_key_won": "",
                             "parts": " ".join(str(part.value) for part in entry.parts), "hand": entry.hand,
                             "adjustments": sum(entry.adjustments),
                             "round_score": entry.infamy, "running_total": totals[name]})
    return rows


def write_rounds_csv(games: Iterable[StoredGame], out: TextIO) -> int:
    """Write the rounds of `games` as CSV (header `ROUND_COLUMNS`) to `out`,
    oldest game first; returns the number of rows written. Open `out` with
    `newline=""`, as the csv module asks."""
    writer = csv.writer(out)
    writer.writerow(ROUND_COLUMNS)
    count = 0
    with collector_paused():
        for stored in sorted(games, key=lambda s: (s.started_at, s.id)):
            rows = round_rows(stored)
            writer.writerows(row.values() for row in rows)  # each row's keys are in ROUND_COLUMNS order
            count += len(rows)
    return count


def _utc(moment: str) -> datetime:
    when = datetime.fromisoformat(moment)
    return (when if when.tzinfo else when.replace(tzinfo=timezone.utc)).astimezone(timezone.utc)


def _start_player(game: Xylotar | Xybrid) -> str | None:
    """Who played first: X6's hand-1 leader; in XYbrid the drawn round-1 starter, if recorded."""
    if isinstance(game, Xylotar):
        return game.first_leader()
    return game.rounds[0].first_player if game.rounds else None


def bg_stats_play(stored: StoredGame) -> dict:
    """The BG Stats play for a finished game. The duration runs from the
    start to when its last round was entered (left out without a history).
    Raises ValueError for a game that is not finished."""
    game = stored.game
    outcome = game.outcome()
    if outcome.status is not Status.FINISHED:
        raise ValueError(f"game {stored.id} is not finished ({outcome.explanation}); "
                         f"only a finished game can go to BG Stats")
    started = _utc(stored.started_at)
    totals = game.totals()
    starter = _start_player(game)
    about: dict = {"name": GAME_NAMES[game.game], "sourceGameId": f"xyscore-{game.game}"}
    if game.game in BGG_IDS:
        about["bggId"] = BGG_IDS[game.game]
    about.update(highestWins=True, noPoints=False)
    play: dict = {"sourceName": SOURCE_NAME, "sourcePlayId": f"xyscore-{stored.id}-{stored.started_at}",
                  "playDate": started.strftime("%Y-%m-%d %H:%M:%S")}
    entered = [change.at for change in stored.history if change.action == "add" and change.at]
    if entered:
        play["durationMin"] = max(1, round((_utc(entered[-1]) - started).total_seconds() / 60))
    play["game"] = about
    play["players"] = [{"name": name, "sourcePlayerId": name.casefold(), "score": totals[name],
                        "winner": name in outcome.winners, "startPlayer": name == starter}
                       for name in game.players]
    return play


def bg_stats_link(stored: StoredGame) -> str:
    """The `createPlay.html?data=` link that opens this finished game in BG
    Stats; raises ValueError for a game that is not finished."""
    data = json.dumps(bg_stats_play(stored), ensure_ascii=False, separators=(",", ":"))
    return f"{BG_STATS_URL}?data={quote(data, safe='')}"
