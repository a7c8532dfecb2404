"""Several hosts on one PostgreSQL database (issue 27): what one host stores,
another host's screens show within a second, through PostgreSQL's own
LISTEN/NOTIFY (migration 0014, models.server.Listener).

Host B is a real `xyscore serve` process; a tab of its history page reads
what the server sends over Flet's wire, as a browser would. Host A is this
test process serving the same database: its write is the one the host's
round screen makes (views.web.actions.record_round)."""
from __future__ import annotations

import asyncio

import pytest

from models.store import open_store
from tests.flet_wire import WireClient
from tests.loops import run_apart
from tests.serve_process import serve_process
from views.state import Shared
from views.web import actions
from views.web.live import Hub

from .conftest import hand

PLAYERS = ["Ann", "Bob", "Cat", "Dev"]


@pytest.fixture
def club(pg_cluster):
    """A club's database on the test server: its URL."""
    name = pg_cluster.new_database()
    yield pg_cluster.url(name)
    pg_cluster.drop(name)


async def tab_on(served, route: str, showing: str) -> WireClient:
    """A tab of `served` open on `route`, from the serving machine (the host's own browser), once it shows `showing`."""
    tab = WireClient(served.url.replace("http", "ws", 1) + "/ws", origin=served.url)
    await tab.connect()
    await tab.register(route)
    assert await tab.wait_for(showing, timeout=20), " | ".join(t for t in tab.texts if len(t) > 3)
    await tab.settle(0.3)
    return tab


def test_a_hand_scored_on_one_host_shows_in_the_other_hosts_history_within_a_second(club, tmp_path):
    with open_store(club) as store:
        host_a = Shared(store=store, hub=Hub())
        game_id = actions.start_game(host_a, "xylotar", PLAYERS, dealer="Dev")
        with serve_process(club, tmp_path) as host_b:

            async def watch() -> None:
                history = await tab_on(host_b, "/history", "not finished")
                try:
                    assert not history.saw("after hand 1")
                    await asyncio.to_thread(actions.record_round, host_a, game_id,
                                            hand((2, 2), (3, 4), (4, 4), (5, 4)), expected=1)
                    shown = await history.wait_for("not finished: after hand 1", timeout=1.0)
                    assert shown, "host B's history did not show the hand host A stored within a second"
                finally:
                    await history.close()

            run_apart(watch())
