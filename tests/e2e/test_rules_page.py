"""The rules page in plain words, and the "why?" that opens it (issue 11):
a note or a score on the scoreboard opens the rule that explains it, Back
returns where the player was, and a seat's phone, not the host, opens the
rules too (they show no game data) but still no host screen. The games are
built through companion.services on the test's store."""
from __future__ import annotations

import re

import pytest

from companion import draw_starter, services
from companion import table_services as ts
from companion.access import Access, Role
from tests.e2e.conftest import open_app
from tests.e2e.table import Player

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
TIEBREAK_TOPIC = "The end of the game and the tiebreak hand"
TIEBREAK_WORDS = "the one who made it with the fewest tricks wins"  # a line of that topic, in our words


def two_player(ann: tuple, bob: tuple) -> dict:
    return {"results": {"Ann": {"bid": ann[0], "tricks": ann[1]}, "Bob": {"bid": bob[0], "tricks": bob[1]}},
            "side_players": {"left": {"bid": 4, "tricks": 4}, "right": {"bid": 4, "tricks": 4}}}


def tied_game(uow, *hands: tuple) -> int:
    """Ann and Bob (side players), Bob dealing; each of `hands` is Ann's (bid, tricks), Bob bidding 2 and taking 3."""
    game_id = services.start_game(services.new_game("xylotar", ("Ann", "Bob"), dealer="Bob"), uow())
    for ann in hands:
        services.record_round(game_id, two_player(ann, (2, 3)), uow())
    return game_id


def at(me: Player, path: str) -> None:
    me.page.wait_for_url(re.compile(re.escape(path) + "$"))


# X8: Ann and Bob tie after hand 3 and neither matched their bid: the note says a tiebreak hand is played;
# its "why?" opens the tiebreak topic in our words, and Back returns to the scoreboard.
def test_why_on_the_tiebreak_note_opens_the_rule_and_back_returns(app_page, served):
    game_id = tied_game(served.store.uow, (2, 3), (2, 3), (2, 3))
    me = Player(app_page(f"/game/{game_id}", **PHONE))
    me.see("everyone plays another hand")
    me.tap("Why: the tiebreak")
    me.page.wait_for_url(re.compile(r"/rules/tiebreak\?"))
    me.see(TIEBREAK_TOPIC)
    me.see(TIEBREAK_WORDS)
    assert not me.has_text("X8")
    me.tap("Back")
    at(me, f"/game/{game_id}")
    me.see("everyone plays another hand")

    # X5: a score's breakdown has its own "why?": how a hand is scored.
    me.tap_text("hand 1, Ann: ")
    me.see("bid missed: no bid bonus")
    me.tap("Why: Ann's score in hand 1")
    me.page.wait_for_url(re.compile(r"/rules/scoring\?"))
    me.see("Scoring a hand")
    me.see("the bid bonus, if you took exactly as many tricks as you bid")
    me.tap("Back")
    at(me, f"/game/{game_id}")


# X8: a game won by its tiebreak hand: the winner's "why?" opens the same topic.
def test_why_on_a_win_by_tiebreak_opens_the_tiebreak(app_page, served):
    game_id = tied_game(served.store.uow, (2, 3), (2, 3), (2, 3), (3, 3))
    me = Player(app_page(f"/game/{game_id}", **PHONE))
    me.see("Ann wins with 17 points")
    me.tap("Why: the winner")
    me.page.wait_for_url(re.compile(r"/rules/tiebreak\?"))
    me.see(TIEBREAK_WORDS)
    me.tap("Back")
    at(me, f"/game/{game_id}")


# Y5: from an XYbrid scoreboard, who starts next opens its topic; all topics list XYbrid's first; a topic
# opened from the list goes back to the list, and the list back to the scoreboard.
def test_from_a_game_its_own_rules_come_first_and_back_retraces_the_steps(app_page, served):
    draw = draw_starter(("Ann", "Bob", "Cat"), seed=7)
    game_id = services.start_game(services.new_game("xybrid", ("Ann", "Bob", "Cat"), starter_draw=draw),
                                  served.store.uow())
    me = Player(app_page(f"/game/{game_id}", **PHONE))
    me.tap("Why: who plays first in the next round")
    me.page.wait_for_url(re.compile(r"/rules/starting\?"))
    me.see("Who starts each round")
    me.see("the least infamous player starts")
    me.tap("All rules topics")
    me.see("Building a monster")
    shown = me.page.evaluate("() => [...document.querySelectorAll('flt-semantics')].map(e => e.textContent)")
    headings = [text for text in shown if text in ("XYBRID", "XYLOTAR", "XYLOTAR: UNHINGED")]
    assert headings == ["XYBRID", "XYLOTAR", "XYLOTAR: UNHINGED"], shown
    me.tap("Building a monster")
    me.page.wait_for_url(re.compile(r"/rules/monsters\?"))
    me.see("a core, a head, a left arm, a right arm and legs")
    me.tap("Back")
    me.see("Who starts each round")  # the list
    assert "/rules?" in me.page.url
    me.tap("Back")
    at(me, f"/game/{game_id}")


# The list from Home; every topic opens, the Bonus Beats by their faces and texts.
def test_home_opens_every_topic(app_page):
    me = Player(app_page("/", **PHONE))
    me.tap("Rules in plain words")
    me.page.wait_for_url(re.compile(r"/rules\?"))
    me.tap("Bonus Beats")
    me.page.wait_for_url(re.compile(r"/rules/bonus-beats\?"))
    me.see("The # card: Get the 5 point bonus even if you are 1 over your bid. When: Immediately after you bid.")
    me.tap("Back")
    me.see("Off-Key cards and their penalty")
    me.tap("Back")
    at(me, "/")
    me.see("New game")  # home is drawn: the address moves before the screen does
    me.go("/rules/no-such-topic")
    me.see("There is no such rules topic")


# X8 at a shared table: a seat's phone, not the host, sees the tiebreak with its "why?", reads the rule and
# comes back to its seat; it still cannot open a host screen.
def test_a_seats_phone_opens_the_rules_but_no_host_screen(browser, lan_served):
    uow = lan_served.store.uow
    game_id = tied_game(uow, (2, 3), (2, 3), (2, 3))
    join = ts.issue_link(game_id, Role.PLAYER, uow(), by=Access.host(game_id))
    token = ts.join_seat("Ann", uow(), by=ts.resolve(join, uow()))
    phone = Player(open_app(browser, f"{lan_served.url}/seat/{token}", **PHONE))
    try:
        phone.see("everyone plays another hand")
        phone.tap("Why: the tiebreak")
        phone.page.wait_for_url(re.compile(r"/rules/tiebreak\?"))
        phone.see(TIEBREAK_WORDS)
        phone.tap("Back")
        at(phone, f"/seat/{token}")
        phone.see("everyone plays another hand")
        phone.go("/rules")
        phone.see("Building a monster")
        phone.tap("Who leads next")
        phone.page.wait_for_url(re.compile(r"/rules/leading\?"))
        phone.see("the player with the lowest total leads")
        for path in (f"/game/{game_id}", "/"):
            phone.go(path)
            phone.see("This screen is for the host")
            assert not phone.has_text("Ann and Bob tie")
    finally:
        phone.page.context.close()


# X3: tricks that add up wrong keep the hand from being confirmed; the round screen's "why?" opens the rule
# (how many tricks a hand has), and Back returns to the hand as it was typed (a draft).
def test_why_on_a_refused_hand_opens_its_rule_and_back_keeps_the_hand(app_page, served):
    game_id = services.start_game(services.new_game("xylotar", ("Ann", "Bob", "Cat")), served.store.uow())
    me = Player(app_page(f"/game/{game_id}/round", **PHONE))
    me.pick("Ann", "tricks", 12)
    me.pick("Cat", "tricks", 5)
    me.see("tricks add up to 17, expected 12")
    me.tap("Why: How a hand goes and how many tricks")
    me.page.wait_for_url(re.compile(r"/rules/hand\?"))
    me.see("How a hand goes and how many tricks")
    assert not me.has_text("X3")
    me.tap("Back")
    at(me, f"/game/{game_id}/round")
    me.see_label("Ann Tricks 12")
    me.see_label("Cat Tricks 5")


# Y3: part by part, an incomplete monster keeps the round from being confirmed; its "why?" opens the topic.
def test_why_on_an_incomplete_monster_opens_building_a_monster(app_page, served):
    game_id = services.start_game(services.new_game("xybrid", ("Ann", "Bob", "Cat")), served.store.uow())
    me = Player(app_page(f"/game/{game_id}/round", **PHONE))
    me.tap("Part by part")
    me.page.get_by_text("Ann's monster has no", exact=False).first.wait_for()
    me.tap("Why: Building a monster")
    me.page.wait_for_url(re.compile(r"/rules/monsters\?"))
    me.see("Building a monster")
    assert not me.has_text("Y3")
