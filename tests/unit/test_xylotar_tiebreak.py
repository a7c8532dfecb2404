"""The final tiebreak and tiebreak hands (X8, with X7 picking their leader)."""
import pytest

from companion import GameError
from tests.builders import hand, played

# Two hands after which Ann has 16, Bob 16, Cat 14, Dev 12.
EVEN_START = (hand(Ann=(3, 3), Bob=(3, 3), Cat=(2, 2), Dev=(0, 6)),) * 2


# X8: of the tied players who matched their bid in hand 3, the one with fewer tricks wins.
def test_the_tied_matcher_with_fewer_tricks_wins():
    game = played("Ann Bob Cat Dev",
                  hand(Ann=(4, 4), Bob=(5, 5), Cat=(0, 3), Dev=(0, 2)),
                  hand(Ann=(4, 4), Bob=(5, 5), Cat=(0, 3), Dev=(0, 2)),
                  hand(Ann=(4, 4), Bob=(2, 2), Cat=(0, 4), Dev=(0, 4)))
    assert game.totals() == {"Ann": 27, "Bob": 27, "Cat": 10, "Dev": 8}
    outcome = game.outcome()
    assert (outcome.status.value, outcome.winners) == ("finished", ("Bob",))
    assert "Bob matched their bid with 2 tricks" in outcome.explanation


# X8: a tied player who missed their bid does not compete, even with fewer tricks.
def test_a_tied_player_who_missed_cannot_win_the_tiebreak():
    game = played("Ann Bob Cat Dev",
                  hand(Ann=(4, 4), Bob=(7, 7), Cat=(0, 2), Dev=(0, 1)),
                  hand(Ann=(4, 4), Bob=(8, 8), Cat=(0, 1), Dev=(0, 1)),
                  hand(Ann=(4, 4), Bob=(0, 2), Cat=(0, 4), Dev=(0, 4)))
    assert game.totals() == {"Ann": 27, "Bob": 27, "Cat": 7, "Dev": 6}
    assert game.outcome().winners == ("Ann",)


# X8: if no tied player matched, everyone plays another hand.
def test_a_tie_without_a_matcher_needs_a_tiebreak_hand():
    game = played("Ann Bob Cat Dev", *EVEN_START, hand(Ann=(0, 3), Bob=(0, 3), Cat=(0, 4), Dev=(0, 4)))
    assert game.totals() == {"Ann": 19, "Bob": 19, "Cat": 18, "Dev": 16}
    outcome = game.outcome()
    assert outcome.status.value == "tiebreak_round_needed"
    assert outcome.winners == ()
    assert outcome.next_leaders == ("Dev",)  # X7: lowest total leads the tiebreak hand


# X8 with X7: the tiebreak hand's leader is picked like any hand's, ties included.
def test_the_tiebreak_hand_leader_follows_the_tie_rule():
    game = played("Ann Bob Cat Dev",
                  hand(Ann=(4, 4), Bob=(5, 5), Cat=(0, 3), Dev=(0, 2)),
                  hand(Ann=(4, 4), Bob=(5, 5), Cat=(0, 3), Dev=(0, 2)),
                  hand(Ann=(0, 5), Bob=(0, 3), Cat=(0, 2), Dev=(0, 4)))
    assert game.totals() == {"Ann": 23, "Bob": 23, "Cat": 8, "Dev": 8}
    assert game.results()[2].leader == "Dev"
    # Cat and Dev tie for lowest; Dev led hand 3, so counting starts at Ann: Cat leads.
    assert game.outcome().next_leaders == ("Cat",)


# X8: tied matchers with the same number of tricks also need another hand.
def test_tied_matchers_with_equal_tricks_need_a_tiebreak_hand():
    game = played("Ann Bob Cat Dev", *EVEN_START, hand(Ann=(3, 3), Bob=(3, 3), Cat=(0, 4), Dev=(0, 4)))
    assert game.totals() == {"Ann": 24, "Bob": 24, "Cat": 18, "Dev": 16}
    assert game.outcome().status.value == "tiebreak_round_needed"


# X8: after the extra hand a player who was not tied can win.
def test_a_player_outside_the_tie_can_win_after_the_tiebreak_hand():
    game = played("Ann Bob Cat Dev", *EVEN_START,
                  hand(Ann=(0, 3), Bob=(0, 3), Cat=(0, 4), Dev=(0, 4)),
                  hand(Ann=(2, 3), Bob=(2, 3), Cat=(2, 2), Dev=(0, 6)))
    assert game.totals() == {"Ann": 22, "Bob": 22, "Cat": 25, "Dev": 22}
    assert game.outcome().winners == ("Cat",)
    assert game.results()[3].leader == "Dev"


# X8: tiebreak hands repeat until the tie is broken; the last hand played decides.
def test_tiebreak_hands_repeat_until_one_player_wins():
    game = played("Ann Bob Cat Dev", *EVEN_START,
                  hand(Ann=(0, 3), Bob=(0, 3), Cat=(0, 4), Dev=(0, 4)),   # 19-19, nobody matched
                  hand(Ann=(0, 4), Bob=(0, 4), Cat=(0, 3), Dev=(0, 3)))   # 23-23, nobody matched
    assert game.outcome().status.value == "tiebreak_round_needed"
    game.push(hand(Ann=(3, 3), Bob=(3, 3), Cat=(0, 4), Dev=(0, 4)))       # 31-31, equal matchers
    assert game.outcome().status.value == "tiebreak_round_needed"
    game.push(hand(Ann=(1, 1), Bob=(0, 6), Cat=(0, 3), Dev=(0, 4)))       # 37-37, only Ann matched
    assert game.totals()["Ann"] == game.totals()["Bob"] == 37
    assert game.outcome().winners == ("Ann",)


# X8: once a winner is known, no further hand is accepted.
def test_no_hand_is_accepted_after_the_game_is_won():
    game = played("Ann Bob Cat Dev", *EVEN_START, hand(Ann=(3, 4), Bob=(0, 2), Cat=(0, 4), Dev=(0, 4)))
    assert game.outcome().winners == ("Ann",)
    with pytest.raises(GameError) as error:
        game.push(hand(Ann=(3, 3), Bob=(3, 3), Cat=(2, 2), Dev=(0, 6)))
    assert (error.value.problems[0].round, error.value.problems[0].rule) == (4, "X8")
    assert "already finished" in str(error.value)


# X8 interpretation: "matched" means earned the bid bonus, here through the # card (B-OVER).
def test_a_bonus_earned_one_trick_over_counts_as_matching_in_the_tiebreak():
    game = played("Ann Bob Cat Dev",
                  hand(Ann=(3, 3), Bob=(3, 3, "view_two"), Cat=(2, 2), Dev=(0, 6)),
                  EVEN_START[1],
                  hand(Ann=(3, 4, "over_by_one"), Bob=(0, 9), Cat=(0, 1), Dev=(0, 0)),
                  expansions=["bonus_beats"])
    # Cat and Dev never flipped a card, so they get B3's point on hand 3.
    assert game.totals() == {"Ann": 25, "Bob": 25, "Cat": 16, "Dev": 18}
    assert game.outcome().winners == ("Ann",)


# X8 interpretation: earning the bonus with the "no bid" card (B-NOBID) counts as matching.
def test_a_bonus_earned_with_no_bid_counts_as_matching_in_the_tiebreak():
    game = played("Ann Bob Cat Dev",
                  hand(Ann=(3, 3), Bob=(3, 3, "view_two"), Cat=(2, 2), Dev=(0, 6)),
                  EVEN_START[1],
                  hand(Ann=(None, 4, "no_bid_match"), Bob=(0, 9), Cat=(4, 1), Dev=(0, 0)),
                  expansions=["bonus_beats"])
    assert game.totals() == {"Ann": 25, "Bob": 25, "Cat": 16, "Dev": 18}
    assert game.outcome().winners == ("Ann",)
