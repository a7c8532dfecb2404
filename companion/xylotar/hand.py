"""What players enter for one Xylotar hand, and the checks one hand must pass."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

from ..errors import Problem, problem
from ..players import shown
from . import bonus_beats
from .table import SIDE_PLAYERS, Table


@dataclass(frozen=True)
class SeatEntry:
    """One seat's hand: its bid (None only with `no_bid_match`), tricks taken,
    the Bonus Beat it flipped, and the Off-Key cards it won in tricks."""

    bid: int | None
    tricks: int
    bonus_beat: str | None = None
    off_key_won: int = 0


@dataclass(frozen=True)
class Hand:
    """One deal: an entry per player, and per side player at 2 players (X9)."""

    results: Mapping[str, SeatEntry]
    side_players: Mapping[str, SeatEntry] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "results", MappingProxyType(dict(self.results)))
        object.__setattr__(self, "side_players", MappingProxyType(dict(self.side_players)))

    def seats(self) -> dict[str, SeatEntry]:
        """Every seat that took tricks: players, then side players by name."""
        seats = dict(self.results)
        seats.update({side_player_name(side): entry for side, entry in self.side_players.items()})
        return seats


def side_player_name(side: str) -> str:
    return f"{side} side player"


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# X9: a side player's bid is its centre card, and no Bonus Beat gives it a Red 11.
SIDE_PLAYER_MAX_BID = 10


def check_seat(entry: SeatEntry, table: Table, *, off_key: bool, where: dict, side_player: bool = False) -> list[Problem]:
    """X4, B5 and O3 checks on one seat taken alone."""
    found: list[Problem] = []
    no_bid = entry.bonus_beat == "no_bid_match"
    if entry.bid is None:
        if not no_bid:
            found.append(problem("no bid entered; only the 'no bid' Bonus Beat lets a seat skip bidding", "B5", **where))
    elif not _is_count(entry.bid):
        found.append(problem(_bid_not_whole(entry.bid), "X4", **where))
    elif no_bid:
        found.append(problem(f"bid {entry.bid} recorded with the 'no bid' Bonus Beat, which means not bidding", "B5", **where))
    elif side_player and not 0 <= entry.bid <= SIDE_PLAYER_MAX_BID:
        found.append(problem(f"bid {entry.bid} is outside 0-{SIDE_PLAYER_MAX_BID}: a side player bids the "
                             "card in the centre of its row", "X9", **where))
    elif not 0 <= entry.bid <= table.max_bid:
        found.append(problem(f"bid {entry.bid} is outside 0-{table.max_bid}", "X4", **where))
    if not _is_count(entry.tricks):
        found.append(problem(f"tricks {shown(entry.tricks)} is not a whole number", "X3", **where))
    elif not 0 <= entry.tricks <= table.tricks_per_hand:
        found.append(problem(f"tricks {entry.tricks} is outside 0-{table.tricks_per_hand}", "X3", **where))
    if not _is_count(entry.off_key_won) or entry.off_key_won < 0:
        found.append(problem(f"Off-Key cards won {shown(entry.off_key_won)} must be 0 or more", "O3", **where))
    elif entry.off_key_won and not off_key:
        found.append(problem("Off-Key cards won, but this game is played without Off-Key", "O3", **where))
    elif entry.off_key_won and _is_count(entry.tricks) and entry.off_key_won > entry.tricks * table.seats:
        cards = "card" if entry.off_key_won == 1 else "cards"
        found.append(problem(f"won {entry.off_key_won} Off-Key {cards} in {entry.tricks} tricks", "O3", **where))
    return found


def _bid_not_whole(bid: object) -> str:
    if isinstance(bid, float) and math.isfinite(bid) and bid > 0 and not bid.is_integer():
        # X4: players may type the face of an Off-Key bid card, e.g. 2.5 for 2½.
        return f"bid {shown(bid)} must be a whole number; an Off-Key bid card counts as its whole number, {int(bid)}"
    return f"bid {shown(bid)} must be a whole number"


def check_bonus_beat(card_id: str, entry: SeatEntry, table: Table, *, off_key: bool, where: dict) -> list[Problem]:
    """B1 and B5 checks on a Bonus Beat flipped by one player in one hand."""
    if isinstance(card_id, list) and len(card_id) > 1:
        return [problem(f"{len(card_id)} Bonus Beats entered in one hand; a player may use at most 1 per hand",
                        "B5", **where)]
    card = bonus_beats.BY_ID.get(card_id) if isinstance(card_id, str) else None
    if card is None:
        return [problem(f"unknown Bonus Beat {shown(card_id)}", "B1", **where)]
    if table.players not in card.player_counts:
        counts = ", ".join(str(n) for n in card.player_counts)
        return [problem(f"the {card.face} card ({card.id}) is only used with {counts} players", "B1", **where)]
    if card.off_key_only and not off_key:
        return [problem(f"the {card.face} card ({card.id}) is only used with Off-Key", "B1", **where)]
    if card.id == "zero_bid_eight" and entry.bid not in (0, None):
        return [problem(f"'8 for 0' needs a bid of 0, not {entry.bid}", "B5", **where)]
    if card.id == "zero_bid_eight" and entry.bid is None:
        return [problem("'8 for 0' needs a bid of 0, but no bid was entered", "B5", **where)]
    return []


def check_hand_alone(hand: Hand, players: tuple[str, ...], table: Table, *, bonus_beats_on: bool,
                     off_key: bool, round: int) -> list[Problem]:
    """Every check that needs only this hand: seats present, X3 sum, X4, B1, B5, O3."""
    found: list[Problem] = []
    missing = [name for name in players if name not in hand.results]
    unknown = [name for name in hand.results if name not in players]
    for name in missing:
        found.append(problem("no result entered", "X3", round=round, player=name))
    for name in unknown:
        found.append(problem("not a player in this game", "X1", round=round, player=name))
    wanted_sides = set(SIDE_PLAYERS) if table.players == 2 else set()
    if set(hand.side_players) != wanted_sides:
        if wanted_sides:
            found.append(problem("a 2-player hand needs the left and right side players' bids and tricks", "X9", round=round))
        else:
            found.append(problem("side players only sit in at 2 players", "X9", round=round))
    for name, entry in hand.seats().items():
        where = {"round": round, "player": name}
        found += check_seat(entry, table, off_key=off_key, where=where, side_player=name not in hand.results)
        if entry.bonus_beat is None:
            continue
        if name not in hand.results:
            found.append(problem("side players have no Bonus Beats", "B1", **where))
        elif not bonus_beats_on:
            found.append(problem("Bonus Beat used, but this game is played without Bonus Beats", "B1", **where))
        else:
            found += check_bonus_beat(entry.bonus_beat, entry, table, off_key=off_key, where=where)
    if found:
        return found
    seats = hand.seats()
    total = sum(entry.tricks for entry in seats.values())
    if total != table.tricks_per_hand:
        found.append(problem(f"tricks add up to {total}, expected {table.tricks_per_hand}", "X3", round=round))
    off_key_total = sum(entry.off_key_won for entry in seats.values())
    if off_key_total > len(table.colours):
        found.append(problem(f"{off_key_total} Off-Key cards won, but only {len(table.colours)} are in play", "O3", round=round))
    return found
