"""A game's append-only history of changes, and what undo and redo act on."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .xylotar.bonus_beats import BY_ID

Action = Literal["add", "correct", "undo", "redo"]


@dataclass(frozen=True)
class Change:
    """One entry of a game's history: round `round` went from `before` to
    `after` (record-format round dicts; None means absent), by `author` at `at`.

    Undo and redo are changes too: they name the change they undo or redo,
    so the history is never rewritten and both work across restarts.
    """

    action: Action
    round: int
    before: dict | None
    after: dict | None
    author: str = ""
    at: str = ""
    undoes: int | None = None  # index in the history of the change undone or redone


def _stacks(history: list[Change]) -> tuple[list[int], list[int]]:
    undo: list[int] = []
    redo: list[int] = []
    for index, change in enumerate(history):
        if change.action == "undo":
            redo.append(undo.pop())
        elif change.action == "redo":
            undo.append(redo.pop())
        else:
            undo.append(index)
            redo.clear()
    return undo, redo


def undo_change(history: list[Change], *, author: str = "", at: str = "") -> Change | None:
    """The change that undoes the latest change still in effect, or None."""
    undo, _ = _stacks(history)
    if not undo:
        return None
    target = history[undo[-1]]
    return Change("undo", target.round, target.after, target.before, author, at, undoes=undo[-1])


def redo_change(history: list[Change], *, author: str = "", at: str = "") -> Change | None:
    """The change that redoes the latest undone change, or None."""
    _, redo = _stacks(history)
    if not redo:
        return None
    target = history[redo[-1]]
    return Change("redo", target.round, target.before, target.after, author, at, undoes=redo[-1])


def describe(change: Change, word: str = "round") -> str:
    """A history line in words: 'Ann corrected round 2' ('hand 2' given the
    game's round word, as Xylotar's players say it)."""
    who = change.author or "someone"
    verbs = {"add": "entered", "correct": "corrected", "undo": "undid a change to", "redo": "redid a change to"}
    return f"{who} {verbs[change.action]} {word} {change.round}"


# A round's fields as players call them; any other field by its name, spaces for underscores.
FIELDS = {"bonus_beat": "Bonus Beat", "off_key_won": "Off-Key cards won", "part_types": "part types",
          "hand": "parts in hand"}


def _value(field: str, value: object) -> str:
    """A field's value in players' words: a Bonus Beat by its face, a part type
    as 'left arm', a list as '0, 3, 2', nothing as 'none'."""
    if value is None or value == []:
        return "none"
    if isinstance(value, list):
        return ", ".join(_value(field, item) for item in value)
    if field == "bonus_beat" and value in BY_ID:
        return BY_ID[value].face
    if field == "part_types" and isinstance(value, str):
        return value.replace("_", " ")
    return str(value)


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
            who = seat if group == "results" else f"{seat} side player"
            found += [f"{who}: {FIELDS.get(name, name.replace('_', ' '))} {_value(name, old.get(name))} -> "
                      f"{_value(name, new.get(name))}"
                      for name in {**old, **new} if old.get(name) != new.get(name)]
    if change.before.get("first_player") != change.after.get("first_player"):
        found.append(f"first player {change.before.get('first_player')} -> {change.after.get('first_player')}")
    return found
