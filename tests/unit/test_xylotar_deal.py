"""Xylotar table facts and the hand checks: players, deck, deal, tricks, bids (X1-X4)."""
import pytest

from companion import GameError, Xylotar
from companion.xylotar import deal_for
from tests.builders import hand, played


def problems(error: pytest.ExceptionInfo) -> list[tuple]:
    return [(p.round, p.player, p.rule) for p in error.value.problems]


# X1: Xylotar is for 2 to 5 players.
@pytest.mark.parametrize("names", ["Ann", "Ann Bob Cat Dev Eve Fay"])
def test_a_game_of_one_or_six_players_is_refused(names):
    with pytest.raises(GameError, match=r"Xylotar is for 2 to 5 players, not \d \(X1\)"):
        Xylotar(names.split())


# X1: a game is 3 hands; after hand 3 the highest total wins.
def test_the_highest_total_after_three_hands_wins():
    game = played("Ann Bob Cat",
                  hand(Ann=(2, 2), Bob=(5, 5), Cat=(0, 5)),
                  hand(Ann=(2, 2), Bob=(5, 5), Cat=(0, 5)))
    assert game.outcome().status.value == "in_progress"
    game.push(hand(Ann=(2, 2), Bob=(5, 5), Cat=(0, 5)))
    assert game.totals() == {"Ann": 21, "Bob": 30, "Cat": 15}
    assert game.outcome().status.value == "finished"
    assert game.outcome().winners == ("Bob",)


# X2: at 3 players red and orange leave the deck and yellow is trump.
def test_three_players_play_without_red_and_orange_and_yellow_is_trump():
    table = deal_for(3)
    assert table.removed_colours == ("red", "orange")
    assert table.trump == "yellow"
    assert table.cards_in_play == 39


# X2: at 2, 4 and 5 players all 60 cards are used and red is trump.
@pytest.mark.parametrize("players", [2, 4, 5])
def test_other_tables_play_all_sixty_cards_with_red_trump(players):
    table = deal_for(players)
    assert (table.cards_in_play, table.trump, table.removed_colours) == (60, "red", ())


# X3: the deal table: seats, cards per seat, tricks per hand.
@pytest.mark.parametrize("players, seats, cards, tricks", [(2, 4, 15, 14), (3, 3, 13, 12), (4, 4, 15, 14),
                                                           (5, 5, 12, 11)])
def test_each_table_deals_the_published_number_of_cards_and_tricks(players, seats, cards, tricks):
    table = deal_for(players)
    assert (table.seats, table.cards_per_seat, table.tricks_per_hand) == (seats, cards, tricks)


# X3: tricks that do not add up to the hand's total are refused, naming the expected sum.
def test_a_hand_whose_tricks_add_up_to_13_of_14_is_refused():
    game = Xylotar(["Ann", "Bob", "Cat", "Dev"])
    with pytest.raises(GameError) as error:
        game.push(hand(Ann=(2, 2), Bob=(3, 3), Cat=(4, 4), Dev=(4, 4)))
    assert str(error.value) == "round 1: tricks add up to 13, expected 14 (X3)"
    assert game.hands == []


# X3: the 3-player hand has 12 tricks, so 14 is too many there.
def test_fourteen_tricks_at_three_players_is_refused():
    game = Xylotar(["Ann", "Bob", "Cat"])
    with pytest.raises(GameError, match="tricks add up to 14, expected 12"):
        game.push(hand(Ann=(2, 2), Bob=(5, 5), Cat=(0, 7)))


# X3: every player needs a result; a missing one is named.
def test_a_hand_missing_a_player_names_that_player():
    game = Xylotar(["Ann", "Bob", "Cat"])
    with pytest.raises(GameError) as error:
        game.push(hand(Ann=(2, 7), Bob=(5, 5)))
    assert problems(error) == [(1, "Cat", "X3")]


# X3: a result for someone who is not playing is refused.
def test_a_result_for_a_stranger_is_refused():
    game = Xylotar(["Ann", "Bob", "Cat"])
    with pytest.raises(GameError) as error:
        game.push(hand(Ann=(2, 2), Bob=(5, 5), Cat=(0, 5), Zed=(0, 0)))
    assert problems(error) == [(1, "Zed", "X1")]


# X3: a seat cannot take more tricks than the hand has, or fewer than none.
@pytest.mark.parametrize("tricks", [-1, 15])
def test_tricks_outside_the_hand_are_refused(tricks):
    game = Xylotar(["Ann", "Bob", "Cat", "Dev"])
    with pytest.raises(GameError, match=f"tricks {tricks} is outside 0-14"):
        game.push(hand(Ann=(2, tricks), Bob=(3, 3), Cat=(4, 4), Dev=(4, 4)))


# X4 (December 2026): bids run 0-10 at 4 players; 11 only for a player who flipped Red 11 that hand.
def test_a_bid_of_11_needs_red_11_flipped_that_hand_and_12_is_refused_at_four_players():
    options = {"expansions": ["bonus_beats"]}
    assert played("Ann Bob Cat Dev", hand(Ann=(10, 10), Bob=(0, 2), Cat=(0, 1), Dev=(0, 1))).totals()["Ann"] == 15
    with pytest.raises(GameError) as error:
        played("Ann Bob Cat Dev", hand(Ann=(11, 11), Bob=(0, 1), Cat=(0, 1), Dev=(0, 1)), **options)
    assert str(error.value) == ("round 1, Ann: bid 11 needs the 11 card (Red 11) flipped this hand; "
                                "without it bids run 0-10 (X4)")
    game = played("Ann Bob Cat Dev", hand(Ann=(11, 11, "red_eleven"), Bob=(0, 1), Cat=(0, 1), Dev=(0, 1)), **options)
    assert game.totals()["Ann"] == 16
    with pytest.raises(GameError) as error:
        game.push(hand(Ann=(12, 11), Bob=(0, 1), Cat=(0, 1), Dev=(0, 1)))
    assert str(error.value) == ("round 2, Ann: bid 12 is outside 0-10; 11 only with the 11 card (Red 11) "
                                "flipped this hand (X4)")
    with pytest.raises(GameError) as error:
        game.push(hand(Ann=(0, 0), Bob=(12, 11, "red_eleven"), Cat=(0, 1), Dev=(0, 2)))
    assert str(error.value) == "round 2, Bob: bid 12 is outside 0-11 (X4)"


# X4: Red 11 counts only in the hand it is flipped: a bid of 11 in a later hand is refused.
def test_red_11_flipped_in_an_earlier_hand_allows_no_bid_of_11_later():
    game = played("Ann Bob Cat Dev", hand(Ann=(11, 11, "red_eleven"), Bob=(0, 1), Cat=(0, 1), Dev=(0, 1)),
                  expansions=["bonus_beats"])
    with pytest.raises(GameError, match=r"round 2, Ann: bid 11 needs the 11 card \(Red 11\) flipped this hand"):
        game.push(hand(Ann=(11, 11), Bob=(0, 1), Cat=(0, 1), Dev=(0, 1)))


# X4: another Bonus Beat (here # or view 3) does not allow a bid of 11; nor does Red 11 without Bonus Beats.
@pytest.mark.parametrize("card", ["over_by_one", "view_three_bid", "change_bid"])
def test_only_red_11_allows_a_bid_of_11(card):
    with pytest.raises(GameError) as error:
        played("Ann Bob Cat Dev Eve", hand(Ann=(11, 7, card), Bob=(0, 1), Cat=(0, 1), Dev=(0, 1), Eve=(0, 1)),
               expansions=["bonus_beats"])
    assert problems(error) == [(1, "Ann", "X4")]
    assert "needs the 11 card (Red 11) flipped this hand" in str(error.value)


# X4: with no Bonus Beats in the game, a bid of 11 is refused, saying which card would allow it.
def test_a_bid_of_11_without_bonus_beats_names_red_11():
    with pytest.raises(GameError) as error:
        played("Ann Bob", hand(Ann=(11, 11), Bob=(0, 1), sides={"left": (0, 1), "right": (0, 1)}))
    assert str(error.value) == ("round 1, Ann: bid 11 is outside 0-10: only the Red 11 Bonus Beat allows it, "
                                "and this game is played without Bonus Beats (X4)")


# X4: at 2 and 5 players too, Red 11 allows 11.
@pytest.mark.parametrize("names, others", [("Ann Bob", {"sides": {"left": (0, 1), "right": (0, 2)}}),
                                           ("Ann Bob Cat Dev Eve", {"Cat": (0, 0), "Dev": (0, 0), "Eve": (0, 0)})])
def test_red_11_allows_11_at_two_and_five_players(names, others):
    others = dict(others)
    sides = others.pop("sides", None)
    game = played(names, hand(sides=sides, Ann=(11, 11, "red_eleven"), Bob=(0, 0), **others),
                  expansions=["bonus_beats"])
    assert game.totals()["Ann"] == 16


# X4 (December 2026): bids run 0-8 at 3 players; 9 only for a player who flipped Yellow 9 that hand.
def test_a_bid_of_9_needs_yellow_9_at_three_players_and_10_is_refused():
    with pytest.raises(GameError, match=r"round 1, Ann: bid 9 needs the 9 card \(Yellow 9\) flipped this hand; "
                                        r"without it bids run 0-8 \(X4\)"):
        played("Ann Bob Cat", hand(Ann=(9, 10), Bob=(0, 1), Cat=(0, 1)), expansions=["bonus_beats"])
    assert played("Ann Bob Cat", hand(Ann=(8, 8), Bob=(0, 2), Cat=(0, 2))).totals()["Ann"] == 13
    game = played("Ann Bob Cat", hand(Ann=(9, 10, "yellow_nine"), Bob=(0, 1), Cat=(0, 1)), expansions=["bonus_beats"])
    assert game.totals()["Ann"] == 10
    with pytest.raises(GameError, match=r"round 1, Ann: bid 10 is outside 0-9 \(X4\)"):
        played("Ann Bob Cat", hand(Ann=(10, 10, "yellow_nine"), Bob=(0, 1), Cat=(0, 1)), expansions=["bonus_beats"])
    with pytest.raises(GameError, match=r"round 1, Ann: bid 10 is outside 0-8 \(X4\)"):
        played("Ann Bob Cat", hand(Ann=(10, 10), Bob=(0, 1), Cat=(0, 1)))


# X4: off_key_bid picks the bid from the cards set aside (O2), one of each colour in play: any printed
# value, red 10 or yellow 8 at most, so it allows 10 (8 at 3 players) and nothing higher.
@pytest.mark.parametrize("names, top", [("Ann Bob Cat Dev", 10), ("Ann Bob Cat", 8)])
def test_the_off_key_bid_card_allows_any_printed_value_and_no_more(names, top):
    seats = names.split()
    tricks = {"Ann Bob Cat Dev": 14, "Ann Bob Cat": 12}[names]
    others = {name: (0, 0) for name in seats[2:]}
    game = played(names, hand(Ann=(top, top, "off_key_bid"), Bob=(0, tricks - top), **others),
                  expansions=["bonus_beats", "off_key"])
    assert game.totals()["Ann"] == top + 5
    with pytest.raises(GameError) as error:
        played(names, hand(Ann=(top + 1, top, "off_key_bid"), Bob=(0, tricks - top), **others),
               expansions=["bonus_beats", "off_key"])
    assert problems(error) == [(1, "Ann", "X4")]


# X4: a bid is a whole number; an Off-Key 2½ bid card is entered as 2.
@pytest.mark.parametrize("bid", [2.5, "2", -1, True])
def test_a_bid_that_is_not_a_whole_number_from_0_is_refused(bid):
    with pytest.raises(GameError) as error:
        played("Ann Bob Cat", hand(Ann=(bid, 2), Bob=(5, 5), Cat=(0, 5)))
    assert problems(error) == [(1, "Ann", "X4")]
