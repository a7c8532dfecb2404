"""Exports of stored games: a CSV of rounds for spreadsheets, and the link
that pushes a finished game to the BG Stats app.

BG Stats takes a play as URL-encoded JSON in the `data` parameter of
`https://app.bgstatsapp.com/createPlay.html` (its "push plays from other
apps" format): `sourceName`, `sourcePlayId` (from the game's stable id),
`playDate` (UTC, `yyyy-MM-dd HH:mm:ss`, the game's end), `durationMin`, `location` (a name),
`board` (the expansions played), `comments` (a line of the rounds, then the game's note and each
round's, "Hand 2: Bob dealt twice"), `game`
(`name`, `sourceGameId`, `bggId` as a number, `highestWins`, `noPoints`, the
last two always present: BG Stats' app fails on a missing boolean) and
`players` (`name`, `sourcePlayerId` (the player's stable id), `score`, `rank`, `winner`,
`startPlayer`). Opening the link on a
device with BG Stats shows its import screen; nothing is sent anywhere else.
"""
from __future__ import annotations

import csv
import json
from typing import Iterable, TextIO
from urllib.parse import quote

from .errors import said
from .outcome import Status
from .history import game_end, last_entered, utc
from .services import StoredGame
from .stats import collector_paused

ROUND_COLUMNS = ("game_id", "date", "game", "round", "player", "seat", "bid", "tricks", "bonus_beat",
                 "off_key_won", "parts", "hand", "adjustments", "round_score", "running_total", "round_note")
BG_STATS_URL = "https://app.bgstatsapp.com/createPlay.html"
SOURCE_NAME = "XY Score"
# A spreadsheet runs a cell starting with one of these as a formula.
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _text(value: str) -> str:
    """A player-typed text cell that a spreadsheet will show, never run."""
    return "'" + value if value.startswith(_FORMULA_STARTS) else value


# A round's entries as CSV cells, by record field: Xylotar's seats, XYbrid's monsters.
_BLANK = {column: "" for column in ("bid", "tricks", "bonus_beat", "off_key_won", "parts", "hand", "adjustments")}


def _cells(entry: dict) -> dict:
    """One player's record entry as the CSV's game-specific columns (the others left empty)."""
    cells = dict(_BLANK)
    if "tricks" in entry:  # a Xylotar seat
        cells.update(bid="" if entry["bid"] is None else entry["bid"], tricks=entry["tricks"],
                     bonus_beat=entry.get("bonus_beat") or "", off_key_won=entry.get("off_key_won", 0))
    elif "parts" in entry:  # an XYbrid monster; one entered as a total leaves these cells empty
        cells.update(parts=" ".join(str(value) for value in entry["parts"]), hand=entry["hand"],
                     adjustments=sum(entry.get("adjustments", [])))
    return cells


def round_rows(stored: StoredGame) -> list[dict]:
    """One row per player per round entered (tiebreak hands included), seats
    clockwise from 1; Xylotar rows leave the XYbrid columns empty and the
    other way round. `adjustments` is the round's signed sum. An XYbrid round
    entered as a total has its infamy in `round_score` and no parts, hand or
    adjustments. `round_note` is the players' note on the round (on each of its rows), if any."""
    game = stored.game
    common = {"game_id": stored.id, "date": stored.started_at[:10], "game": game.name}
    rows = []
    for entered, scored in zip(game.rounds, game.scored()):
        results = entered.to_record()["results"]
        for seat, name in enumerate(game.players, start=1):
            rows.append({**common, "round": scored.number, "player": _text(name), "seat": seat,
                         **_cells(results[name]),
                         "round_score": scored.scores[name], "running_total": scored.totals[name],
                         "round_note": _text(stored.round_notes.get(scored.number, ""))})
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


def bg_stats_play(stored: StoredGame, *, location: str | None = None) -> dict:
    """The BG Stats play for a finished game. `playDate` is the game's end
    (when its last round was entered here, or, for an imported game, the end
    its record gave: its history is dated the day of the import; for a game
    entered afterwards, the day it was played; its start without either) and the duration runs from the start to then, if later.
    `sourcePlayId` and each `sourcePlayerId` are the game's and the players'
    stable ids, the same after a rename, a merge or a move to another host. `location`: where it was played,
    if given. Each player gets a `rank`: the winners 1, the others by score,
    equal scores sharing a rank. Raises ValueError for a game that is not
    finished."""
    game = stored.game
    outcome = game.outcome()
    if outcome.status is not Status.FINISHED:
        raise ValueError(said("game {game} is not finished ({explanation}); only a finished game can go to BG Stats",
                              game=stored.id, explanation=outcome.explanation))
    started = utc(stored.started_at)
    end = game_end(stored.ended_at, last_entered(stored.history), afterwards=stored.played_on)
    ended = utc(end) if end else started
    totals = game.totals()
    starter = game.start_player()  # Xylotar: X6's hand-1 leader; XYbrid: the drawn round-1 starter, if recorded
    about: dict = {"name": game.name, "sourceGameId": f"xyscore-{game.game}"}
    if game.bgg_id is not None:
        about["bggId"] = int(game.bgg_id)
    about.update(highestWins=True, noPoints=False)
    play_id = f"xyscore-{stored.uid}" if stored.uid else f"xyscore-{stored.id}-{stored.started_at}"
    play: dict = {"sourceName": SOURCE_NAME, "sourcePlayId": play_id, "playDate": ended.strftime("%Y-%m-%d %H:%M:%S")}
    if ended > started:
        play["durationMin"] = max(1, round((ended - started).total_seconds() / 60))
    if location and location.strip():
        play["location"] = location.strip()
    names = game.expansion_names
    board = ", ".join(names[e] for e in game.expansions if e in names)
    if board:
        play["board"] = board
    play["comments"] = "\n".join([summary(game, totals), *([stored.note] if stored.note else []),
                                  *round_notes(game, stored.round_notes)])
    play["game"] = about
    ranks = _ranks(totals, outcome.winners)
    play["players"] = [{"name": name, "sourcePlayerId": stored.player_uids.get(name) or name.casefold(),
                        "score": totals[name],
                        "rank": ranks[name], "winner": name in outcome.winners, "startPlayer": name == starter}
                       for name in game.players]
    return play


def _ranks(totals: dict[str, int], winners) -> dict[str, int]:
    """1 for the winners (a tiebreak may part equal totals), then by score;
    equal places share a rank, and the next rank skips them (1, 1, 3)."""
    place = {name: (name not in winners, -total) for name, total in totals.items()}
    return {name: 1 + sum(1 for other in place.values() if other < mine) for name, mine in place.items()}


def summary(game, totals: dict[str, int]) -> str:
    """One line of the rounds for BG Stats' comments: 'Hands: Ann 5+3+8=16; Bob 8+6+7=21'."""
    scored = game.scored()
    word = game.round_word.capitalize() + "s"
    each = "; ".join(f"{name} {'+'.join(str(r.scores[name]) for r in scored).replace('+-', '-')}="
                     f"{totals[name]}" for name in game.players)
    return f"{word}: {each} (XY Score)"


def round_notes(game, notes: dict[int, str]) -> list[str]:
    """A line for each round's note, in the order played, for BG Stats' comments:
    'Hand 2: Bob dealt twice' (XYbrid: 'Round 2: ...'); English, as the line of the rounds."""
    word = game.round_word.capitalize()
    return [f"{word} {number}: {notes[number]}" for number in sorted(notes)]


def bg_stats_link(stored: StoredGame, *, location: str | None = None) -> str:
    """The `createPlay.html?data=` link that opens this finished game in BG
    Stats; raises ValueError for a game that is not finished."""
    data = json.dumps(bg_stats_play(stored, location=location), ensure_ascii=False, separators=(",", ":"))
    return f"{BG_STATS_URL}?data={quote(data, safe='')}"
