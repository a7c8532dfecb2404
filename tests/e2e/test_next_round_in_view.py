"""Issue 28: from an XYbrid scoreboard in play, the next round is one tap away
with no scroll on a phone, at 100% and 145% text, whatever the standings, the
chart and the by-round table above it take (it was at y=1,056 and 1,305 on an
844-px screen)."""
import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from companion import draw_starter, services
from tests.e2e.table import TAPPABLE_HERE, Player

pytestmark = pytest.mark.e2e

LONG = "Bartholomew Fitzgerald-Worthington Smith"  # 40 characters
PLAYERS = (LONG, "Bob", "Cat", "Dan")  # the most XYbrid seats


def played(served, rounds: int) -> int:
    """A four-player XYbrid game with `rounds` rounds entered (round 1 drawn)."""
    draw = draw_starter(PLAYERS, seed=3)
    game_id = services.start_game(services.new_game("xybrid", PLAYERS, starter_draw=draw), served.store.uow())
    for number in range(1, rounds + 1):
        results = {name: {"parts": [0, 1 + seat, 2, 1, 2], "part_types": ["core", "head", "left_arm", "right_arm", "legs"],
                          "hand": 1, "adjustments": []} for seat, name in enumerate(PLAYERS)}
        first = draw.chosen if number == 1 else None
        services.record_round(game_id, {"results": results, "first_player": first,
                                        **({"draw_seed": draw.seed} if number == 1 else {})}, served.store.uow())
    served.app.state.shared.hub.changed()
    return game_id


@pytest.mark.parametrize("text_size", [100, 145])
def test_an_xybrid_scoreboard_shows_enter_the_next_round_without_a_scroll(app_page, served, text_size):
    game_id = played(served, 2)
    me = Player(app_page(f"/game/{game_id}", width=390, height=844))
    me.see(f"{LONG} total")
    if text_size == 145:
        me.set_text_size(145)
        # The by-round table's heading, in the names' size, is not broken in two.
        heading = me.page.get_by_text("Round", exact=True).first
        assert heading.bounding_box()["height"] < 45, heading.bounding_box()  # one line (two: 61 px)
    entry = me.control("Enter round 3")
    entry.wait_for()
    # In view and on top where it stands once the screen is drawn, nothing scrolled: one tap reaches it.
    # (Read at once, the first frames after a load can still have it under the screen's layer being laid out.)
    try:
        me.page.wait_for_function(f"el => ({TAPPABLE_HERE})(el)", arg=entry.element_handle(), timeout=5000)
    except PlaywrightTimeout:
        raise AssertionError(f"Enter round 3 is not where a thumb taps it: {entry.bounding_box()}") from None
    entry.click()
    me.page.wait_for_url(re.compile(rf"/game/{game_id}/round$"))
    me.see("Confirm round")
