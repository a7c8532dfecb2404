"""What Undo and Redo take back or put back, in players' words, for the game
screen's buttons and the notice after a tap: 'Undid: hand 3 as entered by
Ann', 'Redid: correction of hand 2 (Cat: bid 0 -> 1)', 'Undo hand 3'; and
the question a correction that ends the game earlier asks (X8: 'Save it and
drop hand 4?'). No Flet: the history's changes (companion/history.py) in,
words out."""
from __future__ import annotations

from companion.history import Change, differences, dropped_with, redo_change, undo_change
from companion.outcome import rounds_named as hands  # 'hand 4', 'hands 4 and 5'

from .drafts import where


def _target(history: list[Change], step: Change | None) -> Change | None:
    """The change a step of undo or redo acts on (an entered or corrected round)."""
    if step is None or step.undoes is None or not 0 <= step.undoes < len(history):
        return None
    return history[step.undoes]


def _what(change: Change, word: str, host: str, *, whole: bool) -> str:
    """'hand 3' or, whole, 'hand 3 as entered by Ann'; 'correction of hand 2'
    or, whole, with what it changed: 'correction of hand 2 (Cat: bid 0 -> 1)'."""
    if change.action == "correct":
        detail = "; ".join(differences(change))
        return f"correction of {word} {change.round}" + (f" ({detail})" if whole and detail else "")
    if change.action == "add" and whole:
        by = f"by {change.author}" if change.author and change.author != host else where(change.author, host)
        return f"{word} {change.round} as entered {by}"
    return f"{word} {change.round}"


def undo_tip(history: list[Change], word: str, host: str) -> str:
    """The Undo button's tooltip: 'Undo hand 3', 'Undo correction of hand 2', 'Nothing to undo'."""
    target = _target(history, undo_change(history))
    return f"Undo {_what(target, word, host, whole=False)}" if target else "Nothing to undo"


def redo_tip(history: list[Change], word: str, host: str) -> str:
    target = _target(history, redo_change(history))
    return f"Redo {_what(target, word, host, whole=False)}" if target else "Nothing to redo"


def undid(history: list[Change], word: str, host: str) -> str | None:
    """What an Undo tapped now takes back, said after it: 'Undid: hand 3 as
    entered by Ann' (`history` as it is before the tap); None if nothing. A
    correction that dropped later rounds brings them back: ', and hand 4 is back'."""
    step = undo_change(history)
    target = _target(history, step)
    if target is None:
        return None
    dropped = dropped_with(history, step)
    back = f", and {hands(word, dropped)} {'is' if len(dropped) == 1 else 'are'} back" if dropped else ""
    return f"Undid: {_what(target, word, host, whole=True)}{back}"


def redid(history: list[Change], word: str, host: str) -> str | None:
    """What a Redo tapped now puts back: 'Redid: correction of hand 2 (Cat: bid 0 -> 1)'."""
    step = redo_change(history)
    target = _target(history, step)
    if target is None:
        return None
    dropped = dropped_with(history, step)
    gone = f", and {hands(word, dropped)} dropped again" if dropped else ""
    return f"Redid: {_what(target, word, host, whole=True)}{gone}"


def drop_question(word: str, number: int, dropped: list[int]) -> str:
    """X8: a correction that ends the game before rounds already entered.
    'This correction ends the game after hand 3, so hand 4 would not be
    needed. Save it and drop hand 4?'"""
    later = hands(word, dropped)
    return (f"This correction ends the game after {word} {number}, so {later} would not be needed. "
            f"Save it and drop {later}?")


def drop_button(word: str, dropped: list[int]) -> str:
    return f"Save and drop {hands(word, dropped)}"
