"""Two hosts serving one PostgreSQL database (issue 27), each with its own
live table states in memory (companion/table_state.py), hearing the other's
changes (views.web.live.hear_others): phones writing through both at once
lose nothing, and a phone writing on a hand another host changed is told
what it is told on one host, never left with a lost entry.

Each host is what `xyscore serve` builds over the store (a store opened on
the database, a hub and its table states); each phone's tap is the write
its screen makes (views.web.table_actions)."""
from __future__ import annotations

import contextlib

import pytest

from companion.access import Access, Role, TableSettings
from companion.live_hand import StaleEntry
from companion.table_state import Tables
from models.store import open_store
from views.hosting import HostRun
from views.state import Shared
from views.web import table_actions as ta
from views.web.live import Hub, hear_others

from .test_store_postgresql import at_once

ROUNDS = 4  # races run: once can pass by luck
PLAYERS = ("Ann", "Bob", "Cat", "Dev")


@pytest.fixture
def two_hosts(pg_cluster):
    """Host A and host B, each serving the same database as `xyscore serve` does."""
    name = pg_cluster.new_database()
    with contextlib.ExitStack() as stack:
        hosts = []
        for _ in range(2):
            store = stack.enter_context(open_store(pg_cluster.url(name), busy_seconds=10))
            shared = Shared(store=store, hub=Hub())
            hear_others(shared.hub, store)
            hosts.append(shared)
        yield hosts
    pg_cluster.drop(name)


def new_table(host: Shared, players=PLAYERS) -> int:
    """A Xylotar game whose phones track the tricks, started on `host`."""
    from views.web import actions

    game_id = actions.start_game(host, "xylotar", list(players), dealer=players[-1])
    ta.change_settings(host, game_id, TableSettings(track_tricks=True))
    return game_id


def seat_phones(game_id: int, where: dict[str, Shared]) -> dict[str, Access]:
    """Each player's phone joins through the host `where` names for it: the phone's own link."""
    run = HostRun()
    first = next(iter(where.values()))
    join = ta.make_link(first, run, game_id, Role.PLAYER)
    phones = {}
    for name, host in where.items():
        own = ta.join(host, ta.opened(host, join), name)
        phones[name] = ta.opened(host, own)
    return phones


def test_eight_phones_bidding_at_once_through_two_hosts_lose_no_bid(two_hosts):
    """Two tables of four, each with two phones on host A and two on host B;
    both hosts showed both tables (their table states are kept); all eight
    phones bid at the same instant. Every phone is told its bid was taken,
    and every bid sent is the one stored."""
    host_a, host_b = two_hosts
    for attempt in range(ROUNDS):
        taps, sent = [], {}
        for table in range(2):
            names = tuple(f"{name}{table}" for name in PLAYERS)
            game_id = new_table(host_a, names)
            phones = seat_phones(game_id, {name: (host_a, host_b)[seat % 2] for seat, name in enumerate(names)})
            for host in (host_a, host_b):
                assert ta.host_view(host, game_id).hand.version == 0  # each host's screens showed the table
            for seat, name in enumerate(names):
                bid = (seat + attempt + table) % 5
                sent[(game_id, name)] = bid
                host = (host_a, host_b)[seat % 2]
                taps.append(lambda host=host, phone=phones[name], name=name, bid=bid:
                            ta.bid(host, phone, name, bid, None, 0))
        outcomes = at_once(*taps)
        assert not [o for o in outcomes if isinstance(o, Exception)], outcomes
        with host_a.store.reader() as uow:
            stored = {(game_id, name): uow.live.get(game_id, 1)["bids"].get(name, {}).get("bid") for (game_id, name) in sent}
        assert stored == sent


def test_a_stale_bid_through_the_other_host_gets_the_words_it_gets_on_one_host(two_hosts):
    """Ann's phone bids 2 on host A; the host's table screen on host B, still
    showing the hand before it, enters 3 for Ann: it is refused in the words
    the same two entries get on one host, and Ann's bid stays 2. Also when
    host A's change has not reached host B yet (a host whose notification is
    still on its way: its kept state is the one before the bid), the write
    checks the hand in the database, never its kept copy."""
    host_a, host_b = two_hosts
    # Host B's store, and table states no change reaches (nor their 2-second re-check, in this test's time).
    not_heard_yet = Shared(store=host_b.store, hub=Hub(Tables(recheck=600)))

    def stale_refusal(first: Shared, second: Shared) -> str:
        game_id = new_table(first)
        ann = seat_phones(game_id, {"Ann": first})["Ann"]
        assert ta.host_view(second, game_id).bids["Ann"].version == 0  # the screen shows Ann's bid not yet made
        ta.bid(first, ann, "Ann", 2, None, 0)
        with pytest.raises(StaleEntry) as refused:
            ta.bid(second, Access.host(game_id), "Ann", 3, None, 0)
        assert ta.host_view(first, game_id).bids["Ann"].bid == 2
        assert ta.host_view(second, game_id).bids["Ann"].bid == 2
        return str(refused.value)

    on_one_host = stale_refusal(host_a, host_a)
    assert stale_refusal(host_a, host_b) == on_one_host
    assert stale_refusal(host_a, not_heard_yet) == on_one_host
