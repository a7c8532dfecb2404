"""What Undo and Redo take back or put back, in players' words, for the game
screen's buttons and the notice after a tap: 'Undid: hand 3 as entered by
Ann', 'Redid: correction of hand 2 (Cat: bid 0 -> 1)', 'Undo hand 3'; and
the question a correction that ends the game earlier asks (X8: 'Save it and
drop hand 4?'), the one a correction that reopens a finished game asks,
and what a saved correction changed. No Flet: the history's changes
(companion/history.py) and a correction's effects (companion/correction.py)
in, words out, in the session's language (each sentence one message per
round word: Xylotar's 'hand', XYbrid's 'round')."""
from __future__ import annotations

from companion.correction import Effects
from companion.history import Change, differences, dropped_with, redo_change, undo_change

from .. import i18n
from ..i18n import N_
from .words import say


def _by_word(word: str, hand: str, round_: str) -> str:
    """The message for the game's round word: Xylotar's `hand` one, else XYbrid's `round_` one."""
    return hand if word == "hand" else round_


def _numbers(speaker: i18n.Speaker, numbers: list[int]) -> str:
    """'4', '4 and 5', '4, 5 und 6'."""
    return speaker.names([speaker.number(n) for n in numbers])


def hands(word: str, numbers: list[int], speaker: i18n.Speaker | None = None) -> str:
    """'hand 4', 'hands 4 and 5', 'hands 4, 5 and 6' (`word`: the game's round word)."""
    s = speaker or i18n.spoken()
    if word == "hand":
        text = s.ngettext("hand {numbers}", "hands {numbers}", len(numbers))
    else:
        text = s.ngettext("round {numbers}", "rounds {numbers}", len(numbers))
    return text.format(numbers=_numbers(s, numbers))


def _target(history: list[Change], step: Change | None) -> Change | None:
    """The change a step of undo or redo acts on (an entered or corrected round)."""
    if step is None or step.undoes is None or not 0 <= step.undoes < len(history):
        return None
    return history[step.undoes]


def _what(change: Change, word: str, host: str, *, whole: bool, s: i18n.Speaker) -> str:
    """'hand 3' or, whole, 'hand 3 as entered by Ann'; 'correction of hand 2'
    or, whole, with what it changed: 'correction of hand 2 (Cat: bid 0 -> 1)'."""
    if change.action == "correct":
        detail = "; ".join(s.say(line) for line in differences(change))
        # (each message marked on its own: Babel does not extract a N_ inside another call's arguments)
        if whole and detail:
            text = _by_word(word, N_("correction of hand {number} ({changes})"),
                            N_("correction of round {number} ({changes})"))
        else:
            text = _by_word(word, N_("correction of hand {number}"), N_("correction of round {number}"))
        return s.gettext(text).format(number=change.round, changes=detail)
    if change.action == "add" and whole:
        if change.author and change.author != host:
            text = _by_word(word, N_("hand {number} as entered by {author}"),
                            N_("round {number} as entered by {author}"))
        elif change.author == host:
            text = _by_word(word, N_("hand {number} as entered on the host's screen"),
                            N_("round {number} as entered on the host's screen"))
        else:
            text = _by_word(word, N_("hand {number} as entered on another screen"),
                            N_("round {number} as entered on another screen"))
        return s.gettext(text).format(number=change.round, author=change.author)
    text = _by_word(word, N_("hand {number}"), N_("round {number}"))
    return s.gettext(text).format(number=change.round)


def undo_tip(history: list[Change], word: str, host: str) -> str:
    """The Undo button's tooltip: 'Undo hand 3', 'Undo correction of hand 2', 'Nothing to undo'."""
    s = i18n.spoken()
    target = _target(history, undo_change(history))
    return (s.gettext("Undo {what}").format(what=_what(target, word, host, whole=False, s=s)) if target
            else s.gettext("Nothing to undo"))


def redo_tip(history: list[Change], word: str, host: str) -> str:
    s = i18n.spoken()
    target = _target(history, redo_change(history))
    return (s.gettext("Redo {what}").format(what=_what(target, word, host, whole=False, s=s)) if target
            else s.gettext("Nothing to redo"))


def undid(history: list[Change], word: str, host: str) -> str | None:
    """What an Undo tapped now takes back, said after it: 'Undid: hand 3 as
    entered by Ann' (`history` as it is before the tap); None if nothing. A
    correction that dropped later rounds brings them back: ', and hand 4 is back'."""
    s = i18n.spoken()
    step = undo_change(history)
    target = _target(history, step)
    if target is None:
        return None
    what = _what(target, word, host, whole=True, s=s)
    dropped = dropped_with(history, step)
    if not dropped:
        return s.gettext("Undid: {what}").format(what=what)
    if word == "hand":
        text = s.ngettext("Undid: {what}, and hand {numbers} is back", "Undid: {what}, and hands {numbers} are back",
                          len(dropped))
    else:
        text = s.ngettext("Undid: {what}, and round {numbers} is back",
                          "Undid: {what}, and rounds {numbers} are back", len(dropped))
    return text.format(what=what, numbers=_numbers(s, dropped))


def redid(history: list[Change], word: str, host: str) -> str | None:
    """What a Redo tapped now puts back: 'Redid: correction of hand 2 (Cat: bid 0 -> 1)'."""
    s = i18n.spoken()
    step = redo_change(history)
    target = _target(history, step)
    if target is None:
        return None
    what = _what(target, word, host, whole=True, s=s)
    dropped = dropped_with(history, step)
    if not dropped:
        return s.gettext("Redid: {what}").format(what=what)
    if word == "hand":
        text = s.ngettext("Redid: {what}, and hand {numbers} dropped again",
                          "Redid: {what}, and hands {numbers} dropped again", len(dropped))
    else:
        text = s.ngettext("Redid: {what}, and round {numbers} dropped again",
                          "Redid: {what}, and rounds {numbers} dropped again", len(dropped))
    return text.format(what=what, numbers=_numbers(s, dropped))


def drop_question(word: str, ends_after: int, dropped: list[int]) -> str:
    """X8: a correction (of any round) that ends the game after round
    `ends_after`, before rounds already entered. 'This correction ends the
    game after hand 3, so hand 4 would not be needed. Save it and drop hand 4?'"""
    s = i18n.spoken()
    if word == "hand":
        text = s.ngettext("This correction ends the game after hand {last}, so hand {numbers} would not be needed. "
                          "Save it and drop hand {numbers}?",
                          "This correction ends the game after hand {last}, so hands {numbers} would not be needed. "
                          "Save it and drop hands {numbers}?", len(dropped))
    else:
        text = s.ngettext("This correction ends the game after round {last}, so round {numbers} would not be "
                          "needed. Save it and drop round {numbers}?",
                          "This correction ends the game after round {last}, so rounds {numbers} would not be "
                          "needed. Save it and drop rounds {numbers}?", len(dropped))
    return text.format(last=ends_after, numbers=_numbers(s, dropped))


def reopen_question(winners: tuple[str, ...], explanation: str) -> str:
    """X8: a correction that opens a finished game again: 'This game is
    over: Bob won. With this correction, Bob and Cat tie at 20 points, ...:
    everyone plays another hand. Save it and reopen the game? ...'"""
    s = i18n.spoken()
    explanation = say(explanation, s)
    if winners:
        text = s.ngettext("This game is over: {winners} won. With this correction, {explanation}. Save it and "
                          "reopen the game? A result already sent to BG Stats would need sending again once the "
                          "game is over.",
                          "This game is over: {winners} won. With this correction, {explanation}. Save it and "
                          "reopen the game? A result already sent to BG Stats would need sending again once the "
                          "game is over.", len(winners))
    else:
        text = s.gettext("This game is over. With this correction, {explanation}. Save it and reopen the game? "
                         "A result already sent to BG Stats would need sending again once the game is over.")
    return text.format(winners=s.names(list(winners)), explanation=explanation)


REOPEN_BUTTON = N_("Save and reopen")  # said through the catalogs where shown: `reopen_button()`


def reopen_button() -> str:
    return i18n.spoken().gettext(REOPEN_BUTTON)


def saved(history: list[Change], word: str, host: str, told: Effects) -> str:
    """What a correction just saved changed (`history` as it is after it):
    'Saved: correction of hand 1 (Bob: tricks 5 -> 6). Hand 4 dropped. Bob
    still led hand 2, as played; the corrected scores would have named Cat.
    Bob wins with 21 points.' (a new winner: '...; before this correction Cat won')"""
    s = i18n.spoken()
    change = history[-1] if history and history[-1].action == "correct" else None
    lines = [s.gettext("Saved: {what}").format(what=_what(change, word, host, whole=True, s=s)) if change
             else s.gettext("Saved")]
    if told.dropped:
        dropped = list(told.dropped)
        text = (s.ngettext("Hand {numbers} dropped", "Hands {numbers} dropped", len(dropped)) if word == "hand" else
                s.ngettext("Round {numbers} dropped", "Rounds {numbers} dropped", len(dropped)))
        lines.append(text.format(numbers=_numbers(s, dropped)))
    lines += kept_said(word, told.kept)
    before, after = told.before, told.after
    explanation = say(after.explanation, s)
    if before.is_over and not after.is_over:
        lines.append(s.gettext("The game is open again: {explanation}").format(explanation=explanation))
    elif after.is_over and after.explanation != before.explanation:
        line = explanation[:1].upper() + explanation[1:]
        if before.is_over and before.winners != after.winners:
            line = s.ngettext("{explanation}; before this correction {winners} won",
                              "{explanation}; before this correction {winners} won", len(before.winners)).format(
                explanation=line, winners=s.names(list(before.winners)))
        lines.append(line)
    if told.next_turn:
        lines.append(s.gettext("Next: {turn}").format(turn=say(told.next_turn, s)))
    return s.gettext("{sentences}.").format(sentences=". ".join(lines))


def kept_said(word: str, kept: dict[int, tuple[str, tuple[str, ...]]], *, saved: bool = True) -> list[str]:
    """The later rounds whose starter stands as played though the corrected
    scores name someone else (companion.correction: `Effects.kept`, or
    `starters_kept` before saving): saved, 'Bob still led hand 2, as played;
    the corrected scores would have named Cat'; before, 'Hand 2 stays as
    played, led by Bob; the corrected scores would have named Cat'."""
    s = i18n.spoken()
    if saved:
        text = _by_word(word, N_("{who} still led hand {number}, as played; the corrected scores would have named "
                                 "{named}"),
                        N_("{who} still started round {number}, as played; the corrected scores would have named "
                           "{named}"))
    else:
        text = _by_word(word, N_("Hand {number} stays as played, led by {who}; the corrected scores would have "
                                 "named {named}"),
                        N_("Round {number} stays as played, started by {who}; the corrected scores would have "
                           "named {named}"))
    return [s.gettext(text).format(who=who, number=number, named=s.names(list(named)))
            for number, (who, named) in kept.items()]


def drop_button(word: str, dropped: list[int]) -> str:
    s = i18n.spoken()
    text = (s.ngettext("Save and drop hand {numbers}", "Save and drop hands {numbers}", len(dropped)) if word == "hand"
            else s.ngettext("Save and drop round {numbers}", "Save and drop rounds {numbers}", len(dropped)))
    return text.format(numbers=_numbers(s, dropped))
