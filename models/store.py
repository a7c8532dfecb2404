"""The store: one SQLite file holding every game, opened with `open_store`.

    store = open_store()                  # the user's data folder, or $XYSCORE_DB
    game_id = services.start_game(game, store.uow())
    services.record_round(game_id, entered, store.uow(), author="Ann")
    with store.uow() as uow:
        uow.rename_player("Ann", "Anne")
        uow.commit()                      # without it, everything rolls back

Nothing but a unit of work opens a session; each unit of work is one
transaction, so each confirmed entry is one commit.
"""
from __future__ import annotations

import os
from pathlib import Path

import platformdirs
from sqlalchemy import Engine
from sqlmodel import Session

from companion.facts import GameFacts
from companion.history import Change
from companion.services import GameSummary, StoredGame

from . import roster
from .access import SqlAccess, SqlLiveHands
from .engine import BUSY_SECONDS, StoreError, make_engine, unavailable, upgrade
from .repository import SqlGameRepository

ENV_VAR = "XYSCORE_DB"
APP_NAME = "xyscore"
FILE_NAME = "xyscore.db"

__all__ = ["ENV_VAR", "RosterError", "Store", "StoreError", "UnitOfWork", "default_path", "open_store"]
RosterError = roster.RosterError


def default_path() -> Path:
    """$XYSCORE_DB if set, else xyscore.db in the user's data folder."""
    override = os.environ.get(ENV_VAR)
    if override:
        return Path(override).expanduser()
    return platformdirs.user_data_path(APP_NAME) / FILE_NAME


def open_store(db_path: str | Path | None = None, *, busy_seconds: float = BUSY_SECONDS) -> "Store":
    """Open (creating if needed) the database and bring its schema up to date.

    `busy_seconds`: how long a write waits for another program's write
    before it fails with StoreUnavailable BUSY (the app passes
    models.engine.APP_BUSY_SECONDS).

    Raises StoreError if the file is not an XY Score database or comes from
    a newer XY Score; nothing is written to it then.
    """
    path = Path(db_path).expanduser() if db_path is not None else default_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    engine = make_engine(path, busy_seconds)
    try:
        upgrade(engine, str(path))
    except StoreError:
        engine.dispose()
        raise
    return Store(path, engine)


class Store:
    def __init__(self, path: Path, engine: Engine):
        self.path = path
        self.engine = engine

    def uow(self) -> "UnitOfWork":
        return UnitOfWork(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class UnitOfWork:
    """companion.services.UnitOfWork on SQLite, plus the reads the app needs.

    `with uow:` begins a transaction (it takes SQLite's write lock at once,
    see models.engine); leaving the block rolls back whatever was not committed.
    A fault of the file (busy, full, read-only, damaged) leaves the block as
    companion.errors.StoreUnavailable, whatever read or write met it.
    """

    games: SqlGameRepository
    access: SqlAccess  # links, phones and table settings (issue 5)
    live: SqlLiveHands  # Xylotar hands in progress

    def __init__(self, engine: Engine):
        self._engine = engine
        self._session: Session | None = None

    def __enter__(self) -> "UnitOfWork":
        self._session = Session(self._engine, expire_on_commit=False)
        self.games = SqlGameRepository(self._session)
        self.access = SqlAccess(self._session)
        self.live = SqlLiveHands(self._session)
        return self

    def __exit__(self, kind, error, traceback) -> None:
        assert self._session is not None
        session, self._session = self._session, None
        try:
            session.rollback()
            session.close()
        except Exception as failed:  # noqa: BLE001 - a file that failed mid-block may fail its rollback too
            session.invalidate()
            if error is None:
                _raise_said(failed)
        if error is not None and (said := unavailable(error)) is not None and said is not error:
            raise said from error

    def commit(self) -> None:
        assert self._session is not None, "commit() belongs inside `with uow:`"
        try:
            self._session.commit()
        except Exception as error:
            _raise_said(error)

    def _open(self) -> Session:
        if self._session is None:
            raise RuntimeError("use the unit of work inside `with uow:`")
        return self._session

    # --- the roster ---------------------------------------------------------
    def players(self) -> list[str]:
        """Everyone on the roster, alphabetically."""
        return roster.names(self._open())

    def add_player(self, name: str) -> str:
        """Add a player (trimmed); raises RosterError if the name is taken or not a name."""
        return roster.add(self._open(), name).name

    def rename_player(self, old: str, new: str) -> str:
        """Rename a player in every game at once; raises RosterError naming the problem."""
        renamed = roster.rename(self._open(), old, new)
        self.games.refresh_fingerprints(renamed)
        return renamed

    # --- reads ---------------------------------------------------------------
    def list_games(self, game: str | None = None, player: str | None = None) -> list[GameSummary]:
        """Games newest first, optionally only one kind or those `player` sat in."""
        self._open()
        return self.games.list_games(game, player)

    def stored_games(self, game: str | None = None, player: str | None = None) -> list[StoredGame]:
        """Like list_games, but the whole games (without their history: `games.get` has it)."""
        self._open()
        return self.games.stored_games(game, player)

    def game_facts(self, game: str | None = None, player: str | None = None) -> list[GameFacts]:
        """Like list_games, but what companion.stats needs from each game, from
        the facts cache. Facts it had to work out again are kept only on commit()."""
        self._open()
        return self.games.game_facts(game, player)

    def history(self, game_id: int) -> list[Change]:
        """Who changed which round of the game, and when, oldest first."""
        self._open()
        return self.games.history(game_id)


def _raise_said(error: Exception):
    """Raise `error` as StoreUnavailable if it is a fault of the file, else as it is."""
    said = unavailable(error)
    if said is None or said is error:
        raise error
    raise said from error
