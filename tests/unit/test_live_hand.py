"""The hand being played: secret bids, tricks tapped as they are won, and the
round they make when scored (issue 5)."""
import pytest

from companion import GameError, Xylotar, record
from companion.live_hand import LiveHand, SeatBid, StaleEntry, Trick, rename_seats
from tests.builders import hand, played

LEFT, RIGHT = "left side player", "right side player"


def bid_all(live: LiveHand, **bids) -> LiveHand:
    """Each named seat bids (a bid, or (bid, Bonus Beat)) for the first time."""
    for seat, value in bids.items():
        bid, card = value if isinstance(value, tuple) else (value, None)
        live.enter_bid(seat.replace("_", " "), bid, card, expected_version=0)
    return live


def tap(live: LiveHand, *winners: str, off_key: dict | None = None) -> LiveHand:
    """Record tricks in order; `off_key` maps a trick's position (1-based) to its Off-Key cards."""
    for number, winner in enumerate(winners, start=1):
        live.record_trick(winner, (off_key or {}).get(number, 0), expected_version=live.tricks_version)
    return live


# Secret bids: before scoring, anyone may see only who has bid.
def test_the_display_sees_who_has_bid_not_the_bids():
    live = bid_all(LiveHand(Xylotar(["Ann", "Bob", "Cat"])), Ann=3, Cat=0)
    assert live.who_has_bid() == {"Ann": True, "Bob": False, "Cat": True}
    assert not live.everyone_has_bid
    assert live.bids_of(["Ann"]) == {"Ann": SeatBid(3, None, 1)}


# B-NOBID: the 'no bid' Bonus Beat counts as having bid.
def test_no_bid_card_counts_as_bidding():
    game = Xylotar(["Ann", "Bob", "Cat"], expansions=["bonus_beats"])
    live = bid_all(LiveHand(game), Ann=(None, "no_bid_match"))
    assert live.who_has_bid()["Ann"]


# Two phones change one seat: the later one is told, and shown the current value.
def test_a_stale_bid_is_refused_with_the_current_value():
    live = LiveHand(Xylotar(["Ann", "Bob", "Cat"]))
    live.enter_bid("Ann", 3, None, expected_version=0)  # Ann's phone
    with pytest.raises(StaleEntry, match="Ann's bid was changed on another phone meanwhile; it is now bid 3") as raised:
        live.enter_bid("Ann", 4, None, expected_version=0)  # the host, who saw no bid yet
    assert raised.value.current == SeatBid(3, None, 1)
    assert live.enter_bid("Ann", 4, None, expected_version=1) == SeatBid(4, None, 2)


def test_a_bid_that_breaks_a_rule_is_refused_at_once():
    live = LiveHand(Xylotar(["Ann", "Bob", "Cat"], expansions=["bonus_beats"]))
    with pytest.raises(GameError, match=r"round 1, Ann: bid 10 is outside 0-8; 9 only with the 9 card "
                                        r"\(Yellow 9\) flipped this hand \(X4\)"):
        live.enter_bid("Ann", 10, None, expected_version=0)
    with pytest.raises(GameError, match=r"'8 for 0' needs a bid of 0, not 2 \(B5\)"):
        live.enter_bid("Ann", 2, "zero_bid_eight", expected_version=0)
    assert live.bids["Ann"] == SeatBid()  # nothing was stored


# B2: one of each card; a card flipped by one seat is refused to another in the same hand,
# without saying who flipped it: a phone sees only its own seat's bid and Bonus Beat until the hand is
# scored (docs/shared-table.md), so a refusal must not tell it another seat's card.
def test_a_bonus_beat_already_flipped_this_hand_is_refused():
    live = bid_all(LiveHand(Xylotar(["Ann", "Bob", "Cat"], expansions=["bonus_beats"])), Ann=(2, "over_by_one"))
    with pytest.raises(GameError, match=r"over_by_one was flipped by another player this hand too") as refused:
        live.enter_bid("Bob", 1, "over_by_one", expected_version=0)
    assert "Ann" not in str(refused.value)


# X4 (December 2026): at the table too, a bid of 11 needs Red 11 flipped by that seat this hand.
def test_a_phone_bids_11_only_with_red_11():
    live = LiveHand(Xylotar(["Ann", "Bob", "Cat", "Dev"], expansions=["bonus_beats"]))
    with pytest.raises(GameError, match=r"round 1, Ann: bid 11 needs the 11 card \(Red 11\) flipped this hand; "
                                        r"without it bids run 0-10 \(X4\)"):
        live.enter_bid("Ann", 11, None, expected_version=0)
    assert live.enter_bid("Ann", 11, "red_eleven", expected_version=0) == SeatBid(11, "red_eleven", 1)
    with pytest.raises(GameError, match=r"round 1, Bob: bid 11 needs the 11 card"):
        live.enter_bid("Bob", 11, "over_by_one", expected_version=0)


# X4, X9: a side player's bid, entered at the table, is 0-7 (0-8 with Off-Key).
def test_a_side_players_bid_at_the_table_is_0_to_7():
    live = LiveHand(Xylotar(["Ann", "Bob"]))
    with pytest.raises(GameError, match=r"round 1, left side player: bid 8 is outside 0-7"):
        live.enter_bid(LEFT, 8, None, expected_version=0)
    assert live.enter_bid(LEFT, 7, None, expected_version=0) == SeatBid(7, None, 1)
    assert LiveHand(Xylotar(["Ann", "Bob"], expansions=["off_key"])).enter_bid(
        RIGHT, 8, None, expected_version=0) == SeatBid(8, None, 1)


# B1/B5 (December 2026): a card dealt to another player is refused on the phone, without saying
# whose it is (P2: a player's unflipped cards stay secret).
def test_a_card_dealt_to_another_player_is_refused_on_the_phone_without_naming_them():
    game = Xylotar(["Ann", "Bob", "Cat"], expansions=["bonus_beats"], bonus_beats_dealt={"Cat": ["view_two", "lead_next"]})
    live = LiveHand(game)
    with pytest.raises(GameError) as refused:
        live.enter_bid("Ann", 2, "lead_next", expected_version=0)
    assert str(refused.value) == ("round 1, Ann: can't flip the lead next card: it was dealt to another player; "
                                  "there is one of each card (B1)")
    assert "Cat" not in str(refused.value)
    assert live.bids["Ann"] == SeatBid()
    assert live.enter_bid("Cat", 2, "lead_next", expected_version=0) == SeatBid(2, "lead_next", 1)


# B2: a card used in an earlier hand has left the game.
def test_a_bonus_beat_used_in_an_earlier_hand_is_refused():
    game = played("Ann Bob Cat", hand(Ann=(2, 2, "over_by_one"), Bob=(5, 5), Cat=(5, 5)), expansions=["bonus_beats"])
    with pytest.raises(GameError, match=r"over_by_one was already used in this game by Ann"):
        LiveHand(game).enter_bid("Bob", 1, "over_by_one", expected_version=0)


# X6/X7 then trick by trick: the hand's leader leads first, each trick's winner leads the next.
def test_who_leads_next_follows_the_tricks():
    game = Xylotar(["Ann", "Bob", "Cat"], dealer="Cat")
    live = LiveHand(game)
    assert live.leader == "Ann" == live.next_to_lead()
    tap(live, "Cat", "Bob")
    assert live.next_to_lead() == "Bob"
    assert live.tricks_won() == {"Ann": 0, "Bob": 1, "Cat": 1}
    assert (live.tricks_played, live.tricks_per_hand) == (2, 12)


# X7: a later hand is led by the lowest total, and its first trick too.
def test_the_first_trick_of_a_later_hand_is_led_by_the_hands_leader():
    game = played("Ann Bob Cat", hand(Ann=(4, 4), Bob=(1, 0), Cat=(8, 8)), dealer="Cat")
    assert LiveHand(game).next_to_lead() == "Bob" == game.next_leader()


def test_undo_takes_back_the_last_trick_and_the_lead_with_it():
    live = tap(LiveHand(Xylotar(["Ann", "Bob", "Cat"])), "Cat", "Bob")
    assert live.undo_trick(expected_version=2) == Trick("Bob")
    assert live.next_to_lead() == "Cat" and live.tricks_version == 3


def test_a_trick_tapped_on_a_stale_view_is_refused_with_the_tricks_as_they_are():
    live = tap(LiveHand(Xylotar(["Ann", "Bob", "Cat"])), "Cat")
    with pytest.raises(StaleEntry, match="tricks now: 1 Cat") as raised:
        live.record_trick("Bob", expected_version=0)  # a phone that had not seen trick 1
    assert raised.value.current == (Trick("Cat"),)


def test_no_trick_past_the_last_one_and_no_undo_before_the_first():
    live = LiveHand(Xylotar(["Ann", "Bob", "Cat"]))
    with pytest.raises(GameError, match="no trick is recorded in this hand yet"):
        live.undo_trick(expected_version=0)
    tap(live, *["Ann"] * 12)
    assert live.next_to_lead() is None
    with pytest.raises(GameError, match=r"all 12 tricks of this hand are recorded \(X3\)"):
        live.record_trick("Bob", expected_version=12)


# O1/O3: Off-Key cards in tricks only with Off-Key, and no more than are in play.
def test_off_key_cards_in_tricks_are_checked():
    plain = LiveHand(Xylotar(["Ann", "Bob", "Cat"]))
    with pytest.raises(GameError, match="played without Off-Key"):
        plain.record_trick("Ann", 1, expected_version=0)
    live = tap(LiveHand(Xylotar(["Ann", "Bob", "Cat"], expansions=["off_key"])), "Ann", "Bob",
               off_key={1: 3, 2: 3})
    with pytest.raises(GameError, match=r"7 Off-Key cards won, but only 6 are in play \(O3\)"):
        live.record_trick("Cat", 1, expected_version=2)
    with pytest.raises(GameError, match="a trick has 3 cards"):
        live.record_trick("Cat", 4, expected_version=2)
    assert live.off_key_won() == {"Ann": 3, "Bob": 3, "Cat": 0}


# Scoring needs no arithmetic: tracked tricks make the same round as typing the numbers.
def test_tracked_tricks_give_the_same_round_as_typing_the_numbers():
    game = Xylotar(["Ann", "Bob", "Cat"], expansions=["bonus_beats", "off_key"])
    bids = dict(Ann=(3, "over_by_one"), Bob=2, Cat=(None, "no_bid_match"))
    tracked = tap(bid_all(LiveHand(game), **bids), *["Ann"] * 4, *["Bob"] * 2, *["Cat"] * 6, off_key={1: 1, 7: 2})
    typed = bid_all(LiveHand(game), **bids)
    by_hand = record.round_to_dict(hand(Ann=(3, 4, "over_by_one", 1), Bob=(2, 2), Cat=(None, 6, "no_bid_match", 2)))
    assert tracked.round_dict() == by_hand
    assert typed.round_dict({"Ann": 4, "Bob": 2, "Cat": 6}, {"Ann": 1, "Cat": 2}) == by_hand
    game.push(record.round_from_dict(game, tracked.round_dict(), 1))  # and the engine takes it
    assert game.totals() == {"Ann": 4 + 5 - 1, "Bob": 2 + 5, "Cat": 6 - 2}


# X9: side players take tricks too; their bids come from the table, not a phone.
def test_side_players_bid_and_take_tricks_at_two_players():
    live = LiveHand(Xylotar(["Ann", "Bob"], dealer="Ann"))
    assert live.seats == ("Ann", "Bob", LEFT, RIGHT)
    assert live.leader == "Bob"
    bid_all(live, Ann=4, Bob=3, left_side_player=6, right_side_player=2)
    tap(live, *["Ann"] * 4, *["Bob"] * 2, *[LEFT] * 5, *[RIGHT] * 3)
    assert live.round_dict() == {
        "results": {"Ann": {"bid": 4, "tricks": 4}, "Bob": {"bid": 3, "tricks": 2}},
        "side_players": {"left": {"bid": 6, "tricks": 5}, "right": {"bid": 2, "tricks": 3}}}


def test_a_side_player_cannot_flip_a_bonus_beat():
    live = LiveHand(Xylotar(["Ann", "Bob"], expansions=["bonus_beats"]))
    with pytest.raises(GameError, match="side players have no Bonus Beats"):
        live.enter_bid(LEFT, 5, "over_by_one", expected_version=0)


def test_scoring_waits_for_every_bid_and_every_trick():
    live = tap(bid_all(LiveHand(Xylotar(["Ann", "Bob", "Cat"])), Ann=1, Bob=2), "Ann")
    with pytest.raises(GameError) as raised:
        live.round_dict()
    assert [str(p) for p in raised.value.problems] == [
        "round 1, Cat: has not bid yet (X4)",
        "round 1: 1 of 12 tricks recorded; record the rest, or type each seat's tricks (X3)"]


def test_typed_tricks_are_refused_once_tricks_were_tracked():
    live = tap(bid_all(LiveHand(Xylotar(["Ann", "Bob", "Cat"])), Ann=1, Bob=2, Cat=3), "Ann")
    with pytest.raises(GameError, match="tricks were tracked in this hand"):
        live.round_dict({"Ann": 4, "Bob": 4, "Cat": 4})


def test_every_write_moves_the_hands_version():
    live = LiveHand(Xylotar(["Ann", "Bob", "Cat"]))
    assert live.version == 0
    bid_all(live, Ann=1)
    tap(live, "Bob")
    live.undo_trick(expected_version=1)
    assert live.version == 3


def test_a_finished_game_has_no_hand_in_progress():
    game = played("Ann Bob Cat", *[hand(Ann=(4, 4), Bob=(1, 0), Cat=(8, 8))] * 3)
    with pytest.raises(GameError, match="the game is over"):
        LiveHand(game)


def test_what_is_stored_brings_back_the_same_hand_even_after_a_rename():
    game = Xylotar(["Ann", "Bob", "Cat"], expansions=["off_key"])
    live = tap(bid_all(LiveHand(game), Ann=1, Cat=2), "Cat", "Ann", off_key={2: 1})
    kept = rename_seats(live.to_dict(), {"Ann": "1", "Bob": "2", "Cat": "3"})
    assert set(kept["bids"]) == {"1", "3"}
    renamed = Xylotar(["Anne", "Bob", "Cat"], expansions=["off_key"])
    back = LiveHand.from_dict(renamed, rename_seats(kept, {"1": "Anne", "2": "Bob", "3": "Cat"}))
    assert back.bids["Anne"] == SeatBid(1, None, 1)
    assert back.tricks == [Trick("Cat"), Trick("Anne", 1)]
    assert back.version == live.version


# P3: the tricks typed at the end of a hand are one shared entry per seat.
def test_x3_typed_counts_are_versioned_per_seat_and_add_up_to_the_hand():
    hand = LiveHand(Xylotar(["Ann", "Bob", "Cat"], dealer="Cat"))
    before = hand.version
    hand.enter_count("Ann", 5, expected_version=0)
    assert hand.version == before + 1 and hand.tricks_typed == 5 and not hand.counts_add_up
    with pytest.raises(StaleEntry) as stale:
        hand.enter_count("Ann", 6, expected_version=0)
    assert stale.value.current.tricks == 5
    hand.enter_count("Bob", 7, expected_version=0)
    assert hand.counts_add_up and hand.typed() == ({"Ann": 5, "Bob": 7, "Cat": 0}, {"Ann": 0, "Bob": 0, "Cat": 0})
    again = LiveHand.from_dict(hand.game, hand.to_dict())
    assert again.counts == hand.counts and again.version == hand.version


def test_x3_o3_a_typed_count_out_of_range_or_beside_tracked_tricks_is_refused():
    game = Xylotar(["Ann", "Bob", "Cat"], dealer="Cat", expansions=["off_key"])
    hand = LiveHand(game)
    for tricks, off_key in ((13, 0), (-1, 0), (True, 0), (0, 1), (3, 9)):
        with pytest.raises(GameError):
            hand.enter_count("Ann", tricks, off_key, expected_version=0)
    hand.enter_count("Ann", 3, 2, expected_version=0)
    hand.record_trick("Bob", expected_version=0)
    with pytest.raises(GameError, match="tracked"):
        hand.enter_count("Bob", 1, expected_version=0)
    assert hand.counts["Bob"].version == 0


def test_renamed_seats_keep_their_typed_counts():
    data = {"bids": {}, "tricks": [], "counts": {"Ann": {"tricks": 2, "off_key_won": 0, "version": 1}}}
    assert rename_seats(data, {"Ann": "Anna"})["counts"] == {"Anna": {"tricks": 2, "off_key_won": 0, "version": 1}}
