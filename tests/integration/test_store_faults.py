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


def _two_games(store) -> list[int]:
    ids = [start(store), start(store, players=("Ann", "Bob", "Cat"))]
    services.record_round(ids[0], hand((1, 4), (2, 3), (3, 3), (4, 4)), store.uow(), author="Ann")
    return ids


def test_a_reader_reads_at_once_while_another_program_holds_the_write_lock(db_path):
    with open_store(db_path, busy_seconds=5) as store:
        ids = _two_games(store)
        with _Holder(db_path):
            began = time.monotonic()
            with store.reader() as uow:
                listed = [game.id for game in uow.list_games()]
                shown = uow.games.get(ids[0])
                names = uow.players()
            assert time.monotonic() - began < 2.5  # a hang check: a writer would wait the 5 s out
        assert listed == sorted(ids, reverse=True) and len(shown.game.hands) == 1 and "Dev" in names


def test_statistics_while_someone_writes_do_not_wait_and_the_facts_are_kept_later(db_path):
    with open_store(db_path, busy_seconds=5) as store:
        ids = _two_games(store)
        with sqlite3.connect(db_path) as raw:
            raw.execute("DELETE FROM game_facts")  # the cache dropped: the read works facts out again
        with _Holder(db_path):
            began = time.monotonic()
            with store.reader() as uow:
                facts = uow.game_facts()
            assert time.monotonic() - began < 2.5  # a hang check: it does not wait for the lock
        assert sorted(f.id for f in facts) == sorted(ids)
        with sqlite3.connect(db_path) as raw:
            assert raw.execute("SELECT count(*) FROM game_facts").fetchone()[0] == 0  # skipped, not waited for
        with store.reader() as uow:
            assert [f.id for f in uow.game_facts()] == [f.id for f in facts]
        with sqlite3.connect(db_path) as raw:
            assert raw.execute("SELECT count(*) FROM game_facts").fetchone()[0] == 2  # kept once the lock was free


def test_a_reader_that_writes_fails_loudly_and_writes_nothing(db_path):
    from models.store import WriteInReader

    with open_store(db_path) as store:
        _two_games(store)
        with pytest.raises(WriteInReader):
            with store.reader() as uow:
                uow.add_player("Zed")
                uow.players()  # the flush before this query is the write
        with pytest.raises(WriteInReader):
            with store.reader() as uow:
                uow.games.session.connection().exec_driver_sql("DELETE FROM game_facts")
        with pytest.raises(WriteInReader):
            with store.reader() as uow:
                uow.commit()
        with store.reader() as uow:
            assert "Zed" not in uow.players()
        with sqlite3.connect(db_path) as raw:
            assert raw.execute("SELECT count(*) FROM game_facts").fetchone()[0] == 2
        with store.uow() as uow:  # the same pooled connections write again for a writer
            uow.add_player("Zed")
            uow.commit()
