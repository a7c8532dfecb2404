"""The store on a PostgreSQL server (psycopg 3): a club's games in one database.

`--db` and $XYSCORE_DB take `postgresql://user@host/db` (or `postgres://`);
a plain path still means a SQLite file. Everything else in models/ runs on
both; what differs lives here:

- **The write lock.** SQLite's `BEGIN IMMEDIATE` lets one writer at a time
  read what it will change and write it. Here every unit of work that may
  write takes one transaction-level advisory lock first
  (`pg_advisory_xact_lock`): writers queue exactly as they do on SQLite, so
  two phones writing at once never lose an entry, and the second one reads
  the first one's entry and is told what SQLite's second writer is told
  ("already entered on another screen", a stale bid's words). A writer waits
  at most the store's busy time (`lock_timeout`), then gets BUSY.
  Readers begin `REPEATABLE READ, READ ONLY`: one snapshot for all their
  reads, never waiting for a writer; a write through one fails.
- **Faults.** A server that cannot be reached, or that is restarting, is
  StoreUnavailable UNREACHABLE (it passes: the entry can be sent again); a
  lock not had in time, or a serialization failure, BUSY; a full disk FULL.
  The pool checks a connection before lending it (`pool_pre_ping`), so the
  first entry after a restart goes through.
- **Raw reads** (models/bulk.py, models/game_facts.py) use the driver's own
  cursor on both: `raw(session)` takes SQLite's `?` placeholders and gives
  psycopg `%s`.
- **Backup and restore** are the server's own tools (`pg_dump`,
  `pg_restore`), or the portable export (`xyscore export`, `xyscore import`).
"""
from __future__ import annotations

import logging
import secrets
import threading
from typing import Any, Callable, Iterable

from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.engine import URL, make_url

from companion.errors import StoreUnavailable

log = logging.getLogger("xyscore.store")

SCHEMES = ("postgresql", "postgres")
LOCK_KEY = 0x5859_5343  # "XYSC": the one advisory lock every writer takes
UNREACHABLE_MESSAGE = ("The host can't reach its game storage right now. Nothing was lost; "
                       "try again in a moment.")
BACKUP_HOW = ("a PostgreSQL store is backed up with PostgreSQL's own tool, e.g. `pg_dump -Fc -f FILE DBNAME`, "
              "or as XY Score's portable export, `xyscore export -o FILE` (which `xyscore import FILE` reads back "
              "into any store)")
RESTORE_HOW = ("a PostgreSQL store is restored with PostgreSQL's own tool, e.g. `pg_restore -d DBNAME FILE` "
               "into a new database, or from XY Score's portable export with `xyscore import FILE`")

# SQLSTATE classes and codes, and what they mean to a player at the table.
_BUSY = {"55P03", "40001", "40P01", "57014"}  # lock not available, serialization failure, deadlock, timeout
_FULL = {"53100", "53200", "53300"}  # disk full, out of memory, too many connections
_READ_ONLY = {"25006"}  # read_only_sql_transaction
_UNREACHABLE = {"57P01", "57P02", "57P03", "08000", "08001", "08003", "08004", "08006"}


def is_url(target: object) -> bool:
    """Does `target` (a --db value) name a database server rather than a file?"""
    return isinstance(target, str) and target.split("://", 1)[0].split("+", 1)[0].lower() in SCHEMES \
        and "://" in target


def url_of(target: str) -> URL:
    """The SQLAlchemy URL for `target`, driven by psycopg 3."""
    url = make_url(target)
    return url.set(drivername="postgresql+psycopg")


def shown(target: str) -> str:
    """`target` as it may be printed: no password."""
    return url_of(target).render_as_string(hide_password=True).replace("postgresql+psycopg://", "postgresql://")


def sender_name() -> str:
    """A store's own `application_name`: the changes it writes are sent under it (see `Listener`)."""
    return f"xyscore-{secrets.token_hex(6)}"


def make_server_engine(target: str, busy_seconds: float, name: str = "xyscore") -> Engine:
    """The engine of the store on a server; see the module's docstring for its transactions.
    `name` is its connections' `application_name`, which the changes it writes carry."""
    engine = create_engine(url_of(target), pool_pre_ping=True,
                           connect_args={"connect_timeout": max(1, int(busy_seconds)),
                                         "application_name": name})
    waits = max(1, int(busy_seconds * 1000))
    event.listen(engine, "begin", lambda connection: _on_begin(connection, waits))
    return engine


def _on_begin(connection: Connection, waits: int) -> None:
    from .engine import READ
    if connection.get_execution_options().get(READ):
        connection.exec_driver_sql("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
        return
    connection.exec_driver_sql(f"SET LOCAL lock_timeout = {waits}")
    connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({LOCK_KEY})")


def take_lock_if_free(driver: Any) -> bool:
    """On a raw psycopg connection in a transaction: the writers' lock, only if it is free this instant."""
    return bool(driver.execute(f"SELECT pg_try_advisory_xact_lock({LOCK_KEY})").fetchone()[0])


def fault_kind(cause: BaseException) -> str | None:
    """The StoreUnavailable kind of a psycopg error, or None if it is not a fault of the store."""
    try:
        import psycopg
    except ImportError:  # pragma: no cover - psycopg is a dependency; without it no server store opens
        return None
    if not isinstance(cause, psycopg.Error):
        return None
    state = getattr(cause, "sqlstate", None) or ""
    if state in _BUSY:
        return StoreUnavailable.BUSY
    if state in _FULL:
        return StoreUnavailable.FULL
    if state in _READ_ONLY:
        return StoreUnavailable.READ_ONLY
    if state in _UNREACHABLE or state.startswith("08"):
        return StoreUnavailable.UNREACHABLE
    if isinstance(cause, psycopg.OperationalError) and not state:  # refused, reset, closed: no answer at all
        return StoreUnavailable.UNREACHABLE
    if isinstance(cause, psycopg.InterfaceError):  # the connection was closed under us
        return StoreUnavailable.UNREACHABLE
    return None


def read_only_write(cause: BaseException) -> bool:
    """Is `cause` a reader's write refused (its READ ONLY transaction)?"""
    return getattr(cause, "sqlstate", None) in _READ_ONLY


class Raw:
    """The driver's own cursor of a session's connection, on either dialect:
    `execute(sql, params)` and `executemany(sql, rows)`, with SQLite's `?`
    placeholders in `sql` (given to psycopg as `%s`)."""

    def __init__(self, driver: Any, server: bool):
        self.driver = driver
        self.server = server

    def _sql(self, sql: str) -> str:
        return sql.replace("?", "%s") if self.server else sql

    def execute(self, sql: str, params: Iterable = ()):
        return self.driver.execute(self._sql(sql), tuple(params))

    def executemany(self, sql: str, rows: list) -> None:
        if not rows:
            return
        if self.server:
            with self.driver.cursor() as cursor:
                cursor.executemany(self._sql(sql), rows)
        else:
            self.driver.executemany(sql, rows)


def raw(session) -> Raw:
    """`Raw` on the session's own connection: reads and writes share its transaction."""
    connection = session.connection()
    server = connection.dialect.name == "postgresql"
    return Raw(connection.connection.driver_connection, server)


CHANNEL = "xyscore_changed"  # what migration 0014's triggers notify on
GATHER = 0.02  # seconds: notifications arriving this close together are told as one change
RETRY = (0.5, 1.0, 2.0, 5.0)  # seconds between tries to listen again after the server went away; the last repeats


class Listener:
    """Hears, on a thread of its own, the changes other programs commit to the
    store (another host, the command line) through PostgreSQL's LISTEN on
    `CHANNEL` (migration 0014's triggers NOTIFY it), and calls `heard(games)`:
    the ids of the games changed, or None for a change tied to no game. The
    store's own changes (sent under its `name`) are left out: its app told
    its screens itself. Notifications arriving together are told at once.

    If the connection is lost (the server restarted), it listens again as
    soon as it can and then calls `heard(None)`: what changed meanwhile was
    not heard, so everything may have."""

    def __init__(self, target: str, name: str, heard: Callable[[tuple[int, ...] | None], None]) -> None:
        self.conninfo = url_of(target).set(drivername="postgresql").render_as_string(hide_password=False)
        self.name, self.heard = name, heard
        self._stop = threading.Event()
        self.listening = threading.Event()  # set while LISTEN is on (for the tests: changes from now on are heard)
        self._thread = threading.Thread(target=self._run, name="xyscore-listen", daemon=True)
        self._thread.start()

    def close(self) -> None:
        self._stop.set()
        self._thread.join(5)

    def _run(self) -> None:
        import psycopg

        tries, lost = 0, False
        while not self._stop.is_set():
            try:
                with psycopg.connect(self.conninfo, autocommit=True, connect_timeout=5,
                                     application_name=f"{self.name}-listen") as connection:
                    connection.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    tries = 0
                    if lost:
                        self._tell(None)
                    self._hear(connection)
            except psycopg.Error as error:
                if not lost:
                    log.warning("Not hearing other hosts' changes for now: %s", error)
                lost = True
            self.listening.clear()
            self._stop.wait(RETRY[min(tries, len(RETRY) - 1)])
            tries += 1

    def _hear(self, connection) -> None:
        while not self._stop.is_set():
            payloads = [n.payload for n in connection.notifies(timeout=0.5, stop_after=1)]
            if not payloads:
                continue
            payloads += [n.payload for n in connection.notifies(timeout=GATHER)]
            games: set[int] = set()
            for payload in payloads:
                sender, _, game = payload.rpartition(" ")
                if sender == self.name:
                    continue
                if not game.isdigit():
                    self._tell(None)
                    break
                games.add(int(game))
            else:
                if games:
                    self._tell(tuple(sorted(games)))

    def _tell(self, games: tuple[int, ...] | None) -> None:
        try:
            self.heard(games)
        except Exception:  # noqa: BLE001 - a screen's trouble must not stop the hearing
            log.exception("A change heard from another host could not be told to the screens")
