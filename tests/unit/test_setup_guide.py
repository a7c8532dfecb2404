"""The setup guide: what a table lays out before the first hand (X2, X3, X9, B1, O1, O2, Y2, Y5)."""
import pytest

from companion import GameError, setup_guide


# X2 and X3: at 3 players red and orange leave, yellow is trump, 13 cards each and 12 tricks.
def test_the_three_player_guide_removes_red_and_orange():
    guide = setup_guide("xylotar", 3)
    assert "Remove the red and orange cards: 21 cards leave the game and yellow is trump." in guide.steps
    assert "Deal all the cards: 13 to each player." in guide.steps
    assert guide.facts["tricks_per_hand"] == 12 and guide.facts["max_bid"] == 8  # X4: yellow 8 is the highest printed card


# X9: the 2-player guide deals for 4 seats and explains the side players and the first leader.
def test_the_two_player_guide_deals_for_four_seats():
    text = setup_guide("xylotar", 2).text()
    assert "deal for 4 seats: 15 cards each" in text
    assert "the 8th of 15" in text
    assert text.endswith("Hand 1 is led by the player who did not deal.")


# X6: with 3 to 5 players the player to the dealer's left leads hand 1.
def test_the_guide_names_the_first_leader():
    assert setup_guide("xylotar", 5).steps[-1] == "Hand 1 is led by the player to the dealer's left."


# B1: the guide says which Bonus Beats to take out at this table.
def test_the_bonus_beats_step_names_the_cards_to_take_out():
    guide = setup_guide("xylotar", 5, ["bonus_beats"])
    assert set(guide.facts["bonus_beats_removed"]) == {"yellow_nine", "off_key_swap", "off_key_bid",
                                                        "off_key_no_penalty"}
    assert guide.facts["bonus_beats_deck"] == 16
    assert "shuffle the other 16 and deal 2 face down to each player" in guide.text()


# B1 and O1: at 3 players with Off-Key, only the Red 11 comes out and 6 Off-Key cards go in.
def test_three_players_with_both_expansions():
    guide = setup_guide("xylotar", 3, ["bonus_beats", "off_key"])
    assert guide.title == "Xylotar for 3 players with Bonus Beats and Off-Key"
    assert guide.facts["bonus_beats_removed"] == ["red_eleven"]
    assert guide.facts["off_key_cards"][0] == "yellow 7½" and len(guide.facts["off_key_cards"]) == 6
    assert guide.facts["off_key_set_aside"] == 6  # O2


# X1: a table of 6 cannot play Xylotar.
def test_six_players_cannot_set_up_xylotar():
    with pytest.raises(GameError, match=r"^Xylotar is for 2 to 5 players, not 6 \(X1\)$"):
        setup_guide("xylotar", 6)


# B1: an unknown expansion is refused by name.
def test_an_unknown_expansion_is_refused():
    with pytest.raises(GameError, match="unknown expansion 'encore'"):
        setup_guide("xylotar", 4, ["encore"])


# Y2 and Y5: the XYbrid lab is 2 x players + 1; a random player starts round 1.
def test_the_xybrid_guide_lays_out_the_lab():
    guide = setup_guide("xybrid", 3)
    assert guide.facts["lab_size"] == 7
    assert "lay out the lab: 7 parts (2 x 3 players + 1)" in guide.text()
    assert "A random player goes first in round 1" in guide.steps[-1]


# Y1: XYbrid is for 2 to 4 players and has no expansions here.
def test_xybrid_refuses_five_players_and_expansions():
    with pytest.raises(GameError, match=r"XYbrid is for 2 to 4 players, not 5 \(Y1\)"):
        setup_guide("xybrid", 5)
    with pytest.raises(GameError, match="XYbrid has no expansions here"):
        setup_guide("xybrid", 3, ["off_key"])
