"""The roster: everyone who has played, shared by all games.

A name follows companion's one rule for names (`companion.players`):
trimmed, in Unicode's composed form, 1-40 characters, no control or
direction-changing characters, and unique regardless of case and of
invisible characters ("Ann" and "A\u200bnn" are one player). Games
point at players through their seats, so a rename shows everywhere at once
and no game or history entry is rewritten.
"""
from __future__ import annotations

from sqlmodel import Session, select

from companion.players import clean_name, name_key, name_problem, shown

from .tables import Player


class RosterError(ValueError):
    """A name the roster cannot take, or a player it does not have."""


def key(name: str) -> str:
    """`name_key` as kept in `player.name_key`: equal keys, same player."""
    return name_key(name)


def find(session: Session, name: str) -> Player | None:
    return session.exec(select(Player).where(Player.name_key == key(name))).first()


def names(session: Session) -> list[str]:
    """Everyone on the roster, alphabetically."""
    return sorted(session.exec(select(Player.name)).all(), key=str.casefold)


def _checked(name: object) -> str:
    why = name_problem(name)
    if why:
        raise RosterError(why)
    return clean_name(name)


def add(session: Session, name: object) -> Player:
    """Put a new player on the roster; raises RosterError if the name is taken or not a name."""
    cleaned = _checked(name)
    taken = find(session, cleaned)
    if taken:
        raise RosterError(f"That name is already taken: {taken.name!r} is already on the roster")
    player = Player(name=cleaned, name_key=key(cleaned))
    session.add(player)
    session.flush()
    return player


def find_or_add(session: Session, name: str) -> Player:
    """The roster's player of this name (in any case), added if new."""
    return find(session, name) or add(session, name)


def rename(session: Session, old: str, new: object) -> str:
    """Rename a player everywhere; raises RosterError naming the problem."""
    player = find(session, old) if isinstance(old, str) else None
    if player is None:
        raise RosterError(f"there is no player called {shown(old)} on the roster")
    cleaned = _checked(new)
    other = find(session, cleaned)
    if other is not None and other.id != player.id:
        raise RosterError(f"That name is already taken: {other.name!r} is already on the roster; "
                          f"choose another name for {player.name!r}")
    player.name, player.name_key = cleaned, key(cleaned)
    session.add(player)
    session.flush()
    return cleaned

