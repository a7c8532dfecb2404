"""A Save tapped right after the last letter keeps the whole text: the letter and
the tap reach a busy host together (its loop held while both arrive), and Save
keeps what was typed last (views/parts/text_box.py `use_typed`). A guard: on
Flet 1.0.5 the screen is re-rendered with the last letter before the tap's
handler runs, and these passed before `use_typed` too (docs/benchmarks.md,
issue 24, 5 December). Headless clients over the wire: the app served in this
process; each test its own store."""
from __future__ import annotations

import asyncio
import time

import pytest

from bench.bench_sync import set_table
from bench.flet_client import FletClient
from companion import services
from models.store import open_store
from tests.e2e.conftest import Served
from tests.loops import run_apart
from views.app import build_app


@pytest.fixture
def table(tmp_path):
    """A 4-player table served in this process, on a store of its own: (server, ids, store)."""
    db = tmp_path / "letters.db"
    open_store(db).close()
    ids = set_table(db)
    store = open_store(db)
    server = Served(build_app(store)).start()
    yield server, ids, store
    server.stop()


def busy(served, seconds: float = 0.4) -> None:
    """Hold the host's event loop for `seconds`: what the phone sends meanwhile arrives at once."""
    served.server.servers[0].get_loop().call_soon_threadsafe(time.sleep, seconds)


async def type_then_tap(tab: FletClient, served, label: str, first: str, whole: str, button: str) -> None:
    """Type `first`, let the screen draw it, then the rest and the tap in one burst."""
    await tab.type(label, first)
    await tab.settle()
    busy(served)
    await asyncio.sleep(0.05)
    await tab.type(label, whole)
    await tab.tap(button)


def test_a_new_player_added_right_after_the_last_letter_has_the_whole_name(table):
    served, _, _ = table

    async def run():
        host = await FletClient(served.url, width=1280, height=800).open("/players")
        await type_then_tap(host, served, "New player's name", "Zed Headles", "Zed Headless", "Add to the roster")
        await host.until_shows("Remove Zed Headless from the roster")
        assert not host.tree.shows("Remove Zed Headles from the roster")
        await host.close()

    run_apart(run())


def test_a_rename_saved_right_after_the_last_letter_has_the_whole_name(table):
    served, _, _ = table

    async def run():
        host = await FletClient(served.url, width=1280, height=800).open("/players")
        await host.tap("Rename Ann")
        await host.until_shows("New name for Ann")
        await type_then_tap(host, served, "New name for Ann", "Annabe", "Annabel", "Save the new name")
        await host.until_shows("Open Annabel's page")
        assert not host.tree.shows("Open Annabe's page")
        await host.close()

    run_apart(run())


def test_a_game_note_saved_right_after_the_last_letter_is_kept_whole(table):
    served, ids, store = table

    async def run():
        host = await FletClient(served.url, width=1280, height=800).open(f"/game/{ids['game']}")
        await type_then_tap(host, served, "Note on this game", "Played on the balcon", "Played on the balcony",
                            "Save note")
        for _ in range(150):  # until a note is kept (a player sees Save note greyed)
            if services.load(ids["game"], store.reader()).note is not None:
                break
            await asyncio.sleep(0.1)
        await host.close()

    run_apart(run())
    assert services.load(ids["game"], store.reader()).note == "Played on the balcony"
