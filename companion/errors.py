"""Problems found in a game, and the error that carries them."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One broken rule: where (round, player), which rule, and why, in words."""

    message: str
    rule: str
    round: int | None = None
    player: str | None = None

    def __str__(self) -> str:
        where = []
        if self.round is not None:
            where.append(f"round {self.round}")
        if self.player is not None:
            where.append(self.player)
        prefix = ", ".join(where)
        return f"{prefix + ': ' if prefix else ''}{self.message} ({self.rule})"


class GameError(ValueError):
    """Raised when a game, a hand or a record breaks a rule.

    `problems` lists every broken rule; `str(error)` is one line per problem.
    """

    def __init__(self, problems: list[Problem] | tuple[Problem, ...]):
        self.problems = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


def problem(message: str, rule: str, *, round: int | None = None, player: str | None = None) -> Problem:
    return Problem(message=message, rule=rule, round=round, player=player)
