"""What players do with a stored game: plain values in, a unit of work,
no rules of their own (the engines in `xylotar` and `xybrid` hold those).

Every write goes through these functions, and each is one transaction:
`with uow: ...; uow.commit()`. The store (`models`) implements the
`UnitOfWork` and `GameRepository` protocols below; tests may use a fake.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Iterable, Protocol

from . import record
from .errors import GameError, problem
from .facts import GameFacts
from .history import Change, redo_change, undo_change
from .games import Game, find_game
from .xybrid import StarterDraw


class GameNotFound(LookupError):
    """No stored game has this id."""


@dataclass
class StoredGame:
    """A game as the store returns it: the engine object, rebuilt from what
    was entered, and its history of changes."""

    id: int
    game: Game
    started_at: str
    history: list[Change] = field(default_factory=list)


@dataclass(frozen=True)
class GameSummary:
    """One line of a list of games: who played, when, and how it stands."""

    id: int
    game: str
    players: tuple[str, ...]
    started_at: str
    status: str
    winners: tuple[str, ...]

    @classmethod
    def of(cls, facts: GameFacts) -> "GameSummary":
        return cls(facts.id, facts.game, facts.players, facts.started_at, facts.status,
                   tuple(facts.players[seat] for seat in facts.winners))


class GameRepository(Protocol):
    def add(self, game: Game, *, started_at: str) -> int:
        """Store a new game (players, seating, expansions, no rounds); its id."""

    def get(self, game_id: int) -> StoredGame:
        """The game with its rounds and history; raises GameNotFound."""

    def apply(self, game_id: int, change: Change) -> None:
        """Set round `change.round` to `change.after` (None removes it) and
        append `change` to the history. Never checks rules."""

    def delete(self, game_id: int) -> None:
        """Remove a game from every list; `get` raises GameNotFound for it after."""


class UnitOfWork(Protocol):
    games: GameRepository

    def __enter__(self) -> "UnitOfWork": ...

    def __exit__(self, *exc) -> None:
        """Roll back whatever was not committed."""

    def commit(self) -> None: ...


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def new_game(game: str, players: Iterable[str], *, dealer: str | None = None, expansions: Iterable[str] = (),
             bonus_beats_dealt: dict | None = None, starter_draw: StarterDraw | None = None) -> Game:
    """A game with no rounds yet; raises GameError for a table that cannot be.
    XYbrid's `starter_draw` is round 1's starter drawn at set-up (Y5), stored with the game."""
    return find_game(game).set_up(tuple(players), dealer=dealer, expansions=expansions,
                                  bonus_beats_dealt=bonus_beats_dealt, starter_draw=starter_draw)


def start_game(game: Game, uow: UnitOfWork) -> int:
    """Store a newly set-up game; returns its id."""
    with uow:
        game_id = uow.games.add(game, started_at=now())
        uow.commit()
    return game_id


def _as_entered(game: Game, number: int, entered: dict) -> dict:
    """Round `number` as the record keeps it, with the XYbrid starter draw's
    seed (Y5) when one was entered: the engine's round does not carry it."""
    after = record.round_to_dict(game.rounds[number - 1])
    if game.draws_starter and isinstance(entered.get("draw_seed"), int):
        after["draw_seed"] = entered["draw_seed"]
    return after


def _as_stored(stored: StoredGame, number: int) -> dict:
    """Round `number` as the history last set it (with any draw seed), else as the engine has it."""
    for change in reversed(stored.history):
        if change.round == number and change.after is not None:
            return change.after
    return record.round_to_dict(record.rounds_of(stored.game)[number - 1])


def record_round(game_id: int, entered: dict, uow: UnitOfWork, *, author: str = "",
                 expected: int | None = None) -> Game:
    """Add the next round (a record-format round dict). Raises GameError,
    storing nothing, if it breaks a rule, or if `expected` (the round number
    the screen was entering) is no longer the next one: another screen entered
    that round first, and this entry must not become the round after it."""
    with uow:
        stored = uow.games.get(game_id)
        number = len(record.rounds_of(stored.game)) + 1
        if expected is not None and expected != number:
            raise GameError([problem(f"{record.round_word(stored.game)} {expected} was already entered on another "
                                     f"screen; this entry was not stored", "record", round=expected)])
        stored.game.push(record.round_from_dict(stored.game, entered, number))
        after = _as_entered(stored.game, number, entered)
        uow.games.apply(game_id, Change("add", number, None, after, author, now()))
        uow.commit()
    return stored.game


def correct_round(game_id: int, number: int, entered: dict, uow: UnitOfWork, *, author: str = "") -> Game:
    """Replace round `number`; totals, leaders and the outcome follow.
    Raises GameError, storing nothing, if the corrected game breaks a rule."""
    with uow:
        stored = uow.games.get(game_id)
        rounds = record.rounds_of(stored.game)
        if not 1 <= number <= len(rounds):
            raise GameError([problem(f"there is no round {number} to correct", "record", round=number)])
        before = _as_stored(stored, number)
        stored.game.replace(number, record.round_from_dict(stored.game, entered, number))
        after = _as_entered(stored.game, number, entered)
        uow.games.apply(game_id, Change("correct", number, before, after, author, now()))
        uow.commit()
    return stored.game


def _step(game_id: int, uow: UnitOfWork, author: str, pick) -> Game | None:
    with uow:
        stored = uow.games.get(game_id)
        change = pick(stored.history, author=author, at=now())
        if change is None:
            return None
        uow.games.apply(game_id, change)
        uow.commit()
    return uow_game(game_id, uow)


def undo(game_id: int, uow: UnitOfWork, *, author: str = "") -> Game | None:
    """Undo the latest change still in effect; None if there is none."""
    return _step(game_id, uow, author, undo_change)


def redo(game_id: int, uow: UnitOfWork, *, author: str = "") -> Game | None:
    """Redo the latest undone change; None if there is none."""
    return _step(game_id, uow, author, redo_change)


def uow_game(game_id: int, uow: UnitOfWork) -> Game:
    """Read a game (rebuilt and re-scored from its rounds)."""
    with uow:
        return uow.games.get(game_id).game
