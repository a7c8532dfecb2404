"""Sharing the table takes one tap from the game: the players' QR code is on
screen at once, with no "Make the players' code" step first (issue 28: it took
4 taps and a scroll)."""
import re

import pytest

from tests.e2e.table import Player
from tests.e2e.test_host_table import PHONE, new_table

pytestmark = pytest.mark.e2e


def test_one_tap_on_share_the_table_shows_the_players_qr_code(app_page, served):
    game_id = new_table(served)
    host = Player(app_page(f"/game/{game_id}", **PHONE))
    host.tap("Share the table")  # once, from the game's own screen, with no scroll
    host.page.wait_for_url(re.compile(rf"/game/{game_id}/table/codes$"))
    qr = host.page.get_by_label("Players' code QR", exact=True).first
    qr.wait_for()
    box = qr.bounding_box()
    assert box["width"] >= 150 and box["y"] + box["height"] <= PHONE["height"]  # a code a phone can scan, in view
    assert not host.has_text("Make the players' code")
