"""Never lose, never clash: a half-entered Xylotar hand is kept in the
player's own browser (Back, a reload), a hand entered on another screen is
said in words and leaves this screen's entry to compare, and Undo says what
it undid."""
import re

import pytest

from companion import services
from tests.e2e.conftest import show_semantics
from tests.e2e.table import Player

pytestmark = pytest.mark.e2e

PLAYERS = ["Ann", "Bob", "Cat"]  # 3 players: 12 tricks (X2)
ROUND = re.compile(r"/game/\d+/round$")
GAME = re.compile(r"/game/\d+$")


def told(me: Player, text: str) -> None:
    """Wait for a snack bar's words: Flutter gives them as its text, or as its
    label once the bar is announced (a live region)."""
    page = me.page
    page.get_by_text(text).or_(page.get_by_label(text)).first.wait_for(timeout=20000)


def stored_hands(served, game_id: int) -> list:
    return services.load(game_id, served.store.reader()).game.hands


def test_a_half_entered_hand_survives_back_and_a_reload_and_start_over_clears_it(app_page, served):
    me = Player(app_page("/"))
    game_id = me.new_game("xylotar", PLAYERS)
    me.tap("Enter hand 1")
    me.page.wait_for_url(ROUND)
    me.pick("Ann", "bid", 3)
    me.pick("Bob", "bid", 2)
    me.pick("Ann", "tricks", 4)

    # Back to the scoreboard, and in again: the numbers are still picked.
    me.tap("Back")
    me.page.wait_for_url(GAME)
    me.tap("Enter hand 1")
    me.page.wait_for_url(ROUND)
    me.see("Your unsaved entry for hand 1 is back")
    for label in ("Ann Bid 3", "Bob Bid 2", "Ann Tricks 4", "Cat Bid 0"):
        me.see_label(label)

    # A reload (a new session: only the browser's own storage has it).
    me.page.reload()
    show_semantics(me.page)
    me.see("Your unsaved entry for hand 1 is back")
    for label in ("Ann Bid 3", "Bob Bid 2", "Ann Tricks 4"):
        me.see_label(label)
    assert stored_hands(served, game_id) == []  # a draft, not a hand

    # Start over: the blank hand, and nothing comes back after a reload.
    me.tap("Start over")
    me.see_label("Ann Bid 0")
    me.see_label("Bob Bid 0")
    me.page.reload()
    show_semantics(me.page)
    me.see_label("Tricks entered 0 of 12")
    me.see_label("Ann Bid 0")
    assert not me.has_text("Your unsaved entry")

    # A confirmed hand leaves no draft behind.
    me.xylotar_hand({"Ann": (3, 4), "Bob": (2, 2), "Cat": (1, 6)})
    me.tap("Enter hand 2")
    me.page.wait_for_url(ROUND)
    me.see_label("Tricks entered 0 of 12")
    assert not me.has_text("Your unsaved entry")
    me.page.reload()
    show_semantics(me.page)
    me.see_label("Tricks entered 0 of 12")
    assert not me.has_text("Your unsaved entry")


def test_a_hand_entered_on_another_screen_is_said_and_this_entry_stays(app_page, served):
    me = Player(app_page("/"))
    game_id = me.new_game("xylotar", PLAYERS)
    me.tap("Enter hand 1")
    me.page.wait_for_url(ROUND)
    me.pick("Ann", "bid", 3)
    me.pick("Bob", "bid", 2)
    me.pick("Ann", "tricks", 4)

    # The tablet enters hand 1 first.
    tablet = Player(app_page(f"/game/{game_id}/round", width=1280, height=800))
    tablet.xylotar_hand({"Ann": (1, 1), "Bob": (5, 5), "Cat": (6, 6)})

    me.see("Hand 1 was just entered on the host's screen")
    me.see("Ann: bid 1, 1 tricks")  # what was stored, one line per seat
    me.see("Bob: bid 5, 5 tricks")
    for label in ("Ann Bid 3", "Bob Bid 2", "Ann Tricks 4"):  # mine, still there to compare
        me.see_label(label)
    assert me.control("Confirm hand").is_disabled()
    hands = stored_hands(served, game_id)
    assert len(hands) == 1 and hands[0].results["Ann"].bid == 1  # nothing stored from this screen

    # Mine becomes hand 2.
    me.tap("Enter mine as hand 2")
    me.page.get_by_text("was just entered").first.wait_for(state="hidden")
    me.see_label("Ann Bid 3")
    me.pick("Bob", "tricks", 2)
    me.pick("Cat", "tricks", 6)
    me.tap("Confirm hand")
    me.page.wait_for_url(GAME)
    hands = stored_hands(served, game_id)
    assert len(hands) == 2 and hands[1].results["Ann"].bid == 3 and hands[1].results["Ann"].tricks == 4

    # A phone's hand stored while this screen had not heard of it yet: the
    # store refuses mine, and the screen says who entered it, where.
    me.tap("Enter hand 3")
    me.page.wait_for_url(ROUND)
    me.pick("Cat", "bid", 4)
    raw = {"results": {"Ann": {"bid": 0, "tricks": 0}, "Bob": {"bid": 6, "tricks": 6}, "Cat": {"bid": 6, "tricks": 6}}}
    services.record_round(game_id, raw, served.store.uow(), author="Bob", expected=3)  # the hub not told
    me.pick("Ann", "tricks", 2)
    me.pick("Bob", "tricks", 5)
    me.pick("Cat", "tricks", 5)
    me.tap("Confirm hand")
    me.see("Hand 3 was just entered on Bob's phone")
    me.see("Bob: bid 6, 6 tricks")
    me.see_label("Cat Bid 4")
    assert len(stored_hands(served, game_id)) == 3 and stored_hands(served, game_id)[2].results["Cat"].bid == 6

    # Correct hand 3 with mine: the correction opens with this entry.
    me.tap("Correct hand 3 with mine")
    me.page.wait_for_url(re.compile(r"/game/\d+/round/3$"))
    me.see_label("Cat Bid 4")
    me.see_label("Ann Tricks 2")
    me.tap("Save correction")
    me.page.wait_for_url(GAME)
    hands = stored_hands(served, game_id)
    assert len(hands) == 3 and hands[2].results["Cat"].bid == 4


def test_undo_and_redo_say_what_they_took_back_and_put_back(app_page, served):
    me = Player(app_page("/"))
    game_id = me.new_game("xylotar", PLAYERS)
    me.tap("Enter hand 1")
    me.page.wait_for_url(ROUND)
    me.xylotar_hand({"Ann": (1, 1), "Bob": (5, 5), "Cat": (6, 6)})
    me.tap("Correct hand 1")
    me.page.wait_for_url(re.compile(r"/game/\d+/round/1$"))
    me.pick("Ann", "bid", 2)
    me.tap("Save correction")
    me.page.wait_for_url(GAME)
    me.tap("Enter hand 2")
    me.page.wait_for_url(ROUND)
    me.xylotar_hand({"Ann": (3, 3), "Bob": (4, 4), "Cat": (5, 5)})

    # The button says what it would undo; after the tap, the screen says what it undid.
    me.tap("Undo hand 2")
    told(me, "Undid: hand 2 as entered on the host's screen")
    assert len(stored_hands(served, game_id)) == 1
    me.tap("Undo correction of hand 1")
    told(me, "Undid: correction of hand 1 (Ann: bid 1 -> 2)")
    assert stored_hands(served, game_id)[0].results["Ann"].bid == 1

    # The notice's own button turns it round again, and says so.
    me.tap("Redo")
    told(me, "Redid: correction of hand 1 (Ann: bid 1 -> 2)")
    assert stored_hands(served, game_id)[0].results["Ann"].bid == 2
    me.control("Redo hand 2").wait_for()


def test_a_correction_that_ends_the_game_earlier_asks_before_dropping_the_tiebreak_hand_X8(app_page, served):
    """Hands 1-3 left Bob and Cat tied, so hand 4 was played; hand 3 as it
    really went (Bob one trick more) breaks the tie: hand 4 is not needed."""
    names = ("Ann", "Bob", "Cat")
    game_id = services.start_game(services.new_game("xylotar", names, dealer="Cat"), served.store.uow())
    for seats in ({"Ann": (2, 2), "Bob": (4, 5), "Cat": (3, 5)}, {"Ann": (0, 3), "Bob": (5, 5), "Cat": (4, 4)},
                  {"Ann": (0, 1), "Bob": (0, 5), "Cat": (0, 6)}, {"Ann": (3, 2), "Bob": (5, 5), "Cat": (0, 5)}):
        raw = {"results": {name: {"bid": bid, "tricks": tricks} for name, (bid, tricks) in seats.items()}}
        services.record_round(game_id, raw, served.store.uow(), author="Ann")
    me = Player(app_page(f"/game/{game_id}/round/3"))
    me.see_label("Bob Tricks 5")
    me.pick("Bob", "tricks", 6)
    me.pick("Cat", "tricks", 5)
    me.tap("Save correction")
    me.see("This correction ends the game after hand 3, so hand 4 would not be needed. Save it and drop hand 4?")

    # Keep editing: nothing stored, the correction still on screen.
    me.tap("Keep editing")
    me.see_label("Bob Tricks 6")
    assert len(stored_hands(served, game_id)) == 4
    assert stored_hands(served, game_id)[2].results["Bob"].tricks == 5

    me.tap("Save correction")
    me.tap("Save and drop hand 4")
    me.page.wait_for_url(GAME)
    me.see("Bob wins")
    hands = stored_hands(served, game_id)
    assert len(hands) == 3 and hands[2].results["Bob"].tricks == 6

    # One step for Undo: hand 3 as it was, and hand 4 back.
    me.tap("Undo correction of hand 3")
    told(me, "Undid: correction of hand 3 (Bob: tricks 5 -> 6; Cat: tricks 6 -> 5), and hand 4 is back")
    hands = stored_hands(served, game_id)
    assert len(hands) == 4 and hands[2].results["Bob"].tricks == 5
