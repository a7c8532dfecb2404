"""Undo and Redo say what they take back or put back, in players' words
(views/shown/undo_words.py), from the game's history (companion/history.py)."""
from companion.history import Change, redo_change, undo_change, undo_changes
from views.shown import undo_words

HOST = "Host"
HAND_1 = {"results": {"Ann": {"bid": 1, "tricks": 1}, "Cat": {"bid": 0, "tricks": 3}}}
HAND_1_FIXED = {"results": {"Ann": {"bid": 1, "tricks": 1}, "Cat": {"bid": 1, "tricks": 3}}}


def with_step(history, step):
    return history + [step]


def test_nothing_to_undo_or_redo():
    assert undo_words.undid([], "hand", HOST) is None
    assert undo_words.redid([], "hand", HOST) is None
    assert undo_words.undo_tip([], "hand", HOST) == "Nothing to undo"
    assert undo_words.redo_tip([], "hand", HOST) == "Nothing to redo"


def test_undoing_an_entered_hand_says_which_and_who_entered_it():
    history = [Change("add", 1, None, HAND_1, "Host"), Change("add", 2, None, HAND_1, "Ann")]
    assert undo_words.undo_tip(history, "hand", HOST) == "Undo hand 2"
    assert undo_words.undid(history, "hand", HOST) == "Undid: hand 2 as entered by Ann"
    history = with_step(history, undo_change(history, author="Host"))
    assert undo_words.undo_tip(history, "hand", HOST) == "Undo hand 1"
    assert undo_words.undid(history, "hand", HOST) == "Undid: hand 1 as entered on the host's screen"
    # and Redo puts back hand 2, as Ann entered it
    assert undo_words.redo_tip(history, "hand", HOST) == "Redo hand 2"
    assert undo_words.redid(history, "hand", HOST) == "Redid: hand 2 as entered by Ann"


def test_a_correction_says_what_it_changed():
    history = [Change("add", 1, None, HAND_1, "Host"), Change("correct", 1, HAND_1, HAND_1_FIXED, "Cat")]
    assert undo_words.undo_tip(history, "hand", HOST) == "Undo correction of hand 1"
    assert undo_words.undid(history, "hand", HOST) == "Undid: correction of hand 1 (Cat: bid 0 -> 1)"
    history = with_step(history, undo_change(history))
    assert undo_words.redid(history, "hand", HOST) == "Redid: correction of hand 1 (Cat: bid 0 -> 1)"
    history = with_step(history, redo_change(history))
    assert undo_words.redo_tip(history, "hand", HOST) == "Nothing to redo"
    assert undo_words.undid(history, "hand", HOST) == "Undid: correction of hand 1 (Cat: bid 0 -> 1)"


def test_in_the_games_own_word_for_a_round():
    history = [Change("add", 1, None, {"results": {}}, "Bob")]
    assert undo_words.undid(history, "round", HOST) == "Undid: round 1 as entered by Bob"


HAND_3 = {"results": {"Bob": {"bid": 0, "tricks": 5}, "Cat": {"bid": 0, "tricks": 6}}}
HAND_3_FIXED = {"results": {"Bob": {"bid": 0, "tricks": 6}, "Cat": {"bid": 0, "tricks": 5}}}


def test_a_correction_that_dropped_a_later_hand_says_it_comes_back_X8():
    history = [Change("add", n, None, HAND_1, "Ann") for n in (1, 2)] + [Change("add", 3, None, HAND_3, "Ann"),
                                                                         Change("add", 4, None, HAND_1, "Ann")]
    history += [Change("drop", 4, HAND_1, None, "Bob"), Change("correct", 3, HAND_3, HAND_3_FIXED, "Bob")]
    assert undo_words.undo_tip(history, "hand", HOST) == "Undo correction of hand 3"
    assert undo_words.undid(history, "hand", HOST) == (
        "Undid: correction of hand 3 (Bob: tricks 5 -> 6; Cat: tricks 6 -> 5), and hand 4 is back")
    history += undo_changes(history)  # one row per change of the step
    assert undo_words.redid(history, "hand", HOST) == (
        "Redid: correction of hand 3 (Bob: tricks 5 -> 6; Cat: tricks 6 -> 5), and hand 4 dropped again")


def test_the_question_before_dropping_later_hands_X8():
    assert undo_words.drop_question("hand", 3, [4]) == (
        "This correction ends the game after hand 3, so hand 4 would not be needed. Save it and drop hand 4?")
    assert undo_words.drop_button("hand", [4]) == "Save and drop hand 4"
    assert undo_words.drop_button("hand", [4, 5]) == "Save and drop hands 4 and 5"
    assert undo_words.hands("hand", [4, 5, 6]) == "hands 4, 5 and 6"
