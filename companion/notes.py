"""A game's note, a hand's (or round's) note, and the day a game entered
afterwards was played (issue 28).

A note is the players' own words on a game ("Ann's birthday, at the
cottage"): kept with the game, in its record (`note`), in the history and in
BG Stats' comments. A round may have one too ("Bob dealt twice", "power cut,
replayed"): kept with the round (a correction to it keeps it; a round taken
back takes its note with it), in its record's round (`rounds[].note`), beside
the round on the game screen and in BG Stats' comments ("Hand 2: Bob dealt
twice"). Neither ever changes a score. A game played on paper and
entered afterwards gets the day it was played: its start and end are that
day at noon UTC (so the day reads the same in any time zone a phone is in),
not the moment its rounds were typed.
"""
from __future__ import annotations

from datetime import date, datetime, timezone

from .errors import Count, Said, said
from .players import shown

MAX_NOTE_LENGTH = 500
DAY_LENGTH = len("2026-11-28")  # the day a game was played, as typed


def clean_note(text: object) -> str | None:
    """The note as kept: spaces around it dropped, None for none; raises
    ValueError in players' words (a `Said`) for one that cannot be kept."""
    if text is None:
        return None
    if not isinstance(text, str):
        raise ValueError(said("A note is words: type it again."))
    text = text.strip()
    if not text:
        return None
    if len(text) > MAX_NOTE_LENGTH:
        raise ValueError(said("A note holds at most {most} characters; this one has {length}.",
                              most=Count(MAX_NOTE_LENGTH),
                              length=Count(len(text))))
    if any(not (ch.isprintable() or ch == "\n") for ch in text):
        raise ValueError(said("A note may hold words and new lines, not other control characters."))
    return text


def played_on(day: str, today: date | None = None) -> str:
    """The start (and end) of a game played on `day` ('2026-11-28') and
    entered afterwards: noon UTC that day. Raises ValueError in players'
    words (a `Said`) for a day that is not a date, or is still to come."""
    try:
        when = date.fromisoformat(day.strip())
    except (ValueError, AttributeError):
        # TRANSLATORS: {example} is today as it is typed: 2026-11-28
        raise ValueError(said("The day it was played is a date like {example}.",
                              example=date.today().isoformat())) from None
    today = today or datetime.now(timezone.utc).date()
    if when > today:
        raise ValueError(said("The day it was played cannot be after today."))
    return datetime(when.year, when.month, when.day, 12, tzinfo=timezone.utc).isoformat(timespec="seconds")


def set_note(game_id: int, text: object, uow) -> str | None:
    """Keep `text` as the game's note (empty: no note); the note as kept.
    Raises ValueError for a note that cannot be kept (nothing is stored),
    GameNotFound for a game that is not there."""
    note = clean_note(text)
    with uow:
        uow.games.get(game_id, history=False)  # a game deleted meanwhile is not there
        uow.games.set_note(game_id, note)
        uow.commit()
    return note


class NoSuchRound(ValueError):
    """A note for a round the game does not have (taken back on another
    screen meanwhile, say): refused in players' words (`args[0]`, a `Said`)."""


def no_such_round(word: str, number: object) -> Said:
    """'There is no hand 4 in this game.' (XYbrid: 'round'), in players' words."""
    if word == "hand":
        return said("There is no hand {number} in this game.", number=number)
    return said("There is no round {number} in this game.", number=number)


def set_round_note(game_id: int, number: int, text: object, uow) -> str | None:
    """Keep `text` as the note of round `number` (a Xylotar hand, an XYbrid
    round) of the game (empty: no note); the note as kept. Raises ValueError
    for a note that cannot be kept, NoSuchRound (a ValueError) for a round the
    game does not have, GameNotFound for a game that is not there: then
    nothing is stored."""
    note = clean_note(text)
    with uow:
        stored = uow.games.get(game_id, history=False)  # a game deleted meanwhile is not there
        played = len(stored.game.rounds)
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= played:
            raise NoSuchRound(no_such_round(stored.game.round_word, number if isinstance(number, int)
                                            else shown(number)))
        uow.games.set_round_note(game_id, number, note)
        uow.commit()
    return note
