"""The store: one SQLite file (or one PostgreSQL database, models/server.py)
holding every game, opened with `open_store`.

    store = open_store()                  # the user's data folder, or $XYSCORE_DB
    game_id = services.start_game(game, store.uow())
    services.record_round(game_id, entered, store.uow(), author="Ann")
    services.rename_player("Ann", "Anne", store.uow())
    games = services.list_games(store.reader())  # reads: a reader, which never waits for a writer

Nothing but a unit of work opens a session; each unit of work is one
transaction, so each confirmed entry is one commit. Writes go through
companion.services (and companion.table_services), which begin, commit and
roll back; a caller holding a unit of work itself must commit:

    with store.uow() as uow:
        services.record_round_in(uow.games.get(game_id), entered, uow)
        uow.commit()                      # without it, everything rolls back
"""
from __future__ import annotations

import os
from pathlib import Path

import platformdirs
from sqlalchemy import Engine, event
from sqlalchemy.exc import DatabaseError
from sqlmodel import Session

from companion.errors import StoreUnavailable

from companion.facts import GameFacts
from companion.history import Change
from companion.services import GameSummary, StoredGame

from . import game_facts, roster, server
from .access import SqlAccess, SqlLiveHands
from .host_settings import SqlHostSettings
from .live_write import LiveWrite
from .engine import BUSY_SECONDS, READ, StoreError, check_current, make_engine, quick_check, unavailable, upgrade
from .engine import fault as engine_fault
from .repository import SqlGameRepository

ENV_VAR = "XYSCORE_DB"
APP_NAME = "xyscore"
FILE_NAME = "xyscore.db"

__all__ = ["ENV_VAR", "LiveWrite", "RosterError", "Store", "StoreError", "StoreUnavailable", "UnitOfWork",
           "WriteInReader", "default_path", "open_store"]
RosterError = roster.RosterError


def default_path() -> Path:
    """$XYSCORE_DB if set, else xyscore.db in the user's data folder."""
    override = os.environ.get(ENV_VAR)
    if override:
        return Path(override).expanduser()
    return platformdirs.user_data_path(APP_NAME) / FILE_NAME


def open_store(db_path: str | Path | None = None, *, busy_seconds: float = BUSY_SECONDS,
               to_restore: bool = False) -> "Store":
    """Open (creating if needed) the database and bring its schema up to date.

    `busy_seconds`: how long a write waits for another program's write
    before it fails with StoreUnavailable BUSY (the app passes
    models.engine.APP_BUSY_SECONDS).

    The file is checked first (SQLite's `PRAGMA quick_check`). A store that
    cannot be written (a read-only file, folder or disk, a disk too full to
    open it for writing) or is damaged opens read-only: its games can be
    read as far as they are intact, nothing is migrated, nothing is created
    beside it, and every write raises `store.fault` (StoreUnavailable
    READ_ONLY, FULL or DAMAGED). `to_restore` opens it for `restore` only:
    writable, unchecked, unmigrated, since a restore replaces all of it.

    Raises StoreError if the file is not an XY Score database, comes from
    a newer XY Score, or needs a migration it cannot take now; nothing is
    written to it then.
    """
    target = db_path if db_path is not None else os.environ.get(ENV_VAR) or None
    if server.is_url(target):  # a PostgreSQL server (models/server.py)
        return _open_server(str(target), busy_seconds)
    path = Path(db_path).expanduser() if db_path is not None else default_path()
    if to_restore:
        if not path.is_file():
            raise StoreError(f"there is no database at {path} to restore into")
        return Store(path, make_engine(path, busy_seconds))
    if not path.exists():
        return _create(path, busy_seconds)
    fault = None
    damage = None
    if _writable(path):
        engine = make_engine(path, busy_seconds)
        try:
            damage = quick_check(engine)
            if damage is None:
                upgrade(engine, str(path))
                return Store(path, engine)
            fault = engine_fault(StoreUnavailable.DAMAGED)
        except (StoreUnavailable, DatabaseError) as error:
            said = unavailable(error)
            if said is None or said.kind not in (StoreUnavailable.FULL, StoreUnavailable.READ_ONLY):
                engine.dispose()
                if said is not None and said.kind == StoreUnavailable.BUSY:
                    raise said from None
                if isinstance(error, DatabaseError):  # not a database at all
                    raise StoreError(f"{path} cannot be opened as an XY Score database: {error.orig}") from None
                raise
            fault = said
        except BaseException:
            engine.dispose()
            raise
        engine.dispose()
    return _open_read_only(path, busy_seconds, fault, damage)


def _open_server(target: str, busy_seconds: float) -> "Store":
    """The store on a PostgreSQL server: migrated on open, like a file (no
    file check: the server keeps its own data intact). Raises StoreUnavailable
    UNREACHABLE if the server cannot be reached, StoreError if the database is not ours."""
    name = server.sender_name()
    engine = server.make_server_engine(target, busy_seconds, name)
    try:
        upgrade(engine, server.shown(target))
    except BaseException:
        engine.dispose()
        raise
    return Store(None, engine, where=server.shown(target), on_server=(target, name))


def _writable(path: Path) -> bool:
    """Can this process write the file and make its -wal and -shm beside it?
    (A read-only mount says no even to root; a chmod does not stop root.)"""
    return os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)


def _create(path: Path, busy_seconds: float) -> "Store":
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StoreError(f"there is no database at {path}, and its folder cannot be made: "
                         f"{error.strerror or error}") from None
    if not os.access(path.parent, os.W_OK):
        raise StoreError(f"there is no database at {path}, and its folder {path.parent} is read-only, "
                         f"so none can be made there")
    engine = make_engine(path, busy_seconds)
    try:
        upgrade(engine, str(path))
    except BaseException:
        engine.dispose()
        raise
    return Store(path, engine)


def _open_read_only(path: Path, busy_seconds: float, fault: StoreUnavailable | None,
                    damage: str | None) -> "Store":
    """The store opened `mode=ro`; where SQLite cannot even make the -shm file
    it reads through (a read-only folder, a full disk), `immutable=1`, which
    is exact while no -wal file holds changes not yet in the database file."""
    engine = make_engine(path, busy_seconds, read_only=True)
    try:
        try:
            with engine.connect() as connection:
                connection.exec_driver_sql("SELECT count(*) FROM sqlite_master").all()
        except DatabaseError:
            wal = path.with_name(path.name + "-wal")
            if wal.exists() and wal.stat().st_size > 0:
                raise
            engine.dispose()
            engine = make_engine(path, busy_seconds, read_only=True, immutable=True)
        check_current(engine, str(path))
        if damage is None:
            damage = quick_check(engine)
    except DatabaseError as error:
        engine.dispose()
        said = unavailable(error)
        if said is not None and said.kind != StoreUnavailable.DAMAGED:
            raise said from None
        raise StoreError(f"{path} cannot be read: {error.orig}") from None
    except BaseException:
        engine.dispose()
        raise
    if damage is not None:
        fault = engine_fault(StoreUnavailable.DAMAGED)
    return Store(path, engine, fault or engine_fault(StoreUnavailable.READ_ONLY), damage)


class Store:
    """An open store (a SQLite file at `path`, or a PostgreSQL database). `fault` is None when it takes writes; else the
    StoreUnavailable every write raises (it opened read-only), and `damage`
    what SQLite's check found if it is damaged."""

    def __init__(self, path: Path | None, engine: Engine, fault: StoreUnavailable | None = None,
                 damage: str | None = None, *, where: str | None = None,
                 on_server: tuple[str, str] | None = None):
        self.path = path  # the SQLite file; None on a server
        self._server = on_server  # on a server: its URL and this store's name there (models.server.sender_name)
        self._listeners: list[server.Listener] = []
        self.where = where or str(path)  # what to call the store in a message (a server's URL without its password)
        self.engine = engine
        self.fault = fault
        self.damage = damage
        self._reads = engine.execution_options(**{READ: True})
        self._keep_facts = game_facts.skip if fault is not None else game_facts.keep_if_free(engine)

    @property
    def read_only(self) -> bool:
        return self.fault is not None

    def uow(self) -> "UnitOfWork":
        """A unit of work that may write: it takes the write lock when it begins."""
        return UnitOfWork(self.engine, fault=self.fault, keep_facts=game_facts.skip if self.fault else None)

    def reader(self) -> "UnitOfWork":
        """A unit of work that only reads: it begins DEFERRED, so it never
        waits for a writer (WAL) and never holds one up; a write through it
        raises WriteInReader. Facts the statistics had to work out again are
        kept only if the write lock is free that instant (game_facts.keep_if_free)."""
        return UnitOfWork(self._reads, fault=self.fault, read=True, keep_facts=self._keep_facts)

    def listen(self, heard) -> "server.Listener | None":
        """On a server, call `heard(games)` on a thread of its own for every change another program
        (another host, a command) commits: the games' ids, or None for one tied to no game
        (models.server.Listener). None on SQLite: one file, one host, which tells its own screens."""
        if self._server is None:
            return None
        listener = server.Listener(*self._server, heard)
        self._listeners.append(listener)
        return listener

    def close(self) -> None:
        for listener in self._listeners:
            listener.close()
        self.engine.dispose()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class WriteInReader(RuntimeError):
    """A reader (Store.reader) was asked to write: a bug in the caller, which should use Store.uow."""


class UnitOfWork:
    """companion.services.UnitOfWork on SQLite, with the shared table's
    repositories (companion.table_services.TableUnitOfWork): every member
    those protocols declare, and nothing public they do not
    (tests/integration/test_unit_of_work_protocol.py).

    `with uow:` begins a transaction (it takes SQLite's write lock at once,
    see models.engine); leaving the block rolls back whatever was not committed.
    A fault of the file (busy, full, read-only, damaged) leaves the block as
    companion.errors.StoreUnavailable, whatever read or write met it.
    """

    games: SqlGameRepository
    access: SqlAccess  # links, phones and table settings (issue 5)
    live: SqlLiveHands  # Xylotar hands in progress
    host_settings: SqlHostSettings  # this host's own, for every game (issue 13)

    def __init__(self, engine: Engine, *, fault: StoreUnavailable | None = None, read: bool = False,
                 keep_facts: game_facts.Keep | None = None):
        self._engine = engine
        self._fault = fault  # the store's, if it opened read-only
        self._read = read
        self._keep_facts = keep_facts
        self._session: Session | None = None

    def __enter__(self) -> "UnitOfWork":
        self._session = Session(self._engine, expire_on_commit=False)
        if self._read:
            event.listen(self._session, "before_flush", _no_flush)
        self.games = SqlGameRepository(self._session, self._keep_facts)
        self.access = SqlAccess(self._session)
        self.live = SqlLiveHands(self._session, names=self.games.names)
        self.host_settings = SqlHostSettings(self._session)
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
                said = self._said(failed)
                if said is None or said is failed:
                    raise
                raise said from failed
        if error is not None and (said := self._said(error)) is not None and said is not error:
            raise said from error

    def live_write(self) -> "LiveWrite | None":
        """A bid's, a trick's or a typed count's transaction of its own (models/live_write.py); None on
        a server, in a reader or on a store that takes no writes: those go through the unit of work."""
        if self._read or self._fault is not None or self._engine.dialect.name != "sqlite":
            return None
        return LiveWrite(self._engine, self._said)

    def commit(self) -> None:
        assert self._session is not None, "commit() belongs inside `with uow:`"
        if self._read:
            raise WriteInReader("a reader has nothing to commit: write through store.uow()")
        try:
            self._session.commit()
        except Exception as error:
            said = self._said(error)
            if said is None or said is error:
                raise
            raise said from error

    def _said(self, error: BaseException) -> Exception | None:
        """What `error` means here: a reader's write is a bug (WriteInReader);
        a write refused by a store opened read-only is that store's fault."""
        said = unavailable(error)
        if said is None or said.kind != StoreUnavailable.READ_ONLY:
            return said
        cause = getattr(error, "orig", error)
        if self._read and (getattr(cause, "sqlite_errorcode", None) == _SQLITE_READONLY
                           or server.read_only_write(cause)):
            return WriteInReader("a reader tried to write (it is query_only): write through store.uow()")
        return engine_fault(self._fault.kind) if self._fault is not None else said

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

    def merge_player(self, name: str, into: str) -> str:
        """`name`'s games become `into`'s and `name` leaves the roster; the name
        kept. Raises RosterError naming the problem (one game holds both)."""
        moved = roster.merge(self._open(), name, into)
        self.games.refresh_fingerprints(game_ids=moved)
        return roster.find(self._open(), into).name

    def remove_player(self, name: str) -> None:
        """Take a player with no games off the roster; raises RosterError otherwise."""
        roster.remove(self._open(), name)

    def games_played(self) -> dict[str, int]:
        """Everyone on the roster, alphabetically, with how many games they played."""
        return roster.games_played(self._open())

    def player_uid(self, name: str) -> str | None:
        found = roster.find(self._open(), name)
        return found.uid if found is not None else None

    def player_named(self, uid: str) -> str | None:
        return roster.named(self._open(), uid)

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



_SQLITE_READONLY = 8  # exactly: what a query_only connection answers to a write


def _no_flush(session: Session, _context, _instances) -> None:
    if session.new or session.dirty or session.deleted:
        raise WriteInReader("a reader was asked to write rows: write through store.uow()")
