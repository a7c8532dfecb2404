"""Xylotar hand scores and who leads each hand (X5, X6, X7)."""
import pytest

from companion import GameError, Xylotar
from tests.builders import hand, played


def scores(game: Xylotar, number: int) -> dict[str, int]:
    return {name: breakdown.total for name, breakdown in game.results()[number - 1].scores.items()}


# X5: 1 point a trick, plus 5 when the tricks equal the bid exactly.
def test_a_matched_bid_scores_its_tricks_plus_five():
    game = played("Ann Bob Cat Dev", hand(Ann=(3, 3), Bob=(4, 5), Cat=(2, 2), Dev=(6, 4)))
    assert scores(game, 1) == {"Ann": 8, "Bob": 5, "Cat": 7, "Dev": 4}


# X5: a bid of 0 with no tricks earns the bonus too.
def test_a_zero_bid_with_no_tricks_scores_five():
    game = played("Ann Bob Cat", hand(Ann=(0, 0), Bob=(6, 6), Cat=(5, 6)))
    assert scores(game, 1) == {"Ann": 5, "Bob": 11, "Cat": 6}


# X5: one trick off the bid, either way, earns no bonus.
def test_one_trick_over_or_under_the_bid_earns_no_bonus():
    game = played("Ann Bob Cat", hand(Ann=(3, 4), Bob=(3, 2), Cat=(6, 6)))
    assert scores(game, 1) == {"Ann": 4, "Bob": 2, "Cat": 11}


# X5: the breakdown says where each point came from.
def test_the_breakdown_lists_tricks_and_bid_bonus():
    game = played("Ann Bob Cat", hand(Ann=(1, 1), Bob=(6, 6), Cat=(5, 5)))
    assert game.results()[0].scores["Ann"].lines() == ["1 trick: +1", "bid bonus: +5"]


# X5: totals are the sum of the hands so far.
def test_totals_add_up_hand_by_hand():
    game = played("Ann Bob Cat",
                  hand(Ann=(3, 3), Bob=(4, 5), Cat=(2, 4)),
                  hand(Ann=(0, 1), Bob=(6, 6), Cat=(5, 5)))
    assert [result.totals for result in game.results()] == [
        {"Ann": 8, "Bob": 5, "Cat": 4},
        {"Ann": 9, "Bob": 16, "Cat": 14},
    ]


# X6: by default the last listed player deals, so the first listed leads hand 1.
def test_without_a_dealer_the_first_listed_player_leads_hand_one():
    assert Xylotar(["Ann", "Bob", "Cat", "Dev"]).next_leader() == "Ann"


# X6: the player to the dealer's left (next clockwise) leads hand 1.
def test_the_player_left_of_the_dealer_leads_hand_one():
    assert Xylotar(["Ann", "Bob", "Cat", "Dev"], dealer="Bob").next_leader() == "Cat"
    game = played("Ann Bob Cat Dev", hand(Ann=(3, 3), Bob=(4, 5), Cat=(2, 2), Dev=(6, 4)), dealer="Bob")
    assert game.results()[0].leader == "Cat"


# X6: a dealer who is not at the table is refused.
def test_a_dealer_who_is_not_playing_is_refused():
    with pytest.raises(GameError, match=r"the dealer 'Zed' is not one of the players \(X6\)"):
        Xylotar(["Ann", "Bob", "Cat"], dealer="Zed")


# X7: the player with the lowest total leads the next hand.
def test_the_lowest_total_leads_the_next_hand():
    game = played("Ann Bob Cat Dev", hand(Ann=(2, 2), Bob=(3, 4), Cat=(0, 3), Dev=(6, 5)))
    assert game.totals() == {"Ann": 7, "Bob": 4, "Cat": 3, "Dev": 5}
    assert game.next_leader() == "Cat"


# X7: on a tie for lowest, the previous leader (Ann) comes last: Dev leads, not Ann.
def test_a_tied_previous_leader_comes_last():
    game = played("Ann Bob Cat Dev", hand(Ann=(0, 2), Bob=(5, 5), Cat=(5, 5), Dev=(0, 2)))
    assert game.totals() == {"Ann": 2, "Bob": 10, "Cat": 10, "Dev": 2}
    assert game.next_leader() == "Dev"


# X7: a tie is broken clockwise from the left of the previous hand's leader, not hand 1's.
def test_ties_count_clockwise_from_the_previous_hands_leader():
    game = played("Ann Bob Cat Dev",
                  hand(Ann=(0, 2), Bob=(5, 5), Cat=(5, 5), Dev=(0, 2)),   # Ann leads; Dev leads next
                  hand(Ann=(9, 8), Bob=(0, 1), Cat=(5, 0), Dev=(5, 5)))
    assert game.totals() == {"Ann": 10, "Bob": 11, "Cat": 10, "Dev": 12}
    assert [result.leader for result in game.results()] == ["Ann", "Dev"]
    assert game.next_leader() == "Ann"  # from Dev's left; from Ann's left it would be Cat
    assert game.outcome().next_leaders == ("Ann",)


# X7 (issue 25): correcting hand 1 moves the lowest total, but hand 2 was already played, led by Cat:
# it stays led by Cat (recorded on the hand), and the next hand follows from the corrected totals.
def test_correcting_hand_one_keeps_who_led_hand_two_as_played_X7():
    game = played("Ann Bob Cat Dev", hand(Ann=(2, 2), Bob=(3, 4), Cat=(0, 3), Dev=(6, 5)),
                  hand(Ann=(3, 3), Bob=(3, 3), Cat=(2, 2), Dev=(0, 6)))
    assert game.results()[1].leader == "Cat"
    game.replace(1, hand(Ann=(2, 2), Bob=(3, 3), Cat=(4, 4), Dev=(6, 5)))
    assert game.results()[1].leader == "Cat" and game.named_starters(2) == ("Dev",)
    assert game.hands[1].to_record()["leader"] == "Cat"
    assert game.totals() == {"Ann": 15, "Bob": 16, "Cat": 16, "Dev": 11}
    assert game.next_leader() == "Dev"


# X8: a correction that would leave a hand after the game was won is refused, and the game is unchanged.
def test_a_correction_that_ends_the_game_earlier_is_refused():
    tie = hand(Ann=(0, 4), Bob=(0, 4), Cat=(0, 3), Dev=(0, 3))
    game = played("Ann Bob Cat Dev", tie, tie, tie, hand(Ann=(3, 3), Bob=(3, 4), Cat=(2, 2), Dev=(0, 5)))
    assert game.outcome().winners == ("Ann",)
    with pytest.raises(GameError, match=r"round 4: the game already finished after hand 3"):
        game.replace(3, hand(Ann=(4, 4), Bob=(0, 4), Cat=(0, 3), Dev=(0, 3)))
    assert game.hands[2] == tie
