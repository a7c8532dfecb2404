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
import sqlite3
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from alembic.util.exc import CommandError
from sqlalchemy import Connection, Engine, create_engine, event, inspect, text
from sqlalchemy.engine import URL
from sqlalchemy.exc import DatabaseError

from companion.errors import StoreUnavailable

MIGRATIONS = Path(__file__).with_name("migrations")
BUSY_SECONDS = 15  # the commands: a backup or an import may run a while, waiting is fine
APP_BUSY_SECONDS = 2  # the app: an entry that cannot be written soon is said so, and sent again
# The tables every XY Score database has, whatever its schema version.
OUR_TABLES = {"alembic_version", "player", "game", "seat", "round", "change"}


class StoreError(Exception):
    """The database cannot be used: not ours, from a newer XY Score, or unreadable."""


# What a fault of the store's file means, in words a player at the table can act on.
BUSY_MESSAGE = ("The host's storage is busy with another task. Nothing was lost; "
                "your entry will be sent again in a moment.")
FULL_MESSAGE = "The host's storage is full. Nothing was lost; free some space on the host and try again."
READ_ONLY_MESSAGE = ("The host can't save right now: its storage is read-only. Nothing was lost; "
                     "your games can still be read.")
DAMAGED_MESSAGE = ("The host's game file is damaged. Nothing more will be saved until it is restored "
                   "from a backup with `xyscore restore`.")
MESSAGES = {StoreUnavailable.BUSY: BUSY_MESSAGE, StoreUnavailable.FULL: FULL_MESSAGE,
            StoreUnavailable.READ_ONLY: READ_ONLY_MESSAGE, StoreUnavailable.DAMAGED: DAMAGED_MESSAGE}

# SQLite's primary result codes (the low byte of an extended code).
_KINDS = {5: StoreUnavailable.BUSY,  # SQLITE_BUSY
          6: StoreUnavailable.BUSY,  # SQLITE_LOCKED
          8: StoreUnavailable.READ_ONLY,  # SQLITE_READONLY
          11: StoreUnavailable.DAMAGED,  # SQLITE_CORRUPT
          13: StoreUnavailable.FULL,  # SQLITE_FULL
          26: StoreUnavailable.DAMAGED}  # SQLITE_NOTADB
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
        return None
    code = getattr(cause, "sqlite_errorcode", None)
    if code is not None and code & 0xFF in _KINDS:
        return fault(_KINDS[code & 0xFF])
    words = str(cause).lower()
    for said, kind in _WORDS:
        if said in words:
            return fault(kind)
    return None


def make_engine(path: Path, busy_seconds: float = BUSY_SECONDS) -> Engine:
    engine = create_engine(URL.create("sqlite", database=str(path)), connect_args={"timeout": busy_seconds})
    event.listen(engine, "connect", _on_connect)
    event.listen(engine, "begin", _on_begin)
    return engine


def _on_connect(dbapi_connection: sqlite3.Connection, _record) -> None:
    # We issue BEGIN ourselves (below); pysqlite's implicit BEGIN would be DEFERRED.
    dbapi_connection.isolation_level = None
    for pragma in ("journal_mode=WAL", "synchronous=FULL", "foreign_keys=ON"):
        dbapi_connection.execute(f"PRAGMA {pragma}")


def _on_begin(connection: Connection) -> None:
    connection.exec_driver_sql("BEGIN IMMEDIATE")


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


def upgrade(engine: Engine, where: str) -> None:
    """Bring the database up to the current schema in one transaction."""
    config = alembic_config()
    try:
        with engine.begin() as connection:
            check_ours(connection, where)
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
    except DatabaseError as error:
        raise StoreError(f"{where} cannot be opened as an XY Score database: {error.orig}") from None
