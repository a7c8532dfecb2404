"""Who may do what at a shared table: the host, a player's phone, the display.

The host (the device serving the game) may do everything. A player joins a
game through its join link, picks a free seat, and from then on enters their
own bid and Bonus Beat, plus whatever the table's `TableSettings` let players
do. The display only shows the game. `may` answers every question of this
kind with a `Decision` whose reason is in the players' words (a `Said`: English
as a str, said in each player's language on a screen).

Links and phones carry tokens: at least 128 bits from `secrets`, URL-safe and
free of dots (a route segment with a dot does not reach the app). The store
keeps only a token's SHA-256, so a copy of the database opens no table.
"""
from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass
from enum import StrEnum
from typing import Iterable, Sequence

from .errors import said
from .xylotar import SIDE_PLAYERS
from .xylotar.hand import side_player_name

TOKEN_BYTES = 24  # 192 bits; token_urlsafe writes them as 32 characters
_TOKEN_SHAPE = re.compile(r"[A-Za-z0-9_-]{32}")
SIDE_SEATS = tuple(side_player_name(side) for side in SIDE_PLAYERS)


class Role(StrEnum):
    HOST = "host"
    PLAYER = "player"
    DISPLAY = "display"


class Action(StrEnum):
    VIEW = "view"  # see the game, who has bid, the tricks
    JOIN_SEAT = "join_seat"  # a player picks a free seat
    ENTER_BID = "enter_bid"  # a seat's bid and the Bonus Beat it flipped (public once sent, P1)
    ENTER_DEALT = "enter_dealt"  # a player's 2 dealt Bonus Beats, secret (P2): on their own phone only
    ENTER_TRICKS = "enter_tricks"  # a seat's tricks (and Off-Key cards) won, typed when the hand ends (P3)
    TRACK_TRICKS = "track_tricks"  # tap who won a trick, or undo the last one
    SCORE_HAND = "score_hand"  # confirm the hand in progress, which scores it
    EDIT_ROUNDS = "edit_rounds"  # type, correct, undo or redo whole rounds
    MANAGE_TABLE = "manage_table"  # links, revoking, the table settings
    REMATCH = "rematch"  # start the next game at the same table, from a finished one (the host only)


@dataclass(frozen=True)
class TableSettings:
    """What the table's scorekeeper (the host) lets players do, per game."""

    track_tricks: bool = False  # tricks are tapped as they are won (else typed when the hand is scored)
    players_track_tricks: bool = False  # players may tap trick winners, and type the side players' bids
    players_score_hands: bool = False  # players may confirm (score) the hand


@dataclass(frozen=True)
class Access:
    """What a token opens: a game, a role and, for a seated player, their seat
    number (1-based, clockwise). `id` is the stored token's id (None for the
    host's own app, which needs no token); `issued_at` is ISO 8601, UTC."""

    game_id: int
    role: Role
    seat: int | None = None
    id: int | None = None
    issued_at: str = ""

    @classmethod
    def host(cls, game_id: int) -> "Access":
        """The host's own app, on the machine that serves the game."""
        return cls(game_id, Role.HOST)

    @property
    def is_join_link(self) -> bool:
        """A player link not yet tied to a seat: it may only pick one."""
        return self.role is Role.PLAYER and self.seat is None


@dataclass(frozen=True)
class Decision:
    """Whether something may be done, and if not, why, in words to show."""

    allowed: bool
    reason: str = ""

    def __bool__(self) -> bool:
        return self.allowed


class NotAllowed(PermissionError):
    """Raised when a role tries what it may not; `reason` is the words to show."""

    def __init__(self, reason: str):
        self.reason = reason
        super().__init__(reason)


YES = Decision(True)
_DISPLAY_ONLY = said("The table display only shows the game; enter things from a phone or the host.")
_HOST_ONLY = said("Only the host can do that.")
_OWN_CARDS = said("Each player enters the Bonus Beats they were dealt on their own phone: they stay secret.")


def may(role: Role, action: Action, *, own_seat: str | None = None, seat: str | None = None,
        settings: TableSettings = TableSettings()) -> Decision:
    """May `role` (sitting at `own_seat`, a player's name, if any) do `action`
    on `seat` (a player's name or a side player, for a bid) at a table with
    `settings`?"""
    role = Role(role)
    if action is Action.VIEW:
        return YES
    if action is Action.TRACK_TRICKS and not settings.track_tricks:
        return Decision(False, said("Tricks are not tracked one by one in this game; the host can turn it on."))
    if role is Role.HOST:
        if action is Action.JOIN_SEAT:
            return Decision(False, said("The host does not take a seat; join from a phone with the players' code."))
        if action is Action.ENTER_DEALT:
            return Decision(False, _OWN_CARDS)
        return YES
    if role is Role.DISPLAY:
        return Decision(False, _DISPLAY_ONLY)
    return _player_may(action, own_seat, seat, settings)


def _player_may(action: Action, own_seat: str | None, seat: str | None, settings: TableSettings) -> Decision:
    if action is Action.JOIN_SEAT:
        if own_seat is not None:
            return Decision(False, said("This phone already sits as {seat}.", seat=own_seat))
        return YES
    if own_seat is None:
        return Decision(False, said("Pick your seat first."))
    if action is Action.ENTER_BID:
        if seat == own_seat:
            return YES
        if seat in SIDE_SEATS:
            return _by_setting(settings.players_track_tricks,
                               said("The host takes care of the side players' bids at this table."))
        return Decision(False, said("You can only enter your own bid."))
    if action is Action.ENTER_DEALT:
        return YES if seat in (None, own_seat) else Decision(False, _OWN_CARDS)
    if action is Action.ENTER_TRICKS:
        if seat == own_seat:
            return YES
        return _by_setting(settings.players_track_tricks or settings.players_score_hands,
                           said("The host takes care of the other seats' tricks at this table."))
    if action is Action.TRACK_TRICKS:
        return _by_setting(settings.players_track_tricks, said("The host takes care of the tricks at this table."))
    if action is Action.SCORE_HAND:
        return _by_setting(settings.players_score_hands, said("The host takes care of scoring the hand at this table."))
    return Decision(False, _HOST_ONLY)


def _by_setting(allowed: bool, refusal: str) -> Decision:
    """Allowed as the table's settings say; else `refusal` (the host takes care of it)."""
    return YES if allowed else Decision(False, refusal)


def require(decision: Decision) -> None:
    """Raise NotAllowed with the decision's reason unless it allows."""
    if not decision:
        raise NotAllowed(decision.reason)


def free_seats(seats: Sequence[str], taken: Iterable[str]) -> list[str]:
    """The seats (players' names, clockwise) no phone sits in yet."""
    taken = set(taken)
    return [name for name in seats if name not in taken]


def check_join(seat: str, seats: Sequence[str], taken: Iterable[str]) -> Decision:
    """May a player's phone take `seat` now?"""
    if seat not in seats:
        return Decision(False, said("{seat} is not playing in this game.", seat=seat))
    if seat not in free_seats(seats, taken):
        return Decision(False, said("{seat}'s seat is already taken by another phone; the host can free it.",
                                    seat=seat))
    return YES


# --- tokens ---------------------------------------------------------------
def new_token() -> str:
    """An unguessable token for a link (192 bits), URL-safe, with no dots."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def looks_like_token(text: str) -> bool:
    """Could `text` be one of our tokens? (Rejects junk before any lookup.)"""
    return isinstance(text, str) and _TOKEN_SHAPE.fullmatch(text) is not None


def token_hash(token: str) -> str:
    """What the store keeps of a token: its SHA-256, in hex."""
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def same_hash(stored: str, token: str) -> bool:
    """Does `token` hash to `stored`? Compared in constant time."""
    return hmac.compare_digest(stored, token_hash(token))
