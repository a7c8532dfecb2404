"""The display tells the table why: each score of the hand just played with its
reason (X5, B4), who leads next (X7), the tiebreak hand and who tied, and who
won it (X8); every bid of the hand in play; the host's own display has a way
back, the display link (a tablet without the host's rights) none."""
import re

import pytest

from companion import services
from companion import table_services as ts
from companion.access import Access, Role
from tests.e2e.table import Player

pytestmark = pytest.mark.e2e

TABLET = {"width": 1280, "height": 800}
PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
HANDS = [  # 14 tricks a hand at 4 players; after hand 3 Ann and Cat tie on 19, both missed (X8)
    {"Ann": {"bid": 3, "tricks": 3}, "Bob": {"bid": 4, "tricks": 5, "bonus_beat": "over_by_one"},
     "Cat": {"bid": 2, "tricks": 2}, "Dan": {"bid": 4, "tricks": 4}},
    {"Ann": {"bid": 2, "tricks": 4}, "Bob": {"bid": 3, "tricks": 2}, "Cat": {"bid": 5, "tricks": 5},
     "Dan": {"bid": 1, "tricks": 3}},
    {"Ann": {"bid": 0, "tricks": 6}, "Bob": {"bid": 2, "tricks": 3}, "Cat": {"bid": 3, "tricks": 1},
     "Dan": {"bid": 0, "tricks": 4}},
    {"Ann": {"bid": 2, "tricks": 2}, "Bob": {"bid": 4, "tricks": 4}, "Cat": {"bid": 3, "tricks": 5},
     "Dan": {"bid": 3, "tricks": 3}},
]


def new_game(served) -> int:
    game = services.new_game("xylotar", PLAYERS, dealer="Dan", expansions=["bonus_beats"])
    game_id = services.start_game(game, served.store.uow())
    served.app.state.shared.hub.changed()
    return game_id


def play(served, game_id: int, *hands: dict) -> None:
    for results in hands:
        services.record_round(game_id, {"results": results}, served.store.uow())
    served.app.state.shared.hub.changed()


def test_the_display_says_each_scores_reason_who_leads_and_the_tiebreak_X5_X7_X8(app_page, served):
    game_id = new_game(served)
    token = ts.issue_link(game_id, Role.DISPLAY, served.store.uow(), by=Access.host(game_id))
    display = Player(app_page(f"/display/{token}", **TABLET))
    display.see("Ann leads hand 1: left of the dealer, Dan")  # X6, before any hand
    assert display.page.get_by_role("button").count() == 0  # a tablet without the host's rights: no way back

    play(served, game_id, HANDS[0])
    display.see("Hand 1: the bids")
    display.see_label("Ann bid 3, took 3")
    display.see("made it: 3 tricks +3, bid bonus +5")
    display.see("# card: bonus for 1 trick over the bid")  # B4: the card by its face
    display.see("Cat leads hand 2: lowest total, 7")  # X7, in large type
    assert not display.has_text("over_by_one")

    # The hand in play: every seat's bid as the table sees it.
    ts.submit_bid(game_id, "Bob", 2, None, served.store.uow(), by=Access.host(game_id), expected_version=0)
    served.app.state.shared.hub.changed()
    display.see("1 of 4 have bid")
    display.page.get_by_text(re.compile(r"^Bob\W+bid 2\b")).first.wait_for()  # the board's row, read as one phrase

    play(served, game_id, HANDS[1], HANDS[2])
    display.see("Tiebreak hand 4: Ann and Cat tied on 19")
    display.see("Neither matched their bid in hand 3: everyone plays another hand")  # each name said once
    display.see("Bob leads hand 4: lowest total, 15")
    display.see("missed: 1 trick +1, no bid bonus")

    play(served, game_id, HANDS[3])
    display.see("Ann wins the tiebreak!")
    display.see("Ann and Cat tied on 19 after hand 3. Tiebreak hand 4: Ann wins with 26 points")
    assert not display.has_text("leads hand")  # nobody leads a hand after the end


LONG = "Maximiliana Wolfeschlegelsteinhausenberg"  # 40 characters: the longest name allowed (X1)


def test_the_hosts_own_display_has_a_way_back_and_keeps_a_long_name_whole_X7(app_page, served):
    game = services.new_game("xylotar", [LONG, "Bob", "Cat", "Dan"], dealer="Dan")
    game_id = services.start_game(game, served.store.uow())
    play(served, game_id, {LONG: {"bid": 2, "tricks": 4}, "Bob": {"bid": 3, "tricks": 3},
                           "Cat": {"bid": 3, "tricks": 3}, "Dan": {"bid": 1, "tricks": 4}})
    screen = Player(app_page(f"/display/{game_id}", width=390, height=844))
    # X7: the lowest totals tie; the first clockwise after the last leader leads. On a phone the long
    # name is cut, never broken inside a word; a screen reader reads the sentence whole.
    screen.see_label(f"Dan leads hand 2: lowest total, 4; tied with {LONG}, first clockwise after the last leader")
    screen.see("missed: 4 tricks +4, no bid bonus")
    assert screen.page.get_by_role("button").count() == 1  # the way back, and nothing that writes
    screen.tap("Back to the scoreboard")
    screen.page.wait_for_url(re.compile(rf"/game/{game_id}$"))
    screen.go("/display")
    screen.tap("Back to home")
    screen.page.wait_for_url(re.compile(r"/$"))
