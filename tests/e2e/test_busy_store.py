"""Another program holds the store's write lock (an import, a backup) while a
phone sends its bid: every other page still loads at once, the phone says
the store is busy and keeps the bid, and sends it by itself once the lock is
gone (issue 9: "one tap freezes the whole table")."""
from __future__ import annotations

import subprocess
import sys
import threading
import time
import urllib.request

import pytest

from companion import services
from companion import table_services as ts
from companion.access import Access, Role
from models.engine import APP_BUSY_SECONDS
from models.store import open_store
from tests.e2e.conftest import describe, open_app, serving
from tests.e2e.table import Player
from views.web import writes

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 780}
TABLET = {"width": 1280, "height": 800}

# Another process: takes SQLite's write lock on the file, says so, holds it
# until a line comes on stdin, then lets go.
HOLD_THE_LOCK = """
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=10)
db.execute("BEGIN IMMEDIATE")
print("locked", flush=True)
sys.stdin.readline()
db.execute("ROLLBACK")
db.close()
print("released", flush=True)
"""


class WriteLock:
    """The store's write lock, held by another process until `release()`."""

    def __init__(self, path) -> None:
        self.process = subprocess.Popen([sys.executable, "-c", HOLD_THE_LOCK, str(path)], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True)
        assert self.process.stdout.readline().strip() == "locked"

    def release(self) -> None:
        if self.process.poll() is None:
            self.process.stdin.write("\n")
            self.process.stdin.flush()
            assert self.process.stdout.readline().strip() == "released"
        self.process.wait(10)

    def __enter__(self) -> "WriteLock":
        return self

    def __exit__(self, *exc) -> None:
        try:
            self.release()
        finally:
            if self.process.poll() is None:
                self.process.kill()


@pytest.fixture
def app_served(tmp_path):
    """The app over a store opened as `xyscore serve` opens it: writes wait 2 s for the lock."""
    with serving(open_store(tmp_path / "busy.db", busy_seconds=APP_BUSY_SECONDS)) as server:
        yield server


def load_time(url: str) -> float:
    """Seconds an HTTP GET of `url` takes to answer in full."""
    started = time.monotonic()
    with urllib.request.urlopen(url, timeout=30) as response:
        response.read()
        assert response.status == 200
    return time.monotonic() - started


class PageLoads:
    """Another browser loading the app's page every 0.1 s, from start to
    `stop()`: how long each load took."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.times: list[float] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            self.times.append(load_time(self.url))
            self._stop.wait(0.1)

    def stop(self) -> list[float]:
        self._stop.set()
        self._thread.join(30)
        return self.times


def stored_bid(served, game_id: int, seat: str):
    seen = ts.view(game_id, served.store.reader(), by=Access.host(game_id))
    return seen.bids[seat]


def test_a_bid_sent_while_another_program_holds_the_store_waits_and_is_stored_once_it_is_free(
        browser, app_served, tmp_path):
    served = app_served
    game_id = services.start_game(services.new_game("xylotar", ["Ann", "Bob", "Cat"], dealer="Cat"),
                                  served.store.uow())
    link = ts.issue_link(game_id, Role.PLAYER, served.store.uow(), by=Access.host(game_id))
    display_link = ts.issue_link(game_id, Role.DISPLAY, served.store.uow(), by=Access.host(game_id))
    pages = []
    try:
        ann = Player(open_app(browser, f"{served.url}/join/{link}", **PHONE))
        pages.append(ann.page)
        ann.tap("I am Ann")
        ann.see("Your bid")
        ann.pick("Ann", "bid", 2)
        assert load_time(served.url + "/") < 1  # warm: the page the app serves

        with WriteLock(served.store.path) as lock:
            locked = time.monotonic()
            loads = PageLoads(served.url + "/")  # from the tap until the lock is gone
            ann.tap("Send bid")
            ann.control("Saving…").wait_for(timeout=5000)  # the tap is in: its write waits on the lock
            display = Player(open_app(browser, f"{served.url}/display/{display_link}", **TABLET))
            pages.append(display.page)
            display.see("0 of 3 have bid", timeout=10000)  # another screen opens and reads, lock or not
            # The phone says why, in words, and keeps the bid it typed.
            ann.see("Waiting for the host's storage, busy with another task… your entry is kept", timeout=10000)
            ann.see_label("Ann Bid 2")
            ann.see_label("Ann Not sent yet")
            assert not ann.has_text("Error running app")
            assert stored_bid(served, game_id, "Ann").bid is None  # nothing stored yet
            time.sleep(2.5)  # it waits on, sending again by itself
            ann.see("Waiting for the host's storage")
            held = time.monotonic() - locked
            lock.release()
            times = loads.stop()
        # Every other page loaded meanwhile: none waited for the write. A load that waited would take
        # about as long as the lock was held (over 2.5 s); a busy machine's slowest load took 1.45 s
        # (s27a), so each is measured against the lock's time, not against a second.
        assert len(times) > 20 and max(times) < held / 2, (
            f"{len(times)} loads, the slowest {max(times):.2f} s, the lock held {held:.2f} s")

        # Once the lock is gone it is sent by itself, stored once, and shown as stored.
        ann.see_label("Ann Sent: bid 2", timeout=15000)
        ann.see(writes.STORED_WORDS)
        display.see("1 of 3 have bid")
        stored = stored_bid(served, game_id, "Ann")
        assert (stored.bid, stored.version) == (2, 1)
        assert not ann.has_text("Error running app")

        # The hand is played and scored: the next hand's bid entry starts clean, without the last one's news.
        host = Access.host(game_id)
        for seat, bid in (("Bob", 3), ("Cat", 4)):
            ts.submit_bid(game_id, seat, bid, None, served.store.uow(), by=host, expected_version=0)
        hand = ts.view(game_id, served.store.reader(), by=host).hand
        tricks = {"Ann": 2, "Bob": 3, "Cat": hand.tricks_per_hand - 5}
        ts.score_live_hand(game_id, served.store.uow(), by=host, expected_version=hand.version, tricks=tricks,
                           off_key_won={seat: 0 for seat in tricks})
        served.app.state.shared.hub.changed(game_id)
        ann.see("Ann · hand 2")
        ann.see_label("Ann Not sent yet")
        assert not ann.has_text(writes.STORED_WORDS)
    except BaseException:
        describe(pages, tmp_path)  # what each page showed, with a screenshot
        raise
    finally:
        for page in pages:
            page.context.close()


@pytest.fixture
def server_down_and_up(tmp_path):
    """A PostgreSQL server of this test's own (it is stopped and started again mid-test), and the app
    served over a database on it as `xyscore serve --db URL` serves it."""
    from tests.pg_cluster import Cluster

    cluster = Cluster().start()
    try:
        with serving(open_store(cluster.url(cluster.new_database()), busy_seconds=APP_BUSY_SECONDS)) as server:
            yield cluster, server
    finally:
        cluster.stop()


def test_a_bid_sent_while_the_database_server_is_stopped_waits_and_is_stored_once_it_is_back(
        browser, server_down_and_up, tmp_path):
    """Issue 27: the club's PostgreSQL server stops (a restart, the network) as Ann sends her bid: the phone
    says it is waiting for the host's storage and keeps the bid; once the server is back it is sent by itself
    and stored once."""
    cluster, served = server_down_and_up
    game_id = services.start_game(services.new_game("xylotar", ["Ann", "Bob", "Cat"], dealer="Cat"),
                                  served.store.uow())
    link = ts.issue_link(game_id, Role.PLAYER, served.store.uow(), by=Access.host(game_id))
    pages = []
    try:
        ann = Player(open_app(browser, f"{served.url}/join/{link}", **PHONE))
        pages.append(ann.page)
        ann.tap("I am Ann")
        ann.see("Your bid")
        ann.pick("Ann", "bid", 2)
        cluster.pg_ctl("stop")
        try:
            ann.tap("Send bid")
            ann.see(writes.UNREACHABLE_WORDS, timeout=10000)
            ann.see_label("Ann Bid 2")
            ann.see_label("Ann Not sent yet")
            assert not ann.has_text("Error running app")
            time.sleep(2.5)  # it waits on, sending again by itself
            ann.see(writes.UNREACHABLE_WORDS)
        finally:
            cluster.pg_ctl("start")
        ann.see_label("Ann Sent: bid 2", timeout=15000)
        ann.see(writes.STORED_WORDS)
        stored = stored_bid(served, game_id, "Ann")
        assert (stored.bid, stored.version) == (2, 1)  # stored once: a second send would have made it version 2
        assert not ann.has_text("Error running app")
    except BaseException:
        describe(pages, tmp_path)
        raise
    finally:
        for page in pages:
            page.context.close()
