"""What the services talk to: the stored games and the unit of work they
are read and written in, as protocols the store (`models`) implements and
the tests' fakes too (tests/integration/test_unit_of_work_protocol.py), and
the plain values that cross between them."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

from .facts import GameFacts
from .games import Game
from .history import Change


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
    secret_dealt: tuple[str, ...] = ()  # players who entered their dealt Bonus Beats on their own phone (P2)
    # Entries that share a card with another player's (B1): kept, but left out of `game` until the host
    # sorts them out; each player's phone still shows their own (companion.table_services.seen_game).
    clashing: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # Stable ids (issue 27): the game's, kept when it moves to another host, and each player's by name,
    # kept across renames and merges. An imported game's end as its record gave it (else None: its history's).
    uid: str = ""
    player_uids: dict[str, str] = field(default_factory=dict)
    ended_at: str | None = None
    note: str | None = None  # the players' own words on the game (issue 28)
    played_on: bool = False  # entered afterwards: `started_at` and `ended_at` are the day it was played
    # The players' own words on a round, by its number (1 is hand 1): rounds without a note are left out.
    round_notes: dict[int, str] = field(default_factory=dict)


@dataclass(frozen=True)
class GameSummary:
    """One line of a list of games: who played, when, and how it stands."""

    id: int
    game: str
    players: tuple[str, ...]
    started_at: str
    status: str
    winners: tuple[str, ...]
    totals: tuple[int, ...] = ()  # each player's total so far, in seat order (as `players`)
    rounds_played: int = 0  # tiebreak hands included

    @classmethod
    def of(cls, facts: GameFacts) -> "GameSummary":
        return cls(facts.id, facts.game, facts.players, facts.started_at, facts.status,
                   tuple(facts.players[seat] for seat in facts.winners), facts.totals, facts.rounds)


class Savepoint(Protocol):
    """A transaction nested in the unit of work's (`GameRepository.savepoint`)."""

    def commit(self) -> None:
        """Keep what was written since it began (the unit of work still commits it)."""

    def rollback(self) -> None:
        """Take back what was written since it began."""


class GameRepository(Protocol):
    """The stored games, inside an open unit of work. Games read come back
    as entered (their rounds were checked when they were entered: they are
    not checked again); nothing here checks a rule."""

    # --- writes ----------------------------------------------------------
    def add(self, game: Game, *, started_at: str, uid: str | None = None,
            player_uids: list[str | None] | None = None, ended_at: str | None = None, note: str | None = None,
            played_on: bool = False) -> int:
        """Store a new game (players, seating, set-up, no rounds); its players
        join the roster if new. Its id. An import gives the record's stable
        ids (the game's `uid`, each seat's player's, kept unless another game
        or player holds it already: then a new one), its end and its note; a
        game entered afterwards (`played_on`) its start and end, the day it was played."""

    def set_note(self, game_id: int, note: str | None) -> None:
        """Keep the game's note (checked by the caller; None: no note)."""

    def set_round_note(self, game_id: int, number: int, note: str | None) -> None:
        """Keep the note of the game's round `number`, a round it has (both
        checked by the caller; None: no note). A change to the round (a
        correction, its undo) keeps its note; a round taken back takes it along."""

    def apply(self, game_id: int, change: Change, *, result: Game | None = None) -> None:
        """Set round `change.round` to `change.after` (None removes it) and
        append `change` to the history. Never checks rules. `result`, if
        given, is the game with the change made (as the caller checked it):
        the store works the game's facts out from it rather than reading the
        game back."""

    def apply_all(self, game_id: int, changes: list[Change], *, result: Game | None = None) -> None:
        """`apply` each change in order, as one (an import of a long game, a
        correction with the rounds it drops); `result` as for `apply`."""

    def delete(self, game_id: int) -> None:
        """Remove a game from every list; `get` raises GameNotFound for it after."""

    def undelete(self, game_id: int) -> None:
        """Bring a deleted game back (an import of the same game)."""

    def same_game(self, game_id: int, started_at: str | None) -> int | None:
        """Another stored game (deleted or not) with the content of game
        `game_id`, and the same start when `started_at` is given; its id, or None."""

    def savepoint(self) -> Savepoint:
        """A transaction nested in this one."""

    def set_dealt(self, game_id: int, player: str, cards: list[str], *, secret: bool) -> None:
        """Keep the 2 Bonus Beats dealt to `player` (checked by the caller;
        none: not entered); `secret`: entered on their own phone, so no other
        screen shows them (P2). An entry sharing a card with another player's
        is kept too: `get` gives both in `StoredGame.clashing`, not in the game."""

    # --- reads -----------------------------------------------------------
    def get(self, game_id: int, *, history: bool = True) -> StoredGame:
        """The game with its rounds and, unless `history=False`, its history
        (without it, `StoredGame.history` is empty); raises GameNotFound."""

    def history(self, game_id: int) -> list[Change]:
        """Who changed which round of the game, and when, oldest first."""

    def list_games(self, game: str | None = None, player: str | None = None) -> list[GameSummary]:
        """Games not deleted, newest first; optionally one kind, or those `player` sat in."""

    def stored_games(self, game: str | None = None, player: str | None = None) -> list[StoredGame]:
        """Like list_games, but the whole games (without their history)."""

    def game_facts(self, game: str | None = None, player: str | None = None) -> list[GameFacts]:
        """Like list_games, but what companion.stats needs from each game."""

    def record(self, game_id: int) -> dict:
        """The game's companion.game/1 record, with `started_at`."""

    def records(self, game: str | None = None, player: str | None = None) -> list[dict]:
        """The record (as `record` gives it) of every game not deleted, oldest first."""


class UnitOfWork(Protocol):
    """One transaction: `with uow:` begins it, `commit()` keeps what was
    written, leaving the block rolls back the rest."""

    games: GameRepository

    def __enter__(self) -> "UnitOfWork": ...

    def __exit__(self, *exc) -> None:
        """Roll back whatever was not committed."""

    def commit(self) -> None: ...

    # --- the roster: everyone who has played, shared by all games ---------------
    def players(self) -> list[str]:
        """Everyone on the roster, alphabetically."""

    def add_player(self, name: str) -> str:
        """Put a player on the roster (the name as kept); raises ValueError
        (the store's RosterError) if the name is taken or not a name."""

    def rename_player(self, old: str, new: str) -> str:
        """Rename a player in every game at once (the new name as kept);
        raises ValueError (RosterError) naming the problem."""

    def merge_player(self, name: str, into: str) -> str:
        """Two names that are one person: every game of `name` becomes
        `into`'s and `name` leaves the roster (the name kept); raises
        ValueError (RosterError) naming the problem, such as a game both sat at."""

    def remove_player(self, name: str) -> None:
        """Take a player with no games off the roster; raises ValueError (RosterError) otherwise."""

    def games_played(self) -> dict[str, int]:
        """Everyone on the roster, alphabetically, with how many games they played."""

    def player_uid(self, name: str) -> str | None:
        """The stable id of the player called `name` (any case), None for no one."""

    def player_named(self, uid: str) -> str | None:
        """The name the player with stable id `uid` goes by now (after any rename), None for no one."""

    # --- the same reads as `games` has, for a caller holding the unit of work ---
    def list_games(self, game: str | None = None, player: str | None = None) -> list[GameSummary]: ...

    def stored_games(self, game: str | None = None, player: str | None = None) -> list[StoredGame]: ...

    def game_facts(self, game: str | None = None, player: str | None = None) -> list[GameFacts]: ...

    def history(self, game_id: int) -> list[Change]: ...
