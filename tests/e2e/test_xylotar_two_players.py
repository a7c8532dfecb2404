"""Two players with side players (X9), tied after hand 3: X8 calls for another hand."""
import re

import pytest

from tests.e2e.table import Player

pytestmark = pytest.mark.e2e

LEFT, RIGHT = "left side player", "right side player"


def test_a_tie_that_x8_cannot_split_continues_into_a_tiebreak_hand(app_page):
    me = Player(app_page("/"))
    me.new_game("xylotar", ["Ann", "Bob"], dealer="Bob")
    me.see_label("Ann leads hand 1: Bob dealt, so the other player leads")  # X9 in words, the whole line: no "(X9)"
    for number in (1, 2, 3):
        me.tap(f"Enter hand {number}")
        me.page.wait_for_url(re.compile(r"/game/\d+/round$"))
        me.xylotar_hand({"Ann": (2, 3), "Bob": (2, 3), LEFT: (4, 4), RIGHT: (4, 4)})
    me.see("Ann and Bob tie at 9 points")
    me.see("everyone plays another hand")
    me.tap("Enter tiebreak hand 4")
    me.page.wait_for_url(re.compile(r"/game/\d+/round$"))
    me.see("Hand 4 (tiebreak)")
    me.xylotar_hand({"Ann": (3, 3), "Bob": (2, 3), LEFT: (4, 4), RIGHT: (4, 4)})
    me.see("Ann wins with 17 points")
    me.see_total("Ann", 17, rank="first", winner=True)  # the tie split by the tiebreak hand
    me.see_total("Bob", 12, rank="second", winner=False)
