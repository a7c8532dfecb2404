"""Issue 11: the round screen's entry as plain values: the last seat's tricks
fill themselves in, and each seat's score shows as the engine will score it."""
from companion import services
from views.shown import hand_entry


def four_players(**kwargs):
    return services.new_game("xylotar", ["Ann", "Bob", "Cat", "Dan"], dealer="Dan", **kwargs)


def test_the_last_seat_s_tricks_are_what_is_left_and_stay_editable():
    game = four_players()
    entries = hand_entry.blank(game)
    for seat, tricks in (("Ann", 4), ("Bob", 4)):
        entries = hand_entry.pick_tricks(game, entries, seat, tricks)
    assert [entries[s]["tricks"] for s in ("Cat", "Dan")] == [0, 0]  # two seats open: nothing filled in
    entries = hand_entry.pick_tricks(game, entries, "Cat", 2)
    assert entries["Dan"]["tricks"] == 4 and hand_entry.trick_sum(entries) == 14
    entries = hand_entry.pick_tricks(game, entries, "Cat", 3)  # an earlier seat changes: the last follows
    assert entries["Dan"]["tricks"] == 3
    entries = hand_entry.pick_tricks(game, entries, "Dan", 5)  # picked by hand, it is the player's
    entries = hand_entry.pick_tricks(game, entries, "Cat", 2)
    assert entries["Dan"]["tricks"] == 5 and hand_entry.trick_sum(entries) == 15
    assert "tricks_picked" not in hand_entry.to_round(game, entries)["results"]["Ann"]


def test_too_many_tricks_elsewhere_fill_nothing_in():
    game = four_players()
    entries = hand_entry.blank(game)
    for seat, tricks in (("Ann", 10), ("Bob", 4), ("Cat", 3)):
        entries = hand_entry.pick_tricks(game, entries, seat, tricks)
    assert entries["Dan"]["tricks"] == 0


def test_a_correction_fills_nothing_in():
    game = four_players()
    entries = hand_entry.tricks_all_picked(hand_entry.blank(game))
    for seat, tricks in (("Ann", 4), ("Bob", 4), ("Cat", 2)):
        entries = hand_entry.pick_tricks(game, entries, seat, tricks)
    assert entries["Dan"]["tricks"] == 0


def test_each_seat_shows_what_it_will_score():
    game = four_players(expansions=["bonus_beats", "off_key"])
    entries = hand_entry.blank(game)
    assert hand_entry.hand_scores(game, entries) == {"Ann": 5, "Bob": 5, "Cat": 5, "Dan": 5}  # 0 bid, 0 taken
    for seat, (bid, tricks) in {"Ann": (3, 4), "Bob": (4, 4), "Cat": (2, 2)}.items():
        entries = hand_entry.pick_tricks(game, entries, seat, tricks)
        entries[seat] = {**entries[seat], "bid": bid}
    entries["Ann"]["bonus_beat"] = "over_by_one"
    entries["Dan"]["off_key_won"] = 1
    scores = hand_entry.hand_scores(game, entries)
    assert scores == {"Ann": 9, "Bob": 9, "Cat": 7, "Dan": 3}
    assert [hand_entry.signed(scores["Dan"]), hand_entry.signed(0), hand_entry.signed(-1)] == ["+3", "0", "-1"]


def test_hand_three_counts_the_point_for_cards_never_flipped():
    game = four_players(expansions=["bonus_beats"])
    plain = {"results": {"Ann": {"bid": 2, "tricks": 2}, "Bob": {"bid": 4, "tricks": 4},
                         "Cat": {"bid": 3, "tricks": 3}, "Dan": {"bid": 5, "tricks": 5}}}
    for _ in range(2):
        game.push(services.record.round_from_dict(game, plain, len(game.hands) + 1))
    entries = hand_entry.from_round(game, plain)
    entries["Ann"]["bonus_beat"] = "flip_suit"
    got = hand_entry.hand_scores(game, entries)
    assert got == {"Ann": 7, "Bob": 10, "Cat": 9, "Dan": 11}  # B3: +1 to those who never flipped one


def test_a_seat_whose_entry_is_refused_shows_no_score_and_says_why_O3():
    """O3: Off-Key cards are won only in tricks taken. Ann's 4 cards left from before her tricks went back to 0:
    she is told why, and her line shows no "+1" as if it stood; the others' scores still show."""
    game = four_players(expansions=["off_key"])
    entries = hand_entry.blank(game)
    for seat, tricks in (("Ann", 0), ("Bob", 3), ("Cat", 3)):
        entries = hand_entry.pick_tricks(game, entries, seat, tricks)
    entries["Ann"]["off_key_won"] = 4
    blocking = hand_entry.problems(game, entries)
    assert [hand_entry.say(found) for found in blocking] == ["Ann: won 4 Off-Key cards in 0 tricks"]
    shown = hand_entry.scores_shown(game, entries, blocking)
    assert "Ann" not in shown and shown == {"Bob": 3, "Cat": 3, "Dan": 8}
