"""Drafts as plain values (views/shown/drafts.py): where one is kept, how it
is written to the browser and read back, when a half-entered round is worth
keeping, and the words the round screen says about it."""
from views.shown import drafts
from views.shown.drafts import Draft

BLANK = {"Ann": {"bid": 0, "tricks": 0, "bonus_beat": None, "off_key_won": 0},
         "Bob": {"bid": 0, "tricks": 0, "bonus_beat": None, "off_key_won": 0}}


def test_the_next_round_and_each_correction_have_their_own_place():
    assert drafts.key(7, None) == "xyscore.draft.7.next"
    assert drafts.key(7, 2) == "xyscore.draft.7.round.2"
    assert len({drafts.key(7, None), drafts.key(7, 1), drafts.key(8, None), drafts.key(8, 1)}) == 4


def test_a_draft_comes_back_as_it_was_written_with_its_round_number():
    typed = {**BLANK, "Ann": {"bid": 3, "tricks": 2, "bonus_beat": "red_eleven", "off_key_won": 1,
                              "tricks_picked": True}}
    back = drafts.decode(drafts.encode(Draft(2, typed)))
    assert back == Draft(2, typed)


def test_what_is_not_a_draft_reads_as_none():
    for text in (None, "", "not json", "[1, 2]", '{"v": 1, "number": 2}', '{"v": 99, "number": 2, "entries": {}}',
                 '{"v": 1, "number": 0, "entries": {}}', '{"v": 1, "number": true, "entries": {}}', 42):
        assert drafts.decode(text) is None, text


def test_the_blank_or_stored_round_is_no_draft():
    assert not drafts.worth_keeping(BLANK, BLANK)
    picked_zero = {**BLANK, "Ann": {**BLANK["Ann"], "tricks_picked": True}}  # a tap on 0: the form's mark only
    assert drafts.worth_keeping(picked_zero, BLANK)
    assert not drafts.worth_keeping(picked_zero, BLANK, ignore=("tricks_picked",))
    bid = {**BLANK, "Bob": {**BLANK["Bob"], "bid": 1}}
    assert drafts.worth_keeping(bid, BLANK, ignore=("tricks_picked",))
    # lists (XYbrid's parts) are compared item by item
    assert not drafts.worth_keeping({"parts": [0, 1]}, {"parts": [0, 1]})
    assert drafts.worth_keeping({"parts": [0, 2]}, {"parts": [0, 1]})


def test_who_entered_it_and_where_in_players_words():
    assert drafts.where("Host", "Host") == "on the host's screen"
    assert drafts.where("Bob", "Host") == "on Bob's phone"
    assert drafts.where("", "Host") == "on another screen"
    assert drafts.clash_line("hand", 2, "Bob", "Host") == "Hand 2 was just entered on Bob's phone"
    assert drafts.clash_line("round", 4, "Host", "Host") == "Round 4 was just entered on the host's screen"
    assert drafts.restored_line("hand", 2) == "Your unsaved entry for hand 2 is back"


def test_a_stored_hand_one_compact_line_per_seat():
    raw = {"results": {"Ann": {"bid": 3, "tricks": 3, "bonus_beat": "red_eleven", "off_key_won": 1},
                       "Bob": {"bid": None, "tricks": 4, "bonus_beat": "no_bid_match"},
                       "Cat": {"bid": 0, "tricks": 0}}}
    lines = drafts.hand_lines(raw)
    assert lines[1].startswith("Bob: no bid, 4 tricks, Bonus Beat ")
    assert lines[2] == "Cat: bid 0, 0 tricks"
    assert lines[0].startswith("Ann: bid 3, 3 tricks, Bonus Beat ") and lines[0].endswith(", Off-Key 1")
    assert "red_eleven" not in lines[0] and "no_bid_match" not in lines[1]  # a card by its face
    sides = drafts.hand_lines({"results": {}, "side_players": {"left": {"bid": 1, "tricks": 2}}},
                              side_name=lambda side: f"Side {side}")
    assert sides == ["Side left: bid 1, 2 tricks"]


def test_a_draft_of_another_shape_is_not_brought_back():
    assert drafts.fits(BLANK, BLANK)
    typed = {**BLANK, "Ann": {**BLANK["Ann"], "bonus_beat": "red_eleven", "tricks_picked": True}}
    assert drafts.fits(typed, BLANK, ignore=("tricks_picked",))  # a card picked where none was
    assert not drafts.fits({"Ann": BLANK["Ann"], "Zed": BLANK["Bob"]}, BLANK)  # other players
    assert not drafts.fits({**BLANK, "Ann": {**BLANK["Ann"], "bid": "3"}}, BLANK)
    assert not drafts.fits({**BLANK, "Ann": {**BLANK["Ann"], "bid": True}}, BLANK)
    assert not drafts.fits([], BLANK)
    assert drafts.fits({"parts": [1, 2, 3]}, {"parts": []})


def test_a_player_renamed_while_the_hand_is_typed_keeps_what_was_typed_for_them():
    typed = {"Ann": {"bid": 3, "tricks": 2, "bonus_beat": None, "off_key_won": 0, "tricks_picked": True},
             "Bob": {"bid": 1, "tricks": 4, "bonus_beat": "red_eleven", "off_key_won": 1}}
    now = {"Ann": BLANK["Ann"], "Robert": BLANK["Bob"]}  # Bob renamed Robert on the host
    followed = drafts.follow(typed, now, ignore=("tricks_picked",))
    assert list(followed) == ["Ann", "Robert"]
    assert followed["Robert"] == typed["Bob"] and followed["Ann"] == typed["Ann"]
    assert drafts.fits(followed, now, ignore=("tricks_picked",))


def test_seats_that_cannot_be_told_apart_after_two_renames_start_blank_and_nothing_else_is_lost():
    typed = {"Ann": {"bid": 3, "tricks": 2, "bonus_beat": None, "off_key_won": 0},
             "Bob": {"bid": 1, "tricks": 4, "bonus_beat": None, "off_key_won": 0},
             "Cat": {"bid": 5, "tricks": 7, "bonus_beat": None, "off_key_won": 0}}
    blank = {"bid": 0, "tricks": 0, "bonus_beat": None, "off_key_won": 0}
    now = {"Ann": blank, "Bo": blank, "Cy": blank}
    followed = drafts.follow(typed, now)
    assert followed == {"Ann": typed["Ann"], "Bo": blank, "Cy": blank}


def test_an_xybrid_round_follows_a_renamed_player_inside_its_parts():
    typed = {"mode": "parts", "parts": {"Ann": {"legs": 2}, "Bob": {"legs": 4}}, "quick": {"Ann": 0, "Bob": 3}}
    now = {"mode": "quick", "parts": {"Ann": {"legs": 0}, "Rob": {"legs": 0}}, "quick": {"Ann": 0, "Rob": 0}}
    followed = drafts.follow(typed, now, ignore=("mode",))
    assert followed == {"mode": "parts", "parts": {"Ann": {"legs": 2}, "Rob": {"legs": 4}}, "quick": {"Ann": 0, "Rob": 3}}
