"""The store on a real PostgreSQL server (issue 27): the write lock's
guarantees as on SQLite, a server that is down is a store fault in players'
words, and the commands take a server's URL.

Every store test runs on PostgreSQL too (tests/integration/conftest.py); these
are what only a server has, or what the issue found broken on one."""
from __future__ import annotations

import threading

import pytest

from companion import services
from companion import table_services as table
from companion.access import Access, TableSettings
from companion.errors import AlreadyEntered, StoreUnavailable
from models.store import open_store
from tests.cli_runs import xyscore

from .conftest import hand, start

ROUNDS = 6  # how many times the race is run: once can pass by luck


@pytest.fixture
def server_store(pg_cluster):
    name = pg_cluster.new_database()
    with open_store(pg_cluster.url(name), busy_seconds=10) as opened:
        yield opened
    pg_cluster.drop(name)


def at_once(*calls):
    """Run each call on a thread of its own, released together; what each returned or raised."""
    together = threading.Barrier(len(calls))
    outcomes: list = [None] * len(calls)

    def run(index: int) -> None:
        together.wait()
        try:
            outcomes[index] = calls[index]()
        except Exception as error:  # noqa: BLE001 - the outcome is what the test looks at
            outcomes[index] = error

    threads = [threading.Thread(target=run, args=(index,)) for index in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return outcomes


def test_four_phones_bidding_at_once_lose_no_bid(server_store):
    """Each phone bids its own seat at the same instant: every phone is told
    its bid was taken, and every bid is in the hand (none overwritten by
    another phone's write of the same hand)."""
    players = ("Ann", "Bob", "Cat", "Dev")
    for attempt in range(ROUNDS):
        game_id = start(server_store, players=players, dealer="Dev")
        host = Access.host(game_id)
        table.change_settings(game_id, TableSettings(track_tricks=True), server_store.uow(), by=host)
        bids = {name: (seat + attempt) % 5 for seat, name in enumerate(players)}
        outcomes = at_once(*[lambda name=name: table.submit_bid(game_id, name, bids[name], None, server_store.uow(),
                                                                by=host, expected_version=0)
                             for name in players])
        assert not [o for o in outcomes if isinstance(o, Exception)], outcomes
        stored = table.view(game_id, server_store.reader(), by=host).hand.bids
        assert {name: stored[name].bid for name in players} == bids


def test_the_same_hand_entered_on_two_screens_at_once_is_stored_once_and_the_other_told(server_store):
    for _ in range(ROUNDS):
        game_id = start(server_store)
        entered = hand((2, 2), (3, 4), (4, 4), (5, 4))
        outcomes = at_once(*[lambda: services.record_round(game_id, entered, server_store.uow(), expected=1)] * 2)
        refused = [o for o in outcomes if isinstance(o, Exception)]
        assert len(refused) == 1 and isinstance(refused[0], AlreadyEntered), outcomes
        said = refused[0].problems[0].message
        assert said == "hand 1 was already entered on another screen; this entry was not stored"
        assert len(services.load(game_id, server_store.reader()).game.rounds) == 1


def test_a_stopped_server_is_a_store_fault_in_players_words_and_the_entry_goes_through_after(server_store,
                                                                                            pg_cluster):
    game_id = start(server_store)
    entered = hand((2, 2), (3, 4), (4, 4), (5, 4))
    pg_cluster.pg_ctl("stop")
    try:
        with pytest.raises(StoreUnavailable) as raised:
            services.record_round(game_id, entered, server_store.uow(), expected=1)
        with pytest.raises(StoreUnavailable):
            services.list_games(server_store.reader())
    finally:
        pg_cluster.pg_ctl("start")
    assert raised.value.kind == StoreUnavailable.UNREACHABLE and raised.value.passes  # the phone waits, sends again
    assert str(raised.value) == ("The host can't reach its game storage right now. Nothing was lost; "
                                 "try again in a moment.")
    services.record_round(game_id, entered, server_store.uow(), expected=1)  # sent again: stored, once
    assert len(services.load(game_id, server_store.reader()).game.rounds) == 1


def test_history_takes_a_server_url_and_makes_no_file(pg_cluster, tmp_path, monkeypatch):
    name = pg_cluster.new_database()
    url = pg_cluster.url(name)
    try:
        with open_store(url) as store:
            game_id = start(store)
            services.record_round(game_id, hand((2, 2), (3, 4), (4, 4), (5, 4)), store.uow())
        monkeypatch.chdir(tmp_path)
        ran = xyscore("history", "--db", url)
        assert (ran.returncode, ran.stderr) == (0, "")
        assert f"{game_id:>4}  " in ran.stdout and "Ann, Bob, Cat, Dev: in progress" in ran.stdout
        by_env = xyscore("history", env={"XYSCORE_DB": url})
        assert by_env.stdout == ran.stdout
        assert list(tmp_path.iterdir()) == []  # no SQLite file, no folder called `postgresql:`
    finally:
        pg_cluster.drop(name)


def test_backup_and_restore_of_a_server_store_say_how_and_write_nothing(pg_cluster, tmp_path):
    name = pg_cluster.new_database()
    try:
        ran = xyscore("backup", str(tmp_path / "club.db"), "--db", pg_cluster.url(name))
        assert ran.returncode == 2 and "pg_dump" in ran.stderr and "xyscore export" in ran.stderr
        assert "Traceback" not in ran.stderr and list(tmp_path.iterdir()) == []
        (tmp_path / "old.db").write_bytes(b"")
        ran = xyscore("restore", str(tmp_path / "old.db"), "--db", pg_cluster.url(name))
        assert ran.returncode == 2 and "pg_restore" in ran.stderr and "xyscore import" in ran.stderr
        assert "Traceback" not in ran.stderr and [p.name for p in tmp_path.iterdir()] == ["old.db"]
    finally:
        pg_cluster.drop(name)


def test_the_migrations_make_an_empty_server_database_a_store_whose_links_can_be_renewed(pg_cluster):
    """The schema is made by the migrations on PostgreSQL too, its partial
    unique indexes partial: a second "New code" for the join link is taken."""
    name = pg_cluster.new_database(empty=True)
    try:
        with open_store(pg_cluster.url(name)) as store:
            game_id = start(store)
            host = Access.host(game_id)
            first = table.issue_link(game_id, "player", store.uow(), by=host)
            second = table.issue_link(game_id, "player", store.uow(), by=host)  # the first one revoked, kept
            assert table.resolve(first, store.reader()) is None and table.resolve(second, store.reader()) is not None
    finally:
        pg_cluster.drop(name)


def test_an_unreachable_server_named_on_the_command_line_is_said_in_one_line(tmp_path):
    ran = xyscore("history", "--db", f"postgresql://nobody@/nothing?host={tmp_path}")
    assert ran.returncode == 2
    assert ran.stderr == ("xyscore history: The host can't reach its game storage right now. Nothing was lost; "
                          "try again in a moment.\n")


def test_a_write_held_up_past_the_busy_time_is_told_busy_and_stores_nothing(pg_cluster):
    """Another program (another host, say) holds the writers' lock: the entry
    waits the store's busy time, then is told BUSY in players' words, and is
    stored once sent again after the lock is free."""
    import psycopg

    from models.server import LOCK_KEY

    name = pg_cluster.new_database()
    try:
        with open_store(pg_cluster.url(name), busy_seconds=1) as store:
            game_id = start(store)
            entered = hand((2, 2), (3, 4), (4, 4), (5, 4))
            with psycopg.connect(host=str(pg_cluster.socket), user="xyscore", dbname=name) as other:
                other.execute(f"SELECT pg_advisory_xact_lock({LOCK_KEY})")
                with pytest.raises(StoreUnavailable) as raised:
                    services.record_round(game_id, entered, store.uow(), expected=1)
                other.rollback()
            assert raised.value.kind == StoreUnavailable.BUSY and raised.value.passes
            assert str(raised.value).startswith("The host's storage is busy with another task. Nothing was lost")
            assert services.load(game_id, store.reader()).game.rounds == []
            services.record_round(game_id, entered, store.uow(), expected=1)
            assert len(services.load(game_id, store.reader()).game.rounds) == 1
    finally:
        pg_cluster.drop(name)


def test_serve_runs_on_a_server_store(pg_cluster, tmp_path):
    from tests.serve_process import serve_process

    name = pg_cluster.new_database()
    url = pg_cluster.url(name)
    try:
        with serve_process(url, tmp_path) as served:
            status = served.status
        printed = served.printed[0]
        assert status == 200, printed
        assert f"Database: postgresql://xyscore@/{name}?host=" in printed and "Traceback" not in printed
    finally:
        pg_cluster.drop(name)


def test_a_reader_keeps_facts_it_worked_out_only_when_no_one_is_writing(pg_cluster):
    """Statistics read with the facts cache dropped: while another writer holds
    the lock the list still comes at once and nothing is kept; after, it is kept."""
    import time

    import psycopg
    from sqlalchemy import text

    from models.server import LOCK_KEY

    from .conftest import rows_of

    name = pg_cluster.new_database()
    try:
        with open_store(pg_cluster.url(name), busy_seconds=10) as store:
            game_id = start(store)
            services.record_round(game_id, hand((2, 2), (3, 4), (4, 4), (5, 4)), store.uow())
            with store.engine.begin() as connection:
                connection.execute(text("DELETE FROM game_facts"))
            with psycopg.connect(host=str(pg_cluster.socket), user="xyscore", dbname=name) as other:
                other.execute(f"SELECT pg_advisory_xact_lock({LOCK_KEY})")
                began = time.monotonic()
                listed = services.list_games(store.reader())
                assert time.monotonic() - began < 5 and listed[0].totals == (7, 4, 9, 4)
                assert rows_of(store, "SELECT count(*) FROM game_facts") == [(0,)]  # skipped, not waited for
                other.rollback()
            assert services.list_games(store.reader()) == listed
            assert rows_of(store, "SELECT count(*) FROM game_facts") == [(1,)]
    finally:
        pg_cluster.drop(name)
