"""The roster: everyone who has played, shared by all games.

A name follows companion's one rule for names (`companion.players`):
trimmed, in Unicode's composed form, 1-40 characters, no control or
direction-changing characters, and unique regardless of case and of
invisible characters ("Ann" and "A\u200bnn" are one player). Games
point at players through their seats, so a rename shows everywhere at once
and no game or history entry is rewritten; so does a merge of two names that
are one person (each seat of the one becomes the other's). A player with no
games may leave the roster.
"""
from __future__ import annotations

from datetime import datetime

from sqlalchemy.orm import aliased
from sqlmodel import Session, col, func, select

from companion.players import clean_name, name_key, name_problem, shown

from .tables import GameRow, Player, SeatRow


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


def _on_roster(session: Session, name: object) -> Player:
    player = find(session, name) if isinstance(name, str) else None
    if player is None:
        raise RosterError(f"there is no player called {shown(name)} on the roster")
    return player


def rename(session: Session, old: str, new: object) -> str:
    """Rename a player everywhere; raises RosterError naming the problem."""
    player = _on_roster(session, old)
    cleaned = _checked(new)
    other = find(session, cleaned)
    if other is not None and other.id != player.id:
        raise RosterError(f"{other.name} is already on the roster: merge them instead?")
    player.name, player.name_key = cleaned, key(cleaned)
    session.add(player)
    session.flush()
    return cleaned



def games_played(session: Session) -> dict[str, int]:
    """Everyone on the roster, alphabetically, with how many games (not
    deleted) they sat at: one query."""
    shown_games = select(GameRow.id).where(col(GameRow.deleted_at).is_(None))
    counts = session.exec(
        select(Player.name, func.count(col(SeatRow.id)))
        .outerjoin(SeatRow, (col(SeatRow.player_id) == col(Player.id)) & col(SeatRow.game_id).in_(shown_games))
        .group_by(col(Player.id))).all()
    return dict(sorted(counts, key=lambda row: row[0].casefold()))


def merge(session: Session, name: str, into: str) -> list[int]:
    """Make `name` one player with `into`: each of `name`'s seats becomes
    `into`'s, and `name` leaves the roster. Seats keep their numbers, so no
    round, history entry, phone's link or hand in progress changes. The ids
    of the games that changed hands (deleted ones too: they still hold
    seats). Raises RosterError when either is not on the roster, they are one
    player already, or they sat at the same game (one person, one seat)."""
    player, kept = _on_roster(session, name), _on_roster(session, into)
    if player.id == kept.id:
        raise RosterError(f"That is {player.name} already: choose someone else to merge {player.name} into")
    together = _together(session, player, kept)
    if together:
        when = _day(together[-1])
        where = f"the game of {when}" if len(together) == 1 else f"{len(together)} games (the last on {when})"
        raise RosterError(f"{player.name} and {kept.name} both played in {where}: one person can't sit twice "
                          f"at one game, so they stay two players")
    seats = session.exec(select(SeatRow).where(SeatRow.player_id == player.id)).all()
    for seat in seats:
        seat.player_id = kept.id
        session.add(seat)
    session.flush()
    session.delete(player)
    session.flush()
    return sorted(seat.game_id for seat in seats)


def remove(session: Session, name: str) -> None:
    """Take a player who has no games off the roster; one with games is
    refused, saying to merge them instead (their games keep a name)."""
    player = _on_roster(session, name)
    played = games_played_by(session, player)
    if played:
        games = "1 game" if played == 1 else f"{played} games"
        raise RosterError(f"{player.name} has played {games}, which need their name: merge {player.name} "
                          f"into another player instead")
    if session.exec(select(SeatRow.id).where(SeatRow.player_id == player.id)).first() is not None:
        raise RosterError(f"{player.name} played in a game that was deleted, which still keeps the name: "
                          f"merge {player.name} into another player instead")
    session.delete(player)
    session.flush()


def games_played_by(session: Session, player: Player) -> int:
    """How many games (not deleted) `player` sat at."""
    return session.exec(select(func.count(col(SeatRow.id))).join(GameRow, col(GameRow.id) == col(SeatRow.game_id))
                        .where(SeatRow.player_id == player.id, col(GameRow.deleted_at).is_(None))).one()


def _together(session: Session, one: Player, other: Player) -> list[str]:
    """When each game started that both players sat at, oldest first."""
    second = aliased(SeatRow)
    return list(session.exec(
        select(GameRow.started_at).join(SeatRow, col(SeatRow.game_id) == col(GameRow.id))
        .join(second, col(second.game_id) == col(GameRow.id))
        .where(SeatRow.player_id == one.id, second.player_id == other.id)
        .order_by(col(GameRow.started_at))).all())


def _day(started_at: str) -> str:
    """'1 December 2026', from a game's start time (ISO 8601)."""
    try:
        when = datetime.fromisoformat(started_at)
    except ValueError:
        return started_at[:10]
    return f"{when.day} {when:%B %Y}"
