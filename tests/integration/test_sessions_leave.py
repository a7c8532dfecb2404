"""A session that is gone stops costing work (issue 9).

Raw WebSocket clients (tests/flet_wire.py) against the app served in this
process: 200 tabs open the home screen; half close cleanly, half drop (no
close frame, `transport.abort()`) while the server is sending them the
patches of a run of changes. Within the grace period the hub has no
subscriber left but the two tabs still open, and a change reaches those
two. Before issue 9 every closed tab stayed subscribed for the 10 minutes
a session is kept, and a tab that dropped mid-send (87 of 100 here) was
never disconnected at all: it re-rendered on every change for good.

And a tab that comes back to its session is shown what changed while it was
away."""
from __future__ import annotations

import asyncio
import itertools
import threading
import time

import pytest

from companion import services
from models.store import open_store
from tests.e2e.conftest import Served
from tests.flet_wire import WireClient, keep_reading, open_tabs
from views.app import build_app
from tests.loops import run_apart

GAMES = itertools.count(1)

TABS = 200  # half close, half drop
LIVE = 2  # tabs that stay open, to show changes still reach the living
GRACE = 30.0  # seconds for every gone tab to leave the hub (about 1 s on an idle machine)


@pytest.fixture
def served(tmp_path):
    server = Served(build_app(open_store(tmp_path / "sessions.db"))).start()
    yield server
    server.stop()


def new_game(served: Served) -> str:
    """A change at the table: a game starts (home lists it), and every session
    hears of it. Returns what home says of it (each game new players, so each
    line is its own)."""
    number = next(GAMES)
    names = [f"{name} {number}" for name in ("Ann", "Bob", "Cat")]
    services.start_game(services.new_game("xylotar", names), served.store.uow())
    served.app.state.shared.hub.changed()
    return f"{names[0]}, {names[1]} and {names[2]}: 0 hands played"


async def until(condition, limit: float, said=lambda: "") -> float:
    """Seconds until `condition()` held; fails after `limit`, saying `said()`."""
    start = time.monotonic()
    while not condition():
        if time.monotonic() - start > limit:
            pytest.fail(f"not within {limit} s: {said()}")
        await asyncio.sleep(0.05)
    return time.monotonic() - start


def test_two_hundred_tabs_that_close_or_drop_mid_send_leave_the_hub(served):
    hub = served.app.state.shared.hub

    async def run():
        live = await open_tabs(served.url, LIVE)
        readers = [asyncio.create_task(keep_reading(tab)) for tab in live]
        tabs = await open_tabs(served.url, TABS)
        assert len(hub) == TABS + LIVE
        closing, dropping = tabs[:TABS // 2], tabs[TABS // 2:]
        await asyncio.gather(*(tab.close() for tab in closing))
        # A run of changes, each sending every open tab a patch, while the
        # other half vanish one by one (no close frame) in the middle of it.
        stop = threading.Event()

        def changes():
            while not stop.is_set():
                new_game(served)
                time.sleep(0.2)

        writer = threading.Thread(target=changes)
        writer.start()
        try:
            for tab in dropping:
                tab.drop()
                await asyncio.sleep(0.01)
            await asyncio.sleep(0.5)
        finally:
            stop.set()
            writer.join()
        await until(lambda: len(hub) == LIVE, GRACE, lambda: f"{len(hub) - LIVE} gone tabs still subscribed")
        # A change now costs what two tabs cost: it reaches them, and no one else.
        shown = new_game(served)
        for tab in live:
            await until(lambda: tab.saw(shown), 20, lambda: "a live tab never saw the change")
        assert len(hub) == LIVE
        await asyncio.gather(*(tab.close() for tab in live))
        await asyncio.gather(*readers)
        await until(lambda: len(hub) == 0, GRACE)

    run_apart(run())


async def until_seen(tab: WireClient, text: str, limit: float = 20) -> None:
    deadline = time.monotonic() + limit
    while not tab.saw(text):
        if time.monotonic() > deadline:
            pytest.fail(f"the tab never showed {text!r}")
        try:
            await tab.receive(timeout=max(deadline - time.monotonic(), 0.01))
        except asyncio.TimeoutError:
            pass


def test_a_tab_that_comes_back_to_its_session_is_shown_what_it_missed(served):
    hub = served.app.state.shared.hub

    async def run():
        (tab,) = await open_tabs(served.url, 1)
        session_id = tab.session_id
        tab.drop()
        await until(lambda: len(hub) == 0, GRACE)  # away: it costs a change nothing
        shown = new_game(served)
        back = WireClient(tab.ws_url, origin=served.url)
        await back.connect()
        await back.register("/", session_id=session_id)
        assert back.session_id == session_id  # the same session, not a new one
        await until_seen(back, shown)
        assert len(hub) == 1
        later = new_game(served)  # and it follows changes again
        await until_seen(back, later)
        await back.close()
        await until(lambda: len(hub) == 0, GRACE)

    run_apart(run())
