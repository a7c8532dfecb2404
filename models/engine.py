"""The SQLite engine: durability settings, and migrations applied on open.

Every connection runs in WAL mode with `synchronous=FULL` and foreign keys on,
and every transaction starts with `BEGIN IMMEDIATE`:

- WAL lets the app's screens read while an entry is written, and a commit
  is one append to the log: a process killed mid-write leaves the last
  committed state, which the next open recovers.
- `synchronous=FULL` syncs the log on every commit, so a confirmed score
  survives a power cut or an OS crash too, not only a killed process
  (`NORMAL` would only guarantee the latter). A table enters a round every
  few minutes; one fsync per confirmed entry costs nothing they can notice.
- `BEGIN IMMEDIATE` takes the write lock when a unit of work starts, so a
  read-then-write (read the game, append the next round) can never be
  invalidated by another process writing in between; others wait up to
  the store's busy timeout (`BUSY_SECONDS` for the commands, `APP_BUSY_SECONDS`
  for the app, whose players should not stare at a frozen screen) and then
  fail with StoreUnavailable BUSY.

`unavailable(error)` says what a fault of the file means to a player
(companion.errors.StoreUnavailable: busy, full, read-only, damaged); the
unit of work raises it instead of SQLite's own error (models/store.py).
"""
from __future__ import annotations

import errno
import os
import sqlite3
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from alembic.util.exc import CommandError
from sqlalchemy import Connection, Engine, create_engine, event, inspect, text
from sqlalchemy.engine import URL
from sqlalchemy.exc import DatabaseError

from companion.errors import StoreUnavailable

from . import server

MIGRATIONS = Path(__file__).with_name("migrations")
BUSY_SECONDS = 15  # the commands: a backup or an import may run a while, waiting is fine
APP_BUSY_SECONDS = 2  # the app: an entry that cannot be written soon is said so, and sent again
# The tables every XY Score database has, whatever its schema version.
OUR_TABLES = {"alembic_version", "player", "game", "seat", "round", "change"}


class StoreError(Exception):
    """The database cannot be used: not ours, from a newer XY Score, or unreadable."""


# What a fault of the store's file means, in words a player at the table can act on.
BUSY_MESSAGE = "The host's storage is busy with another task. Nothing was lost; try again in a moment."
FULL_MESSAGE = "The host's storage is full. Nothing was lost; free some space on the host and try again."
READ_ONLY_MESSAGE = ("The host can't save right now: its storage is read-only. Nothing was lost; "
                     "your games can still be read.")
DAMAGED_MESSAGE = ("The host's game file is damaged. Nothing more will be saved until it is restored "
                   "from a backup with `xyscore restore`.")
MESSAGES = {StoreUnavailable.BUSY: BUSY_MESSAGE, StoreUnavailable.FULL: FULL_MESSAGE,
            StoreUnavailable.READ_ONLY: READ_ONLY_MESSAGE, StoreUnavailable.DAMAGED: DAMAGED_MESSAGE,
            StoreUnavailable.UNREACHABLE: server.UNREACHABLE_MESSAGE}

# SQLite's primary result codes (the low byte of an extended code).
_KINDS = {5: StoreUnavailable.BUSY,  # SQLITE_BUSY
          6: StoreUnavailable.BUSY,  # SQLITE_LOCKED
          8: StoreUnavailable.READ_ONLY,  # SQLITE_READONLY
          11: StoreUnavailable.DAMAGED,  # SQLITE_CORRUPT
          13: StoreUnavailable.FULL,  # SQLITE_FULL
          26: StoreUnavailable.DAMAGED}  # SQLITE_NOTADB
_IOERR_SHMSIZE = 10 | (19 << 8)
_WORDS = (("database is locked", StoreUnavailable.BUSY), ("database is busy", StoreUnavailable.BUSY),
          ("database table is locked", StoreUnavailable.BUSY),
          ("database or disk is full", StoreUnavailable.FULL),
          ("readonly", StoreUnavailable.READ_ONLY), ("read-only", StoreUnavailable.READ_ONLY),
          ("disk image is malformed", StoreUnavailable.DAMAGED), ("file is not a database", StoreUnavailable.DAMAGED))


def fault(kind: str) -> StoreUnavailable:
    """The StoreUnavailable of `kind`, with its sentence."""
    return StoreUnavailable(kind, MESSAGES[kind])


def unavailable(error: BaseException) -> StoreUnavailable | None:
    """What `error` (SQLite's, SQLAlchemy's wrapping of it, or an OSError)
    means as a fault of the store's file; None if it is no such fault."""
    if isinstance(error, StoreUnavailable):
        return error
    cause = getattr(error, "orig", None) or error  # SQLAlchemy wraps the driver's error
    if isinstance(cause, OSError):
        if cause.errno in (errno.ENOSPC, errno.EDQUOT):
            return fault(StoreUnavailable.FULL)
        if cause.errno == errno.EROFS:
            return fault(StoreUnavailable.READ_ONLY)
        return None
    if not isinstance(cause, sqlite3.DatabaseError):
        kind = server.fault_kind(cause)  # a PostgreSQL server's (models/server.py)
        return fault(kind) if kind is not None else None
    code = getattr(cause, "sqlite_errorcode", None)
    if code == _IOERR_SHMSIZE:  # the WAL index could not grow: no room on the disk
        return fault(StoreUnavailable.FULL)
    if code is not None and code & 0xFF in _KINDS:
        return fault(_KINDS[code & 0xFF])
    words = str(cause).lower()
    for said, kind in _WORDS:
        if said in words:
            return fault(kind)
    return None


READ = "xyscore_read"  # the execution option a reader's connections carry (Store.reader)


def make_engine(path: Path, busy_seconds: float = BUSY_SECONDS, *, read_only: bool = False,
                immutable: bool = False) -> Engine:
    """The engine of the store at `path`. Each transaction begins `BEGIN
    IMMEDIATE` (it takes the write lock), except a reader's (connections with
    execution option READ) and any on a read-only store: those begin
    DEFERRED, which in WAL never waits for a writer, and a reader's
    connection is `query_only` besides, so a write through it fails loudly.
    `read_only` opens the file with `mode=ro` (no migration, no journal
    change); `immutable` besides (SQLite's `immutable=1`: no lock and no
    -shm file, for a folder or disk where none can be made)."""
    if read_only:
        url = URL.create("sqlite", database=path.resolve().as_uri(),
                         query={"uri": "true", "mode": "ro", **({"immutable": "1"} if immutable else {})})
    else:
        url = URL.create("sqlite", database=str(path))
    engine = create_engine(url, connect_args={"timeout": busy_seconds})
    event.listen(engine, "connect", _on_connect_read_only if read_only else _on_connect)
    event.listen(engine, "begin", _on_begin_read_only if read_only else _on_begin)
    return engine


def _on_connect(dbapi_connection: sqlite3.Connection, _record) -> None:
    # We issue BEGIN ourselves (below); pysqlite's implicit BEGIN would be DEFERRED.
    dbapi_connection.isolation_level = None
    for pragma in ("journal_mode=WAL", "synchronous=FULL", "foreign_keys=ON"):
        dbapi_connection.execute(f"PRAGMA {pragma}")


def _on_connect_read_only(dbapi_connection: sqlite3.Connection, _record) -> None:
    dbapi_connection.isolation_level = None  # the journal mode is the file's own: changing it is a write
    dbapi_connection.execute("PRAGMA foreign_keys=ON")


def _on_begin(connection: Connection) -> None:
    begin(_driver(connection), connection.info, bool(connection.get_execution_options().get(READ)))


def begin(driver: sqlite3.Connection, info: dict, read: bool = False) -> None:
    """Begin a transaction on a pooled connection of a store that takes writes (`info`, the pool's
    record of it): DEFERRED for a reader (`query_only` on), else IMMEDIATE (it takes the write lock)."""
    _query_only(driver, info, read)
    driver.execute("BEGIN" if read else "BEGIN IMMEDIATE")


def _on_begin_read_only(connection: Connection) -> None:
    _query_only(_driver(connection), connection.info, bool(connection.get_execution_options().get(READ)))
    _driver(connection).execute("BEGIN")


def _driver(connection: Connection) -> sqlite3.Connection:
    """The driver's own connection: SQLAlchemy's handling of a statement costs
    more than BEGIN itself, at every transaction (a trick's included); a
    fault of the file is still said (`unavailable` reads the driver's errors)."""
    return connection.connection.driver_connection


def _query_only(driver: sqlite3.Connection, info: dict, on: bool) -> None:
    """Switch the pooled connection's `query_only` to `on` (only if it differs)."""
    if info.get("query_only", False) != on:
        driver.execute(f"PRAGMA query_only={'ON' if on else 'OFF'}")
        info["query_only"] = on


def alembic_config() -> Config:
    """Alembic's configuration, built in code: no alembic.ini is read at run time."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def check_ours(connection: Connection, where: str) -> None:
    """Raise StoreError unless `connection` is an empty database or one made by
    this XY Score (or an older one). `where` names the file in the message."""
    tables = set(inspect(connection).get_table_names())
    if not tables:
        return
    if not OUR_TABLES <= tables:
        raise StoreError(f"{where} is not an XY Score database (it has other tables); nothing was changed")
    versions = [row[0] for row in connection.execute(text("SELECT version_num FROM alembic_version"))]
    scripts = ScriptDirectory.from_config(alembic_config())
    for version in versions:
        try:
            known = scripts.get_revision(version)
        except CommandError:
            known = None
        if known is None:
            raise StoreError(f"{where} was written by a newer XY Score (schema {version}); "
                             f"update XY Score to open it. Nothing was changed")


def current(connection: Connection) -> bool:
    """Is the database at the schema this XY Score writes (so nothing to migrate)?"""
    heads = set(MigrationContext.configure(connection).get_current_heads())
    return heads == set(ScriptDirectory.from_config(alembic_config()).get_heads())


def upgrade(engine: Engine, where: str) -> bool:
    """Bring the database up to the current schema in one transaction; False
    if it was current already (found by a read: then no write lock is taken,
    and nothing written). Raises StoreError, or StoreUnavailable if the file
    cannot take the migration now (busy, full, read-only)."""
    config = alembic_config()
    try:
        with engine.execution_options(**{READ: True}).begin() as connection:
            check_ours(connection, where)
            if current(connection):
                return False
        with engine.begin() as connection:
            check_ours(connection, where)
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
        return True
    except DatabaseError as error:
        said = unavailable(error)
        if said is not None and said.kind != StoreUnavailable.DAMAGED:
            raise said from None
        raise StoreError(f"{where} cannot be opened as an XY Score database: {error.orig}") from None


def check_current(engine: Engine, where: str) -> None:
    """For a store that cannot be written: StoreError unless it is ours and current."""
    try:
        with engine.execution_options(**{READ: True}).begin() as connection:
            check_ours(connection, where)
            if not current(connection):
                raise StoreError(f"{where} needs its schema brought up to date by this XY Score, and its "
                                 f"storage cannot be written now ({_why_not(where)}); nothing was changed")
    except DatabaseError as error:
        said = unavailable(error)
        if said is not None and said.kind != StoreUnavailable.DAMAGED:
            raise said from None
        raise StoreError(f"{where} cannot be opened as an XY Score database: {error.orig}") from None


def _why_not(where: str) -> str:
    folder = Path(where).parent
    try:
        if os.statvfs(folder).f_bavail == 0:
            return "the disk is full"
    except OSError:
        pass
    return "it is read-only"


def quick_check(engine: Engine) -> str | None:
    """SQLite's `PRAGMA quick_check` of the whole file (every page and
    record's structure, not the indexes' contents): None if intact, else
    what it found first. A file that is not a database at all is left for
    `upgrade` to refuse."""
    try:
        with engine.execution_options(**{READ: True}).connect() as connection:
            found = [row[0] for row in connection.exec_driver_sql("PRAGMA quick_check")]
    except DatabaseError as error:
        said = unavailable(error)
        if said is None or said.kind != StoreUnavailable.DAMAGED or "not a database" in str(error.orig):
            raise
        return str(error.orig)
    return None if found == ["ok"] else found[0]
