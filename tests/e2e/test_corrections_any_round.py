"""Corrections on any round (issue 25), as a player at the host's screen
meets them: a correction to hand 1 of a tiebreak game asks to drop hand 4
(X8) as one to hand 3 does; an XYbrid round-1 correction that makes Bob
least infamous is saved, round 2 still started by Catherine as played (Y5);
a correction that reopens a finished game asks first (X8); and each save
says what changed."""
import re

import pytest

from companion import services
from tests.e2e.table import Player
from tests.e2e.test_drafts import told
from tests.e2e.test_xybrid_quick import quick_total

pytestmark = pytest.mark.e2e

GAME = re.compile(r"/game/\d+$")
NAMES = ("Ann", "Bob", "Cat")
# Bob and Cat tie on 20 after hand 3, neither matching their bid: hand 4 was played (X8). After hand 1
# Bob and Cat tied lowest, and Bob, first clockwise after Ann, led hand 2 (X7).
HANDS = [{"Ann": (2, 2), "Bob": (4, 5), "Cat": (3, 5)}, {"Ann": (0, 3), "Bob": (5, 5), "Cat": (4, 4)},
         {"Ann": (0, 1), "Bob": (0, 5), "Cat": (0, 6)}, {"Ann": (3, 2), "Bob": (5, 5), "Cat": (0, 5)}]


def xylotar(served, hands) -> int:
    game_id = services.start_game(services.new_game("xylotar", NAMES, dealer="Cat"), served.store.uow())
    for seats in hands:
        raw = {"results": {name: {"bid": bid, "tricks": tricks} for name, (bid, tricks) in seats.items()}}
        services.record_round(game_id, raw, served.store.uow(), author="Ann")
    return game_id


def stored(served, game_id: int):
    return services.load(game_id, served.store.reader()).game


def test_correcting_hand_1_of_a_tiebreak_game_asks_to_drop_hand_4_and_says_what_changed_X7_X8(app_page, served):
    game_id = xylotar(served, HANDS)
    me = Player(app_page(f"/game/{game_id}/round/1"))
    me.see_label("Bob Tricks 5")
    me.pick("Bob", "tricks", 6)  # hand 1 as it went: Bob one trick more, Cat one fewer; Bob wins after hand 3
    me.pick("Cat", "tricks", 4)
    me.tap("Save correction")
    me.see("This correction ends the game after hand 3, so hand 4 would not be needed. Save it and drop hand 4?")
    assert len(stored(served, game_id).hands) == 4  # nothing stored before the answer

    me.tap("Save and drop hand 4")
    me.page.wait_for_url(GAME)
    told(me, "Hand 4 dropped. Bob still led hand 2, as played; the corrected scores would have named Cat. "
             "Bob wins with 21 points.")
    game = stored(served, game_id)
    assert len(game.hands) == 3 and game.outcome().winners == ("Bob",)
    assert [r.leader for r in game.results()] == ["Ann", "Bob", "Ann"]  # hand 2 as it was played


def test_xybrid_round_1_correction_is_saved_with_round_2s_starter_kept_Y5(app_page, served):
    players = ("Ann", "Bob", "Catherine")
    game_id = services.start_game(services.new_game("xybrid", players), served.store.uow())
    for first, totals in ((None, (5, 4, 3)), ("Catherine", (4, 6, 5)), ("Catherine", (3, 3, 3))):
        raw = {"results": {name: {"infamy": value} for name, value in zip(players, totals)}}
        services.record_round(game_id, {**raw, **({"first_player": first} if first else {})}, served.store.uow())
    me = Player(app_page(f"/game/{game_id}/round/1"))
    me.see_label("Bob scores 4 infamy")
    quick_total(me, "Bob", 2)  # Bob's round 1 was 2, not 4: he alone would have been least infamous
    me.tap("Save correction")
    me.page.wait_for_url(GAME)
    told(me, "Catherine still started round 2, as played; the corrected scores would have named Bob. "
             "Ann wins with 12 infamy; before this correction Bob won.")
    game = stored(served, game_id)
    assert game.totals() == {"Ann": 12, "Bob": 11, "Catherine": 11}
    assert [r.first_player for r in game.rounds] == [None, "Catherine", "Catherine"]


def test_a_correction_that_reopens_a_finished_game_asks_first_X8(app_page, served):
    game_id = xylotar(served, HANDS[:2] + [{"Ann": (0, 1), "Bob": (0, 6), "Cat": (0, 5)}])  # Bob won
    me = Player(app_page(f"/game/{game_id}/round/3"))
    me.see_label("Bob Tricks 6")
    me.pick("Bob", "tricks", 5)  # now Bob and Cat tie on 20: another hand would be played
    me.pick("Cat", "tricks", 6)
    me.tap("Save correction")
    me.see("This game is over: Bob won. With this correction, Bob and Cat tie at 20 points")
    me.tap("Keep editing")
    me.see_label("Bob Tricks 5")
    assert stored(served, game_id).outcome().winners == ("Bob",)  # nothing stored

    me.tap("Save correction")
    me.tap("Save and reopen")
    me.page.wait_for_url(GAME)
    told(me, "The game is open again: Bob and Cat tie at 20 points")
    assert stored(served, game_id).outcome().next_is_tiebreak
    me.control("Enter tiebreak hand 4").wait_for()  # the scoreboard offers the hand to play
