"""The roster's rules, beside the name rule (`companion.players`) they build
on: one name, one player (X1, Y1). Whatever keeps a roster (the store,
models/roster.py; the tests' in-memory fake) asks these, so each refusal is
said once, in the same words:

- a name is added only if no one on the roster has it (`check_add`);
- a rename onto another player's name is refused, offering a merge
  (`check_rename`; the players screen asks `name_taken` first);
- a merge joins two players who never sat at one game (`check_merge`);
- a player leaves the roster only without games, deleted ones included,
  since those keep the name (`check_remove`).

Each check raises `RosterError`, a ValueError whose words are shown as they
are: a `Said` (companion/errors.py), English as a str, which a screen says in
its player's language (views/shown/roster_words.py); a day in it is a `Day`.
"""
from __future__ import annotations

from datetime import date, datetime
from typing import Iterable

from .errors import said, said_n
from .players import clean_name, name_key, name_problem, shown


class RosterError(ValueError):
    """A name the roster cannot take, or a player it does not have."""


class Day(date):
    """A day a refusal names: '1 December 2026' as a str (the command line's
    English); a screen writes it as its language does (views/i18n's `date`)."""

    def __format__(self, spec: str) -> str:
        return date.__format__(self, spec) if spec else str(self)

    def __str__(self) -> str:
        return f"{self.day} {self.strftime('%B %Y')}"


def checked_name(name: object) -> str:
    """`name` as the roster keeps it; RosterError if it cannot be a player's name."""
    why = name_problem(name)
    if why:
        raise RosterError(why)
    return clean_name(name)


def name_taken(typed: object, roster: Iterable[str], own: str | None = None) -> str | None:
    """The player on `roster` whose name `typed` is (the same name, in any
    case or with invisible characters), other than `own`; else None."""
    key = name_key(typed) if isinstance(typed, str) else None
    own_key = name_key(own) if own is not None else None
    return next((other for other in roster if name_key(other) == key and name_key(other) != own_key), None)


def not_on_roster(name: object) -> RosterError:
    return RosterError(said("there is no player called {name} on the roster", name=shown(name)))


def check_add(name: object, taken: str | None) -> str:
    """The name to add; RosterError if it is no name, or `taken`, the roster's player of that name, has it."""
    cleaned = checked_name(name)
    if taken is not None:
        # TRANSLATORS: {taken} is the name already on the roster, in quotes: 'Ann'
        raise RosterError(said("That name is already taken: {taken} is already on the roster", taken=repr(taken)))
    return cleaned


def check_rename(new: object, other: str | None) -> str:
    """The new name; RosterError if it is no name, or `other`, another player, has it."""
    cleaned = checked_name(new)
    if other is not None:
        raise RosterError(said("{other} is already on the roster: merge them instead?", other=other))
    return cleaned


def check_merge(name: str, into: str, *, same: bool, together: list[str]) -> None:
    """RosterError if `name` and `into` are one player already (`same`), or
    both sat at the games that started at `together` (ISO 8601, oldest first)."""
    if same:
        raise RosterError(said("That is {name} already: choose someone else to merge {name} into", name=name))
    if len(together) == 1:
        raise RosterError(said("{name} and {into} both played in the game of {day}: one person can't sit twice at "
                               "one game, so they stay two players", name=name, into=into, day=_day(together[-1])))
    if together:
        raise RosterError(said_n("{name} and {into} both played in {count} game (the last on {day}): one person "
                                 "can't sit twice at one game, so they stay two players",
                                 "{name} and {into} both played in {count} games (the last on {day}): one person "
                                 "can't sit twice at one game, so they stay two players",
                                 "count", name=name, into=into, count=len(together), day=_day(together[-1])))


def check_remove(name: str, *, games: int, in_deleted: bool) -> None:
    """RosterError if `name` played `games` games (not deleted), or sat at a
    deleted game, which still keeps the name."""
    if games:
        raise RosterError(said_n("{name} has played {count} game, which need their name: merge {name} into another "
                                 "player instead",
                                 "{name} has played {count} games, which need their name: merge {name} into another "
                                 "player instead", "count", name=name, count=games))
    if in_deleted:
        raise RosterError(said("{name} played in a game that was deleted, which still keeps the name: merge {name} "
                               "into another player instead", name=name))


def _day(started_at: str) -> Day | str:
    """'1 December 2026' (a `Day`), from a game's start time (ISO 8601)."""
    try:
        when = datetime.fromisoformat(started_at)
    except ValueError:
        return started_at[:10]
    return Day(when.year, when.month, when.day)
