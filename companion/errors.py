"""Problems found in a game, and the error that carries them."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One broken rule: where (round, player), which rule, and why, in words;
    `hint`, where there is one, says how a correct entry is made (it follows
    the rule in the one-line form: "...: the monster has no legs (Y3); a
    destroyed part counts as a negative adjustment (Y4)")."""

    message: str
    rule: str
    round: int | None = None
    player: str | None = None
    hint: str | None = None

    def __str__(self) -> str:
        where = []
        if self.round is not None:
            where.append(f"round {self.round}")
        if self.player is not None:
            where.append(self.player)
        prefix = ", ".join(where)
        return f"{prefix + ': ' if prefix else ''}{self.message} ({self.rule}){'; ' + self.hint if self.hint else ''}"


class GameError(ValueError):
    """Raised when a game, a hand or a record breaks a rule.

    `problems` lists every broken rule; `str(error)` is one line per problem.
    """

    def __init__(self, problems: list[Problem] | tuple[Problem, ...]):
        self.problems = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class EnteredElsewhere(ValueError):
    """Something was entered on another screen first, so this screen's entry
    was not stored: a screen catches this one thing. `AlreadyEntered` (a
    round form's round, with its `number`) and, at the shared table,
    `companion.live_hand.StaleEntry` (a write on an out-of-date view, with
    the value `current`ly stored)."""


class AlreadyEntered(GameError, EnteredElsewhere):
    """A screen entered round `number` (its next one, as it showed it), but
    another screen entered that round first: nothing was stored, and the
    entry must not become the round after it."""

    def __init__(self, round_word: str, number: int):
        self.number = number
        super().__init__([problem(f"{round_word} {number} was already entered on another screen; this entry was not "
                                  "stored", "record", round=number)])


def problem(message: str, rule: str, *, round: int | None = None, player: str | None = None,
            hint: str | None = None) -> Problem:
    return Problem(message=message, rule=rule, round=round, player=player, hint=hint)


class StoreUnavailable(RuntimeError):
    """The store cannot take a write (or a read) right now, said in players' words.

    `kind` is one of BUSY (another program holds the write lock: try again
    soon, it usually frees itself), UNREACHABLE (the database server cannot
    be reached, or is restarting: it passes too), FULL (the disk is full), READ_ONLY (the
    file or its folder cannot be written) or DAMAGED (the file is corrupt:
    `xyscore restore` from a backup). Nothing was stored when it is raised,
    and nothing stored before is lost; `str(error)` is the sentence to show."""

    BUSY = "busy"
    FULL = "full"
    READ_ONLY = "read_only"
    DAMAGED = "damaged"
    UNREACHABLE = "unreachable"

    def __init__(self, kind: str, message: str):
        self.kind = kind
        self.message = message
        super().__init__(message)

    @property
    def passes(self) -> bool:
        """Will it likely pass by itself (so an entry can wait and be sent again)?"""
        return self.kind in (self.BUSY, self.UNREACHABLE)
