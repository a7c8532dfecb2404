"""A bid, a trick or a typed count stored in a transaction of its own (issue 26).

Such a write checks the game's kept table state against the store (one
statement), writes the live hand's row (one statement) and commits. Through
the unit of work (models/store.py), SQLAlchemy's session, connection and
transaction objects are made and begun around them, which costs the server
more than the statements and the commit together; here they are not made.
The transaction begins as every unit of work's does (`engine.begin`: on SQLite
it takes the write lock), and a fault of the file is said as the unit of
work says it. On a server, in a reader or on a store that takes no writes,
there is no such transaction and the write goes through the unit of work."""
from __future__ import annotations

from typing import Callable

from sqlalchemy import Engine

from .access import SqlLiveHands
from .engine import begin
from .server import Raw


class LiveWrite:
    """`with LiveWrite(engine, said) as live:` `live.stamp(...)`, `live.update(...)` (as
    SqlLiveHands'), `live.commit()`, on one pooled SQLite connection. Leaving the block rolls back
    what was not committed and gives the connection back; `said(error)` is what a failure means
    (StoreUnavailable for a fault of the file), raised in its place."""

    def __init__(self, engine: Engine, said: Callable[[BaseException], BaseException | None]) -> None:
        self._engine = engine
        self._said = said
        self._pooled = None

    def __enter__(self) -> "LiveWrite":
        try:
            self._pooled = self._engine.raw_connection()
            driver = self._pooled.driver_connection
            begin(driver, self._pooled.info)
        except Exception as error:
            self._close()
            self._raise(error)
        self._hands = SqlLiveHands(None, driver=lambda: Raw(driver, False))
        return self

    def stamp(self, game_id: int, number: int | None) -> tuple | None:
        return self._hands.stamp(game_id, number)

    def update(self, game_id: int, number: int, entries: dict, *, names: list[str], stamp: tuple) -> tuple:
        return self._hands.update(game_id, number, entries, names=names, stamp=stamp)

    def commit(self) -> None:
        try:
            self._pooled.driver_connection.commit()
        except Exception as error:
            self._raise(error)

    def __exit__(self, kind, error, traceback) -> None:
        try:
            if self._pooled is not None and self._pooled.driver_connection.in_transaction:
                self._pooled.driver_connection.rollback()
        except Exception as failed:  # noqa: BLE001 - a file that failed mid-block may fail its rollback too
            self._pooled.invalidate()
            if error is None:
                self._raise(failed)
        finally:
            self._close()
        if error is not None and (said := self._said(error)) is not None and said is not error:
            raise said from error

    def _raise(self, error: BaseException) -> None:
        said = self._said(error)
        if said is None or said is error:
            raise error
        raise said from error

    def _close(self) -> None:
        pooled, self._pooled = self._pooled, None
        if pooled is not None:
            pooled.close()
