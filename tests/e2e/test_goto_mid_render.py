"""A reload, a link or a typed address into a live session shows the screen
asked for, whatever that session was rendering when its page went (issue 24).

A browser that loads a page in the same tab comes back to its own session
on the host (Flet keeps the session's id in the tab). Here a host's browser
goes back and forth between the display of one table and the host's screen
of another, both tables' bids changing all the time (two other tables
writing as fast as the store takes it, each write told to every screen, as
a phone's is), and the window resized before every other move (the display
measures its column). Every address must show its own screen: the screen the
browser left must not stay on it.

Each test here serves the app over its own store (and stops it), so the
stream of writes reaches no other test's screens."""
from __future__ import annotations

import threading

import pytest

from companion import services
from companion import table_services as ts
from companion.access import Access, Role
from tests.e2e.conftest import Served, open_app, open_test_store
from views.app import build_app

pytestmark = pytest.mark.e2e

PHONE, TABLET = {"width": 390, "height": 844}, {"width": 1280, "height": 800}
FIRST, SECOND = ("Ann", "Bob", "Cat", "Dan"), ("Eve", "Fay", "Gus")
BUSY = 0.002  # seconds between changes told to the screens
# Page loads. Before the fix (views/web/closed_sends.py) about 1 load in 7 left the browser on the screen it left, for
# good (stuck first at load 1, 2, 6, 6, 7, 8 or 10 in 7 runs), so 8 loads failed about 7 runs in 10. The reliable
# reproduction is tests/integration/test_reload_mid_render.py (80 reloads over the wire, a few seconds; before the fix
# it failed 3 runs of 3, by reload 2 to 8): this one keeps the browser's own way of leaving a page, in fewer loads.
MOVES = 8


class OtherTables:
    """Bids entered at each table, over and over, as fast as the store takes
    them, every write told to the screens as a phone's write is; and the
    screens of those games told of a change every few milliseconds besides,
    as a busy host's are (a change elsewhere in the game re-renders them,
    drawing nothing new), so a write is often being drawn as a page goes."""

    def __init__(self, served: Served, tables: dict[int, str]) -> None:
        self.served, self.tables = served, tables
        self.stop = threading.Event()
        self.writes = 0
        self.threads = [threading.Thread(target=self.bid, args=(game, seat), daemon=True)
                        for game, seat in tables.items()]
        self.threads.append(threading.Thread(target=self.busy, daemon=True))

    def bid(self, game_id: int, seat: str) -> None:
        store, hub = self.served.store, self.served.app.state.shared.hub
        host, version = Access.host(game_id), 0
        while not self.stop.is_set():
            hand = ts.submit_bid(game_id, seat, 2 + version % 3, None, store.uow(), by=host,
                                 expected_version=version)  # a bid other than the last one
            version = hand.bids[seat].version
            self.writes += 1
            hub.changed(game_id)

    def busy(self) -> None:
        hub = self.served.app.state.shared.hub
        while not self.stop.wait(BUSY):
            hub.changed(*self.tables)

    def __enter__(self) -> "OtherTables":
        for thread in self.threads:
            thread.start()
        return self

    def __exit__(self, *_) -> None:
        self.stop.set()
        for thread in self.threads:
            thread.join(10)


@pytest.fixture
def own_server(tmp_path):
    served = Served(build_app(open_test_store(tmp_path))).start()
    yield served
    served.stop()


def live_table(served: Served, seats: tuple[str, ...]) -> int:
    uow = served.store.uow
    game_id = services.start_game(services.new_game("xylotar", list(seats), dealer=seats[-1]), uow())
    ts.issue_link(game_id, Role.PLAYER, uow(), by=Access.host(game_id))  # the table is shared: a hand is in play
    return game_id


def test_every_page_load_shows_its_own_screen_while_the_tables_change(own_server, browser):
    first, second = live_table(own_server, FIRST), live_table(own_server, SECOND)
    # Each route, and a name only its screen shows.
    routes = [(f"/display/{first}", "Dan"), (f"/game/{second}/table", "Gus")]
    page = open_app(browser, own_server.url + routes[0][0], **PHONE)
    try:
        page.get_by_text("Dan").first.wait_for()
        wrong = []
        with OtherTables(own_server, {first: "Bob", second: "Fay"}) as tables:
            for move in range(MOVES):
                if move % 2:
                    page.set_viewport_size(TABLET if move % 4 == 1 else PHONE)
                route, name = routes[(move + 1) % 2]
                page.goto(own_server.url + route)
                try:
                    page.get_by_text(name).first.wait_for(timeout=10000)
                except Exception:  # noqa: BLE001 - said below, with the moves made
                    wrong.append(f"load {move + 1} of {route}: {name} never showed")
                    break
        assert tables.writes > MOVES, "the other tables did not write while the pages loaded"
        assert wrong == [], wrong
    finally:
        page.context.close()
