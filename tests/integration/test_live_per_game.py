"""A change at one table reaches the screens that show it, and no other table's
(issue 14).

Raw WebSocket clients (tests/flet_wire.py) against the app served in this
process: the host's scoreboards of two games, a phone seated at the first
game, and home. A hand entered in the first game shows on its scoreboard, its
phone and home; the second game's scoreboard is not re-rendered (nor sent
anything), where before every session on the host re-rendered for every
change: 256 sessions for one table's trick with 32 tables on the host.
"""
from __future__ import annotations

import asyncio

import flet as ft
import pytest

from companion import services
from companion.access import Role
from models.store import open_store
from tests.e2e.conftest import Served
from tests.flet_wire import PATCH, WireClient
from tests.loops import run_apart
from views.app import build_app
from views.state import Changes
from views.web import actions, lan, table_actions

QUIET = 1.0  # seconds without a frame that count as "sent nothing"


@pytest.fixture
def rendered(monkeypatch) -> list[str]:
    """The route of every session told to re-render, in the order told."""
    told: list[str] = []
    games_changed = Changes.games_changed

    def heard(changes):
        told.append(ft.context.page.route)  # called back in the session's own context
        games_changed(changes)

    monkeypatch.setattr(Changes, "games_changed", heard)
    return told


@pytest.fixture
def served(tmp_path, rendered):
    server = Served(build_app(open_store(tmp_path / "live.db"))).start()
    yield server
    server.stop()


def hand(*seats: tuple) -> dict:
    """One hand: each seat's name, bid and tricks."""
    return {"results": {name: {"bid": bid, "tricks": tricks} for name, bid, tricks in seats}}


async def opened(served: Served, route: str, shows: str) -> WireClient:
    """A tab on `route`, once its screen shows `shows` (as a player waits for it, however busy the host)."""
    tab = WireClient(served.url.replace("http", "ws", 1) + "/ws", origin=served.url)
    await tab.connect()
    await tab.register(route)
    assert await tab.wait_for(shows, timeout=60) is not None, f"{route} never showed {shows!r}"
    await tab.settle(0.3)
    return tab


async def patches_within(tab: WireClient, quiet: float = QUIET) -> int:
    """How many patches the tab is sent until none comes for `quiet` seconds."""
    count = 0
    while True:
        try:
            action, _ = await tab.receive(timeout=quiet)
        except asyncio.TimeoutError:
            return count
        count += action == PATCH


def test_a_hand_entered_at_one_table_reaches_its_screens_and_home_but_not_another_table(served, rendered):
    shared = served.app.state.shared
    run = served.app.state.host_run
    first = services.start_game(services.new_game("xylotar", ["Ann", "Bob", "Cat"], dealer="Cat"), served.store.uow())
    second = services.start_game(services.new_game("xylotar", ["Dan", "Eve", "Fay"], dealer="Fay"),
                                 served.store.uow())
    join = table_actions.make_link(shared, run, first, Role.PLAYER)
    seat = table_actions.join(shared, table_actions.open_token(shared, join).access, "Ann")

    async def main():
        home = await opened(served, "/", "Ann, Bob and Cat")
        first_board = await opened(served, f"/game/{first}", "Ann")
        ann = await opened(served, lan.path(lan.SEAT, seat), "Ann · hand 1")
        second_board = await opened(served, f"/game/{second}", "Dan")
        assert first_board.saw("Ann") and second_board.saw("Dan") and ann.saw("Ann")
        first_screens = sorted(["/", f"/game/{first}", lan.path(lan.SEAT, seat)])

        await asyncio.to_thread(actions.record_round, shared, first, hand(("Ann", 3, 4), ("Bob", 2, 2), ("Cat", 5, 6)))
        assert await home.wait_for("Ann, Bob and Cat: 1 hand played") is not None
        assert await first_board.wait_for("Hand 1") is not None
        assert await ann.wait_for("Ann leads hand 2") is not None  # the phone moves on to the next hand
        await asyncio.gather(*(patches_within(tab) for tab in (home, first_board, ann)))  # all sent
        assert await patches_within(second_board) == 0
        assert sorted(rendered) == first_screens  # the other table is not re-rendered
        rendered.clear()

        # A hand at the second table reaches it, and not the first table's screens.
        await asyncio.to_thread(actions.record_round, shared, second, hand(("Dan", 0, 1), ("Eve", 6, 6), ("Fay", 5, 5)))
        assert await second_board.wait_for("Hand 1") is not None
        assert await home.wait_for("Dan, Eve and Fay: 1 hand played") is not None
        assert await patches_within(first_board) == 0 and await patches_within(ann) == 0
        assert sorted(rendered) == ["/", f"/game/{second}"]

        # A roster rename is tied to no game: every screen showing the name hears it.
        rendered.clear()
        await asyncio.to_thread(services.rename_player, "Dan", "Dana", served.store.uow())
        shared.hub.changed()
        assert await second_board.wait_for("Dana") is not None
        await asyncio.gather(*(patches_within(tab) for tab in (home, first_board, ann)))
        assert sorted(rendered) == sorted(first_screens + [f"/game/{second}"])
        for tab in (home, first_board, ann, second_board):
            await tab.close()

    run_apart(main())
