"""The outcome of a game so far: the one source for status, winners and why."""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Status(str, Enum):
    IN_PROGRESS = "in_progress"
    FINISHED = "finished"
    TIEBREAK_ROUND_NEEDED = "tiebreak_round_needed"


@dataclass(frozen=True)
class Outcome:
    """Status, winners (empty until finished), who leads or may start next,
    and a plain-words explanation of how it was decided: a message
    (companion.errors.Said) a screen says in its player's language, as a str
    the English the command line prints."""

    status: Status
    winners: tuple[str, ...] = ()
    next_leaders: tuple[str, ...] = ()
    explanation: str = ""

    @property
    def is_over(self) -> bool:
        return self.status is Status.FINISHED

    @property
    def next_is_tiebreak(self) -> bool:
        """X8: the next round is a tiebreak hand. The one test for it: never
        count the rounds played (a game past its rounds is over or tied)."""
        return self.status is Status.TIEBREAK_ROUND_NEEDED


@dataclass(frozen=True)
class ScoredRound:
    """One round scored, the same shape in every game: its number, who led
    or started it (None where not recorded), each player's score and running
    total, and each player's breakdown as the record's scoring output gives it."""

    number: int
    leader: str | None
    scores: dict[str, int]
    totals: dict[str, int]
    breakdowns: dict[str, dict]


def join_names(names: list[str] | tuple[str, ...]) -> str:
    """'Ann', 'Ann and Bob', 'Ann, Bob and Cat'."""
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def rounds_named(word: str, numbers: list[int]) -> str:
    """'hand 4', 'hands 4 and 5', 'hands 4, 5 and 6' (`word`: the game's round word)."""
    return f"{word}{'s' if len(numbers) > 1 else ''} {join_names([str(n) for n in numbers])}"
