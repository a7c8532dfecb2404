"""One Xylotar hand's scores with a breakdown of every point (X5, B3, B4, O3)."""
from __future__ import annotations

from dataclasses import dataclass

from . import bonus_beats
from .hand import Hand, SeatEntry
from .table import BID_BONUS


@dataclass(frozen=True)
class Breakdown:
    """Why a player scored what they did in one hand."""

    tricks: int
    bid_bonus: int = 0
    bonus_beat_points: int = 0
    off_key_penalty: int = 0
    unused_cards_point: int = 0
    notes: tuple[str, ...] = ()

    @property
    def total(self) -> int:
        return self.tricks + self.bid_bonus + self.bonus_beat_points - self.off_key_penalty + self.unused_cards_point

    def lines(self) -> list[str]:
        """The breakdown as short lines a player reads: '3 tricks: +3', ..."""
        out = [f"{self.tricks} trick{'s' if self.tricks != 1 else ''}: +{self.tricks}"]
        if self.bid_bonus:
            out.append(f"bid bonus: +{self.bid_bonus}")
        if self.bonus_beat_points:
            out.append(f"+1 Bonus Beat: +{self.bonus_beat_points}")
        if self.off_key_penalty:
            out.append(f"Off-Key cards: -{self.off_key_penalty}")
        if self.unused_cards_point:
            out.append(f"unused Bonus Beats: +{self.unused_cards_point}")
        out.extend(self.notes)
        return out

    def as_dict(self) -> dict:
        return {
            "tricks": self.tricks,
            "bid_bonus": self.bid_bonus,
            "bonus_beat_points": self.bonus_beat_points,
            "off_key_penalty": self.off_key_penalty,
            "unused_cards_point": self.unused_cards_point,
            "total": self.total,
            "notes": list(self.notes),
        }


def earned_bid_bonus(name: str, entry: SeatEntry, seats: dict[str, SeatEntry]) -> bool:
    """X5 with B-OVER, B-UNDER and B-NOBID: did this seat earn its bid bonus?"""
    if entry.bonus_beat == bonus_beats.NO_BID:
        return any(other.bid == entry.tricks for other_name, other in seats.items()
                   if other_name != name and other.bid is not None)
    if entry.tricks == entry.bid:
        return True
    if entry.bonus_beat == "over_by_one" and entry.tricks == entry.bid + 1:
        return True
    return entry.bonus_beat == "under_by_one" and entry.tricks == entry.bid - 1


def score_hand(hand: Hand, *, unused_cards_point_to: frozenset[str] = frozenset()) -> dict[str, Breakdown]:
    """Each player's breakdown for `hand`; side players never score (X9).

    `unused_cards_point_to` names the players who get B3's point on this hand.
    """
    seats = hand.seats()
    earned = {name: earned_bid_bonus(name, entry, seats) for name, entry in seats.items()}
    scores: dict[str, Breakdown] = {}
    for name, entry in hand.results.items():
        notes: list[str] = []
        card = bonus_beats.BY_ID.get(entry.bonus_beat) if entry.bonus_beat else None
        bid_bonus = 0
        if earned[name]:
            bid_bonus = BID_BONUS
            if card and card.id == "zero_bid_eight":
                bid_bonus = bonus_beats.ZERO_BID_BONUS
                notes.append("8 for 0: a successful 0 bid scores 8")
            elif card and card.id == "over_by_one" and entry.tricks == entry.bid + 1:
                notes.append("# card: bonus for 1 trick over the bid")
            elif card and card.id == "under_by_one" and entry.tricks == entry.bid - 1:
                notes.append("b card: bonus for 1 trick under the bid")
            elif card and card.id == bonus_beats.NO_BID:
                notes.append(f"no bid card: {entry.tricks} tricks match another seat's bid")
        elif card and card.id == bonus_beats.NO_BID:
            notes.append(f"no bid card: no other seat bid {entry.tricks}")
        plus = 0
        if card and card.id == "plus_one_per_miss":
            plus = sum(1 for other, got in earned.items() if other != name and not got)
            notes.append(f"+1 card: {plus} other seat{'s' if plus != 1 else ''} missed")
        penalty = entry.off_key_won
        if card and card.id == "off_key_no_penalty" and entry.off_key_won:
            notes.append(f"\u00bd card: no penalty for {entry.off_key_won} Off-Key card{'s' if penalty != 1 else ''}")
            penalty = 0
        if card and not card.scoring:
            notes.append(f"{card.face} card used ({card.id}); it changes play, not the score")
        scores[name] = Breakdown(
            tricks=entry.tricks,
            bid_bonus=bid_bonus,
            bonus_beat_points=plus,
            off_key_penalty=penalty,
            unused_cards_point=bonus_beats.UNUSED_CARDS_POINT if name in unused_cards_point_to else 0,
            notes=tuple(notes),
        )
    return scores
