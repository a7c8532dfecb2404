"""The two-player variant: two side players take tricks but never score (X9)."""
import pytest

from companion import GameError, Xylotar
from tests.builders import hand, played


def two_player_hand(ann, bob, left, right):
    return hand(Ann=ann, Bob=bob, sides={"left": left, "right": right})


# X9: hand 1 is led by the player who did not deal, never by a side player.
def test_the_player_who_did_not_deal_leads_hand_one():
    assert Xylotar(["Ann", "Bob"], dealer="Ann").next_leader() == "Bob"
    assert Xylotar(["Ann", "Bob"], dealer="Bob").next_leader() == "Ann"


# X9 with X3: side players' tricks count toward the 14 tricks, and they score nothing.
def test_side_players_take_tricks_but_only_the_players_score():
    game = played("Ann Bob", two_player_hand((3, 3), (4, 5), left=(5, 4), right=(2, 2)))
    assert {name: b.total for name, b in game.results()[0].scores.items()} == {"Ann": 8, "Bob": 5}
    assert game.totals() == {"Ann": 8, "Bob": 5}


# X9 with X3: the two players' tricks alone do not make a hand.
def test_a_two_player_hand_without_the_side_players_is_refused():
    game = Xylotar(["Ann", "Bob"])
    with pytest.raises(GameError, match=r"round 1: a 2-player hand needs the left and right side players"):
        game.push(hand(Ann=(7, 7), Bob=(7, 7)))


# X9 with X3: the side players' tricks must bring the sum to 14.
def test_side_player_tricks_that_break_the_sum_are_refused():
    game = Xylotar(["Ann", "Bob"])
    with pytest.raises(GameError, match=r"round 1: tricks add up to 15, expected 14 \(X3\)"):
        game.push(two_player_hand((3, 3), (4, 5), left=(5, 5), right=(2, 2)))


# X9: side players only sit in at two players.
def test_side_players_at_three_players_are_refused():
    game = Xylotar(["Ann", "Bob", "Cat"])
    with pytest.raises(GameError, match="side players only sit in at 2 players"):
        game.push(hand(Ann=(2, 2), Bob=(5, 5), Cat=(0, 5), sides={"left": (0, 0), "right": (0, 0)}))


# X9: side players never lead: the lowest-scoring player leads even when side players took fewer tricks.
def test_side_players_never_lead_a_hand():
    game = played("Ann Bob", two_player_hand((3, 3), (4, 5), left=(5, 0), right=(2, 6)),
                  two_player_hand((3, 1), (4, 1), left=(5, 0), right=(2, 12)))
    assert [result.leader for result in game.results()] == ["Ann", "Bob"]
    assert game.totals() == {"Ann": 9, "Bob": 6}
    assert game.next_leader() == "Bob"


# X9: side players never win, however many tricks they take.
def test_side_players_never_win():
    side_heavy = two_player_hand((0, 1), (0, 1), left=(6, 6), right=(6, 6))
    game = played("Ann Bob", side_heavy, side_heavy, two_player_hand((0, 0), (0, 2), left=(6, 6), right=(6, 6)))
    assert game.totals() == {"Ann": 7, "Bob": 4}
    assert game.outcome().winners == ("Ann",)


# X9 interpretation with B-PLUS: side players who miss their bid count as other players who missed.
def test_side_players_who_miss_count_for_the_plus_one_card():
    game = played("Ann Bob", two_player_hand((3, 3, "plus_one_per_miss"), (4, 5), left=(5, 4), right=(2, 2)),
                  expansions=["bonus_beats"])
    # Bob and the left side player missed, the right side player matched.
    assert game.results()[0].scores["Ann"].bonus_beat_points == 2
    assert game.totals()["Ann"] == 10


# X9 interpretation with B-NOBID: matching a side player's bid earns the bonus.
def test_no_bid_matches_a_side_players_bid():
    game = played("Ann Bob", two_player_hand((None, 4, "no_bid_match"), (3, 3), left=(4, 5), right=(6, 2)),
                  expansions=["bonus_beats"])
    assert game.totals() == {"Ann": 9, "Bob": 8}


# X9 with B1: side players are not dealt Bonus Beats.
def test_a_side_player_cannot_use_a_bonus_beat():
    game = Xylotar(["Ann", "Bob"], expansions=["bonus_beats"])
    with pytest.raises(GameError, match=r"round 1, left side player: side players have no Bonus Beats \(B1\)"):
        game.push(two_player_hand((3, 3), (4, 5), left=(5, 4, "over_by_one"), right=(2, 2)))


def test_side_player_cannot_bid_eleven_as_it_bids_its_centre_card():
    # X9: a side player's bid is the centre card of its row; no Bonus Beat gives it the Red 11.
    from companion import GameError, Hand, SeatEntry, Xylotar
    import pytest

    game = Xylotar(["Ann", "Bob"])
    hand = Hand({"Ann": SeatEntry(3, 3), "Bob": SeatEntry(4, 4)},
                {"left": SeatEntry(11, 3), "right": SeatEntry(10, 4)})
    with pytest.raises(GameError) as error:
        game.push(hand)
    assert "left side player" in str(error.value) and "(X9)" in str(error.value)


# X4 and X9 (December 2026): a side player bids the 8th of its 15 sorted cards: 0-7, as only 6 cards
# are worth 8 or more; with Off-Key (red 9½, orange 8½) 8 cards are, so 0-8.
@pytest.mark.parametrize("expansions, top", [([], 7), (["off_key"], 8), (["bonus_beats", "off_key"], 8),
                                             (["bonus_beats"], 7)])
def test_side_players_bid_0_to_7_or_0_to_8_with_off_key(expansions, top):
    game = played("Ann Bob", two_player_hand((0, 0), (0, 6), left=(top, top), right=(top, 14 - 6 - top)),
                  expansions=expansions)
    assert game.totals() == {"Ann": 5, "Bob": 6}
    with pytest.raises(GameError) as error:
        game.push(two_player_hand((0, 0), (0, 6), left=(top + 1, top), right=(0, 14 - 6 - top)))
    assert [(p.player, p.rule) for p in error.value.problems] == [("left side player", "X9")]
    said = str(error.value)
    assert said.startswith(f"round 2, left side player: bid {top + 1} is outside 0-{top}: a side player bids "
                           f"the 8th of its 15 sorted cards, which is at most {top}")
    assert said.endswith("(8 only with the Off-Key cards in the deck) (X9)" if top == 7 else
                         "even with the Off-Key cards (X9)")


# X9: a side player flips no Bonus Beat, so Red 11 never raises its cap.
def test_a_side_player_bid_of_10_is_refused_at_once():
    with pytest.raises(GameError, match=r"round 1, right side player: bid 10 is outside 0-7"):
        played("Ann Bob", two_player_hand((0, 0), (0, 4), left=(0, 0), right=(10, 10)), expansions=["bonus_beats"])


def test_a_player_may_not_take_a_side_players_name():
    # X9: at 2 players the side seats are named 'left/right side player'; a player may not share that name.
    from companion import GameError, Xylotar
    import pytest

    with pytest.raises(GameError, match="side player"):
        Xylotar(["Ann", "Left Side Player"])
