"""What players enter for one Xylotar hand, and the checks one hand must pass."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

from ..errors import Problem, Term, problem, said
from ..players import shown
from . import bonus_beats, limits
from .deal import SIDE_PLAYERS, Deal
from .limits import is_count


@dataclass(frozen=True)
class SeatEntry:
    """One seat's hand: its bid (None only with `no_bid_match`), tricks taken,
    the Bonus Beat it flipped, and the Off-Key cards it won in tricks."""

    bid: int | None
    tricks: int
    bonus_beat: str | None = None
    off_key_won: int = 0

    def to_record(self) -> dict:
        """The seat as a record's round holds it."""
        out: dict = {"bid": self.bid, "tricks": self.tricks}
        if self.bonus_beat:
            out["bonus_beat"] = self.bonus_beat
        if self.off_key_won:
            out["off_key_won"] = self.off_key_won
        return out


@dataclass(frozen=True)
class Hand:
    """One deal: an entry per player, and per side player at 2 players (X9).
    `leader`: who led it, recorded only where X6/X7 name someone else from
    the hands before it as they now stand: a hand played before an earlier
    hand was corrected stays led as it was played (companion/correction.py)."""

    results: Mapping[str, SeatEntry]
    side_players: Mapping[str, SeatEntry] = field(default_factory=dict)
    leader: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "results", MappingProxyType(dict(self.results)))
        object.__setattr__(self, "side_players", MappingProxyType(dict(self.side_players)))

    def to_record(self) -> dict:
        """The hand as a record's round holds it."""
        out: dict = {"results": {n: e.to_record() for n, e in self.results.items()}}
        if self.side_players:
            out["side_players"] = {s: e.to_record() for s, e in self.side_players.items()}
        if self.leader is not None:
            out["leader"] = self.leader
        return out

    def seats(self) -> dict[str, SeatEntry]:
        """Every seat that took tricks: players, then side players by name."""
        seats = dict(self.results)
        seats.update({side_player_name(side): entry for side, entry in self.side_players.items()})
        return seats


def side_player_name(side: str) -> str:
    return f"{side} side player"


# X4, X9: a side player bids the 8th of its 15 sorted cards. Only 6 cards of
# the deck are worth 8 or more (red 8-10, orange 8-9, yellow 8), so that card
# is at most 7; the Off-Key red 9½ and orange 8½ make 8 such cards, and an 8.
SIDE_PLAYER_MAX_BID = 7
SIDE_PLAYER_MAX_BID_OFF_KEY = 8


def highest_bid(table: Deal, *, bonus_beat: str | None = None, side_player: bool = False,
                off_key: bool = False) -> int:
    """X4: the highest bid a seat may make this hand. A player: the highest
    printed card, 10 (8 at 3 players), or one more if they flipped the
    table's top card (Red 11, Yellow 9) this same hand. `off_key_bid` picks
    the bid from the cards set aside (O2), printed cards too, so it allows
    no more. A side player (X9): 7, or 8 with Off-Key."""
    if side_player:
        return SIDE_PLAYER_MAX_BID_OFF_KEY if off_key else SIDE_PLAYER_MAX_BID
    return table.max_bid + 1 if bonus_beat == table.top_card else table.max_bid


def check_seat(entry: SeatEntry, table: Deal, *, off_key: bool, where: dict, side_player: bool = False,
               bonus_beats_on: bool = False) -> list[Problem]:
    """X4, B5 and O3 checks on one seat taken alone."""
    found: list[Problem] = []
    no_bid = entry.bonus_beat == bonus_beats.NO_BID
    if entry.bid is None:
        if not no_bid:
            found.append(problem(said("no bid entered; only the 'no bid' Bonus Beat lets a seat skip bidding"), "B5", **where))
    elif not is_count(entry.bid):
        found.append(problem(_bid_not_whole(entry.bid), "X4", **where))
    elif no_bid:
        found.append(problem(said("bid {bid} recorded with the 'no bid' Bonus Beat, which means not bidding",
                                     bid=entry.bid), "B5", **where))
    elif side_player:
        high = highest_bid(table, side_player=True, off_key=off_key)
        if not 0 <= entry.bid <= high:
            found.append(problem(_side_bid_too_high(entry.bid, high, off_key), "X9", **where))
    else:
        message = _bid_out_of_range(entry.bid, entry.bonus_beat if bonus_beats_on else None, table, bonus_beats_on)
        if message:
            found.append(problem(message, "X4", **where))
    if not is_count(entry.tricks):
        found.append(problem(said("tricks {tricks} is not a whole number", tricks=shown(entry.tricks)), "X3", **where))
    elif entry.tricks not in limits.tricks(table):
        found.append(problem(said("tricks {tricks} is outside 0-{most}", tricks=entry.tricks, most=table.tricks_per_hand),
                             "X3", **where))
    found += limits.off_key_problems(table, off_key, entry.tricks, entry.off_key_won, where)
    return found


def _side_bid_too_high(bid: int, high: int, off_key: bool) -> str:
    if off_key:
        return said("bid {bid} is outside 0-{high}: a side player bids the 8th of its 15 sorted cards, which is at "
                    "most {high} even with the Off-Key cards", bid=bid, high=high)
    return said("bid {bid} is outside 0-{high}: a side player bids the 8th of its 15 sorted cards, which is at most "
                "{high} ({more} only with the Off-Key cards in the deck)", bid=bid, high=high,
                more=SIDE_PLAYER_MAX_BID_OFF_KEY)


def _bid_out_of_range(bid: int, card: str | None, table: Deal, bonus_beats_on: bool) -> str | None:
    """X4: why a player's whole-number bid is refused, naming the card that
    would allow it; None if it is allowed."""
    high = highest_bid(table, bonus_beat=card)
    if 0 <= bid <= high:
        return None
    top = table.max_bid + 1
    face = bonus_beats.BY_ID[table.top_card].face
    name = Term("card_name", table.top_card_name)  # 'Red 11', said in the player's language on a screen
    if bid == top and bonus_beats_on:
        return said("bid {bid} needs the {face} card ({name}) flipped this hand; without it bids run 0-{high}",
                    bid=bid, face=face, name=name, high=high)
    if bid == top:
        return said("bid {bid} is outside 0-{high}: only the {name} Bonus Beat allows it, and this game is played "
                    "without Bonus Beats", bid=bid, high=high, name=name)
    if bid > top and bonus_beats_on and high < top:
        return said("bid {bid} is outside 0-{high}; {top} only with the {face} card ({name}) flipped this hand",
                    bid=bid, high=high, top=top, face=face, name=name)
    return said("bid {bid} is outside 0-{high}", bid=bid, high=high)


def _bid_not_whole(bid: object) -> str:
    if isinstance(bid, float) and math.isfinite(bid) and bid > 0 and not bid.is_integer():
        # X4: players may type the face of an Off-Key bid card, e.g. 2.5 for 2½.
        return said("bid {bid} must be a whole number; an Off-Key bid card counts as its whole number, {whole}",
                    bid=shown(bid), whole=int(bid))
    return said("bid {bid} must be a whole number", bid=shown(bid))


def check_bonus_beat(card_id: str, entry: SeatEntry, table: Deal, *, off_key: bool, where: dict) -> list[Problem]:
    """B1 and B5 checks on a Bonus Beat flipped by one player in one hand."""
    if isinstance(card_id, list) and len(card_id) > 1:
        return [problem(said("{count} Bonus Beats entered in one hand; a player may use at most 1 per hand",
                             count=len(card_id)),
                        "B5", **where)]
    card = bonus_beats.BY_ID.get(card_id) if isinstance(card_id, str) else None
    if card is None:
        return [problem(said("unknown Bonus Beat {card}", card=shown(card_id)), "B1", **where)]
    if table.players not in card.player_counts:
        counts = ", ".join(str(n) for n in card.player_counts)
        return [problem(said("{card} is only used with {counts} players", card=bonus_beats.term(card.id, bonus_beats.FACE_AND_ID),
                             counts=counts), "B1", **where)]
    if card.off_key_only and not off_key:
        return [problem(said("{card} is only used with Off-Key", card=bonus_beats.term(card.id, bonus_beats.FACE_AND_ID)),
                        "B1", **where)]
    if card.id == "zero_bid_eight" and entry.bid not in (0, None):
        return [problem(said("'8 for 0' needs a bid of 0, not {bid}", bid=shown(entry.bid)), "B5", **where)]
    if card.id == "zero_bid_eight" and entry.bid is None:
        return [problem(said("'8 for 0' needs a bid of 0, but no bid was entered"), "B5", **where)]
    return []


def check_hand_alone(hand: Hand, players: tuple[str, ...], table: Deal, *, bonus_beats_on: bool,
                     off_key: bool, round: int) -> list[Problem]:
    """Every check that needs only this hand: seats present, X3 sum, X4, B1, B5, O3."""
    found: list[Problem] = []
    missing = [name for name in players if name not in hand.results]
    unknown = [name for name in hand.results if name not in players]
    for name in missing:
        found.append(problem(said("no result entered"), "X3", round=round, player=name))
    for name in unknown:
        found.append(problem(said("not a player in this game"), "X1", round=round, player=name))
    if hand.leader is not None and hand.leader not in players:
        found.append(problem(said("{leader} is recorded as leading this hand but is not a player in this game",
                                  leader=shown(hand.leader)), "X7", round=round))
    wanted_sides = set(SIDE_PLAYERS) if table.players == 2 else set()
    if set(hand.side_players) != wanted_sides:
        if wanted_sides:
            found.append(problem(said("a 2-player hand needs the left and right side players' bids and tricks"), "X9",
                                 round=round))
        else:
            found.append(problem(said("side players only sit in at 2 players"), "X9", round=round))
    for name, entry in hand.seats().items():
        where = {"round": round, "player": name}
        found += check_seat(entry, table, off_key=off_key, where=where, side_player=name not in hand.results,
                            bonus_beats_on=bonus_beats_on)
        if entry.bonus_beat is None:
            continue
        if name not in hand.results:
            found.append(problem(said("side players have no Bonus Beats"), "B1", **where))
        elif not bonus_beats_on:
            found.append(problem(said("Bonus Beat used, but this game is played without Bonus Beats"), "B1", **where))
        else:
            found += check_bonus_beat(entry.bonus_beat, entry, table, off_key=off_key, where=where)
    if found:
        return found
    seats = hand.seats()
    total = sum(entry.tricks for entry in seats.values())
    if total != table.tricks_per_hand:
        found.append(problem(said("tricks add up to {total}, expected {expected}", total=total,
                                  expected=table.tricks_per_hand), "X3", round=round))
    found += limits.off_key_total_problems(table, sum(entry.off_key_won for entry in seats.values()),
                                           {"round": round})
    return found
