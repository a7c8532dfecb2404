"""One Xylotar hand's scores with a breakdown of every point (X5, B3, B4, O3)."""
from __future__ import annotations

from dataclasses import dataclass

from . import bonus_beats
from .hand import Hand, SeatEntry
from .deal import BID_BONUS


@dataclass(frozen=True)
class Breakdown:
    """Why a player scored what they did in one hand.

    `bonus_beat_points` are the +1 card's points (the name is the score
    output's); `card_points` what any card earned."""

    tricks: int
    bid_bonus: int = 0
    bonus_beat_points: int = 0
    off_key_penalty: int = 0
    unused_cards_point: int = 0
    notes: tuple[str, ...] = ()
    # B4: what the Bonus Beat flipped earned this hand, already counted in the
    # parts above (the bid bonus it enabled, its +1s, the extra 3 of 8 for 0,
    # the Off-Key penalty it spared); 0 without a card or with one that changes
    # play. Not a part of `total`, and not in `as_dict()`, whose keys are the
    # `score` output's (docs/game-record.md).
    card_points: int = 0

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
            out.append(f"Off-Key cards won: -{self.off_key_penalty}")
        if self.unused_cards_point:
            out.append(f"no Bonus Beat flipped in 3 hands: +{self.unused_cards_point}")
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


def _card(entry: SeatEntry) -> bonus_beats.BonusBeat | None:
    return bonus_beats.BY_ID.get(entry.bonus_beat) if entry.bonus_beat else None


def _others(name: str, seats: dict[str, SeatEntry]) -> tuple[SeatEntry, ...]:
    return tuple(other for other_name, other in seats.items() if other_name != name)


def earned_bid_bonus(name: str, entry: SeatEntry, seats: dict[str, SeatEntry]) -> bool:
    """X5 as the seat's Bonus Beat reads it (B-OVER, B-UNDER, B-NOBID): did
    this seat earn its bid bonus?"""
    card = _card(entry)
    return card.meets_bid(entry, _others(name, seats)) if card else bonus_beats.met_bid(entry)


def score_hand(hand: Hand, *, unused_cards_point_to: frozenset[str] = frozenset()) -> dict[str, Breakdown]:
    """Each player's breakdown for `hand`; side players never score (X9).

    X5 and O3 score a seat; the Bonus Beat it flipped, if any, then changes
    that through its hooks (`bonus_beats.BonusBeat.effect`), whatever card it
    is. What the card earned (`Breakdown.card_points`) is the difference it
    made: the score with it less the score as X5 and O3 give it without.
    `unused_cards_point_to` names the players who get B3's point on this hand.
    """
    seats = hand.seats()
    earned = {name: earned_bid_bonus(name, entry, seats) for name, entry in seats.items()}
    scores: dict[str, Breakdown] = {}
    for name, entry in hand.results.items():
        card = _card(entry)
        effect = bonus_beats.Effect()
        if card:
            others = [other for other in seats if other != name]
            facts = bonus_beats.HandFacts(earned[name], tuple(seats[other] for other in others),
                                          tuple(earned[other] for other in others))
            effect = card.effect(entry, facts)
        bid_bonus = effect.bid_bonus if earned[name] else 0
        penalty = entry.off_key_won if effect.off_key_penalty is None else effect.off_key_penalty
        plain_bid_bonus = BID_BONUS if bonus_beats.met_bid(entry) else 0
        scores[name] = Breakdown(
            tricks=entry.tricks,
            bid_bonus=bid_bonus,
            bonus_beat_points=effect.extra_points,
            off_key_penalty=penalty,
            unused_cards_point=bonus_beats.UNUSED_CARDS_POINT if name in unused_cards_point_to else 0,
            notes=effect.notes,
            card_points=bid_bonus - plain_bid_bonus + effect.extra_points + entry.off_key_won - penalty,
        )
    return scores
