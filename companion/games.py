"""The games XY Score keeps, found by the name their records use.

Like python-chess's `find_variant(name)`: each engine class says what the
rest of the app needs to know about its game, and everything outside the
engines asks it instead of asking which game it is.

Every engine (class `Game` below) gives the same shape:

- about the game: `game` (the record's name for it), `name` (as players
  say it), `round_word` ("hand", "round"), `unit` ("points", "infamy"),
  `bgg_id` (BoardGameGeek, or None), `min_players`/`max_players`,
  `all_expansions`, `setup_guide(players, expansions)`;
- a game set up: `players`, `expansions`, `rounds` (entered so far, tiebreak
  hands included), `scored()` (one `ScoredRound` per round), `totals()`,
  `outcome()` (status, winners, who leads or starts next and why),
  `start_player()`;
- entering: `check(entered)`, `push`, `pop`, `replace(number, entered)`;
- the record: `record_fields` (its set-up's fields, beside every record's)
  and `record_place` ("a Xylotar record", naming where a field it does not
  know stands), `from_record(data, players, rounds)`, `from_set_up(players,
  set_up)`, `set_up_record(**store_fields)`, `set_up_dict()`,
  `round_from_dict(raw, number, found)`; each round entered writes itself
  (`to_record()`).
"""
from __future__ import annotations

from .errors import GameError, problem
from .xybrid import Xybrid
from .xylotar import Xylotar

Game = Xylotar | Xybrid
GAMES: tuple[type[Xylotar] | type[Xybrid], ...] = (Xylotar, Xybrid)
BY_NAME = {engine.game: engine for engine in GAMES}
NAMES = tuple(BY_NAME)
# X1, Y1: how many may play each game (fewest, most), from the engines' own limits.
PLAYER_LIMITS = {engine.game: (engine.min_players, engine.max_players) for engine in GAMES}


def choices() -> str:
    """'xylotar or xybrid'."""
    return " or ".join(NAMES)


def find_game(name: object) -> type[Xylotar] | type[Xybrid]:
    """The engine of the game a record calls `name`; GameError for no such game."""
    engine = BY_NAME.get(name) if isinstance(name, str) else None
    if engine is None:
        raise GameError([problem(f"unknown game {name!r}; choose {choices()}", "setup")])
    return engine
