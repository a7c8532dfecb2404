"""A 3-player XYbrid game played through the UI, ending in a shared win."""
import re

import pytest
from playwright.sync_api import expect

from tests.e2e.table import Player

pytestmark = pytest.mark.e2e

WHOLE = {"core": 0, "head": 3, "left_arm": 2, "right_arm": 1, "legs": 2}
BARE = {"core": 0, "head": 0, "left_arm": 0, "right_arm": 0, "legs": 0}  # complete (Y3), worth 0


def test_full_xybrid_game(app_page):
    me = Player(app_page("/"))
    me.new_game("xybrid", ["Ann", "Bob", "Cat"], draw=True)
    # The draw made at set-up is stored with the game: the scoreboard says it, the round screen draws no more.
    me.see("Drawn at random from Ann, Bob and Cat: ")
    assert not me.has_text("Round 1: draw a random player")

    me.tap("Enter round 1")
    me.page.wait_for_url(re.compile(r"/game/\d+/round$"))
    me.see("Drawn at random from Ann, Bob and Cat")
    assert me.page.get_by_role("button", name="Draw who starts", exact=True).count() == 0
    me.tap("Part by part")  # a new round opens as totals; this browser keeps the choice for its next rounds
    me.tap("Ann starts")
    me.monster("Ann", WHOLE, hand=1, adjustments=[(2, "MISSION")])  # the effect named in one tap: no keyboard
    me.see_label("Ann scores 11 infamy")
    # Y3: a monster is deployed complete. Bob's lacks legs, and the screen says so, beside Confirm round too,
    # in players' words, before anyone taps: the round cannot be confirmed yet.
    me.monster("Bob", {"core": 0, "head": 2, "left_arm": 1, "right_arm": 1}, hand=2)
    me.see("Bob's monster has no legs yet (and 1 more below)")
    me.see("Cat's monster has no parts yet")
    me.see("A part destroyed before infamy is counted stays ticked")
    expect(me.control("Confirm round")).to_be_disabled()
    assert not me.has_text("(Y3)") and not me.has_text("left_arm")
    # Y3, Y4: Bob's legs were destroyed by a DEPLOY effect: they stay, and a negative adjustment takes them off.
    me.monster("Bob", {"legs": 1}, adjustments=[(-1, "DEPLOY: legs destroyed")])  # typed
    me.see_label("Bob scores 6 infamy")
    me.monster("Cat", {"core": 0, "head": 1, "left_arm": 1, "right_arm": 1, "legs": 1})
    me.tap("Confirm round")
    me.page.wait_for_url(re.compile(r"/game/\d+$"))
    me.see_total("Ann", 11, "infamy", rank="first")  # the standings row: "Ann, first, 11 infamy"
    me.see_label("Cat starts round 2: least infamous")  # Y5 in words, the whole line: no "(Y5)"

    me.tap("Enter round 2")
    me.page.wait_for_url(re.compile(r"/game/\d+/round$"))
    me.monster("Ann", BARE, hand=2)
    me.monster("Bob", BARE, hand=3)
    me.monster("Cat", {**BARE, "head": 5})
    me.tap("Confirm round")
    me.page.wait_for_url(re.compile(r"/game/\d+$"))
    # Y5, no "(Y5)": the tie is drawn once, from the set-up draw, and said before round 3 is entered.
    tie = re.compile(r"^(Bob|Cat) starts round 3: drawn between Bob and Cat, who tie as least infamous$")
    line = me.page.get_by_text(tie).first
    line.wait_for()
    drawn = line.text_content().strip().split(" ")[0]

    me.tap("Enter round 3")
    me.page.wait_for_url(re.compile(r"/game/\d+/round$"))
    me.see_label("Ann Parts in hand 0")  # part by part, as chosen in round 1
    assert me.page.get_by_role("button", name="Draw who starts", exact=True).count() == 0
    me.see("Drawn at random from Bob and Cat")
    me.see(f"{drawn} starts")
    me.monster("Ann", BARE, adjustments=[(-3, "breakthrough")])
    me.monster("Bob", BARE, hand=4)
    me.monster("Cat", BARE, hand=4)
    me.tap("Confirm round")
    me.page.wait_for_url(re.compile(r"/game/\d+$"))
    me.see_label("Bob and Cat share the win with 13 infamy each")  # Y6 in words, the whole line: no "(Y6)"
    for name in ("Bob", "Cat"):
        me.see_total(name, 13, "infamy", rank="joint first", winner=True)
    me.see_total("Ann", 10, "infamy", rank="third", winner=False)
    me.tap_text("round 1, Ann: 11; tap for why")
    me.see("+2: MISSION")
    me.tap_text("round 1, Bob: 6; tap for why")
    me.see("parts: 0 + 2 + 1 + 1 + 1 = 5")
    me.see("-1: DEPLOY: legs destroyed")

    # A correction of a round entered part by part opens part by part.
    game_id = int(re.search(r"/game/(\d+)", me.page.url).group(1))
    me.go(f"/game/{game_id}/round/1")
    me.see_label("Ann Head 3")
    me.see_label("Bob Legs 1")
