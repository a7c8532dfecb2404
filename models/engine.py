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
  `BUSY_SECONDS` instead of failing.
"""
from __future__ import annotations

import sqlite3
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from alembic.util.exc import CommandError
from sqlalchemy import Connection, Engine, create_engine, event, inspect, text
from sqlalchemy.engine import URL
from sqlalchemy.exc import DatabaseError

MIGRATIONS = Path(__file__).with_name("migrations")
BUSY_SECONDS = 15
# The tables every XY Score database has, whatever its schema version.
OUR_TABLES = {"alembic_version", "player", "game", "seat", "round", "change"}


class StoreError(Exception):
    """The database cannot be used: not ours, from a newer XY Score, or unreadable."""


def make_engine(path: Path) -> Engine:
    engine = create_engine(URL.create("sqlite", database=str(path)), connect_args={"timeout": BUSY_SECONDS})
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
