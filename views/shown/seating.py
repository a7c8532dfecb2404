"""Seating a player on New game: the name as seated, or why it is refused, in
players' words. The name rule is companion.players'; the seat count is the
engine's. Said in the session's language (views/i18n)."""
from __future__ import annotations

from typing import Sequence

from companion.players import clean_name, name_key, name_problem

from .. import i18n


def refusal(name: str, seats: Sequence[str], *, most: int, game: str) -> str | None:
    """Why `name` cannot take a seat at a table of `seats` (at most `most`
    players of `game`, the engine's name), or None if it can."""
    speaker = i18n.spoken()
    why = name_problem(name)
    if why:
        why = speaker.say(why)  # the core's words (through the catalogs once kept as a message id), the name as typed
        return why[0].upper() + why[1:]
    key = name_key(clean_name(name))
    for seated in seats:
        if name_key(seated) == key:
            return speaker.gettext("{name} is already seated").format(name=seated)
    if len(seats) >= most:
        return speaker.ngettext("{game} seats at most {most} player", "{game} seats at most {most} players",
                                most).format(game=game, most=most)
    return None


def seated(name: str, seats: Sequence[str], *, most: int, game: str) -> tuple[tuple[str, ...], str | None]:
    """The seats after trying to seat `name`, and why it was refused (None when it was seated)."""
    why = refusal(name, seats, most=most, game=game)
    return (tuple(seats), why) if why else ((*seats, clean_name(name)), None)
