"""What every game's part of the `companion.game/1` record reads the same
way: a round's `results` keyed by the players' names as the game spells them,
and the fields each object of the record may hold (any other is refused)."""
from __future__ import annotations

from typing import Any

from .errors import Count, Problem, Said, problem, said, said_n
from .notes import clean_note
from .players import name_key, same_player, shown, who

# Every record's own fields; each game adds its set-up's (`record_fields`).
# `started_at` is when the game began and `ended_at` when its last round was entered, as `xyscore
# export` writes them and `import` keeps them; `uid` the game's stable id and `player_uids` its players',
# in the order of `players` (issue 27); `note` the players' own words on the game (issue 28). None of them
# changes how a game scores.
RECORD_FIELDS = frozenset({"format", "game", "players", "rounds", "started_at", "ended_at", "uid", "player_uids",
                           "note"})
# Every round's own fields, beside its game's (a Xylotar hand's, an XYbrid round's): `note`, the players' own
# words on the round ("Bob dealt twice", issue 28). It never changes a score.
ROUND_FIELDS = frozenset({"note"})
NAMED_AT_MOST = 5  # unknown fields named one by one in one object; any more are counted


def note_problems(raw: dict, number: int) -> list[Problem]:
    """A problem of round `number` for a `note` that cannot be kept
    (companion.notes.clean_note says why: "round 2: A note holds at most 500
    characters; this one has 612."); none for a note that can, or none."""
    try:
        clean_note(raw.get("note"))
    except ValueError as error:
        return [problem(error.args[0], "record", round=number)]
    return []


def not_fields(value: dict, known: frozenset[str] | set[str], place: str, *, round: int | None = None,
               player: str | None = None) -> list[Problem]:
    """A problem for each key of `value` that is not one of the `known`
    fields of `place` ("a result", "an XYbrid round"): a misspelt or the
    other game's field must not be ignored without a word (a misspelt
    `off_key_won` would drop a penalty)."""
    unknown = sorted((key for key in value if key not in known), key=str)
    found = [problem(_not_a_field(shown(key), place), "record", round=round, player=player)
             for key in unknown[:NAMED_AT_MOST]]
    if len(unknown) > NAMED_AT_MOST:
        found.append(problem(_more_not_fields(Count(len(unknown) - NAMED_AT_MOST), place),
                             "record", round=round, player=player))
    return found


# Each place is its own sentence (each language declines it its own way); the English is "{field} is not a field
# of " and the place as the games name it (companion/xylotar/record.py, companion/xybrid/record.py).
def _not_a_field(field: str, place: str) -> Said:
    if place == "a Xylotar record":
        return said("{field} is not a field of a Xylotar record", field=field)
    if place == "a Xylotar hand":
        return said("{field} is not a field of a Xylotar hand", field=field)
    if place == "an XYbrid record":
        return said("{field} is not a field of an XYbrid record", field=field)
    if place == "an XYbrid round":
        return said("{field} is not a field of an XYbrid round", field=field)
    if place == "a result":
        return said("{field} is not a field of a result", field=field)
    if place == "starter_draw":
        return said("{field} is not a field of starter_draw", field=field)
    return said("{field} is not a field of {place}", field=field, place=place)


# English says "fields" even for one more (there are always five named before it); other languages pick their form.
def _more_not_fields(count: Count, place: str) -> Said:
    if place == "a Xylotar record":
        return said_n("and {count} more fields that are not fields of a Xylotar record",
                      "and {count} more fields that are not fields of a Xylotar record", "count", count=count)
    if place == "a Xylotar hand":
        return said_n("and {count} more fields that are not fields of a Xylotar hand",
                      "and {count} more fields that are not fields of a Xylotar hand", "count", count=count)
    if place == "an XYbrid record":
        return said_n("and {count} more fields that are not fields of an XYbrid record",
                      "and {count} more fields that are not fields of an XYbrid record", "count", count=count)
    if place == "an XYbrid round":
        return said_n("and {count} more fields that are not fields of an XYbrid round",
                      "and {count} more fields that are not fields of an XYbrid round", "count", count=count)
    if place == "a result":
        return said_n("and {count} more fields that are not fields of a result",
                      "and {count} more fields that are not fields of a result", "count", count=count)
    return said_n("and {count} more fields that are not fields of {place}",
                  "and {count} more fields that are not fields of {place}", "count", count=count, place=place)


def named(players: list[str] | tuple[str, ...], name: Any) -> Any:
    """The player `name` means, spelt as in `players` (X1: any case, spaces
    or invisible characters around or in it); anything else as it is."""
    return same_player(players).get(name_key(name), name) if isinstance(name, str) else name


def entries(raw: Any, players: list[str] | tuple[str, ...], number: int, found: list[Problem]) -> dict[str, dict] | None:
    """A round's `results` keyed by each player's name as in `players`."""
    results = raw.get("results") if isinstance(raw, dict) else None
    if not isinstance(results, dict):
        found.append(problem(said("a round needs 'results': one entry per player"), "record", round=number))
        return None
    out: dict[str, dict] = {}
    for key, value in results.items():
        name = who(named(players, key))  # not a player's: kept short and on one line in every message
        if name in out:
            found.append(problem(said("entered twice in this round"), "record", round=number, player=name))
            continue
        if not isinstance(value, dict):
            found.append(problem(said("a result must be an object"), "record", round=number, player=name))
            continue
        out[name] = value
    return out
