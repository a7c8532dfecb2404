"""Taps made back to back, faster than the host's screen redraws, each do
what they say (issue 24): the second of two switches tapped at once used to
be lost (the screen sent the switch back as it was drawn, and saved the
settings it had drawn over the first switch's change)."""
import re

import pytest
from playwright.sync_api import expect

from companion.access import TableSettings
from tests.e2e.table import Player
from tests.e2e.test_shared_table import TABLET, new_table

pytestmark = pytest.mark.e2e

SWITCHES = ("Track each trick", "Players tap tricks", "Players score hands")


def stored_settings(served, game_id: int) -> TableSettings:
    uow = served.store.uow()
    with uow:
        return uow.access.settings(game_id)


def test_three_switches_tapped_back_to_back_all_end_up_on(app_page, served):
    game_id = new_table(served, ("Eve", "Fin", "Gil"))
    host = Player(app_page(f"/game/{game_id}/table/settings", **TABLET))
    switches = [host.page.get_by_role("switch", name=name) for name in SWITCHES]
    for switch in switches:
        expect(switch).not_to_be_checked()
    spots = [switch.bounding_box() for switch in switches]
    host.tap(switches[0])  # once the screen can be tapped (nothing covers the switch) ...
    for spot in spots[1:]:  # ... the next two at once, as fast as a thumb goes down the list
        host.page.mouse.click(spot["x"] + spot["width"] / 2, spot["y"] + spot["height"] / 2)
    for switch in switches:
        expect(switch).to_be_checked()
    host.page.wait_for_timeout(1000)  # the saves still on their way turn none of them back off
    for switch in switches:
        expect(switch).to_be_checked()
    assert stored_settings(served, game_id) == TableSettings(
        track_tricks=True, players_track_tricks=True, players_score_hands=True)
    host.page.reload()
    host.page.wait_for_url(re.compile(r"/table/settings$"))
    for switch in switches:
        expect(switch).to_be_checked()

