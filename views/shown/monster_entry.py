"""XYbrid round entry as plain values. Part by part, a player's entry is
{"parts": {type: value or None}, "auxiliaries": [values], "hand": n,
 "adjustments": [(value, note)]}; as a quick total it is
{"tens": n or None, "ones": n or None, "negative": bool} (nothing picked
yet: no total). These turn either into a record round."""
from __future__ import annotations

from companion import Xybrid, record
from companion.errors import GameError, Problem
from companion.xybrid import REQUIRED_PARTS, Part, PartType, gap_problems, gaps, missing_parts, part_values

from .. import i18n
from ..i18n import N_
from .hand_entry import say

PART_TYPES = [kind.value for kind in REQUIRED_PARTS]
# Y3, Y4: what to do with a part an effect destroyed before infamy was counted (said through the catalogs).
DESTROYED = N_("A part destroyed before infamy is counted stays ticked: take its value off with a negative "
               "adjustment and a note.")


def fixed_value(kind: str) -> int | None:
    """Y3: the one value a part of `kind` may have (a core's 0), as the
    engine allows it; None where the part's value is entered."""
    values = part_values(PartType(kind))
    return values[0] if len(values) == 1 else None


def blank(game: Xybrid) -> dict[str, dict]:
    return {name: {"parts": {kind: None for kind in PART_TYPES}, "auxiliaries": [], "hand": 0, "adjustments": []}
            for name in game.players}


def from_round(game: Xybrid, raw: dict) -> dict[str, dict]:
    """Entries pre-filled from a stored round (to correct it)."""
    entries = blank(game)
    for name, value in raw["results"].items():
        if "parts" not in value:  # entered as a total: no parts to show
            continue
        kinds = value.get("part_types") or ["auxiliary"] * len(value["parts"])
        entry = entries[name]
        for kind, part in zip(kinds, value["parts"]):
            if kind == "auxiliary" or entry["parts"].get(kind) is not None:
                entry["auxiliaries"].append(part)
            else:
                entry["parts"][kind] = part
        entry["hand"] = value["hand"]
        notes = list(value.get("notes", [])) + [""] * len(value.get("adjustments", []))
        entry["adjustments"] = [(v, n) for v, n in zip(value.get("adjustments", []), notes)]
    return entries


def parts_of(entry: dict) -> list[Part]:
    parts = [Part(value, PartType(kind)) for kind, value in entry["parts"].items() if value is not None]
    return parts + [Part(value, PartType.AUXILIARY) for value in entry["auxiliaries"]]


def infamy(entry: dict) -> int:
    """Y4: part values + 1 per part in hand + adjustments."""
    return sum(p.value for p in parts_of(entry)) + entry["hand"] + sum(v for v, _ in entry["adjustments"])


def missing(entry: dict) -> list[str]:
    """Y3: the required parts this monster lacks, in words."""
    return [kind.label for kind in missing_parts(parts_of(entry))]


def _words(name: str, gap) -> str:
    """'Ann's monster has no left arm yet', in the session's language."""
    return i18n.spoken().say(gap.said_of(name))


def lacking(name: str, entry: dict) -> list[str]:
    """Y3: what keeps `name`'s monster from being deployed, in players' words
    ("Ann's monster has no left arm yet"); [] once it is complete."""
    return [_words(name, gap) for gap in gaps(parts_of(entry))]


def destroyed_hint(entry: dict) -> bool:
    """Show the DESTROYED hint? When a monster begun lacks a part an effect
    may have destroyed (a core never is), so it helps."""
    return any(value is not None for value in entry["parts"].values()) and any(
        gap.destroyable for gap in gaps(parts_of(entry)))


def to_round(game: Xybrid, entries: dict[str, dict], first_player: str | None, draw_seed: int | None = None) -> dict:
    """The record-format round; `draw_seed` keeps the starter draw repeatable (Y5)."""
    results = {}
    for name in game.players:
        entry = entries[name]
        parts = parts_of(entry)
        value = {"parts": [p.value for p in parts], "part_types": [p.type.value for p in parts],
                 "hand": entry["hand"], "adjustments": [v for v, _ in entry["adjustments"]]}
        if any(note for _, note in entry["adjustments"]):
            value["notes"] = [note for _, note in entry["adjustments"]]
        results[name] = value
    raw = {"results": results}
    if first_player:
        raw["first_player"] = first_player
    if draw_seed is not None:
        raw["draw_seed"] = draw_seed
    return raw


def problems(game: Xybrid, entries: dict[str, dict], first_player: str | None,
             number: int | None = None) -> list[Problem]:
    return round_problems(game, to_round(game, entries, first_player), number)


def round_problems(game: Xybrid, raw: dict, number: int | None = None) -> list[Problem]:
    """What the game refuses in `raw` as its next round (or as round `number` corrected)."""
    try:
        entered = record.round_from_dict(game, raw, number or len(game.rounds) + 1)
    except GameError as error:
        return list(error.problems)
    return game.check(entered) if number is None else game.check_replace(number, entered)


def said(game: Xybrid, entries: dict[str, dict], found: list[Problem], number: int | None = None) -> list[str]:
    """`found` (problems with these entries) as the round screen says them:
    an incomplete monster in players' words, without the rule (Y3: "Ann's
    monster has no left arm yet"), any other problem as `say` puts it."""
    where = number or len(game.rounds) + 1
    told = {}
    for name in game.players:
        parts = parts_of(entries[name])
        told.update(zip(gap_problems(parts, round=where, player=name), (_words(name, gap) for gap in gaps(parts))))
    return [told.get(p) or say(p) for p in found]


# --- a round entered as totals (the quick entry) ------------------------------------------------
QUICK, PARTS = "quick", "parts"  # the round screen's two ways in


def entered_as_totals(raw: dict) -> bool:
    """A stored round every player's infamy of which was entered as a total."""
    return all("infamy" in value for value in raw["results"].values())


def quick_blank(game: Xybrid) -> dict[str, dict]:
    return {name: {"tens": None, "ones": None, "negative": False} for name in game.players}


def quick_of(total: int) -> dict:
    """A total as the quick entry shows it: 23 is 20 + 3, -4 is minus 0 + 4."""
    return {"tens": abs(total) // 10, "ones": abs(total) % 10, "negative": total < 0}


def quick_from_round(game: Xybrid, number: int) -> dict[str, dict]:
    """Round `number`'s infamy as totals (to correct it, or to switch it to totals)."""
    return {name: quick_of(score) for name, score in game.scores()[number - 1].items()}


def quick_total(entry: dict) -> int | None:
    """The total picked (None until a number is tapped): tens + ones, minus if so marked."""
    if entry["tens"] is None and entry["ones"] is None:
        return None
    total = 10 * (entry["tens"] or 0) + (entry["ones"] or 0)
    return -total if entry["negative"] else total


def quick_missing(game: Xybrid, quick: dict[str, dict]) -> list[str]:
    """Whose total is still to be picked, in players' words."""
    _ = i18n.spoken().gettext
    return [_("Pick {name}'s infamy").format(name=name) for name in game.players if quick_total(quick[name]) is None]


def quick_to_round(game: Xybrid, quick: dict[str, dict], first_player: str | None,
                   draw_seed: int | None = None) -> dict:
    """The record-format round of totals (`{"infamy": 23}` each); players not picked yet are left out."""
    raw: dict = {"results": {name: {"infamy": quick_total(quick[name])} for name in game.players
                             if quick_total(quick[name]) is not None}}
    if first_player:
        raw["first_player"] = first_player
    if draw_seed is not None:
        raw["draw_seed"] = draw_seed
    return raw
