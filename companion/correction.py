"""A correction to any round, checked against the whole game as it would
then stand (issue 25), for every game alike.

What was played stays as played: the rounds after the corrected one are
replayed as they were entered, each still started by whoever started it
(X6/X7: a Xylotar hand's leader follows from the hands before it; Y5: an
XYbrid round's starter is the least infamous). Where the corrected scores
would name someone else, the round records who started it as played
(`Game.as_played`) instead of being refused or silently changed.

If the corrected game is over before a later round (X8: the tie a
tiebreak hand was played for is broken, whichever hand broke it), the
rounds from there on would no longer be played: `Corrected.dropped`. If
the game was over and the correction opens it again (X8: a new tie),
`Corrected.reopens`. The services ask the players before storing either.
"""
from __future__ import annotations

from dataclasses import dataclass

from .errors import GameError, problem
from .outcome import Outcome


@dataclass(frozen=True)
class Corrected:
    """The game as it would stand with round `number` corrected: `game`, the
    later rounds it no longer plays (`dropped`, in order), and whether it
    `reopens` a finished game."""

    game: object
    number: int
    dropped: tuple[int, ...]
    reopens: bool


def corrected(game, number: int, entered) -> Corrected:
    """Round `number` of `game` corrected to `entered` (the game's round type),
    every later round replayed as played; `game` itself is left as it is.
    Raises GameError naming what the corrected round, or a later round
    after it, breaks (a Bonus Beat flipped twice, say): never who started a
    later round."""
    rounds = list(game.rounds)
    if not 1 <= number <= len(rounds):
        raise GameError([problem(f"there is no {game.round_word} {number} to correct", "record", round=number)])
    started_by = [scored.leader for scored in game.scored()]
    trial = game.copy_without_rounds()
    for earlier in rounds[:number - 1]:
        trial.push(earlier)
    dropped: tuple[int, ...] = ()
    for index in range(number, len(rounds) + 1):
        if index > number and trial.outcome().is_over:
            dropped = tuple(range(index, len(rounds) + 1))
            break
        trial.push(trial.as_played(entered if index == number else rounds[index - 1], started_by[index - 1]))
    return Corrected(trial, number, dropped, game.outcome().is_over and not trial.outcome().is_over)


@dataclass(frozen=True)
class Effects:
    """What a stored correction changed that players would want told, beyond
    the round itself: the rounds dropped, the later rounds whose starter
    stands as played though the corrected scores name someone else (round ->
    (who started it, whom the scores now name)), the outcome before and
    after (the winners, who starts next), and who starts next where that changed."""

    dropped: tuple[int, ...]
    kept: dict[int, tuple[str, tuple[str, ...]]]
    before: Outcome
    after: Outcome
    next_turn: str  # who starts next and why, in players' words, where that changed ('' if not)


def effects(before, after, number: int) -> Effects:
    """What correcting round `number` of `before` into `after` changed (see `Effects`)."""
    kept = {}
    old, new = before.scored(), after.scored()
    for index in range(number + 1, len(new) + 1):
        started = new[index - 1].leader
        named = after.named_starters(index)
        if started is not None and started not in named and started in before.named_starters(index):
            kept[index] = (started, named)
    dropped = tuple(range(len(new) + 1, len(old) + 1))
    was, now = before.outcome(), after.outcome()
    moved = not now.is_over and (was.is_over or was.next_leaders != now.next_leaders)
    return Effects(dropped, kept, was, now, after.next_turn() if moved else "")


def starters_kept(game, number: int, entered) -> dict[int, tuple[str, tuple[str, ...]]]:
    """Before a correction is saved: the later rounds whose starter would
    stand as played though the corrected scores name someone else
    (`Effects.kept`: round -> (who started it, whom the scores would name)),
    were round `number` of `game` corrected to `entered`; {} if that
    correction breaks a rule (saving it says which)."""
    try:
        done = corrected(game, number, entered)
    except GameError:
        return {}
    return effects(game, done.game, number).kept
