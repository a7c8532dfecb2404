"""A 4-player Xylotar game with Bonus Beats and Off-Key, played through the UI."""
import re

import pytest

from tests.e2e.table import Player

pytestmark = pytest.mark.e2e

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def test_full_game_with_a_refused_hand_a_live_viewer_and_a_correction(app_page):
    me = Player(app_page("/"))
    game_id = me.new_game("xylotar", PLAYERS, expansions=("Bonus Beats", "Off-Key"), dealer="Dan")
    me.see("Ann leads hand 1: left of the dealer, Dan (X6)")
    me.see("Xylotar for 4 players with Bonus Beats and Off-Key")  # the setup guide for this table

    me.tap_until("Enter hand 1", url=re.compile(r"/game/\d+/round$"))
    me.xylotar_hand({"Ann": (3, 3, 1, "#"), "Bob": (4, 2), "Cat": (2, 5), "Dan": (0, 4, 2)})
    me.see_label("Ann total 7 points")
    me.see("Bob leads hand 2: lowest total, 2; tied with Dan")

    # A hand whose tricks do not add up cannot be confirmed, and says why.
    me.tap_until("Enter hand 2", url=re.compile(r"/game/\d+/round$"))
    me.xylotar_hand({"Ann": (2, 2), "Bob": (5, 5), "Cat": (3, 3, 1), "Dan": (1, 3, 0, "+1")}, confirm=False)
    me.see("tricks add up to 13, expected 14 (X3)")
    assert me.control("Confirm hand").is_disabled()
    me.step("Dan", "Tricks", 4, current=3)
    me.see_label("Tricks entered 14 of 14")
    me.tap_until("Confirm hand", url=re.compile(r"/game/\d+$"))
    me.see_label("Ann total 14 points")
    me.see("Dan leads hand 3")

    # A second browser on the same game follows without a reload.
    viewer = Player(app_page(f"/game/{game_id}"))
    viewer.see_label("Ann total 14 points")
    me.tap_until("Enter hand 3", url=re.compile(r"/game/\d+/round$"))
    me.xylotar_hand({"Ann": (4, 2), "Bob": (3, 3), "Cat": (1, 1, 2, "½"), "Dan": (0, 8, 0, "8 for 0")})
    for player in (me, viewer):
        player.see("Bob wins!")
        player.see("Bob wins with 21 points")
        for name, total in {"Ann": 16, "Bob": 21, "Cat": 18, "Dan": 14}.items():
            player.see_label(f"{name} total {total} points")
    # The by-hand table shows each running total and who led each hand (X7: Dan, lowest after hand 2).
    me.see("Bob total after hand 3: 21 points")  # in the tappable score, under its tooltip
    me.see_label("Dan played first in hand 3")

    # Tap a score for its breakdown.
    me.tap_text("hand 3, Bob: 9; tap for why")
    me.see("unused Bonus Beats: +1")

    # Correct hand 1: Ann won no Off-Key card after all; everything after follows.
    me.tap_until("Correct hand 1", url=re.compile(r"/game/\d+/round/1$"))
    me.see_label("Ann Off-Key won 1")
    me.step("Ann", "Off-Key won", 0, current=1)
    me.tap_until("Save correction", url=re.compile(r"/game/\d+$"))
    me.see_label("Ann total 17 points")
    viewer.see_label("Ann total 17 points")

    me.tap("Undo")
    me.see_label("Ann total 16 points")
    me.tap("Redo")
    me.see_label("Ann total 17 points")
