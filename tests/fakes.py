"""An in-memory store with the surface of `models.store.Store` that the views
use, for tests that must not need SQLite."""
from __future__ import annotations

import copy
import itertools

from companion import record
from companion.facts import game_facts
from companion.services import GameNotFound, GameSummary, StoredGame


class FakeGames:
    def __init__(self, store: "FakeStore") -> None:
        self.store = store

    def add(self, game, *, started_at: str) -> int:
        """Like the store's: the game's players join the roster if new."""
        known = {name.casefold() for name in self.store.roster}
        self.store.roster += [name for name in game.players if name.casefold() not in known]
        game_id = next(self.store.ids)
        self.store.rows[game_id] = {"record": record.to_dict(game), "started_at": started_at, "history": []}
        return game_id

    def get(self, game_id: int) -> StoredGame:
        if game_id not in self.store.rows:
            raise GameNotFound(game_id)
        row = self.store.rows[game_id]
        return StoredGame(game_id, record.from_dict(copy.deepcopy(row["record"])), row["started_at"],
                          list(row["history"]))

    def apply(self, game_id: int, change) -> None:
        row = self.store.rows[game_id]
        rounds = row["record"]["rounds"]
        after = {k: v for k, v in (change.after or {}).items() if k != "draw_seed"}
        if change.after is None:
            del rounds[change.round - 1:]
        elif change.round <= len(rounds):
            rounds[change.round - 1] = after
        else:
            rounds.append(after)
        row["history"].append(change)

    def delete(self, game_id: int) -> None:
        self.store.rows.pop(game_id, None)


class FakeUnitOfWork:
    def __init__(self, store: "FakeStore") -> None:
        self.store = store
        self.games = FakeGames(store)

    def __enter__(self):
        self._saved = copy.deepcopy((self.store.rows, self.store.roster))
        return self

    def __exit__(self, *exc) -> None:
        if self._saved is not None:
            self.store.rows, self.store.roster = self._saved

    def commit(self) -> None:
        self._saved = None

    def list_games(self, game: str | None = None, player: str | None = None) -> list[GameSummary]:
        games = [self.games.get(game_id) for game_id in sorted(self.store.rows, reverse=True)]
        return [GameSummary.of(game_facts(s)) for s in games if (game is None or s.game.game == game)
                and (player is None or player in s.game.players)]

    def players(self) -> list[str]:
        return sorted(self.store.roster, key=str.casefold)

    def add_player(self, name: str) -> str:
        self.store.roster.append(name.strip())
        return name.strip()

    def history(self, game_id: int) -> list:
        return list(self.store.rows[game_id]["history"])


class FakeStore:
    fault = None  # models.store.Store.fault: a store that opened read-only says why

    def __init__(self) -> None:
        self.rows: dict = {}
        self.ids = itertools.count(1)
        self.roster: list[str] = []

    def uow(self) -> FakeUnitOfWork:
        return FakeUnitOfWork(self)

    def reader(self):
        """The store's read-only unit of work (models.store.Store.reader); here the same fake."""
        return self.uow()
