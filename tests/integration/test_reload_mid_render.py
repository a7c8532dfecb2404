"""A reload into a live session shows the screen asked for, whatever that
session was drawing as its connection went (issue 24), tried many times
over the wire, without a browser.

A browser that reloads comes back to its own Flet session (it sends the
session's id with its register). Here one tab goes back and forth between
the display of one table and the host's screen of another, 80 times: each
time its connection is cut without a word, as a reload or a dropped Wi-Fi
cuts it, while both tables' bids change all the time and every screen is
told of a change every 2 ms. Each reload must draw the screen of the
address it asked for. Before views/web/closed_sends.py, a patch drawn as a
connection went ended the session's drawing for good: the browser showed
the screen it left (tests/e2e/test_goto_mid_render.py is the same in
Chromium, with fewer loads)."""
from __future__ import annotations

import asyncio

from tests.e2e.test_goto_mid_render import FIRST, SECOND, OtherTables, live_table, own_server  # noqa: F401 (a fixture)
from tests.flet_wire import WireClient
from tests.loops import run_apart

RELOADS = 80


def test_every_reload_draws_the_screen_it_asked_for_while_the_tables_change(own_server):
    first, second = live_table(own_server, FIRST), live_table(own_server, SECOND)
    routes = [(f"/display/{first}", "Dan"), (f"/game/{second}/table", "Gus")]
    ws = own_server.url.replace("http", "ws", 1) + "/ws"

    async def reloads() -> list[str]:
        session, wrong = None, []
        for reload in range(RELOADS):
            route, name = routes[reload % 2]
            tab = WireClient(ws, origin=own_server.url)
            await tab.connect()
            await tab.register(route, session_id=session, width=1280 if reload % 4 < 2 else 390)
            session = tab.session_id
            # The page the session held comes whole with the register: only what is drawn after it counts.
            tab.texts.clear()
            if await tab.wait_for(name, timeout=10) is None:
                wrong.append(f"reload {reload + 1} of {route}: {name} never showed")
                tab.drop()
                break
            await asyncio.sleep(0.01 * (reload % 5))  # cut at a different point of the stream each time
            tab.drop()  # no close frame: the connection just ends, as in a reload
        return wrong

    with OtherTables(own_server, {first: "Bob", second: "Fay"}) as tables:
        wrong = run_apart(reloads())
    assert tables.writes > RELOADS, "the other tables did not write while the tab reloaded"
    assert wrong == [], wrong
