"""Tricks that do not add up are said plainly, the same words on every screen
that shows them (issue 28): "13 tricks taken of 12: one too many" on the
host's table, on each phone and on the display, and on the host's own round
form; before, 13 of 12 was a small grey chip on the host and nothing on the phones."""
from __future__ import annotations

import pytest

from companion import table_services as ts
from companion.access import Access
from tests.e2e.table import Player, join, stored_game
from tests.e2e.test_table_sees import PHONE, TABLET, new_table

pytestmark = pytest.mark.e2e

OVER = "13 tricks taken of 12: one too many"


def test_x3_thirteen_tricks_of_twelve_typed_at_the_table_are_said_on_the_host_the_phones_and_the_display(
        app_page, served):
    game_id, join_link, display_link = new_table(served, ("Eve", "Fin", "Gil"))
    host = Player(app_page(f"/game/{game_id}/table", **TABLET))
    eve, fin = join(app_page, join_link, "Eve", **PHONE), join(app_page, join_link, "Fin", **PHONE)
    display = Player(app_page(display_link, **TABLET))
    by = Access.host(game_id)
    for seat, bid in (("Eve", 4), ("Fin", 5), ("Gil", 3)):
        ts.submit_bid(game_id, seat, bid, None, served.store.uow(), by=by, expected_version=0)
    for seat, tricks in (("Eve", 5), ("Fin", 5), ("Gil", 3)):  # one trick too many: mistyped at the table
        ts.enter_count(game_id, seat, tricks, served.store.uow(), by=by, expected_version=0)
    served.app.state.shared.hub.changed()
    for screen in (host, eve, fin, display):
        screen.see(OVER)
    assert host.control("Score hand 1").is_disabled()


def test_x3_thirteen_tricks_of_twelve_on_the_hosts_round_form_are_said_as_what_is_over(app_page, served):
    game_id = stored_game(served, ("Lena", "Moss", "Nico"), [], dealer="Nico")
    me = Player(app_page(f"/game/{game_id}/round", width=390, height=844))
    for seat, (bid, tricks) in {"Lena": (4, 5), "Moss": (5, 5), "Nico": (3, 3)}.items():
        me.pick(seat, "bid", bid)
        me.pick(seat, "tricks", tricks)
    me.see(OVER)
    assert me.control("Confirm hand").is_disabled()
