"""XYbrid's part of the `companion.game/1` record: the set-up (round 1's
starter drawn at set-up) and a round of monsters, read from and written to
JSON. A player's result is the monster (`parts`, `hand`, `adjustments`...)
or, entered quickly, the round's total alone (`{"infamy": 23}`)."""
from __future__ import annotations

from typing import Any

from ..errors import GameError, Problem, problem
from ..players import shown
from ..record_fields import ROUND_FIELDS as EVERY_ROUNDS, entries, named, not_fields, note_problems
from .monsters import MonsterEntry, Part, PartType, StarterDraw, XybridRound

# The fields an XYbrid record may hold beside every record's (`expansions` only empty); any other is refused.
SET_UP_FIELDS = frozenset({"expansions", "starter_draw"})
RECORD_PLACE = "an XYbrid record"
# `draw_seed`: the seed of the app's draw of who started the round (kept by `import`, not read to score).
# `starter_kept`: `first_player` started it as played, before an earlier round was corrected (Y5 not checked).
# `note`: every round's own (companion/record_fields.py), kept beside the round and never scored.
ROUND_FIELDS = frozenset({"results", "first_player", "draw_seed", "starter_kept"}) | EVERY_ROUNDS
ROUND_PLACE = "an XYbrid round"
MONSTER_FIELDS = frozenset({"parts", "part_types", "hand", "adjustments", "notes"})
TOTAL_FIELD = "infamy"  # a round's infamy entered as one number (the app's quick entry), instead of the others
STARTER_DRAW_FIELDS = ("first_player", "draw_seed")


def set_up_from(data: dict, players: list[str]) -> dict:
    """The record's set-up fields as the engine's keyword arguments: no
    expansions, and the optional `starter_draw` (Y5), checked for its shape
    (the game checks the name and the seed; the draw was among every player)."""
    if data.get("expansions"):
        raise GameError([problem("XYbrid has no expansions here", "record")])
    raw = data.get("starter_draw")
    if raw is None:
        return {"starter_draw": None}
    if not isinstance(raw, dict):
        raise GameError([problem("starter_draw must be an object with 'first_player' and 'draw_seed'", "record")])
    unknown = not_fields(raw, frozenset(STARTER_DRAW_FIELDS), "starter_draw")
    if unknown:
        raise GameError(unknown)
    missing = [name for name in STARTER_DRAW_FIELDS if name not in raw]
    if missing:
        raise GameError([problem(f"starter_draw needs {shown(missing[0])}", "record")])
    return {"starter_draw": StarterDraw(tuple(players), raw["first_player"], raw["draw_seed"])}


def set_up_record(*, starter_draw: StarterDraw | dict | None) -> dict:
    """The record's set-up fields: `starter_draw` where one was drawn at set-up."""
    if starter_draw is None:
        return {}
    if isinstance(starter_draw, StarterDraw):
        starter_draw = {"first_player": starter_draw.chosen, "draw_seed": starter_draw.seed}
    return {"starter_draw": starter_draw}


def _part(value: Any, kind: Any) -> Part:
    return Part(value=value, type=PartType(kind) if kind in PartType._value2member_map_ else None)


def round_from_dict(raw: Any, players: tuple[str, ...], number: int, found: list[Problem]) -> XybridRound | None:
    """An XYbrid round of a record; None (with `found` extended) if malformed."""
    results_raw = entries(raw, list(players), number, found)
    if results_raw is None:
        return None
    before = len(found)
    found += not_fields(raw, ROUND_FIELDS, ROUND_PLACE, round=number) + note_problems(raw, number)
    results: dict[str, MonsterEntry] = {}
    for name, value in results_raw.items():
        unknown = not_fields(value, MONSTER_FIELDS | {TOTAL_FIELD}, "a result", round=number, player=name)
        if unknown:  # a misspelt field would otherwise drop infamy without a word
            found += unknown
            continue
        if TOTAL_FIELD in value:
            beside = sorted(set(value) & MONSTER_FIELDS)
            if beside:
                found.append(problem(f"gives both a total ('infamy') and {shown(beside[0])}: a round is entered as "
                                     "a total or part by part, not both", "record", round=number, player=name))
                continue
            if value[TOTAL_FIELD] is None:
                found.append(problem("infamy must be a whole number, not null", "Y4", round=number, player=name))
                continue
            results[name] = MonsterEntry(total=value[TOTAL_FIELD])  # the game checks the number (Y4)
            continue
        parts, kinds = value.get("parts"), value.get("part_types")
        adjustments = value.get("adjustments", [])
        notes = value.get("notes", [])
        if not isinstance(parts, list) or not isinstance(adjustments, list) or "hand" not in value:
            found.append(problem("needs 'parts' (a list of values), 'hand' and optional 'adjustments' (a list)",
                                 "Y4", round=number, player=name))
            continue
        if kinds is not None and (not isinstance(kinds, list) or len(kinds) != len(parts)
                                  or any(not isinstance(k, str) or k not in PartType._value2member_map_
                                         for k in kinds)):
            found.append(problem("part_types must name a type (core, head, left_arm, right_arm, legs, auxiliary) "
                                 "for each part", "Y3", round=number, player=name))
            continue
        kinds = kinds or [None] * len(parts)
        results[name] = MonsterEntry(parts=tuple(_part(v, k) for v, k in zip(parts, kinds)), hand=value["hand"],
                                     adjustments=tuple(adjustments),
                                     notes=tuple(str(n) for n in notes) if isinstance(notes, list) else ())
    first = raw.get("first_player")
    if isinstance(first, str):
        first = named(players, first)
    elif first is not None:
        found.append(problem(f"first_player must be a player's name, not {shown(first)}", "Y5", round=number))
    kept = raw.get("starter_kept", False)
    if not isinstance(kept, bool):
        found.append(problem(f"starter_kept must be true or false, not {shown(kept)}", "record", round=number))
    elif kept and first is None:
        found.append(problem("starter_kept needs the round's first_player: who started it as played", "record",
                             round=number))
    if len(found) > before:
        return None
    return XybridRound(results, first, kept)
