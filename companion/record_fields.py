"""What every game's part of the `companion.game/1` record reads the same
way: a round's `results` keyed by the players' names as the game spells them,
and the fields each object of the record may hold (any other is refused)."""
from __future__ import annotations

from typing import Any

from .errors import Problem, problem
from .players import name_key, same_player, shown, who

# Every record's own fields; each game adds its set-up's (`record_fields`).
# `started_at` is when the game began and `ended_at` when its last round was entered, as `xyscore
# export` writes them and `import` keeps them; `uid` the game's stable id and `player_uids` its players',
# in the order of `players` (issue 27); `note` the players' own words on the game (issue 28). None of them
# changes how a game scores.
RECORD_FIELDS = frozenset({"format", "game", "players", "rounds", "started_at", "ended_at", "uid", "player_uids",
                           "note"})
NAMED_AT_MOST = 5  # unknown fields named one by one in one object; any more are counted


def not_fields(value: dict, known: frozenset[str] | set[str], place: str, *, round: int | None = None,
               player: str | None = None) -> list[Problem]:
    """A problem for each key of `value` that is not one of the `known`
    fields of `place` ("a result", "an XYbrid round"): a misspelt or the
    other game's field must not be ignored without a word (a misspelt
    `off_key_won` would drop a penalty)."""
    unknown = sorted((key for key in value if key not in known), key=str)
    found = [problem(f"{shown(key)} is not a field of {place}", "record", round=round, player=player)
             for key in unknown[:NAMED_AT_MOST]]
    if len(unknown) > NAMED_AT_MOST:
        found.append(problem(f"and {len(unknown) - NAMED_AT_MOST:,} more fields that are not fields of {place}",
                             "record", round=round, player=player))
    return found


def named(players: list[str] | tuple[str, ...], name: Any) -> Any:
    """The player `name` means, spelt as in `players` (X1: any case, spaces
    or invisible characters around or in it); anything else as it is."""
    return same_player(players).get(name_key(name), name) if isinstance(name, str) else name


def entries(raw: Any, players: list[str] | tuple[str, ...], number: int, found: list[Problem]) -> dict[str, dict] | None:
    """A round's `results` keyed by each player's name as in `players`."""
    results = raw.get("results") if isinstance(raw, dict) else None
    if not isinstance(results, dict):
        found.append(problem("a round needs 'results': one entry per player", "record", round=number))
        return None
    out: dict[str, dict] = {}
    for key, value in results.items():
        name = who(named(players, key))  # not a player's: kept short and on one line in every message
        if name in out:
            found.append(problem("entered twice in this round", "record", round=number, player=name))
            continue
        if not isinstance(value, dict):
            found.append(problem("a result must be an object", "record", round=number, player=name))
            continue
        out[name] = value
    return out
