"""The change history: undo and redo are changes too, and a change says what it did."""
from companion.history import Change, differences, redo_change, undo_change

ENTERED = {"results": {"Ann": {"bid": 2, "tricks": 3}, "Bob": {"bid": 0, "tricks": 0}}}
FIXED = {"results": {"Ann": {"bid": 2, "tricks": 2}, "Bob": {"bid": 0, "tricks": 1}}}


def test_a_correction_names_each_field_it_changed():
    assert differences(Change("correct", 1, ENTERED, FIXED)) == ["Ann: tricks 3 -> 2", "Bob: tricks 0 -> 1"]


def test_entering_a_round_lists_no_differences():
    assert differences(Change("add", 1, None, ENTERED)) == []


def test_undo_then_redo_walk_back_and_forth_over_the_same_change():
    history = [Change("add", 1, None, ENTERED), Change("correct", 1, ENTERED, FIXED)]
    undo = undo_change(history, author="Cat")
    assert (undo.before, undo.after, undo.undoes, undo.author) == (FIXED, ENTERED, 1, "Cat")
    history.append(undo)
    redo = redo_change(history)
    assert (redo.before, redo.after, redo.undoes) == (ENTERED, FIXED, 1)
    history.append(redo)
    assert redo_change(history) is None
