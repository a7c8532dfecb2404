"""Tokens, table settings and hands in progress on SQLite: `uow.access` and `uow.live`.

Like the game repository, these map rows to companion's values and check no
rule: who may do what is `companion.access`, the hand is `companion.live_hand`,
and `companion.table_services` puts them together.
"""
from __future__ import annotations

import json
from typing import Callable

from sqlmodel import Session, col, select

from companion.access import Access, Role, TableSettings, looks_like_token, new_token, same_hash, token_hash
from companion.live_hand import rename_seats
from companion.services import GameNotFound, now

from .rows import seats_of
from .server import Raw, raw
from .tables import AccessRow, GameRow, LiveHandRow, RematchRow, TableSettingsRow


def _game(session: Session, game_id: int) -> GameRow:
    row = session.get(GameRow, game_id)
    if row is None or row.deleted_at is not None:
        raise GameNotFound(f"there is no game {game_id}")
    return row


def _access(row: AccessRow) -> Access:
    return Access(row.game_id, Role(row.role), row.seat, row.id, row.issued_at)


class SqlAccess:
    """Links and phones' sessions of each game, and its table settings."""

    def __init__(self, session: Session):
        self.session = session

    def issue(self, game_id: int, role: Role | str, seat: int | None = None) -> str:
        """A new token for `game_id` as `role` (a player's phone at `seat`,
        or, without one, a link). A new link replaces the game's live link of
        that role, whose token then opens nothing. Returns the token: the
        only time it can be read, since only its hash is stored."""
        _game(self.session, game_id)
        role = Role(role)
        if seat is None:
            for row in self._live(game_id, role=role, seat=None):
                self._revoke(row)
        token = new_token()
        self.session.add(AccessRow(game_id=game_id, role=role.value, seat=seat, token_hash=token_hash(token),
                                   issued_at=now()))
        self.session.flush()
        return token

    def resolve(self, token: str) -> Access | None:
        """What `token` opens, or None if it is wrong, revoked, or its game is gone."""
        if not looks_like_token(token):
            return None
        row = self.session.exec(select(AccessRow).where(AccessRow.token_hash == token_hash(token))).first()
        if row is None or row.revoked_at is not None or not same_hash(row.token_hash, token):
            return None
        game = self.session.get(GameRow, row.game_id)
        if game is None or game.deleted_at is not None:
            return None
        return _access(row)

    def current(self, access: Access) -> Access | None:
        """`access` if its token still opens its game (the host's own always does)."""
        if access.id is None:
            return access if access.role is Role.HOST else None
        row = self.session.get(AccessRow, access.id)
        if row is None or row.revoked_at is not None or row.game_id != access.game_id:
            return None
        return _access(row)

    def revoke(self, game_id: int, access_id: int) -> bool:
        """End link or phone `access_id` of the game; False if it was not live."""
        row = self.session.get(AccessRow, access_id)
        if row is None or row.game_id != game_id or row.revoked_at is not None:
            return False
        self._revoke(row)
        return True

    def list(self, game_id: int) -> list[Access]:
        """The game's live links and phones: links first, then seats in order."""
        rows = self._live(game_id)
        return [_access(row) for row in sorted(rows, key=lambda r: (r.seat is not None, r.seat or 0, r.id))]

    def settings(self, game_id: int) -> TableSettings:
        """What the host lets players do at the game (all off until changed)."""
        _game(self.session, game_id)
        row = self.session.get(TableSettingsRow, game_id)
        if row is None:
            return TableSettings()
        return TableSettings(row.track_tricks, row.players_track_tricks, row.players_score_hands)

    def change_settings(self, game_id: int, settings: TableSettings) -> None:
        _game(self.session, game_id)
        row = self.session.get(TableSettingsRow, game_id) or TableSettingsRow(game_id=game_id)
        row.track_tricks = settings.track_tricks
        row.players_track_tricks = settings.players_track_tricks
        row.players_score_hands = settings.players_score_hands
        self.session.add(row)
        self.session.flush()

    def rematch(self, game_id: int) -> int | None:
        """The game started as game `game_id`'s rematch, unless it was deleted; else None."""
        row = self.session.get(RematchRow, game_id)
        if row is None:
            return None
        rematch = self.session.get(GameRow, row.rematch_id)
        return row.rematch_id if rematch is not None and rematch.deleted_at is None else None

    def pass_on(self, game_id: int, rematch_id: int) -> None:
        """Game `rematch_id` is game `game_id`'s rematch (replacing a deleted
        one); the old game's live links and phones open the new one from now
        on: the same tokens, each phone at the same seat number."""
        _game(self.session, game_id)
        _game(self.session, rematch_id)
        row = self.session.get(RematchRow, game_id) or RematchRow(game_id=game_id, rematch_id=rematch_id)
        row.rematch_id = rematch_id
        self.session.add(row)
        for link in self._live(game_id):
            link.game_id = rematch_id
            self.session.add(link)
        self.session.flush()

    def _live(self, game_id: int, **where) -> list[AccessRow]:
        query = select(AccessRow).where(AccessRow.game_id == game_id, col(AccessRow.revoked_at).is_(None))
        if "role" in where:
            query = query.where(AccessRow.role == where["role"].value)
        if "seat" in where:
            seat = where["seat"]
            query = query.where(col(AccessRow.seat).is_(None) if seat is None else AccessRow.seat == seat)
        return list(self.session.exec(query.order_by(col(AccessRow.id))).all())

    def _revoke(self, row: AccessRow) -> None:
        row.revoked_at = now()
        self.session.add(row)
        self.session.flush()


class SqlLiveHands:
    """Xylotar hands in progress, as `companion.live_hand.LiveHand.to_dict` gives them."""

    def __init__(self, session: Session | None, names: Callable[[int], list[str]] | None = None,
                 driver: Callable[[], Raw] | None = None):
        """`names`: a game's players in seat order (the game repository's, which
        has them once it read the game); else they are read here. `driver`: the
        connection `stamp` and `update` use, if not the session's (models.store.LiveWrite)."""
        self.session = session
        if names is not None:
            self._names = names  # type: ignore[method-assign]
        if driver is not None:
            self._driver = driver  # type: ignore[method-assign]

    def get(self, game_id: int, number: int) -> dict | None:
        """Hand `number`'s entries, players named as they are called now; None if nothing was entered."""
        row = self._row(game_id, number)
        if row is None:
            return None
        names = self._names(game_id)
        return rename_seats(row.entries, {str(seat): name for seat, name in enumerate(names, start=1)})

    def put(self, game_id: int, number: int, entries: dict) -> None:
        """Store hand `number`'s entries (players kept by seat number, so a rename changes nothing)."""
        _game(self.session, game_id)
        names = self._names(game_id)
        kept = rename_seats(entries, {name: str(seat) for seat, name in enumerate(names, start=1)})
        row = self._row(game_id, number) or LiveHandRow(game_id=game_id, number=number, updated_at="")
        row.entries = kept
        row.updated_at = now()
        self.session.add(row)
        self.session.flush()

    def stamp(self, game_id: int, number: int | None) -> tuple | None:
        """What changes whenever the game's entries (its fingerprint, which a
        rename changes too), its live links and phones (another program, or
        another host, issued or ended one: the count of live ones and the
        newest's id) or hand `number`'s entries change: one statement. None if
        the game is gone."""
        found = self._driver().execute(
            "SELECT game.record_hash, game.deleted_at, CAST(live_hand.entries AS TEXT), "
            "(SELECT COUNT(*) FROM access WHERE access.game_id = game.id AND access.revoked_at IS NULL), "
            "(SELECT MAX(id) FROM access WHERE access.game_id = game.id) "
            "FROM game LEFT JOIN live_hand "
            "ON live_hand.game_id = game.id AND live_hand.number = ? WHERE game.id = ?", (number, game_id)).fetchone()
        if found is None or found[1] is not None:
            return None
        return found[0], (found[3], found[4]), json.loads(found[2]) if found[2] is not None else None

    def update(self, game_id: int, number: int, entries: dict, *, names: list[str], stamp: tuple) -> tuple:
        """`put` in one statement, for a caller that holds the game as `stamp`
        says the store has it (checked in this transaction) and its players,
        `names`, in seat order; the stamp after it."""
        kept = rename_seats(entries, {name: str(seat) for seat, name in enumerate(names, start=1)})
        text = json.dumps(kept)
        driver = self._driver()
        json_value = "CAST(? AS JSON)" if driver.server else "?"
        changed = driver.execute(f"UPDATE live_hand SET entries = {json_value}, updated_at = ? "
                                 "WHERE game_id = ? AND number = ?", (text, now(), game_id, number)).rowcount
        if not changed:
            driver.execute(f"INSERT INTO live_hand (game_id, number, entries, updated_at) VALUES (?, ?, {json_value}, ?)",
                           (game_id, number, text, now()))
        return stamp[0], stamp[1], json.loads(text)

    def _driver(self) -> Raw:
        """The driver's own connection (SQLite's or psycopg's), in this unit of work's transaction (begun, with
        its lock, if not yet): two statements a trick, where SQLAlchemy's own handling of each costs more than
        the statement."""
        return raw(self.session)

    def _row(self, game_id: int, number: int) -> LiveHandRow | None:
        query = select(LiveHandRow).where(LiveHandRow.game_id == game_id, LiveHandRow.number == number)
        return self.session.exec(query).first()

    def _names(self, game_id: int) -> list[str]:
        return [player.name for _, player in seats_of(self.session, game_id)]
