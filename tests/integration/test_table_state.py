"""The live table state kept in memory on the host (issue 26): SQLite stays
the truth. A confirmed bid, trick or score survives kill -9 and a restart; a
refused or failed write leaves the state and the store equal; two phones
writing the same seat at once still get the stale-entry answer."""
from __future__ import annotations

import json
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from companion import services
from companion import table_services as ts
from companion.access import Access, NotAllowed, Role, TableSettings
from companion.errors import GameError, StoreUnavailable
from companion.live_hand import StaleEntry
from models.store import open_store
from tests.integration.table_writer import PLAYERS, summary
from views.hosting import HostRun
from views.state import Shared
from views.web import table_actions
from views.web.live import Hub

ROOT = Path(__file__).resolve().parents[2]


def confirmed_then_killed(db_path: Path, kind: str, nth: int) -> tuple[int, dict]:
    """Run tests/integration/table_writer.py until its `nth` confirmed write of `kind`, then SIGKILL it
    there; the game and its table state as the writer kept it in memory then."""
    writer = subprocess.Popen([sys.executable, "-m", "tests.integration.table_writer", str(db_path)], cwd=ROOT,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        seen = 0
        while True:
            line = writer.stdout.readline()
            assert line, f"the writer stopped on its own: {writer.stderr.read()}"
            _, done, game_id, state = line.split(" ", 3)
            seen += done == kind
            if seen == nth:
                writer.send_signal(signal.SIGKILL)
                break
            writer.stdin.write("\n")
            writer.stdin.flush()
    finally:
        writer.kill()
        writer.wait()
        for stream in (writer.stdin, writer.stdout, writer.stderr):
            stream.close()
    assert writer.returncode == -signal.SIGKILL
    return int(game_id), json.loads(state)


@pytest.mark.parametrize("kind, nth", [("bid", 6), ("trick", 20), ("score", 2)])
def test_a_confirmed_entry_survives_kill_9_and_a_restart_reads_the_state_the_host_kept(tmp_path, kind, nth):
    db_path = tmp_path / "xyscore.db"
    game_id, kept = confirmed_then_killed(db_path, kind, nth)
    with open_store(db_path) as store:  # the restart: a new process's state, loaded from SQLite alone
        restarted = summary(ts.table_state(game_id, store.reader()))
    assert restarted == kept
    hands, hand = len(kept["rounds"]), kept["hand"]
    # The entry the kill came after is in it: hand 2's second bid, a trick of hand 2, hand 2 scored.
    assert {"bid": hands == 1 and len(hand["bids"]) == 2, "trick": hands == 1 and hand["tricks"],
            "score": hands == 2 and not hand["bids"]}[kind]


@pytest.fixture
def table(store):
    """A 4-player Xylotar game, tricks tracked on phones, its 4 phones seated; the host's Shared."""
    shared = Shared(store=store, hub=Hub())
    game_id = services.start_game(services.new_game("xylotar", PLAYERS, dealer="Dev"), store.uow())
    table_actions.change_settings(shared, game_id, TableSettings(track_tricks=True, players_track_tricks=True))
    join = table_actions.open_token(shared, table_actions.make_link(shared, HostRun(), game_id, Role.PLAYER)).access
    phones = [table_actions.open_token(shared, table_actions.join(shared, join, name)).access for name in PLAYERS]
    return shared, game_id, phones


def kept_and_stored(shared: Shared, game_id: int) -> tuple[dict, dict]:
    """The table state the host keeps (read through it, as a screen does), and the one the store gives afresh."""
    kept = summary(ts.table_state(game_id, shared.store.reader(), shared.tables))
    return kept, summary(ts.table_state(game_id, shared.store.reader()))


def test_a_refused_write_leaves_the_state_and_the_store_equal(table):
    shared, game_id, phones = table
    ann = phones[0]
    table_actions.bid(shared, ann, "Ann", 1, None, 0)
    table_actions.trick(shared, ann, "Bob", 0, 0)
    before, _ = kept_and_stored(shared, game_id)
    refusals = [
        (StaleEntry, lambda: table_actions.trick(shared, ann, "Cat", 0, 0)),  # the phone showed no trick yet
        (StaleEntry, lambda: table_actions.bid(shared, ann, "Ann", 2, None, 0)),
        (GameError, lambda: table_actions.trick(shared, ann, "Zed", 0, 1)),  # not at this table
        (GameError, lambda: table_actions.trick(shared, ann, "Cat", 2, 1)),  # Off-Key cards without Off-Key
        (NotAllowed, lambda: table_actions.bid(shared, phones[1], "Ann", 2, None, 1)),  # Bob bids for Ann
        (NotAllowed, lambda: table_actions.count(shared, ann, "Ann", 3, 0, 0)),  # tricks are tapped here
    ]
    for refused, write in refusals:
        with pytest.raises(refused):
            write()
        kept, stored = kept_and_stored(shared, game_id)
        assert kept == stored == before
    table_actions.trick(shared, ann, "Cat", 0, 1)  # and the next entry goes on from there
    kept, stored = kept_and_stored(shared, game_id)
    assert kept == stored and [t["winner"] for t in kept["hand"]["tricks"]] == ["Bob", "Cat"]


class Hooked:
    """The store, whose units of work are counted as they open (`opened`) and each of whose commits
    (its own, or its table write's: `live_write`) first runs `before_commit(n)`, n its unit of
    work's number from 1: it may wait, or raise."""

    def __init__(self, store, before_commit) -> None:
        self.store, self.before_commit = store, before_commit
        self.opened = 0
        self.second_opened = threading.Event()
        self.lock = threading.Lock()

    def __getattr__(self, name):
        return getattr(self.store, name)

    def uow(self):
        uow, commit = self.store.uow(), None
        with self.lock:
            self.opened += 1
            number = self.opened
        if number == 2:
            self.second_opened.set()
        uow.commit = self._hooked(uow.commit, number)
        live_write = uow.live_write

        def hooked_live():  # a bid's, a trick's or a typed count's own transaction commits through it
            live = live_write()
            if live is not None:
                live.commit = self._hooked(live.commit, number)
            return live

        uow.live_write = hooked_live
        return uow

    def _hooked(self, commit, number: int):
        def hooked() -> None:
            self.before_commit(number)
            commit()
        return hooked


def test_a_write_whose_commit_fails_leaves_the_state_as_the_store_has_it(table):
    shared, game_id, phones = table
    fail_next = [False]

    def full(_number: int) -> None:
        if fail_next[0]:
            fail_next[0] = False
            raise StoreUnavailable(StoreUnavailable.FULL, "The host's storage is full.")

    shared = Shared(store=Hooked(shared.store, full), hub=shared.hub)
    for write in (lambda: table_actions.bid(shared, phones[0], "Ann", 1, None, 0),
                  lambda: table_actions.bid(shared, phones[1], "Bob", 0, None, 0)):
        before, _ = kept_and_stored(shared, game_id)
        fail_next[0] = True
        with pytest.raises(StoreUnavailable):
            write()
        kept, stored = kept_and_stored(shared, game_id)
        assert kept == stored == before
        write()  # tried again: stored, and kept
        kept, stored = kept_and_stored(shared, game_id)
        assert kept == stored != before


def test_two_phones_entering_the_same_seat_at_once_the_second_is_told_the_first_ones_entry(table):
    shared, game_id, phones = table

    def held(number: int) -> None:  # the first tap holds its transaction (the write lock) until the second's began
        if number == 1:
            assert held_store.second_opened.wait(10)
            threading.Event().wait(0.2)  # the second writer is on its way to the kept state and the lock

    kept_and_stored(shared, game_id)  # every screen has read the hand: nobody has bid yet
    answers: dict[str, object] = {}

    def tap(who: str, by: Access, value: int) -> None:
        try:
            answers[who] = table_actions.bid(shared, by, "Ann", value, None, 0).bids["Ann"].bid
        except StaleEntry as stale:
            answers[who] = stale

    held_store = Hooked(shared.store, held)
    shared = Shared(store=held_store, hub=shared.hub)
    first = threading.Thread(target=tap, args=("Ann's phone", phones[0], 2))
    first.start()
    while held_store.opened < 1:
        threading.Event().wait(0.01)
    second = threading.Thread(target=tap, args=("the host's table", Access.host(game_id), 3))
    second.start()
    first.join(15), second.join(15)
    assert answers["Ann's phone"] == 2
    stale = answers["the host's table"]
    assert isinstance(stale, StaleEntry) and stale.current.bid == 2 and "bid 2" in str(stale)
    kept, stored = kept_and_stored(shared, game_id)
    assert kept == stored and kept["hand"]["bids"]["Ann"]["bid"] == 2


def test_a_link_made_or_ended_by_another_program_counts_at_once(table):
    """P4: the kept state is not the only writer's: a display link made by another program (the command
    line, another host on the same database) opens its screen at once, and a phone ended there can no
    longer enter a bid, though the host's own state was kept just before."""
    shared, game_id, phones = table
    ann, bob = phones[0], phones[1]
    table_actions.bid(shared, ann, "Ann", 1, None, 0)  # the state is kept, and was just checked
    host = Access.host(game_id)
    display = ts.issue_link(game_id, Role.DISPLAY, shared.store.uow(), by=host)  # not through this host
    seen = table_actions.open_token(shared, display)
    assert seen.access.role is Role.DISPLAY and seen.hand.bids["Ann"].entered
    with shared.store.uow() as uow:  # Bob's phone ended by the other program
        assert uow.access.revoke(game_id, bob.id)
        uow.commit()
    with pytest.raises(NotAllowed):
        table_actions.bid(shared, bob, "Bob", 2, None, 0)
    assert not ts.table_state(game_id, shared.store.reader()).hand.bids["Bob"].entered
