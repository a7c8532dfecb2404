"""The live-sync bench's headless client (bench/flet_client.py) sees what a
player's screen shows: the app served in this process, a 4-player table with
tricks tapped on the phones, no browser.

A trick tapped on Ann's phone shows on Bob's phone, the host's table and the
display, and each tab's kept tree is then the very tree a session opened
afresh on its route is sent (so the bench times what a browser would show);
the host types a new player's name as a browser does and the roster shows it."""
from __future__ import annotations

import asyncio
import random

import flet as ft
import msgpack
import pytest
from flet.controls.base_control import BaseControl
from flet.controls.object_patch import ObjectPatch
from flet.messaging.protocol import configure_encode_object_for_msgpack

from bench.bench_sync import set_table
from bench.flet_client import FletClient, Tree, normalized
from models.store import open_store
from tests.e2e.conftest import Served
from tests.loops import run_apart
from views.app import build_app


@pytest.fixture
def table(tmp_path):
    db = tmp_path / "headless.db"
    open_store(db).close()
    ids = set_table(db)
    server = Served(build_app(open_store(db))).start()
    yield server, ids
    server.stop()


def test_a_trick_tapped_on_a_phone_shows_on_every_screen_and_each_tree_is_a_fresh_sessions(table):
    served, ids = table

    async def run():
        ann, bob = [await FletClient(served.url, width=360, height=780).open(f"/seat/{ids[name]}")
                    for name in ("Ann", "Bob")]
        host = await FletClient(served.url, width=1280, height=800).open(f"/game/{ids['game']}/table")
        display = await FletClient(served.url, width=1280, height=800).open(f"/display/{ids['display']}")
        tabs = [ann, bob, host, display]
        for tab in tabs:
            assert tab.tree.shows("Trick 1 of 14")
        assert not display.tree.shows("Bob won the trick")  # the display cannot write
        with pytest.raises(AssertionError, match="nothing to tap"):
            display.find("Bob won the trick")

        await ann.tap("Bob won the trick")
        for tab in tabs:
            await tab.until_shows("Trick 2 of 14: Bob leads")
            await tab.until_shows("Bob, not bid yet, took 1 trick")
        await asyncio.sleep(0.3)  # the buttons Ann's tap disabled are enabled again
        for tab in tabs:
            assert await tab.same_as_fresh() == [], tab.route
        # A kept tree that missed a change is told apart from a fresh one.
        bob.tree.find_first("Trick 2 of 14: Bob leads")["value"] = "Trick 1 of 14: Ann leads"
        assert any("Trick 1 of 14: Ann leads" in found for found in await bob.same_as_fresh(tries=1))
        for tab in tabs:
            await tab.close()

    run_apart(run())


def test_the_host_types_a_new_players_name_and_the_roster_shows_it(table):
    served, _ = table

    async def run():
        host = await FletClient(served.url, width=1280, height=800).open("/new")
        await host.type("New player's name", "Zed Headless", submit=True)
        await host.until_shows("Remove Zed Headless")
        assert host.find("Remove Zed Headless")  # a button the host can tap
        await host.close()

    run_apart(run())


def test_flets_own_patches_for_rows_that_come_go_and_move_bring_the_kept_tree_to_the_new_screen():
    """Patches made by Flet's own differ (moves, adds, removes, replaces, as when
    seats are reordered, join or leave) applied one op after another, each op's
    path read in the tree as it stands then (the order Flet's paths assume)."""
    encode = configure_encode_object_for_msgpack(BaseControl)

    def wire(value):
        return msgpack.unpackb(msgpack.packb(value, default=encode), strict_map_key=False)

    def rows(rng, names):
        column = ft.Column([ft.Row([ft.Text(f"{name} {rng.randint(0, 3)}"),
                                    *([ft.Text("bid", key=f"{name} bid")] if rng.random() < 0.5 else [])], key=name)
                            for name in names])
        column._frozen = True
        return column

    seats = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fin", "Gil"]
    for trial in range(300):
        rng = random.Random(trial)
        before, after = (rows(rng, rng.sample(seats, rng.randint(0, 7))) for _ in range(2))
        tree = Tree({"_c": "Page", "_i": 1, "_b": wire({"_b": before})["_b"]})
        patch, _, _ = ObjectPatch.from_diff({"_b": before}, {"_b": after}, control_cls=BaseControl, frozen=True)
        tree.apply(1, wire(patch.to_message()))
        assert normalized(tree.page["_b"]) == normalized(wire({"_b": after})["_b"]), trial
