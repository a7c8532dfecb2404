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

Each check raises `RosterError`, a ValueError whose words are shown as they are.
"""
from __future__ import annotations

from datetime import datetime
from typing import Iterable

from .players import clean_name, name_key, name_problem, shown


class RosterError(ValueError):
    """A name the roster cannot take, or a player it does not have."""


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
    return RosterError(f"there is no player called {shown(name)} on the roster")


def check_add(name: object, taken: str | None) -> str:
    """The name to add; RosterError if it is no name, or `taken`, the roster's player of that name, has it."""
    cleaned = checked_name(name)
    if taken is not None:
        raise RosterError(f"That name is already taken: {taken!r} is already on the roster")
    return cleaned


def check_rename(new: object, other: str | None) -> str:
    """The new name; RosterError if it is no name, or `other`, another player, has it."""
    cleaned = checked_name(new)
    if other is not None:
        raise RosterError(f"{other} is already on the roster: merge them instead?")
    return cleaned


def check_merge(name: str, into: str, *, same: bool, together: list[str]) -> None:
    """RosterError if `name` and `into` are one player already (`same`), or
    both sat at the games that started at `together` (ISO 8601, oldest first)."""
    if same:
        raise RosterError(f"That is {name} already: choose someone else to merge {name} into")
    if together:
        when = _day(together[-1])
        where = f"the game of {when}" if len(together) == 1 else f"{len(together)} games (the last on {when})"
        raise RosterError(f"{name} and {into} both played in {where}: one person can't sit twice at one game, "
                          f"so they stay two players")


def check_remove(name: str, *, games: int, in_deleted: bool) -> None:
    """RosterError if `name` played `games` games (not deleted), or sat at a
    deleted game, which still keeps the name."""
    if games:
        said = "1 game" if games == 1 else f"{games} games"
        raise RosterError(f"{name} has played {said}, which need their name: merge {name} into another player "
                          f"instead")
    if in_deleted:
        raise RosterError(f"{name} played in a game that was deleted, which still keeps the name: merge {name} "
                          f"into another player instead")


def _day(started_at: str) -> str:
    """'1 December 2026', from a game's start time (ISO 8601)."""
    try:
        when = datetime.fromisoformat(started_at)
    except ValueError:
        return started_at[:10]
    return f"{when.day} {when:%B %Y}"
