"""A 3-player XYbrid game played through the UI, ending in a shared win."""
import re

import pytest

from tests.e2e.table import Player

pytestmark = pytest.mark.e2e

WHOLE = {"core": 0, "head": 3, "left_arm": 2, "right_arm": 1, "legs": 2}


def test_full_xybrid_game(app_page):
    me = Player(app_page("/"))
    me.new_game("xybrid", ["Ann", "Bob", "Cat"], draw=True)
    me.see("Round 1: draw a random player to start (Y5)")

    me.tap_until("Enter round 1", url=re.compile(r"/game/\d+/round$"))
    me.see("Drawn at random from Ann, Bob and Cat")  # the draw made at set-up
    me.tap("Ann starts")
    me.monster("Ann", WHOLE, hand=1, adjustments=[(2, "mission")])
    me.see_label("Ann scores 11 infamy")
    me.monster("Bob", {"core": 0, "head": 2, "left_arm": 1, "right_arm": 1}, hand=2)
    me.see("Incomplete monster: no legs")
    me.monster("Cat", {"core": 0, "head": 1, "left_arm": 1, "right_arm": 1, "legs": 1})
    me.tap_until("Confirm round", url=re.compile(r"/game/\d+$"))
    me.see_label("Ann total 11 infamy")
    me.see("Cat starts round 2: least infamous (Y5)")

    me.tap_until("Enter round 2", url=re.compile(r"/game/\d+/round$"))
    me.monster("Ann", hand=2)
    me.monster("Bob", hand=3)
    me.monster("Cat", {"head": 5})
    me.tap_until("Confirm round", url=re.compile(r"/game/\d+$"))
    me.see("Bob and Cat tie as least infamous: draw who starts round 3 (Y5)")

    me.tap_until("Enter round 3", url=re.compile(r"/game/\d+/round$"))
    me.tap("Draw who starts")
    me.see("Drawn at random from Bob and Cat")
    me.monster("Ann", adjustments=[(-3, "breakthrough")])
    me.monster("Bob", hand=4)
    me.monster("Cat", hand=4)
    me.tap_until("Confirm round", url=re.compile(r"/game/\d+$"))
    me.see("Bob and Cat share the win with 13 infamy each (Y6)")
    for name, total in {"Ann": 10, "Bob": 13, "Cat": 13}.items():
        me.see_label(f"{name} total {total} infamy")
    me.tap_text("round 1, Ann: 11; tap for why")
    me.see("+2: mission")
