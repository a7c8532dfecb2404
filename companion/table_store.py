"""What the shared table's services (companion/table_services.py) talk to: the
links, settings and hands in progress of each game, and the unit of work they
are read and written in, as protocols the store (`models`) implements and the
tests' fakes too (tests/integration/test_unit_of_work_protocol.py)."""
from __future__ import annotations

from typing import Protocol

from .access import Access, Role, TableSettings
from .host_settings import HostSettings
from .services import UnitOfWork


class AccessRepository(Protocol):
    def issue(self, game_id: int, role: Role | str, seat: int | None = None) -> str:
        """A new token; a new link (no seat) replaces the game's live link of that role."""

    def resolve(self, token: str) -> Access | None: ...

    def current(self, access: Access) -> Access | None: ...  # `access` if its token is still live

    def revoke(self, game_id: int, access_id: int) -> bool: ...

    def list(self, game_id: int) -> list[Access]: ...

    def settings(self, game_id: int) -> TableSettings: ...

    def change_settings(self, game_id: int, settings: TableSettings) -> None: ...

    def rematch(self, game_id: int) -> int | None: ...  # the game started as its rematch, if not deleted

    def pass_on(self, game_id: int, rematch_id: int) -> None:
        """Game `rematch_id` is game `game_id`'s rematch: the old game's live links
        and phones open the new one from now on, each phone at the same seat number."""


class LiveHandRepository(Protocol):
    def get(self, game_id: int, number: int) -> dict | None:
        """Hand `number`'s entries (`LiveHand.to_dict`), players named as they are called now; None if none."""

    def put(self, game_id: int, number: int, entries: dict) -> None:
        """Keep hand `number`'s entries, replacing what was kept."""

    def stamp(self, game_id: int, number: int | None) -> object:
        """What changes whenever the game's entries, its live links or hand `number`'s entries do
        (compared with ==; None: the game is gone): a kept table state is checked against it in each
        write's transaction."""

    def update(self, game_id: int, number: int, entries: dict, *, names: list[str], stamp: object) -> object:
        """`put`, in one statement, by a caller holding the game as `stamp` (checked in this transaction)
        with players `names` in seat order; the stamp after it."""


class LiveWrite(Protocol):
    """`with live:` a transaction of its own, begun as a unit of work's (it holds the write lock),
    for a write that stores only the live hand's row; leaving it rolls back what was not committed."""

    def __enter__(self) -> "LiveWrite": ...

    def __exit__(self, *exc) -> None: ...

    def stamp(self, game_id: int, number: int | None) -> object:
        """As LiveHandRepository.stamp."""

    def update(self, game_id: int, number: int, entries: dict, *, names: list[str], stamp: object) -> object:
        """As LiveHandRepository.update."""

    def commit(self) -> None: ...


class TableUnitOfWork(UnitOfWork, Protocol):
    """`services.UnitOfWork` with the shared table's links, settings and hands in progress."""

    access: AccessRepository
    live: LiveHandRepository
    host_settings: HostSettings  # this host's own, for every game: where it plays (companion.host_settings)

    def live_write(self) -> LiveWrite | None:
        """A bid's, a trick's or a typed count's own transaction, on a kept table state the store
        still matches: lighter than the unit of work's; None where the store has none."""
