"""What Undo and Redo take back or put back, in players' words, for the game
screen's buttons and the notice after a tap: 'Undid: hand 3 as entered by
Ann', 'Redid: correction of hand 2 (Cat: bid 0 -> 1)', 'Undo hand 3'. No
Flet: the history's changes (companion/history.py) in, words out."""
from __future__ import annotations

from companion.history import Change, differences, redo_change, undo_change

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
    entered by Ann' (`history` as it is before the tap); None if nothing."""
    target = _target(history, undo_change(history))
    return f"Undid: {_what(target, word, host, whole=True)}" if target else None


def redid(history: list[Change], word: str, host: str) -> str | None:
    """What a Redo tapped now puts back: 'Redid: correction of hand 2 (Cat: bid 0 -> 1)'."""
    target = _target(history, redo_change(history))
    return f"Redid: {_what(target, word, host, whole=True)}" if target else None
