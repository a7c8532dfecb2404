"""The December 2026 Xylotar rules as the hand form and the phones offer
them, without a browser: the Bid stepper's limits follow the card flipped
(X4, X9), the Bonus Beat picker leaves out the cards dealt to others (B1/B5),
and the Off-Key stepper follows the tricks taken (O3)."""
from companion import Xylotar
from views.shown import hand_entry
from tests.builders import entries, four_players


# X4 (December 2026): the Bid stepper offers 0-10 (0-8 at 3 players), one more with the card that
# allows it flipped (Red 11, Yellow 9), and a side player 0-7 (0-8 with Off-Key).
def test_the_bid_stepper_offers_only_the_bids_the_card_flipped_allows():
    four = four_players(expansions=["bonus_beats"])
    assert hand_entry.highest_bid(four, "Ann", None) == 10
    assert hand_entry.highest_bid(four, "Ann", "red_eleven") == 11
    assert hand_entry.highest_bid(four, "Ann", "over_by_one") == 10
    assert hand_entry.highest_bid(four, "Ann", "off_key_bid") == 10  # any printed card, red 10 at most
    three = Xylotar(["Ann", "Bob", "Cat"], expansions=["bonus_beats"])
    assert (hand_entry.highest_bid(three, "Ann", None), hand_entry.highest_bid(three, "Ann", "yellow_nine")) == (8, 9)
    assert hand_entry.highest_bid(Xylotar(["Ann", "Bob", "Cat", "Dan"]), "Ann", "red_eleven") == 10  # no Bonus Beats
    two = Xylotar(["Ann", "Bob"], expansions=["bonus_beats"])
    assert hand_entry.highest_bid(two, "left side player", None) == 7
    assert hand_entry.highest_bid(Xylotar(["Ann", "Bob"], expansions=["off_key"]), "right side player", None) == 8


# X4: taking back Red 11 brings a bid of 11 back to 10; another card keeps a bid it allows.
def test_a_bid_of_11_comes_back_to_10_when_red_11_is_taken_back():
    game = four_players(expansions=["bonus_beats"])
    entry = {"bid": 11, "tricks": 4, "bonus_beat": "red_eleven", "off_key_won": 0}
    assert hand_entry.with_card(game, "Ann", entry, None) == {**entry, "bid": 10, "bonus_beat": None}
    assert hand_entry.with_card(game, "Ann", {**entry, "bid": 6}, "over_by_one")["bid"] == 6
    assert hand_entry.problems(game, entries(game, {"Ann": (11, 11, 0, "red_eleven"), "Bob": (0, 1),
                                                    "Cat": (0, 1), "Dan": (0, 1)})) == []
    found = hand_entry.problems(game, entries(game, {"Ann": (11, 11), "Bob": (0, 1), "Cat": (0, 1), "Dan": (0, 1)}))
    assert [p.rule for p in found] == ["X4"]  # the rule stays with the problem; the screen says it in words
    assert [hand_entry.say(p) for p in found] == [
        "Ann: bid 11 needs the 11 card (Red 11) flipped this hand; without it bids run 0-10"]


# B1/B5 (December 2026): the picker never offers a card dealt to another player.
def test_the_picker_never_offers_a_card_dealt_to_another_player():
    game = four_players(expansions=["bonus_beats"], bonus_beats_dealt={"Bob": ["under_by_one", "flip_suit"]})
    offered = {card.id for card in hand_entry.usable_bonus_beats(game, "Ann", hand_entry.blank(game))}
    assert not offered & {"under_by_one", "flip_suit"}
    assert {"over_by_one", "red_eleven"} <= offered
    assert [c.id for c in hand_entry.usable_bonus_beats(game, "Bob", hand_entry.blank(game))] == \
        ["under_by_one", "flip_suit"]


# O3 (December 2026): the Off-Key stepper offers none without a trick, at most tricks x seats, and no
# more than the other seats leave of the 8 cards in play (6 at 3 players).
def test_the_off_key_stepper_follows_the_tricks_taken():
    game = four_players(expansions=["off_key"])
    typed = entries(game, {"Ann": (0, 0), "Bob": (1, 1), "Cat": (2, 2, 3), "Dan": (5, 11, 3)})
    assert hand_entry.highest_off_key(game, "Ann", typed) == 0
    assert hand_entry.highest_off_key(game, "Bob", typed) == 2  # 8 in play, 6 won by Cat and Dan
    assert hand_entry.highest_off_key(game, "Dan", typed) == 5
    three = Xylotar(["Ann", "Bob", "Cat"], expansions=["off_key"])
    assert hand_entry.highest_off_key(three, "Ann", entries(three, {"Ann": (1, 1)})) == 3
    assert hand_entry.highest_off_key(three, "Ann", entries(three, {"Ann": (4, 4)})) == 6
