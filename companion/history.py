"""A game's append-only history of changes, and what undo and redo act on."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Literal

from .errors import Listed, said
from .xybrid.monsters import MonsterEntry, Part, PartType, _term
from .xylotar.bonus_beats import BY_ID

Action = Literal["add", "correct", "drop", "keep", "undo", "redo"]


@dataclass(frozen=True)
class Change:
    """One entry of a game's history: round `round` went from `before` to
    `after` (record-format round dicts; None means absent), by `author` at `at`.

    Undo and redo are changes too: they name the change they undo or redo,
    so the history is never rewritten and both work across restarts.

    A correction that ends the game earlier (X8: a tiebreak hand no longer
    needed) is stored as a "drop" of each later round, the last first, then
    the "correct": one step for undo and redo, which take back or put back
    all of them together. So is a "keep": a later round that records who
    started it as played, where the corrected scores name someone else
    (X7, Y5), or no longer needs to.
    """

    action: Action
    round: int
    before: dict | None
    after: dict | None
    author: str = ""
    at: str = ""
    undoes: int | None = None  # index in the history of the change undone or redone


IMPORTED = "import"  # who the history says entered an imported game's rounds: on the day of the import


def utc(moment: str) -> datetime:
    """An ISO 8601 moment as an aware UTC datetime (one without an offset is taken as UTC)."""
    when = datetime.fromisoformat(moment)
    return (when if when.tzinfo else when.replace(tzinfo=timezone.utc)).astimezone(timezone.utc)


def game_end(kept: str | None, last_entered: str | None, *, afterwards: bool = False) -> str | None:
    """When a game ended: the later of the end an import kept (its record's
    `ended_at`) and when a round was last entered here (not by an import);
    None if neither is known (no round yet, or an import that gave no end).
    A game entered `afterwards` ended the day it was played (`kept`), however
    late its rounds were typed (companion.notes)."""
    if afterwards and kept:
        return kept
    known = [moment for moment in (kept, last_entered) if moment]
    return max(known, key=utc) if known else None


def last_entered(history: list[Change]) -> str | None:
    """When the history last added a round, an import's entries aside."""
    entered = [change.at for change in history if change.action == "add" and change.at and change.author != IMPORTED]
    return entered[-1] if entered else None


def _stacks(history: list[Change]) -> tuple[list[list[int]], list[list[int]]]:
    """What undo and redo act on: each step the indexes of its changes, in the
    order they were made (the "drop"s before their "correct"). An undo or redo
    is one row per change of its step; the step moves with its last row."""
    undo: list[list[int]] = []
    redo: list[list[int]] = []
    dropped: list[int] = []
    for index, change in enumerate(history):
        if change.action == "undo":
            if undo and change.undoes == undo[-1][0]:  # undone last to first
                redo.append(undo.pop())
        elif change.action == "redo":
            if redo and change.undoes == redo[-1][-1]:  # redone first to last
                undo.append(redo.pop())
        elif change.action in ("drop", "keep"):
            dropped.append(index)
        else:
            undo.append(dropped + [index])
            dropped = []
            redo.clear()
    return undo, redo


def undo_changes(history: list[Change], *, author: str = "", at: str = "") -> list[Change]:
    """The changes that undo the latest step still in effect (several for a
    correction that dropped later rounds), in the order to apply them; [] if none."""
    undo, _ = _stacks(history)
    if not undo:
        return []
    return [Change("undo", history[i].round, history[i].after, history[i].before, author, at, undoes=i)
            for i in reversed(undo[-1])]


def redo_changes(history: list[Change], *, author: str = "", at: str = "") -> list[Change]:
    """The changes that redo the latest undone step, in the order to apply them; [] if none."""
    _, redo = _stacks(history)
    if not redo:
        return []
    return [Change("redo", history[i].round, history[i].before, history[i].after, author, at, undoes=i)
            for i in redo[-1]]


def undo_change(history: list[Change], *, author: str = "", at: str = "") -> Change | None:
    """The undo of the latest step's main change (a correction, not the rounds
    it dropped), for saying what Undo would do; None if there is nothing to undo."""
    found = undo_changes(history, author=author, at=at)
    return found[0] if found else None


def redo_change(history: list[Change], *, author: str = "", at: str = "") -> Change | None:
    """The redo of the latest undone step's main change; None if there is nothing to redo."""
    found = redo_changes(history, author=author, at=at)
    return found[-1] if found else None


def dropped_with(history: list[Change], change: Change) -> list[int]:
    """The rounds dropped in the same step as `change` (an undo or redo of a
    correction that ended the game earlier, or that correction itself), in
    round order; [] for any other change."""
    index = change.undoes if change.action in ("undo", "redo") else next(
        (i for i, c in enumerate(history) if c is change), None)
    rounds = []
    while index is not None and index > 0 and history[index - 1].action in ("drop", "keep"):
        index -= 1
        if history[index].action == "drop":
            rounds.append(history[index].round)
    return sorted(rounds)


# What a change did, as a history line says it, by the game's round word (Xylotar: hand; XYbrid: round):
# each a message (companion.errors.Said) a screen says in its player's language.
_DID = {
    ("add", "hand"): lambda who, number: said("{who} entered hand {number}", who=who, number=number),
    ("add", "round"): lambda who, number: said("{who} entered round {number}", who=who, number=number),
    ("correct", "hand"): lambda who, number: said("{who} corrected hand {number}", who=who, number=number),
    ("correct", "round"): lambda who, number: said("{who} corrected round {number}", who=who, number=number),
    ("drop", "hand"): lambda who, number: said("{who} dropped hand {number}", who=who, number=number),
    ("drop", "round"): lambda who, number: said("{who} dropped round {number}", who=who, number=number),
    ("undo", "hand"): lambda who, number: said("{who} undid a change to hand {number}", who=who, number=number),
    ("undo", "round"): lambda who, number: said("{who} undid a change to round {number}", who=who, number=number),
    ("redo", "hand"): lambda who, number: said("{who} redid a change to hand {number}", who=who, number=number),
    ("redo", "round"): lambda who, number: said("{who} redid a change to round {number}", who=who, number=number),
    ("keep", "hand"): lambda who, number: said("{who} kept who led hand {number}, as played", who=who, number=number),
    ("keep", "round"): lambda who, number: said(
        "{who} kept who started round {number}, as played", who=who, number=number),
}


def describe(change: Change, word: str = "round") -> str:
    """A history line in words: 'Ann corrected round 2' ('hand 2' given the
    game's round word, as Xylotar's players say it)."""
    who = change.author or said("someone")
    said_so = _DID.get((change.action, word))
    if said_so is not None:
        return said_so(who, change.round)
    if change.action == "keep":  # X7, Y5: a later round, in the same step as a correction
        return f"{who} kept who {'led' if word == 'hand' else 'started'} {word} {change.round}, as played"
    verbs = {"add": "entered", "correct": "corrected", "drop": "dropped", "undo": "undid a change to",
             "redo": "redid a change to"}
    return f"{who} {verbs[change.action]} {word} {change.round}"


# A round's fields as players call them (messages a screen says in its player's language); any other
# field by its name, spaces for underscores.
FIELDS = {"bonus_beat": said("Bonus Beat"), "off_key_won": said("Off-Key cards won"),
          "part_types": said("part types"), "hand": said("parts in hand"), "bid": said("bid"),
          "tricks": said("tricks"), "parts": said("parts"), "adjustments": said("adjustments"),
          "notes": said("notes"), "infamy": said("infamy")}
SIDES = {"left": said("left side player"), "right": said("right side player")}


def _value(field: str, value: object) -> str:
    """A field's value in players' words: a Bonus Beat by its face, a part type
    as 'left arm', a list as '0, 3, 2', nothing as 'none'."""
    if value is None or value == []:
        return said("none")
    if isinstance(value, list):
        return Listed(_value(field, item) for item in value)
    if field == "bonus_beat" and value in BY_ID:
        return BY_ID[value].face
    if field == "part_types" and isinstance(value, str):
        return _term(PartType(value)) if value in PartType._value2member_map_ else value.replace("_", " ")
    return str(value)


def _infamy(entry: dict) -> object:
    """An XYbrid result's infamy for the round: its total, or what its monster scores (Y4)."""
    if "infamy" in entry:
        return entry["infamy"]
    return MonsterEntry(tuple(Part(v) for v in entry.get("parts", [])), entry.get("hand", 0),
                        tuple(entry.get("adjustments", []))).infamy


def differences(change: Change) -> list[str]:
    """What a change did to its round, field by field: ["Cat: bid 0 -> 1"].
    Empty when a whole round was entered or taken back."""
    if change.before is None or change.after is None:
        return []
    found = []
    for group in ("results", "side_players"):
        before, after = change.before.get(group, {}), change.after.get(group, {})
        for seat in {**before, **after}:
            old, new = before.get(seat, {}), after.get(seat, {})
            who = seat if group == "results" else SIDES.get(seat, f"{seat} side player")
            if old and new and ("infamy" in old) != ("infamy" in new):  # XYbrid: switched to or from a total
                found.append(said("{who}: infamy {before} -> {after}, entered as a total", who=who,
                                  before=_infamy(old), after=_infamy(new)) if "infamy" in new else
                             said("{who}: infamy {before} -> {after}, entered part by part", who=who,
                                  before=_infamy(old), after=_infamy(new)))
                continue
            found += [said("{who}: {field} {before} -> {after}", who=who,
                           field=FIELDS.get(name, name.replace("_", " ")), before=_value(name, old.get(name)),
                           after=_value(name, new.get(name)))
                      for name in {**old, **new} if old.get(name) != new.get(name)]
    if change.before.get("first_player") != change.after.get("first_player"):
        found.append(said("first player {before} -> {after}", before=str(change.before.get("first_player")),
                          after=str(change.after.get("first_player"))))
    return found
