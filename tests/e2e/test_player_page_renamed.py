"""A player's page, opened at an address from before a rename, leads to the
renamed player (issue 28): it said "Nobody called Cat has played here"."""
from __future__ import annotations

import pytest

from companion import services
from tests.e2e.table import Player
from tests.e2e.test_roster import finished

pytestmark = pytest.mark.e2e


def test_a_players_page_kept_from_before_a_rename_opens_the_renamed_player(app_page, served):
    finished(served, ("Ann", "Bob", "Cat"))
    me = Player(app_page("/players"))
    me.tap("Open Cat's page")
    me.see("Head to head")  # Cat's own page
    kept = me.page.url.removeprefix(served.url)  # the address a bookmark keeps
    services.rename_player("Cat", "Catherine", served.store.uow())
    served.app.state.shared.hub.changed()
    later = Player(app_page(kept))  # opened again another evening
    later.see_label("Cat is now called Catherine.")
    later.see("Head to head")
    assert later.page.get_by_text("Catherine", exact=True).count() >= 1
    assert not later.has_text("Nobody called")
