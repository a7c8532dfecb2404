"""The display in one-phone play (issue 28): with no phone at the table, the
host enters each hand on their own screen, and the display says so, with who
leads, instead of "0 of 3 have bid · Ann bidding…" for the whole hand. Once a
bid is entered at the table (or a phone sits down), it shows the bids again."""
from __future__ import annotations

import pytest

from companion import services
from companion import table_services as ts
from companion.access import Access
from tests.e2e.table import Player
from tests.e2e.test_table_sees import TABLET, new_table

pytestmark = pytest.mark.e2e


def test_the_display_says_the_hand_is_entered_on_the_hosts_screen_when_no_phone_sits_at_the_table(
        app_page, served):
    game_id, _, display_link = new_table(served, ("Ann", "Bob", "Cat"))  # Cat deals: Ann leads hand 1
    display = Player(app_page(display_link, **TABLET))
    host_display = Player(app_page(f"/display/{game_id}", **TABLET))
    for screen in (display, host_display):
        screen.see("Hand 1 is being entered on the host's screen")
        screen.see("Ann leads")
        assert not screen.has_text("have bid") and not screen.has_text("bidding")
    # The host confirms hand 1 on their screen: the display says hand 2 is being entered.
    services.record_round(game_id, {"results": {"Ann": {"bid": 4, "tricks": 4}, "Bob": {"bid": 3, "tricks": 3},
                                                "Cat": {"bid": 5, "tricks": 5}}}, served.store.uow())
    served.app.state.shared.hub.changed()
    display.see("Hand 2 is being entered on the host's screen")
    # A bid entered at the table: the bids are what the display shows now.
    ts.submit_bid(game_id, "Bob", 2, None, served.store.uow(), by=Access.host(game_id), expected_version=0)
    served.app.state.shared.hub.changed()
    display.see("1 of 3 have bid")
    assert not display.has_text("being entered on the host's screen")
