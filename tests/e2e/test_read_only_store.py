"""A store that cannot be written (here a read-only file; a full disk or a
damaged file open the same way): the host's screens still show every game,
say why nothing new can be saved, and a game started anyway is refused in
those words, with nothing stored and the form kept (issue 9)."""
from __future__ import annotations

import pytest

from companion import services
from models.engine import READ_ONLY_MESSAGE
from models.store import open_store
from tests.e2e.conftest import Served, describe, open_app
from tests.e2e.table import Player
from tests.integration.test_store_degraded import read_only_file
from views.app import build_app

pytestmark = pytest.mark.e2e


def test_a_read_only_store_shows_its_games_and_says_why_nothing_new_is_saved(browser, tmp_path):
    path = tmp_path / "kept.db"
    with open_store(path) as store:
        services.start_game(services.new_game("xylotar", ["Ann", "Bob", "Cat"], dealer="Cat"), store.uow())
    with read_only_file(path):
        store = open_store(path)
        assert store.read_only
        server = Served(build_app(store)).start()
        pages = []
        try:
            host = Player(open_app(browser, server.url + "/"))
            pages.append(host.page)
            host.see(READ_ONLY_MESSAGE[:50])
            host.see("Ann, Bob and Cat: 0 hands played")
            host.tap("Resume this game")
            host.see("Confirm hand")  # the game's screen is drawn: the address moves before the screen does
            host.go("/new")
            host.tap("XYbrid")
            for name in ("Dev", "Eve"):
                host.type_name(name)
            host.tap("Start game")
            host.see(READ_ONLY_MESSAGE[:50])
            assert "/new" in host.page.url  # still on the form, names kept
            host.see("Eve")
            with store.reader() as uow:
                assert [summary.id for summary in uow.list_games()] == [1]  # nothing stored
            assert not host.has_text("Error running app")
        except BaseException:
            describe(pages, tmp_path)
            raise
        finally:
            for page in pages:
                page.context.close()
            server.stop()
            store.close()
