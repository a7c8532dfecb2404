"""Xylotar: Unhinged - Bonus Beats (B1-B5)."""
import pytest

from companion import GameError, Xylotar, facts
from companion.xylotar import bonus_beats, scoring
from tests.builders import hand, played

BB = {"expansions": ["bonus_beats"]}
BB_OK = {"expansions": ["bonus_beats", "off_key"]}
PLAIN = hand(Ann=(3, 3), Bob=(3, 3), Cat=(2, 2), Dev=(0, 6))  # Ann 8, Bob 8, Cat 7, Dev 6


def refused(game: Xylotar, entered) -> list[tuple]:
    with pytest.raises(GameError) as error:
        game.push(entered)
    return [(p.round, p.player, p.rule) for p in error.value.problems]


def points(game: Xylotar, number: int = 1) -> dict[str, int]:
    return {name: b.total for name, b in game.results()[number - 1].scores.items()}


# B1: 20 cards in the box; without Off-Key, 16 at 4 players (no Yellow 9, no Off-Key cards).
def test_the_four_player_deck_without_off_key_has_sixteen_cards():
    deck = {card.id for card in bonus_beats.deck_for(4, off_key=False)}
    assert len(bonus_beats.CARDS) == 20
    assert len(deck) == 16
    assert "red_eleven" in deck
    assert not deck & {"yellow_nine", "off_key_swap", "off_key_bid", "off_key_no_penalty"}


# B1: at 3 players with Off-Key, the Yellow 9 replaces the Red 11 and the Off-Key cards join.
def test_the_three_player_deck_with_off_key_swaps_red_eleven_for_yellow_nine():
    deck = {card.id for card in bonus_beats.deck_for(3, off_key=True)}
    assert len(deck) == 19
    assert "yellow_nine" in deck and "red_eleven" not in deck
    assert {"off_key_swap", "off_key_bid", "off_key_no_penalty"} <= deck


# B1: each player is dealt exactly 2 cards.
def test_dealing_three_cards_to_a_player_is_refused():
    with pytest.raises(GameError, match=r"Ann: dealt 3 Bonus Beats; each player is dealt 2 \(B1\)"):
        Xylotar(["Ann", "Bob", "Cat"], bonus_beats_dealt={"Ann": ["view_two", "lead_next", "flip_suit"]}, **BB)


# B1: there is one of each card, so two players cannot be dealt the same one.
def test_the_same_card_dealt_to_two_players_is_refused():
    with pytest.raises(GameError, match="view_two was already dealt to Ann"):
        Xylotar(["Ann", "Bob", "Cat"], bonus_beats_dealt={"Ann": ["view_two", "lead_next"],
                                                          "Bob": ["view_two", "flip_suit"]}, **BB)


# B1: when the dealt cards are recorded, a player may only flip one of them.
def test_a_card_that_was_not_dealt_to_the_player_is_refused():
    game = Xylotar(["Ann", "Bob", "Cat", "Dev"], bonus_beats_dealt={"Ann": ["view_two", "lead_next"]}, **BB)
    assert refused(game, hand(Ann=(3, 3, "flip_suit"), Bob=(3, 3), Cat=(2, 2), Dev=(0, 6))) == [(1, "Ann", "B1")]


# B1/B5 (December 2026): one of each card, so a card dealt to one player is never flipped by another,
# even when that other player's own cards were not recorded. The refusal does not say who holds it.
def test_a_card_dealt_to_another_player_is_refused():
    game = Xylotar(["Ann", "Bob", "Cat", "Dev"], bonus_beats_dealt={"Bob": ["view_two", "lead_next"]}, **BB)
    with pytest.raises(GameError) as error:
        game.push(hand(Ann=(3, 3, "view_two"), Bob=(3, 3), Cat=(2, 2), Dev=(0, 6)))
    assert str(error.value) == ("round 1, Ann: can't flip the view 2 card: it was dealt to another player; "
                                "there is one of each card (B1)")
    assert "Bob" not in str(error.value) and "view_two" not in str(error.value)
    # Bob may flip it, and the others may still flip a card nobody was recorded as dealt.
    game.push(hand(Ann=(3, 3, "flip_suit"), Bob=(3, 3, "view_two"), Cat=(2, 2), Dev=(0, 6)))
    assert game.bonus_beats_used() == {"flip_suit": "Ann", "view_two": "Bob"}


# B1: a player whose own cards are recorded and who flips another's card gets one refusal, not two.
def test_a_card_of_another_player_flipped_by_a_player_with_recorded_cards_is_refused_once():
    game = Xylotar(["Ann", "Bob", "Cat", "Dev"], bonus_beats_dealt={"Ann": ["view_two", "lead_next"],
                                                                     "Bob": ["flip_suit", "zero_card"]}, **BB)
    with pytest.raises(GameError) as error:
        game.push(hand(Ann=(3, 3, "flip_suit"), Bob=(3, 3), Cat=(2, 2), Dev=(0, 6)))
    assert str(error.value) == "round 1, Ann: used flip_suit, which is not one of the 2 cards they were dealt (B1)"


# B1/B5: correcting an earlier hand is checked the same way.
def test_a_correction_that_flips_another_players_card_is_refused():
    game = played("Ann Bob Cat Dev", PLAIN, bonus_beats_dealt={"Dev": ["over_by_one", "view_two"]}, **BB)
    with pytest.raises(GameError, match=r"round 1, Cat: can't flip the # card: it was dealt to another player"):
        game.replace(1, hand(Ann=(3, 3), Bob=(3, 3), Cat=(2, 2, "over_by_one"), Dev=(0, 6)))
    assert game.hands[0] == PLAIN


# B1: Bonus Beats cannot be used in a game played without them.
def test_a_bonus_beat_in_a_game_without_the_expansion_is_refused():
    game = Xylotar(["Ann", "Bob", "Cat", "Dev"])
    assert refused(game, hand(Ann=(3, 3, "view_two"), Bob=(3, 3), Cat=(2, 2), Dev=(0, 6))) == [(1, "Ann", "B1")]


# B2: a flipped card leaves the game, so nobody can use it again.
def test_a_used_card_cannot_be_used_again():
    game = played("Ann Bob Cat Dev", hand(Ann=(3, 3, "view_two"), Bob=(3, 3), Cat=(2, 2), Dev=(0, 6)), **BB)
    assert refused(game, hand(Ann=(3, 3), Bob=(3, 3, "view_two"), Cat=(2, 2), Dev=(0, 6))) == [(2, "Bob", "B2")]


# B2: two players cannot flip the same card in one hand.
def test_two_players_flipping_the_same_card_in_one_hand_is_refused():
    game = Xylotar(["Ann", "Bob", "Cat", "Dev"], **BB)
    assert refused(game, hand(Ann=(3, 3, "view_two"), Bob=(3, 3, "view_two"), Cat=(2, 2), Dev=(0, 6))) == [
        (1, "Ann", "B2"), (1, "Bob", "B2")]


# B2 and B3: a flipped card counts as used even though it changes no score, so no unused point.
def test_a_card_flipped_for_nothing_still_counts_as_used():
    game = played("Ann Bob Cat Dev", hand(Ann=(3, 3, "view_two"), Bob=(3, 3), Cat=(2, 2), Dev=(0, 6)),
                  PLAIN, PLAIN, **BB)
    assert game.totals() == {"Ann": 24, "Bob": 25, "Cat": 22, "Dev": 19}


# B3: at the end of hand 3, a player who used neither card gets +1 on hand 3 only.
def test_players_who_used_no_card_get_one_point_on_hand_three():
    game = played("Ann Bob Cat Dev", hand(Ann=(3, 3, "lead_next"), Bob=(3, 3), Cat=(2, 2), Dev=(0, 6)),
                  PLAIN, **BB)
    assert points(game, 2) == {"Ann": 8, "Bob": 8, "Cat": 7, "Dev": 6}
    game.push(hand(Ann=(3, 3), Bob=(3, 3, "flip_suit"), Cat=(2, 2), Dev=(0, 6)))
    assert points(game, 3) == {"Ann": 8, "Bob": 8, "Cat": 8, "Dev": 7}
    assert game.results()[2].scores["Cat"].lines()[-1] == "no Bonus Beat flipped in 3 hands: +1"


# B3: without Bonus Beats there is no unused-cards point.
def test_no_unused_point_without_bonus_beats():
    game = played("Ann Bob Cat Dev", PLAIN, PLAIN, PLAIN)
    assert game.totals() == {"Ann": 24, "Bob": 24, "Cat": 21, "Dev": 18}


# B3 interpretation: a tiebreak hand gives no unused point, and cards still held may be used in it.
def test_a_tiebreak_hand_gives_no_unused_point_and_allows_held_cards():
    tie = hand(Ann=(0, 3), Bob=(0, 3), Cat=(0, 4), Dev=(0, 4))
    game = played("Ann Bob Cat Dev", PLAIN, PLAIN, tie, **BB)
    assert game.totals() == {"Ann": 20, "Bob": 20, "Cat": 19, "Dev": 17}
    assert game.outcome().status.value == "tiebreak_round_needed"
    game.push(hand(Ann=(3, 4, "over_by_one"), Bob=(0, 2), Cat=(0, 4), Dev=(0, 4)))
    assert points(game, 4) == {"Ann": 9, "Bob": 2, "Cat": 4, "Dev": 4}
    # Ann keeps the point she earned on hand 3: she had not used a card by then.
    assert game.totals() == {"Ann": 29, "Bob": 22, "Cat": 23, "Dev": 21}
    assert game.outcome().winners == ("Ann",)


# B4 (B-OVER): the # card also pays the bonus for exactly one trick over the bid, not two over or under.
@pytest.mark.parametrize("tricks, score", [(4, 9), (3, 8), (5, 5), (2, 2)])
def test_the_sharp_card_pays_exact_or_one_over(tricks, score):
    game = played("Ann Bob Cat Dev", hand(Ann=(3, tricks, "over_by_one"), Bob=(0, 0), Cat=(0, 0),
                                          Dev=(0, 14 - tricks)), **BB)
    assert points(game)["Ann"] == score


# B4 (B-UNDER): the b card also pays the bonus for exactly one trick under the bid.
@pytest.mark.parametrize("tricks, score", [(2, 7), (3, 8), (4, 4), (1, 1)])
def test_the_flat_card_pays_exact_or_one_under(tricks, score):
    game = played("Ann Bob Cat Dev", hand(Ann=(3, tricks, "under_by_one"), Bob=(0, 0), Cat=(0, 0),
                                          Dev=(0, 14 - tricks)), **BB)
    assert points(game)["Ann"] == score


# B4 (B-PLUS): +1 for each other seat that misses its bid; the card holder's own miss does not count.
def test_the_plus_one_card_pays_a_point_per_other_player_who_missed():
    game = played("Ann Bob Cat Dev", hand(Ann=(2, 3, "plus_one_per_miss"), Bob=(3, 3), Cat=(2, 4), Dev=(0, 4)),
                  **BB)
    assert points(game) == {"Ann": 5, "Bob": 8, "Cat": 4, "Dev": 4}


# B4 (B-PLUS) with B5: a "no bid" seat that matches nobody counts as a miss; a matching one does not.
def test_the_plus_one_card_counts_an_unmatched_no_bid_as_a_miss():
    unmatched = played("Ann Bob Cat Dev", hand(Ann=(3, 3, "plus_one_per_miss"), Bob=(None, 5, "no_bid_match"),
                                               Cat=(2, 2), Dev=(4, 4)), **BB)
    assert points(unmatched) == {"Ann": 9, "Bob": 5, "Cat": 7, "Dev": 9}
    matched = played("Ann Bob Cat Dev", hand(Ann=(3, 3, "plus_one_per_miss"), Bob=(None, 4, "no_bid_match"),
                                             Cat=(2, 2), Dev=(4, 5)), **BB)
    assert points(matched) == {"Ann": 9, "Bob": 9, "Cat": 7, "Dev": 5}


# B4: "8 for 0" pays 8 instead of 5 for a successful 0 bid, and nothing extra for a failed one.
@pytest.mark.parametrize("tricks, score", [(0, 8), (1, 1)])
def test_eight_for_zero_pays_eight_for_a_made_zero_bid(tricks, score):
    game = played("Ann Bob Cat Dev", hand(Ann=(0, tricks, "zero_bid_eight"), Bob=(0, 0), Cat=(0, 0),
                                          Dev=(0, 14 - tricks)), **BB)
    assert points(game)["Ann"] == score


# B4 (B-NOBID): no bid, and the bonus if the tricks equal any other seat's bid.
def test_no_bid_pays_the_bonus_when_the_tricks_match_another_bid():
    game = played("Ann Bob Cat Dev", hand(Ann=(None, 4, "no_bid_match"), Bob=(4, 2), Cat=(2, 2), Dev=(0, 6)), **BB)
    assert points(game)["Ann"] == 9


# B4 (B-NOBID): tricks that match no other seat's bid earn nothing extra.
def test_no_bid_without_a_matching_bid_scores_only_tricks():
    game = played("Ann Bob Cat Dev", hand(Ann=(None, 5, "no_bid_match"), Bob=(4, 2), Cat=(2, 2), Dev=(0, 5)), **BB)
    assert points(game)["Ann"] == 5
    assert "no bid card: no other seat bid 5" in game.results()[0].scores["Ann"].lines()


# B4: the ½ card cancels the -1 per Off-Key card won that hand (O3).
def test_the_half_card_cancels_the_off_key_penalty():
    game = played("Ann Bob Cat Dev", hand(Ann=(3, 3, "off_key_no_penalty", 2), Bob=(3, 3, None, 2),
                                          Cat=(2, 2), Dev=(0, 6)), **BB_OK)
    assert points(game) == {"Ann": 8, "Bob": 6, "Cat": 7, "Dev": 6}


# B4: cards without a scoring effect change play only; the score is as without them.
@pytest.mark.parametrize("card", ["zero_card", "change_bid", "flip_suit", "ignore_suit", "red_eleven",
                                  "view_three_bid", "view_two", "view_leftmost_three", "lead_next",
                                  "choose_leader", "lead_leftmost"])
def test_a_card_that_changes_play_only_leaves_the_score_alone(card):
    game = played("Ann Bob Cat Dev", hand(Ann=(3, 4, card), Bob=(3, 3), Cat=(2, 2), Dev=(0, 5)), **BB)
    assert points(game)["Ann"] == 4
    assert f"({card}) used; it changes play, not the score" in game.results()[0].scores["Ann"].lines()[-1]


# B5: a card not in the deck at this player count is refused (Yellow 9 at 4 players, Red 11 at 3).
def test_a_card_not_used_at_this_player_count_is_refused():
    four = Xylotar(["Ann", "Bob", "Cat", "Dev"], **BB)
    assert refused(four, hand(Ann=(3, 3, "yellow_nine"), Bob=(3, 3), Cat=(2, 2), Dev=(0, 6))) == [(1, "Ann", "B1")]
    three = Xylotar(["Ann", "Bob", "Cat"], **BB)
    with pytest.raises(GameError, match=r"the 11 card \(red_eleven\) is only used with 2, 4, 5 players"):
        three.push(hand(Ann=(2, 2, "red_eleven"), Bob=(5, 5), Cat=(0, 5)))


# B5: an Off-Key-only card without Off-Key is refused.
@pytest.mark.parametrize("card", ["off_key_swap", "off_key_bid", "off_key_no_penalty"])
def test_an_off_key_card_without_off_key_is_refused(card):
    game = Xylotar(["Ann", "Bob", "Cat", "Dev"], **BB)
    with pytest.raises(GameError, match=rf"round 1, Ann: .*\({card}\) is only used with Off-Key"):
        game.push(hand(Ann=(3, 3, card), Bob=(3, 3), Cat=(2, 2), Dev=(0, 6)))


# B5 (with B2): a third card in one game is refused.
def test_a_third_card_in_one_game_is_refused():
    game = played("Ann Bob Cat Dev", hand(Ann=(3, 3, "view_two"), Bob=(3, 3), Cat=(2, 2), Dev=(0, 6)),
                  hand(Ann=(3, 3, "lead_next"), Bob=(3, 3), Cat=(2, 2), Dev=(0, 6)), **BB)
    with pytest.raises(GameError, match=r"round 3, Ann: a third Bonus Beat in one game; each player has only 2"):
        game.push(hand(Ann=(3, 3, "flip_suit"), Bob=(3, 3), Cat=(2, 2), Dev=(0, 6)))


# B5: "8 for 0" with a bid other than 0 is refused.
def test_eight_for_zero_with_a_bid_of_two_is_refused():
    game = Xylotar(["Ann", "Bob", "Cat", "Dev"], **BB)
    with pytest.raises(GameError, match=r"round 1, Ann: '8 for 0' needs a bid of 0, not 2 \(B5\)"):
        game.push(hand(Ann=(2, 2, "zero_bid_eight"), Bob=(3, 4), Cat=(2, 2), Dev=(0, 6)))


# B5: a bid recorded together with "no bid" is refused.
def test_a_bid_with_the_no_bid_card_is_refused():
    game = Xylotar(["Ann", "Bob", "Cat", "Dev"], **BB)
    assert refused(game, hand(Ann=(3, 3, "no_bid_match"), Bob=(3, 3), Cat=(2, 2), Dev=(0, 6))) == [(1, "Ann", "B5")]


# B5: no bid without the "no bid" card is refused.
def test_a_missing_bid_without_the_no_bid_card_is_refused():
    game = Xylotar(["Ann", "Bob", "Cat", "Dev"], **BB)
    with pytest.raises(GameError, match=r"round 1, Ann: no bid entered; only the 'no bid' Bonus Beat"):
        game.push(hand(Ann=(None, 3), Bob=(3, 3), Cat=(2, 2), Dev=(0, 6)))


# B5: an unknown card is refused by name.
def test_an_unknown_card_is_refused():
    game = Xylotar(["Ann", "Bob", "Cat", "Dev"], **BB)
    with pytest.raises(GameError, match=r"round 1, Ann: unknown Bonus Beat 'double_points'"):
        game.push(hand(Ann=(3, 3, "double_points"), Bob=(3, 3), Cat=(2, 2), Dev=(0, 6)))


# B4: every card says through its hooks whether it scores; the six scoring cards are the ones printed so.
def test_the_scoring_cards_are_the_ones_with_hooks():
    scoring = {card.id for card in bonus_beats.CARDS if card.scoring}
    assert scoring == {"over_by_one", "under_by_one", "plus_one_per_miss", "zero_bid_eight",
                       bonus_beats.NO_BID, "off_key_no_penalty"}
    assert all(card.score_effect is None and card.bid_rule is None
               for card in bonus_beats.CARDS if card.id not in scoring)


# B4: what a card earned is in its seat's breakdown: the bonus it enabled (#, b, no bid), its +1s,
# the extra 3 of 8 for 0, the Off-Key penalty it spared (½); a card that changes play earns 0.
@pytest.mark.parametrize("seats, earned", [
    ({"Ann": (3, 4, "over_by_one")}, 5), ({"Ann": (3, 3, "over_by_one")}, 0), ({"Ann": (3, 5, "over_by_one")}, 0),
    ({"Ann": (3, 2, "under_by_one")}, 5), ({"Ann": (3, 3, "under_by_one")}, 0),
    ({"Ann": (0, 0, "zero_bid_eight")}, 3), ({"Ann": (0, 1, "zero_bid_eight")}, 0),
    ({"Ann": (None, 3, bonus_beats.NO_BID)}, 5), ({"Ann": (None, 4, bonus_beats.NO_BID)}, 0),
    ({"Ann": (3, 3, "plus_one_per_miss")}, 2), ({"Ann": (3, 4, "view_two")}, 0),
    ({"Ann": (3, 3, "off_key_no_penalty", 2)}, 2), ({"Ann": (3, 3, "off_key_no_penalty")}, 0),
])
def test_the_breakdown_says_what_the_card_earned(seats, earned):
    # Bob meets 3, Cat misses 2 with 3, Dev misses 0 with the rest: 14 tricks at 4 players.
    rest = 14 - seats["Ann"][1] - 3 - 3
    game = played("Ann Bob Cat Dev", hand(**seats, Bob=(3, 3), Cat=(2, 3), Dev=(0, rest)), **BB_OK)
    breakdown = game.results()[0].scores["Ann"]
    assert breakdown.card_points == earned
    assert all(game.results()[0].scores[name].card_points == 0 for name in ("Bob", "Cat", "Dev"))
    assert "card_points" not in breakdown.as_dict()  # the score output's keys stay as documented


# B4: the hand is scored through the cards' hooks alone: no card is named in the scoring or the facts.
def test_no_card_is_named_where_hands_are_scored():
    for module in (scoring, facts):
        source = open(module.__file__, encoding="utf-8").read()
        named = [card.id for card in bonus_beats.CARDS if f'"{card.id}"' in source or f"'{card.id}'" in source]
        assert named == [], module.__name__
    assert "NO_BID" not in open(scoring.__file__, encoding="utf-8").read()


# B4: a card scores by what its hooks say, whatever its id: a card made up here doubles the bid bonus.
def test_a_card_scores_by_its_hooks(monkeypatch):
    doubling = bonus_beats.BonusBeat("double_bonus", "x2", "Immediately after you bid.", "Double your bonus.",
                                     score_effect=lambda seat, facts: bonus_beats.Effect(bid_bonus=10))
    monkeypatch.setitem(bonus_beats.BY_ID, "double_bonus", doubling)
    entered = hand(Ann=(3, 3, "double_bonus"), Bob=(3, 3), Cat=(2, 3), Dev=(0, 5))
    scores = scoring.score_hand(entered)
    assert (scores["Ann"].total, scores["Ann"].bid_bonus, scores["Ann"].card_points) == (13, 10, 5)
    assert scores["Ann"].notes == ()


# B1: one of each card, 2 per player. In New game's "Record the dealt cards", a player is offered only the
# cards the set-up then takes: none already recorded for another player, and once their 2 are picked, only
# those (to put one back).
def test_b1_recording_the_dealt_cards_offers_a_player_only_cards_the_set_up_takes():
    from companion.xylotar.bonus_beats import CARDS, dealable_at_set_up
    players = ["Ann", "Bob", "Cat"]
    dealt = {"Ann": ["over_by_one", "view_two"], "Bob": ["lead_next"]}
    offered = {card.id for card in dealable_at_set_up(players, False, dealt, "Bob")}
    assert "over_by_one" not in offered and "view_two" not in offered and "lead_next" in offered
    for card in CARDS:
        if card.id == "lead_next":
            continue
        try:
            Xylotar(players, dealer="Cat", expansions=["bonus_beats"],
                    bonus_beats_dealt={**dealt, "Bob": ["lead_next", card.id]})
            taken = True
        except GameError:
            taken = False
        assert (card.id in offered) == taken, card.id
    assert {card.id for card in dealable_at_set_up(players, False, dealt, "Ann")} == {"over_by_one", "view_two"}
