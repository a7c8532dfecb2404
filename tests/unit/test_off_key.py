"""Xylotar: Unhinged - Off-Key (O1-O3)."""
import pytest

from companion import GameError, Xylotar
from companion.setup_guide import setup_guide
from companion.xylotar import deal_for
from tests.builders import hand, played

OK = {"expansions": ["off_key"]}


# O1: one Off-Key card per colour, half a point under that colour's top card.
def test_there_is_one_off_key_card_per_colour_from_red_9_and_a_half_to_pink_2_and_a_half():
    cards = deal_for(4).off_key_cards
    assert len(cards) == 8
    assert (cards[0], cards[1], cards[2], cards[-1]) == ("red 9½", "orange 8½", "yellow 7½", "pink 2½")


# O1: at 3 players the red and orange Off-Key cards are not used.
def test_three_players_use_six_off_key_cards_without_red_and_orange():
    cards = deal_for(3).off_key_cards
    assert len(cards) == 6
    assert cards[0] == "yellow 7½"
    assert not any(card.startswith(("red", "orange")) for card in cards)


# O2: one card of each colour in play is set aside every hand, so the deal size is unchanged.
def test_off_key_keeps_the_deal_and_sets_aside_one_card_per_colour():
    facts = setup_guide("xylotar", 3, ["off_key"]).facts
    assert (facts["cards_per_seat"], facts["tricks_per_hand"], facts["off_key_set_aside"]) == (13, 12, 6)
    game = Xylotar(["Ann", "Bob", "Cat", "Dev"], **OK)
    with pytest.raises(GameError, match="expected 14"):
        game.push(hand(Ann=(3, 3), Bob=(3, 3), Cat=(2, 2), Dev=(0, 7)))


# O3: each Off-Key card won in tricks costs 1 point.
def test_each_off_key_card_won_costs_a_point():
    game = played("Ann Bob Cat Dev", hand(Ann=(3, 3, None, 2), Bob=(3, 4, None, 1), Cat=(2, 2), Dev=(0, 5)), **OK)
    assert {name: b.total for name, b in game.results()[0].scores.items()} == {"Ann": 6, "Bob": 3, "Cat": 7, "Dev": 5}
    assert game.results()[0].scores["Ann"].lines() == ["3 tricks: +3", "bid bonus: +5", "Off-Key cards won: -2"]


# O3: hand scores and totals may go below zero.
def test_hand_scores_and_totals_can_be_negative():
    game = played("Ann Bob Cat Dev", hand(Ann=(5, 1, None, 3), Bob=(3, 3), Cat=(2, 2), Dev=(0, 8)), **OK)
    assert game.results()[0].scores["Ann"].total == -2
    assert game.totals()["Ann"] == -2
    # X7: a negative total is the lowest, so Ann leads hand 2.
    assert game.next_leader() == "Ann"


# O3: with the ½ Bonus Beat, the Off-Key cards won cost nothing that hand.
def test_the_half_card_waives_the_off_key_penalty():
    game = played("Ann Bob Cat Dev", hand(Ann=(5, 1, "off_key_no_penalty", 3), Bob=(3, 3), Cat=(2, 2), Dev=(0, 8)),
                  expansions=["bonus_beats", "off_key"])
    assert game.results()[0].scores["Ann"].total == 1


# O3: at most 8 Off-Key cards can be won in one hand at 4 players.
def test_more_than_eight_off_key_cards_in_a_hand_are_refused():
    game = played("Ann Bob Cat Dev", hand(Ann=(3, 3, None, 4), Bob=(3, 3, None, 4), Cat=(2, 2), Dev=(0, 6)), **OK)
    with pytest.raises(GameError, match=r"round 2: 9 Off-Key cards won, but only 8 are in play \(O3\)"):
        game.push(hand(Ann=(3, 3, None, 4), Bob=(3, 3, None, 4), Cat=(2, 2, None, 1), Dev=(0, 6)))


# O3: at 3 players the cap is 6.
def test_more_than_six_off_key_cards_at_three_players_are_refused():
    game = played("Ann Bob Cat", hand(Ann=(4, 4, None, 3), Bob=(4, 4, None, 3), Cat=(4, 4)), **OK)
    with pytest.raises(GameError, match=r"7 Off-Key cards won, but only 6 are in play"):
        game.push(hand(Ann=(4, 4, None, 3), Bob=(4, 4, None, 3), Cat=(4, 4, None, 1)))


# O3: Off-Key cards can only be won in a game played with them.
def test_off_key_cards_won_without_the_expansion_are_refused():
    game = Xylotar(["Ann", "Bob", "Cat", "Dev"])
    with pytest.raises(GameError, match=r"round 1, Ann: Off-Key cards won, but this game is played without Off-Key"):
        game.push(hand(Ann=(3, 3, None, 1), Bob=(3, 3), Cat=(2, 2), Dev=(0, 6)))


# O3: a seat that took no tricks won no Off-Key cards.
def test_off_key_cards_won_without_any_trick_are_refused():
    game = Xylotar(["Ann", "Bob", "Cat", "Dev"], **OK)
    with pytest.raises(GameError, match=r"round 1, Ann: won 1 Off-Key card in 0 tricks \(O3\)"):
        game.push(hand(Ann=(0, 0, None, 1), Bob=(3, 3), Cat=(2, 2), Dev=(0, 9)))


# O3: a negative count of Off-Key cards makes no sense.
def test_a_negative_off_key_count_is_refused():
    game = Xylotar(["Ann", "Bob", "Cat", "Dev"], **OK)
    with pytest.raises(GameError, match=r"round 1, Ann: Off-Key cards won -1 must be 0 or more"):
        game.push(hand(Ann=(3, 3, None, -1), Bob=(3, 3), Cat=(2, 2), Dev=(0, 6)))


# O3 (December 2026): Off-Key cards are won only in tricks taken, and a trick holds one card per seat:
# 1 trick at 4 players holds at most 4 Off-Key cards, 1 trick at 3 players at most 3.
@pytest.mark.parametrize("names, seats", [("Ann Bob Cat Dev", 4), ("Ann Bob Cat", 3)])
def test_a_seat_wins_at_most_its_tricks_times_the_seats_in_off_key_cards(names, seats):
    others = {"Ann Bob Cat Dev": {"Cat": (0, 5), "Dev": (0, 8)}, "Ann Bob Cat": {"Cat": (0, 11)}}[names]
    game = played(names, hand(Ann=(1, 1, None, seats), Bob=(0, 0), **others), **OK)
    assert game.totals()["Ann"] == 1 + 5 - seats
    with pytest.raises(GameError) as error:
        game.push(hand(Ann=(1, 1, None, seats + 1), Bob=(0, 0), **others))
    assert str(error.value) == f"round 2, Ann: won {seats + 1} Off-Key cards in 1 trick (O3)"


# O3: at 2 players a trick holds 4 cards (the side players' too), and side players win Off-Key cards
# only in their tricks as well; a side player with no trick won none.
def test_side_players_win_off_key_cards_only_in_their_tricks():
    sides = {"left": (3, 3, None, 2), "right": (5, 5)}
    game = played("Ann Bob", hand(Ann=(3, 3), Bob=(3, 3), sides=sides), **OK)
    assert game.totals() == {"Ann": 8, "Bob": 8}
    with pytest.raises(GameError, match=r"round 2, right side player: won 1 Off-Key card in 0 tricks \(O3\)"):
        game.push(hand(Ann=(3, 3), Bob=(3, 3), sides={"left": (8, 8), "right": (0, 0, None, 1)}))
    with pytest.raises(GameError, match=r"round 2, Ann: won 5 Off-Key cards in 1 trick \(O3\)"):
        game.push(hand(Ann=(1, 1, None, 5), Bob=(3, 5), sides={"left": (4, 4), "right": (4, 4)}))


# O3: the Off-Key cards won by all seats, side players included, add up to at most 8 (6 at 3 players).
def test_the_off_key_total_counts_the_side_players_too():
    sides = {"left": (4, 4, None, 4), "right": (4, 4, None, 1)}
    with pytest.raises(GameError, match=r"round 1: 9 Off-Key cards won, but only 8 are in play \(O3\)"):
        played("Ann Bob", hand(Ann=(3, 3, None, 4), Bob=(3, 3), sides=sides), **OK)
