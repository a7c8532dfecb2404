"""The shared table's repositories in memory (`uow.access`, `uow.live`, `uow.host_settings`), on
top of tests.fakes.FakeStore, for tests that must not need SQLite: its unit
of work has every member of companion.table_services.TableUnitOfWork."""
from __future__ import annotations

import copy
import itertools

from companion.access import Access, Role, TableSettings, looks_like_token, new_token, same_hash, token_hash
from companion.services import GameNotFound
from tests.fakes import FakeStore, FakeUnitOfWork


class FakeAccess:
    def __init__(self, store: "TableFakeStore") -> None:
        self.store = store

    def _game(self, game_id: int) -> None:
        if not self.store.has(game_id):
            raise GameNotFound(game_id)

    def issue(self, game_id: int, role: Role | str, seat: int | None = None) -> str:
        self._game(game_id)
        role = Role(role)
        if seat is None:
            for grant in self.store.grants:
                if grant["game_id"] == game_id and grant["role"] is role and grant["seat"] is None:
                    grant["revoked"] = True
        token = new_token()
        self.store.grants.append({"id": next(self.store.grant_ids), "game_id": game_id, "role": role, "seat": seat,
                                  "hash": token_hash(token), "revoked": False})
        return token

    def resolve(self, token: str) -> Access | None:
        if not looks_like_token(token):
            return None
        for grant in self.store.grants:
            if same_hash(grant["hash"], token) and not grant["revoked"] and self.store.has(grant["game_id"]):
                return self._access(grant)
        return None

    def current(self, access: Access) -> Access | None:
        if access.id is None:
            return access if access.role is Role.HOST else None
        grant = next((g for g in self.store.grants if g["id"] == access.id), None)
        if grant is None or grant["revoked"] or grant["game_id"] != access.game_id:
            return None
        return self._access(grant)

    def revoke(self, game_id: int, access_id: int) -> bool:
        for grant in self.store.grants:
            if grant["id"] == access_id and grant["game_id"] == game_id and not grant["revoked"]:
                grant["revoked"] = True
                return True
        return False

    def list(self, game_id: int) -> list[Access]:
        live = [g for g in self.store.grants if g["game_id"] == game_id and not g["revoked"]]
        return [self._access(g) for g in sorted(live, key=lambda g: (g["seat"] is not None, g["seat"] or 0, g["id"]))]

    def settings(self, game_id: int) -> TableSettings:
        self._game(game_id)
        return self.store.settings.get(game_id, TableSettings())

    def change_settings(self, game_id: int, settings: TableSettings) -> None:
        self._game(game_id)
        self.store.settings[game_id] = settings

    def rematch(self, game_id: int) -> int | None:
        rematch = self.store.rematches.get(game_id)
        return rematch if rematch is not None and self.store.has(rematch) else None

    def pass_on(self, game_id: int, rematch_id: int) -> None:
        self._game(game_id)
        self._game(rematch_id)
        self.store.rematches[game_id] = rematch_id
        for grant in self.store.grants:
            if grant["game_id"] == game_id and not grant["revoked"]:
                grant["game_id"] = rematch_id

    @staticmethod
    def _access(grant: dict) -> Access:
        return Access(grant["game_id"], grant["role"], grant["seat"], grant["id"])


class FakeLiveHands:
    def __init__(self, store: "TableFakeStore") -> None:
        self.store = store

    def get(self, game_id: int, number: int) -> dict | None:
        found = self.store.live.get((game_id, number))
        return copy.deepcopy(found) if found is not None else None

    def put(self, game_id: int, number: int, entries: dict) -> None:
        self.store.live[(game_id, number)] = copy.deepcopy(entries)

    def stamp(self, game_id: int, number: int | None):
        if not self.store.has(game_id):
            return None
        links = sorted(g["id"] for g in self.store.grants if g["game_id"] == game_id and not g["revoked"])
        return (repr(self.store.rows[game_id]["record"]), links, repr(self.store.live.get((game_id, number))))

    def update(self, game_id: int, number: int, entries: dict, *, names: list[str], stamp):
        self.put(game_id, number, entries)
        return self.stamp(game_id, number)


class FakeHostSettings:
    def __init__(self, store: "TableFakeStore") -> None:
        self.store = store

    def get(self, key: str) -> str | None:
        return self.store.host_settings.get(key)

    def put(self, key: str, value: str | None) -> None:
        if value is None:
            self.store.host_settings.pop(key, None)
        else:
            self.store.host_settings[key] = value


class TableFakeUnitOfWork(FakeUnitOfWork):
    def __init__(self, store: "TableFakeStore") -> None:
        super().__init__(store)
        self.access = FakeAccess(store)
        self.live = FakeLiveHands(store)
        self.host_settings = FakeHostSettings(store)

    def __enter__(self):
        self._table = copy.deepcopy((self.store.grants, self.store.settings, self.store.live, self.store.host_settings,
                                     self.store.rematches))
        return super().__enter__()

    def live_write(self) -> FakeLiveWrite:
        return FakeLiveWrite(self.store)

    def __exit__(self, *exc) -> None:
        if self._saved is not None:  # not committed: the table's state rolls back with the games
            (self.store.grants, self.store.settings, self.store.live, self.store.host_settings,
             self.store.rematches) = self._table
        super().__exit__(*exc)


class FakeLiveWrite:
    """The store's transaction of its own for a bid, a trick or a typed count (models/live_write.py)."""

    def __init__(self, store: "TableFakeStore") -> None:
        self._uow = TableFakeUnitOfWork(store)

    def __enter__(self):
        self._uow.__enter__()
        return self

    def __exit__(self, *exc) -> None:
        self._uow.__exit__(*exc)

    def stamp(self, game_id: int, number: int | None):
        return self._uow.live.stamp(game_id, number)

    def update(self, game_id: int, number: int, entries: dict, *, names: list[str], stamp):
        return self._uow.live.update(game_id, number, entries, names=names, stamp=stamp)

    def commit(self) -> None:
        self._uow.commit()


class TableFakeStore(FakeStore):
    def __init__(self) -> None:
        super().__init__()
        self.grants: list[dict] = []
        self.grant_ids = itertools.count(1)
        self.settings: dict[int, TableSettings] = {}
        self.live: dict[tuple[int, int], dict] = {}
        self.rematches: dict[int, int] = {}  # a finished game's id -> its rematch's
        self.host_settings: dict[str, str] = {}

    def uow(self) -> TableFakeUnitOfWork:
        return TableFakeUnitOfWork(self)
