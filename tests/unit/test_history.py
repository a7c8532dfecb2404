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


# X8: a correction that ends the game earlier drops the later hands; undo and redo take it as one step.
TIE_BROKEN = {"results": {"Ann": {"bid": 2, "tricks": 2}, "Bob": {"bid": 0, "tricks": 1}}}
TIEBREAK = {"results": {"Ann": {"bid": 1, "tricks": 1}, "Bob": {"bid": 2, "tricks": 2}}}


def dropped_step() -> list[Change]:
    return [Change("add", 3, None, ENTERED), Change("add", 4, None, TIEBREAK),
            Change("drop", 4, TIEBREAK, None), Change("correct", 3, ENTERED, TIE_BROKEN)]


def test_undo_takes_back_a_correction_and_the_hand_it_dropped_together_X8():
    from companion.history import dropped_with, undo_changes
    history = dropped_step()
    undone = undo_changes(history)
    # the correction first, then the dropped hand back
    assert [(c.round, c.after) for c in undone] == [(3, ENTERED), (4, TIEBREAK)]
    assert undo_change(history).round == 3 and dropped_with(history, undo_change(history)) == [4]
    history += undone
    assert undo_change(history).round == 4 and undo_change(history).after is None  # next: the tiebreak's own entry


def test_redo_puts_back_the_correction_and_drops_the_hand_again_X8():
    from companion.history import redo_changes, undo_changes
    history = dropped_step()
    history += undo_changes(history)
    redone = redo_changes(history)
    assert [(c.round, c.after) for c in redone] == [(4, None), (3, TIE_BROKEN)]
    history += redone
    assert redo_change(history) is None
    assert [(c.round, c.after) for c in undo_changes(history)] == [(3, ENTERED), (4, TIEBREAK)]


def test_a_new_change_after_an_undone_step_clears_redo():
    from companion.history import undo_changes
    history = dropped_step()
    history += undo_changes(history)
    history.append(Change("correct", 4, TIEBREAK, TIEBREAK))
    assert redo_change(history) is None
