"""The roster: everyone who has played, shared by all games.

A name follows companion's one rule for names (`companion.players`):
trimmed, in Unicode's composed form, 1-40 characters, no control or
direction-changing characters, and unique regardless of case and of
invisible characters ("Ann" and "A\u200bnn" are one player). Games
point at players through their seats, so a rename shows everywhere at once
and no game or history entry is rewritten; so does a merge of two names that
are one person (each seat of the one becomes the other's). A player with no
games may leave the roster. The rules are companion's (`companion.roster`):
this module finds what they ask about and keeps what they allow.
"""
from __future__ import annotations

from sqlalchemy.orm import aliased
from sqlmodel import Session, col, func, select

from companion.players import name_key
from companion.roster import RosterError  # noqa: F401 (callers catch it as the store's)
from companion.roster import check_add, check_merge, check_remove, check_rename, checked_name, not_on_roster

from .tables import GameRow, Player, SeatRow


def key(name: str) -> str:
    """`name_key` as kept in `player.name_key`: equal keys, same player."""
    return name_key(name)


def find(session: Session, name: str) -> Player | None:
    return session.exec(select(Player).where(Player.name_key == key(name))).first()


def named(session: Session, uid: str) -> str | None:
    """The name the player with stable id `uid` goes by now, None for no one."""
    return session.exec(select(Player.name).where(Player.uid == uid)).first()


def names(session: Session) -> list[str]:
    """Everyone on the roster, alphabetically."""
    return sorted(session.exec(select(Player.name)).all(), key=str.casefold)


def add(session: Session, name: object) -> Player:
    """Put a new player on the roster; raises RosterError if the name is taken or not a name."""
    cleaned = checked_name(name)
    taken = find(session, cleaned)
    check_add(cleaned, taken.name if taken else None)
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
        raise not_on_roster(name)
    return player


def rename(session: Session, old: str, new: object) -> str:
    """Rename a player everywhere; raises RosterError naming the problem."""
    player = _on_roster(session, old)
    other = find(session, checked_name(new))
    cleaned = check_rename(new, other.name if other is not None and other.id != player.id else None)
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
    same = player.id == kept.id
    check_merge(player.name, kept.name, same=same, together=[] if same else _together(session, player, kept))
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
    check_remove(player.name, games=played, in_deleted=not played and session.exec(
        select(SeatRow.id).where(SeatRow.player_id == player.id)).first() is not None)
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
