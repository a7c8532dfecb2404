"""What Undo and Redo take back or put back, in players' words, for the game
screen's buttons and the notice after a tap: 'Undid: hand 3 as entered by
Ann', 'Redid: correction of hand 2 (Cat: bid 0 -> 1)', 'Undo hand 3'; and
the question a correction that ends the game earlier asks (X8: 'Save it and
drop hand 4?'), the one a correction that reopens a finished game asks,
and what a saved correction changed. No Flet: the history's changes
(companion/history.py) and a correction's effects (companion/correction.py)
in, words out."""
from __future__ import annotations

from companion.correction import Effects
from companion.history import Change, differences, dropped_with, redo_change, undo_change
from companion.outcome import join_names, rounds_named as hands  # 'hand 4', 'hands 4 and 5'

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


def drop_question(word: str, ends_after: int, dropped: list[int]) -> str:
    """X8: a correction (of any round) that ends the game after round
    `ends_after`, before rounds already entered. 'This correction ends the
    game after hand 3, so hand 4 would not be needed. Save it and drop hand 4?'"""
    later = hands(word, dropped)
    return (f"This correction ends the game after {word} {ends_after}, so {later} would not be needed. "
            f"Save it and drop {later}?")


def reopen_question(winners: tuple[str, ...], explanation: str) -> str:
    """X8: a correction that opens a finished game again: 'This game is
    over: Bob won. With this correction, Bob and Cat tie at 20 points, ...:
    everyone plays another hand. Save it and reopen the game? ...'"""
    won = f"{join_names(winners)} {'won' if winners else ''}".strip()
    return (f"This game is over{': ' + won if won else ''}. With this correction, {explanation}. "
            "Save it and reopen the game? A result already sent to BG Stats would need sending again "
            "once the game is over.")


REOPEN_BUTTON = "Save and reopen"


def saved(history: list[Change], word: str, host: str, told: Effects) -> str:
    """What a correction just saved changed (`history` as it is after it):
    'Saved: correction of hand 1 (Bob: tricks 5 -> 6). Hand 4 dropped. Bob
    still led hand 2, as played; the corrected scores would have named Cat.
    Bob wins with 21 points.' (a new winner: '...; before this correction Cat won')"""
    change = history[-1] if history and history[-1].action == "correct" else None
    lines = [f"Saved: {_what(change, word, host, whole=True)}" if change else "Saved"]
    if told.dropped:
        lines.append(f"{hands(word, list(told.dropped)).capitalize()} dropped")
    lines += kept_said(word, told.kept)
    before, after = told.before, told.after
    if before.is_over and not after.is_over:
        lines.append(f"The game is open again: {after.explanation}")
    elif after.is_over and after.explanation != before.explanation:
        was = (f"; before this correction {join_names(before.winners)} won"
               if before.is_over and before.winners != after.winners else "")
        lines.append(after.explanation[:1].upper() + after.explanation[1:] + was)
    if told.next_turn:
        lines.append(f"Next: {told.next_turn}")
    return ". ".join(lines) + "."


def kept_said(word: str, kept: dict[int, tuple[str, tuple[str, ...]]], *, saved: bool = True) -> list[str]:
    """The later rounds whose starter stands as played though the corrected
    scores name someone else (companion.correction: `Effects.kept`, or
    `starters_kept` before saving): saved, 'Bob still led hand 2, as played;
    the corrected scores would have named Cat'; before, 'Hand 2 stays as
    played, led by Bob; the corrected scores would have named Cat'."""
    verb = "led" if word == "hand" else "started"
    if saved:
        return [f"{who} still {verb} {word} {number}, as played; the corrected scores would have named "
                f"{join_names(named)}" for number, (who, named) in kept.items()]
    return [f"{word.capitalize()} {number} stays as played, {verb} by {who}; the corrected scores would have "
            f"named {join_names(named)}" for number, (who, named) in kept.items()]


def drop_button(word: str, dropped: list[int]) -> str:
    return f"Save and drop {hands(word, dropped)}"
