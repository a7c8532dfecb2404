"""The store's faults reach the app and the commands as StoreUnavailable,
in players' words, never as SQLite's own error (issue 9)."""
from __future__ import annotations

import errno
import sqlite3
import threading
import time

import pytest
from sqlalchemy.exc import OperationalError

from companion import services
from companion.errors import StoreUnavailable
from models.engine import unavailable
from models.store import open_store

from .conftest import hand, start


@pytest.mark.parametrize("said, kind", [
    ("database is locked", StoreUnavailable.BUSY),
    ("database or disk is full", StoreUnavailable.FULL),
    ("attempt to write a readonly database", StoreUnavailable.READ_ONLY),
    ("database disk image is malformed", StoreUnavailable.DAMAGED),
    ("file is not a database", StoreUnavailable.DAMAGED),
])
def test_sqlite_words_mean_a_fault_players_can_act_on(said, kind):
    for error in (sqlite3.OperationalError(said), OperationalError("SELECT 1", {}, sqlite3.OperationalError(said))):
        fault = unavailable(error)
        assert fault is not None and fault.kind == kind
        assert "Nothing was lost" in fault.message or "restore" in fault.message
    assert unavailable(OSError(errno.ENOSPC, "No space left on device")).kind == StoreUnavailable.FULL
    assert unavailable(sqlite3.OperationalError("no such table: game")) is None
    assert unavailable(ValueError("database is locked")) is None


class _Holder:
    """Another program's write transaction on the file, until released."""

    def __init__(self, path):
        self._path, self._release, self.held = path, threading.Event(), threading.Event()
        self._thread = threading.Thread(target=self._hold, daemon=True)

    def _hold(self):
        raw = sqlite3.connect(self._path, isolation_level=None, check_same_thread=False)
        raw.execute("BEGIN IMMEDIATE")
        raw.execute("UPDATE player SET name = name")
        self.held.set()
        self._release.wait(30)
        raw.execute("ROLLBACK")
        raw.close()

    def __enter__(self):
        self._thread.start()
        assert self.held.wait(10)
        return self

    def __exit__(self, *exc):
        self._release.set()
        self._thread.join(10)


def test_a_write_while_another_program_writes_fails_busy_soon_and_loses_nothing(db_path):
    with open_store(db_path, busy_seconds=0.5) as store:
        game_id = start(store)
        services.record_round(game_id, hand((1, 4), (2, 3), (3, 3), (4, 4), names=("Ann", "Bob", "Cat", "Dev")),
                              store.uow(), author="Ann")
        with _Holder(db_path):
            began = time.monotonic()
            with pytest.raises(StoreUnavailable) as raised:
                services.record_round(game_id, hand((1, 4), (2, 3), (3, 3), (4, 4)), store.uow(), author="Ann")
            assert time.monotonic() - began < 5  # a hang check: about busy_seconds, never the commands' 15 s
        assert raised.value.kind == StoreUnavailable.BUSY and raised.value.passes
        assert str(raised.value).startswith("The host's storage is busy")
        with store.uow() as uow:
            assert len(uow.games.get(game_id).game.hands) == 1  # the first entry kept, the refused one not half-kept
        services.record_round(game_id, hand((1, 4), (2, 3), (3, 3), (4, 4)), store.uow(), author="Ann")
