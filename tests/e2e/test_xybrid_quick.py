"""An XYbrid round entered as totals on a phone, the next round's starter drawn once and shown before
the round, and a half-entered round kept across Back and a reload, in both ways of entering it."""
import re

import pytest
from playwright.sync_api import expect

from companion import services
from tests.e2e.conftest import show_semantics
from tests.e2e.table import Player

pytestmark = pytest.mark.e2e

ROUND = re.compile(r"/game/\d+/round$")
GAME = re.compile(r"/game/\d+$")
TIE = re.compile(r"^(Bob|Cat) starts round 2: drawn between Bob and Cat, who tie as least infamous$")


def quick_total(me: Player, name: str, total: int) -> None:
    """Pick `name`'s total as tens and ones, as a thumb does: "20" then "3"; a total under 10 is one tap each."""
    tens, ones = divmod(total, 10)
    if tens:
        me.tap(f"{name}'s tens {tens * 10}")
    me.tap(f"{name}'s ones {ones}")
    me.see_label(f"{name} scores {total} infamy")


def reload(me: Player) -> None:
    me.page.reload()
    show_semantics(me.page)


def test_a_round_entered_as_totals_and_the_tie_drawn_once(app_page, served):
    me = Player(app_page("/"))
    game_id = me.new_game("xybrid", ["Ann", "Bob", "Cat"], draw=True)
    me.tap("Enter round 1")
    me.page.wait_for_url(ROUND)
    # A new round opens as totals: a tap or two per player, Confirm in the footer.
    expect(me.control("Quick: totals")).to_be_visible()
    quick_total(me, "Ann", 23)
    quick_total(me, "Bob", 7)
    me.see("Pick Cat's infamy")
    expect(me.control("Confirm round")).to_be_disabled()
    quick_total(me, "Cat", 7)
    me.see("Ann 23 · Bob 7 · Cat 7")
    me.tap("Confirm round")
    me.page.wait_for_url(GAME)

    me.see_total("Ann", 23, "infamy", rank="first")  # the standings rows, each read as one phrase
    for name in ("Bob", "Cat"):
        me.see_total(name, 7, "infamy", rank="joint second")
    stored = services.export_record(game_id, served.store.reader())["rounds"][0]["results"]
    assert stored == {"Ann": {"infamy": 23}, "Bob": {"infamy": 7}, "Cat": {"infamy": 7}}

    # Y5: Bob and Cat tie as least infamous: the scoreboard says who was drawn, before round 2 is entered,
    # and says the same after a reload and on another screen (the draw is made once).
    line = me.page.get_by_text(TIE).first
    line.wait_for()
    said = line.text_content().strip()
    drawn = said.split(" ")[0]
    reload(me)
    me.see_label(said)
    tablet = Player(app_page(f"/game/{game_id}", width=1280, height=800))
    tablet.see_label(said)

    # The round screen takes that starter, offering no second draw.
    me.tap("Enter round 2")
    me.page.wait_for_url(ROUND)
    me.see(f"{drawn} starts")
    assert me.page.get_by_role("button", name="Draw who starts", exact=True).count() == 0
    me.tap("Back")
    me.page.wait_for_url(GAME)
    me.see_label(said)

    # The reveal says how a total was entered.
    me.tap_text("round 1, Ann: 23; tap for why")
    me.see("entered as a total: 23 infamy")

    # A correction of a round of totals opens as totals, with each total as entered.
    me.go(f"/game/{game_id}/round/1")
    me.see_label("Ann scores 23 infamy")
    me.see_label("Cat scores 7 infamy")
    expect(me.control("Save correction")).to_be_enabled()

    # A round entered part by part (here on another screen) is corrected part by part, though this browser
    # enters its rounds as totals.
    monster = {"parts": [0, 3, 2, 1, 2], "part_types": ["core", "head", "left_arm", "right_arm", "legs"], "hand": 0}
    services.record_round(game_id, {"first_player": drawn, "results": {n: monster for n in ("Ann", "Bob", "Cat")}},
                          served.store.uow())
    served.app.state.shared.hub.changed()
    me.go(f"/game/{game_id}/round/2")
    me.see_label("Ann Head 3")
    me.see_label("Cat Legs 2")


def test_a_half_entered_round_survives_back_and_a_reload_either_way(app_page, served):
    me = Player(app_page("/"))
    game_id = me.new_game("xybrid", ["Ann", "Bob", "Cat"], draw=True)
    me.tap("Enter round 1")
    me.page.wait_for_url(ROUND)
    quick_total(me, "Ann", 15)
    quick_total(me, "Bob", 4)

    me.tap("Back")
    me.page.wait_for_url(GAME)
    me.tap("Enter round 1")
    me.page.wait_for_url(ROUND)
    me.see("Your unsaved entry for round 1 is back")
    me.see_label("Ann scores 15 infamy")
    me.see_label("Bob scores 4 infamy")
    reload(me)
    me.see("Your unsaved entry for round 1 is back")
    me.see_label("Ann scores 15 infamy")
    me.see_label("Cat's infamy not picked yet")

    # Part by part: the choice is kept for this browser, and so is a monster begun.
    me.tap("Part by part")
    me.monster("Ann", {"core": 0, "head": 3})
    me.see("Ann's monster has no left arm, right arm or legs yet")
    me.tap("Back")
    me.page.wait_for_url(GAME)
    me.tap("Enter round 1")
    me.page.wait_for_url(ROUND)
    me.see_label("Ann Head 3")
    reload(me)
    me.see("Your unsaved entry for round 1 is back")
    me.see_label("Ann Head 3")
    me.tap("Quick: totals")
    me.see_label("Ann scores 15 infamy")  # the totals typed before are still there
    assert services.export_record(game_id, served.store.reader())["rounds"] == []  # a draft, not a round

    # Start over, then a round confirmed as totals leaves no draft behind.
    me.tap("Start over")
    me.see_label("Ann's infamy not picked yet")
    for name, total in {"Ann": 9, "Bob": 12, "Cat": 30}.items():
        quick_total(me, name, total)
    me.tap("Confirm round")
    me.page.wait_for_url(GAME)
    me.see_label("Ann starts round 2: least infamous")
    me.tap("Enter round 2")
    me.page.wait_for_url(ROUND)
    me.see_label("Ann's infamy not picked yet")
    assert not me.has_text("Your unsaved entry")


def test_a_round_entered_on_another_screen_is_said_and_this_entry_stays(app_page, served):
    me = Player(app_page("/"))
    game_id = me.new_game("xybrid", ["Ann", "Bob", "Cat"], draw=True)
    me.tap("Enter round 1")
    me.page.wait_for_url(ROUND)
    quick_total(me, "Ann", 15)

    # The tablet enters round 1 first.
    tablet = Player(app_page(f"/game/{game_id}/round", width=1280, height=800))
    for name, total in {"Ann": 9, "Bob": 12, "Cat": 30}.items():
        quick_total(tablet, name, total)
    tablet.tap("Confirm round")
    tablet.page.wait_for_url(GAME)

    me.see("Round 1 was just entered on the host's screen")
    me.see_label("Ann scores 15 infamy")  # this entry stays, to compare
    expect(me.control("Confirm round")).to_be_disabled()
    me.tap("Enter mine as round 2")
    # The panel goes and the seats move up under the thumb: the player looks before tapping again.
    me.page.get_by_text("Round 1 was just entered on the host's screen").wait_for(state="detached")
    for name, total in {"Bob": 3, "Cat": 4}.items():
        quick_total(me, name, total)
    me.tap("Confirm round")
    me.page.wait_for_url(GAME)
    me.see_total("Ann", 24, "infamy", rank="second")  # 9 + 15, behind Cat's 30 + 4
    assert [r["results"]["Ann"] for r in services.export_record(game_id, served.store.reader())["rounds"]] == [
        {"infamy": 9}, {"infamy": 15}]
