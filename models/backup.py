"""Back up the store to a file, and restore one, with SQLite's online backup API.

A backup is a consistent snapshot taken while the app may be writing, in one
self-contained file (rollback-journal mode, no -wal file beside it).

A restore never trusts the file it is given: it copies it to a scratch file,
checks that copy is an intact XY Score database (our tables and a schema
version this XY Score knows), brings its schema up to date, saves the current
database beside it as `<name>.before-restore-<time>`, and only then copies the
checked data over the live database in one step.
"""
from __future__ import annotations

import os
import sqlite3
import tempfile
from datetime import datetime, timezone
from pathlib import Path

from companion.errors import StoreUnavailable

from . import server
from .engine import OUR_TABLES, StoreError, unavailable
from .store import Store, open_store


def backup(store: Store, destination: str | Path) -> Path:
    """Write a snapshot of the store to `destination`, a file that must not exist yet.
    (A store on a PostgreSQL server is backed up with the server's own tools: StoreError says how.)"""
    if store.path is None:
        raise StoreError(server.BACKUP_HOW)
    destination = Path(destination).expanduser()
    if destination.exists():
        raise StoreError(f"{destination} already exists; choose a new file name for the backup")
    if not destination.parent.is_dir():
        raise StoreError(f"the folder {destination.parent} does not exist")
    partial = destination.with_name(destination.name + ".partial")
    try:
        _copy_live(store, partial)
        os.replace(partial, destination)  # the backup appears whole or not at all
    except BaseException as error:
        partial.unlink(missing_ok=True)  # never a half-written file left behind
        if isinstance(error, (sqlite3.DatabaseError, OSError)):
            raise StoreError(f"the backup {destination} could not be written ({_why(error)}); "
                             f"nothing was left behind") from None
        raise
    return destination


def _why(error: BaseException) -> str:
    fault = unavailable(error)
    if fault is not None and fault.kind == StoreUnavailable.FULL:
        return "the disk is full"
    if fault is not None and fault.kind == StoreUnavailable.DAMAGED:
        return "the game file is damaged"
    return getattr(error, "strerror", None) or str(error)


def _copy_live(store: Store, to: Path) -> None:
    source = store.engine.raw_connection()
    target = sqlite3.connect(to)
    try:
        source.driver_connection.backup(target)
        target.execute("PRAGMA journal_mode=DELETE")
    finally:
        target.close()
        source.close()


def restore(store: Store, source: str | Path) -> Path:
    """Replace the store's games with those in the backup `source`.

    Returns where the database as it was before is saved. Raises StoreError,
    changing nothing, if `source` is not an intact XY Score database.
    """
    if store.path is None:
        raise StoreError(server.RESTORE_HOW)
    source = Path(source).expanduser()
    if source.is_dir():
        raise StoreError(f"{source} is a folder, not a backup file: give the file `xyscore backup` made")
    if not source.is_file():
        raise StoreError(f"there is no file {source}")
    if source.resolve() == store.path.resolve():
        raise StoreError(f"{source} is the database in use; restore from a backup file")
    with tempfile.TemporaryDirectory(dir=store.path.parent, prefix=".restore-") as scratch:
        trial = Path(scratch) / "restore.db"
        _copy_checked(source, trial)
        open_store(trial).close()  # refuses a newer schema; upgrades an older one
        saved = store.path.with_name(f"{store.path.name}.before-restore-"
                                     f"{datetime.now(timezone.utc):%Y%m%dT%H%M%S%f}")
        backup(store, saved)
        checked = sqlite3.connect(trial)
        live = store.engine.raw_connection()
        try:
            checked.backup(live.driver_connection)  # one step: readers see the old games or the new
        finally:
            live.close()
            checked.close()
    return saved


def _copy_checked(source: Path, to: Path) -> None:
    """Copy `source` to `to` read-only, refusing anything but an intact database of ours."""
    try:
        original = sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True)
        try:
            original.backup(target := sqlite3.connect(to))
            target.close()
        finally:
            original.close()
        copy = sqlite3.connect(to)
        try:
            intact = copy.execute("PRAGMA quick_check").fetchone()[0] == "ok"
            tables = {row[0] for row in copy.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        finally:
            copy.close()
    except sqlite3.DatabaseError as error:
        raise StoreError(f"{source} is not an XY Score backup ({error}); nothing was changed") from None
    if not intact:
        raise StoreError(f"{source} is damaged (SQLite's check failed); nothing was changed")
    if not OUR_TABLES <= tables:
        raise StoreError(f"{source} is not an XY Score backup (it lacks our tables); nothing was changed")
