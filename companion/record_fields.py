"""What every game's part of the `companion.game/1` record reads the same
way: a round's `results` keyed by the players' names as the game spells them."""
from __future__ import annotations

from typing import Any

from .errors import Problem, problem
from .players import name_key, same_player, who


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
