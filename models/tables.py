"""The SQLite tables: what players entered, never a total.

Scores, leaders, outcomes and winners are recomputed by `companion` from these
rows. Players are people on a roster shared by all games; a game points at them
through its seats, so renaming a player never rewrites a game or its history.
Check constraints repeat the field limits so a row that breaks them cannot be
written by any code path.
"""
from __future__ import annotations

import uuid

from sqlalchemy import JSON, CheckConstraint, Column, Index, UniqueConstraint, text
from sqlmodel import Field, SQLModel

from companion.notes import MAX_NOTE_LENGTH as NOTE_LENGTH
from companion.players import MAX_NAME_LENGTH as NAME_LENGTH  # the name rule says how long a name may be


UID_LENGTH = 128  # a UUID; one given by schema 0013 to a row stored before is what BG Stats was sent then


def new_uid() -> str:
    """A stable id for a player or a game: a random UUID, the same on every host it moves to."""
    return str(uuid.uuid4())


class PlayerBase(SQLModel):
    name: str = Field(min_length=1, max_length=NAME_LENGTH)


class Player(PlayerBase, table=True):
    """Someone on the roster; `name_key` (the name casefolded) keeps names
    unique regardless of case."""

    __tablename__ = "player"
    __table_args__ = (
        CheckConstraint(f"length(name) BETWEEN 1 AND {NAME_LENGTH} AND name = trim(name)", name="name_trimmed"),
    )

    id: int | None = Field(default=None, primary_key=True)
    name_key: str = Field(unique=True)
    # Kept across renames and merges (a merge keeps the kept player's) and carried in the export (issue 27).
    uid: str = Field(default_factory=new_uid, max_length=UID_LENGTH, unique=True, index=True)


class GameRow(SQLModel, table=True):
    """One game as set up: which game, its expansions and dealer, or the
    XYbrid starter drawn for round 1 (Y5)."""

    __tablename__ = "game"
    __table_args__ = (
        CheckConstraint("kind IN ('xylotar', 'xybrid')", name="known_game"),
        Index("ix_game_record_hash", "record_hash"),
    )

    id: int | None = Field(default=None, primary_key=True)
    kind: str = Field(max_length=10)
    expansions: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    dealer_seat: int | None = Field(default=None, ge=1)  # Xylotar only: the seat number of the dealer (X6)
    # XYbrid only: round 1's starter when drawn at set-up, and the draw's seed (as text, like a round's).
    first_player_seat: int | None = Field(default=None, ge=1)
    draw_seed: str | None = Field(default=None, max_length=40)
    started_at: str = Field(max_length=40)  # ISO 8601, UTC
    deleted_at: str | None = Field(default=None, max_length=40)  # hidden from lists, never erased
    record_hash: str = Field(default="", max_length=64)  # how an import recognises a game it already has
    # The game's own id, kept when it moves to another host (export, then import): BG Stats' sourcePlayId.
    uid: str = Field(default_factory=new_uid, max_length=UID_LENGTH, unique=True, index=True)
    # An imported game's end as its record gives it (its history was written by the import); None: its history's.
    ended_at: str | None = Field(default=None, max_length=40)
    # The players' own words on the game (issue 28), and, for a game entered afterwards, the day it was
    # played: its end is then that day, not when its rounds were typed.
    note: str | None = Field(default=None, max_length=NOTE_LENGTH)
    played_on: bool = Field(default=False, sa_column_kwargs={"server_default": "0"})


class SeatRow(SQLModel, table=True):
    """A player's seat at one game; `number` runs clockwise from 1."""

    __tablename__ = "seat"
    __table_args__ = (
        UniqueConstraint("game_id", "number", name="one_player_per_seat"),
        UniqueConstraint("game_id", "player_id", name="one_seat_per_player"),
    )

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", ondelete="CASCADE")
    player_id: int = Field(foreign_key="player.id", ondelete="RESTRICT")
    number: int = Field(ge=1)
    bonus_beats_dealt: list[str] | None = Field(default=None, sa_column=Column(JSON(none_as_null=True)))
    # Entered by the player on their own phone: no other screen shows them while the game is played (P2).
    dealt_secret: bool = Field(default=False, sa_column_kwargs={"server_default": "0"})


class RoundRow(SQLModel, table=True):
    """One round (a Xylotar hand or an XYbrid round) of a game."""

    __tablename__ = "round"
    __table_args__ = (UniqueConstraint("game_id", "number", name="one_round_per_number"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", ondelete="CASCADE")
    number: int = Field(ge=1)
    # XYbrid: who started, as drawn (Y5). Xylotar: who led, only where recorded as played (X7, issue 25).
    first_player_seat: int | None = Field(default=None, ge=1)
    # XYbrid: the starter stands as played though a correction to an earlier round names someone else (Y5).
    starter_kept: bool = Field(default=False, sa_column_kwargs={"server_default": "0"})
    # The draw's seed as text: a 64-bit seed does not fit SQLite's signed integer.
    draw_seed: str | None = Field(default=None, max_length=40)
    # The players' own words on the round ("Bob dealt twice", issue 28); never scored, not in the fingerprint.
    note: str | None = Field(default=None, max_length=NOTE_LENGTH)


class BidRow(SQLModel, table=True):
    """One Xylotar seat's hand: a player's seat, or a side player at 2 players (X9)."""

    __tablename__ = "bid"
    __table_args__ = (
        CheckConstraint("(seat_id IS NULL) <> (side IS NULL)", name="player_or_side_player"),
        CheckConstraint("side IS NULL OR side IN ('left', 'right')", name="known_side"),
        CheckConstraint("tricks >= 0 AND off_key_won >= 0", name="counts_not_negative"),
    )

    id: int | None = Field(default=None, primary_key=True)
    round_id: int = Field(foreign_key="round.id", ondelete="CASCADE", index=True)
    seat_id: int | None = Field(default=None, foreign_key="seat.id", ondelete="CASCADE")
    side: str | None = Field(default=None, max_length=5)
    bid: int | None = Field(default=None, ge=0)  # None only with the 'no bid' Bonus Beat
    tricks: int = Field(ge=0)
    bonus_beat: str | None = Field(default=None, max_length=40)
    off_key_won: int = Field(default=0, ge=0)


class MonsterRow(SQLModel, table=True):
    """One XYbrid player's round: the monster deployed and parts left in hand;
    or, entered quickly, only the round's `total` infamy (no parts, hand 0)."""

    __tablename__ = "monster"
    __table_args__ = (CheckConstraint("hand >= 0", name="hand_not_negative"),)

    id: int | None = Field(default=None, primary_key=True)
    round_id: int = Field(foreign_key="round.id", ondelete="CASCADE", index=True)
    seat_id: int = Field(foreign_key="seat.id", ondelete="CASCADE")
    hand: int = Field(ge=0)
    total: int | None = None  # the round's infamy entered as one number (quick entry), instead of parts


class PartRow(SQLModel, table=True):
    """A monster part: its value and, where entered, its type (Y3)."""

    __tablename__ = "part"
    __table_args__ = (CheckConstraint("value >= 0", name="value_not_negative"),)

    id: int | None = Field(default=None, primary_key=True)
    monster_id: int = Field(foreign_key="monster.id", ondelete="CASCADE", index=True)
    position: int = Field(ge=0)
    value: int = Field(ge=0)
    type: str | None = Field(default=None, max_length=20)


class AdjustmentRow(SQLModel, table=True):
    """A signed infamy adjustment and its note (Y4); either may be absent
    when a player entered more notes than adjustments or the other way round."""

    __tablename__ = "adjustment"

    id: int | None = Field(default=None, primary_key=True)
    monster_id: int = Field(foreign_key="monster.id", ondelete="CASCADE", index=True)
    position: int = Field(ge=0)
    value: int | None = None
    note: str | None = None


class ChangeRow(SQLModel, table=True):
    """The append-only history: round `round` went from `before` to `after`.

    `before` and `after` name seats by number, not players by name, so a
    rename never makes old history point at nobody.
    """

    __tablename__ = "change"
    __table_args__ = (
        UniqueConstraint("game_id", "position", name="one_change_per_position"),
        CheckConstraint("action IN ('add', 'correct', 'drop', 'keep', 'undo', 'redo')", name="known_action"),
    )

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", ondelete="CASCADE")
    position: int = Field(ge=0)  # index in the game's history; `undoes` refers to it
    action: str = Field(max_length=10)
    round: int = Field(ge=1)
    before: dict | None = Field(default=None, sa_column=Column(JSON(none_as_null=True)))
    after: dict | None = Field(default=None, sa_column=Column(JSON(none_as_null=True)))
    author: str = Field(default="", max_length=NAME_LENGTH)
    at: str = Field(max_length=40)
    undoes: int | None = Field(default=None, ge=0)


class GameFactsRow(SQLModel, table=True):
    """A derived cache, never a source: what the statistics need from one game
    (`companion.facts.GameFacts.derived()` as JSON), worked out by companion
    from the game's entries. `fingerprint` is the game's `record_hash` and
    `version` companion's `FACTS_VERSION` when it was worked out; a row that
    differs in either, or is missing, is worked out again. Dropping every row
    loses nothing (see docs/store.md)."""

    __tablename__ = "game_facts"

    game_id: int = Field(foreign_key="game.id", ondelete="CASCADE", primary_key=True)
    fingerprint: str = Field(max_length=64)
    version: int
    facts: dict = Field(sa_column=Column(JSON, nullable=False))


# --- the shared table (issue 5): links, table settings, the hand in progress ---
class AccessRow(SQLModel, table=True):
    """A link or a phone's session: a token for one game, as a role and, for a
    seated player, a seat. Only the token's SHA-256 is kept; revoking keeps the
    row (with when) so the token stays dead."""

    __tablename__ = "access"
    __table_args__ = (
        CheckConstraint("role IN ('host', 'player', 'display')", name="known_role"),
        CheckConstraint("seat IS NULL OR role = 'player'", name="only_players_sit"),
        # One live phone per seat, and one live link per role (join, display, host) per game.
        Index("one_live_phone_per_seat", "game_id", "seat", unique=True,
              sqlite_where=text("revoked_at IS NULL AND seat IS NOT NULL"),
              postgresql_where=text("revoked_at IS NULL AND seat IS NOT NULL")),
        Index("one_live_link_per_role", "game_id", "role", unique=True,
              sqlite_where=text("revoked_at IS NULL AND seat IS NULL"),
              postgresql_where=text("revoked_at IS NULL AND seat IS NULL")),
    )

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", ondelete="CASCADE", index=True)
    role: str = Field(max_length=10)
    seat: int | None = Field(default=None, ge=1)
    token_hash: str = Field(unique=True, min_length=64, max_length=64)
    issued_at: str = Field(max_length=40)
    revoked_at: str | None = Field(default=None, max_length=40)


class TableSettingsRow(SQLModel, table=True):
    """What the host lets players do at one game (companion.access.TableSettings)."""

    __tablename__ = "table_settings"

    game_id: int = Field(foreign_key="game.id", ondelete="CASCADE", primary_key=True)
    track_tricks: bool = False
    players_track_tricks: bool = False
    players_score_hands: bool = False


class LiveHandRow(SQLModel, table=True):
    """A Xylotar hand in progress (companion.live_hand): bids and tricks as
    entered, seats named by number ("1" is seat 1; side players by side)."""

    __tablename__ = "live_hand"
    __table_args__ = (UniqueConstraint("game_id", "number", name="one_live_hand_per_number"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", ondelete="CASCADE")
    number: int = Field(ge=1)
    entries: dict = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    updated_at: str = Field(max_length=40)


# --- this host's own settings, for every game (issue 13): where it plays ---
class HostSettingRow(SQLModel, table=True):
    """One setting of this host (companion.host_settings): text by key."""

    __tablename__ = "host_setting"

    key: str = Field(primary_key=True, max_length=40)
    value: str = Field(max_length=400)


# --- a rematch (issue 13): the next game at the same table ---
class RematchRow(SQLModel, table=True):
    """Game `rematch_id` was started as game `game_id`'s rematch (same seats,
    settings and links): a finished game has at most one rematch."""

    __tablename__ = "rematch"

    game_id: int = Field(foreign_key="game.id", ondelete="CASCADE", primary_key=True)
    rematch_id: int = Field(foreign_key="game.id", ondelete="CASCADE", unique=True)
