"""The 20 Bonus Beats cards of Xylotar: Unhinged (B1, B4), as printed, and
what each scoring card does to its seat's score (B4).

A scoring card says it with two hooks, which `scoring.score_hand` calls on
every card flipped without knowing any card by name:

- `bid_rule(seat, others)`: whether the seat met its bid (X5 as the card
  reads it: one over with #, one under with b, any other seat's bid with
  'no bid'); without one, a seat meets its bid when its tricks equal it;
- `effect(seat, facts)`: an `Effect`, what the card does to the bid bonus,
  the extra points and the Off-Key penalty, given the table's `HandFacts`.

A card with neither changes play, not the score.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping, Protocol, Sequence

from ..errors import Term, said, said_n
from .deal import BID_BONUS

CARDS_DEALT_PER_PLAYER = 2  # B1
NO_BID = "no_bid_match"  # B5: the card whose seat does not bid
UNUSED_CARDS_POINT = 1  # B3
ZERO_BID_BONUS = 8  # B4 zero_bid_eight


class Seat(Protocol):
    """What a card reads of one seat's hand (a `hand.SeatEntry`)."""

    @property
    def bid(self) -> int | None: ...

    @property
    def tricks(self) -> int: ...

    @property
    def off_key_won(self) -> int: ...


def met_bid(seat: Seat) -> bool:
    """X5 with no card to widen it: the seat took exactly the tricks it bid."""
    return seat.tricks == seat.bid


@dataclass(frozen=True)
class HandFacts:
    """What a card's `effect` may read beyond its own seat, this hand."""

    met: bool  # the card's own seat met its bid (X5 as the card reads it)
    others: tuple[Seat, ...]  # every other seat, side players included (X9)
    others_met: tuple[bool, ...]  # whether each of `others` met its bid, as its own card reads it

    @property
    def others_missed(self) -> int:
        return self.others_met.count(False)


@dataclass(frozen=True)
class Effect:
    """What a card does to its seat's score this hand (B4), the rest as X5 and O3 score it."""

    bid_bonus: int = BID_BONUS  # what a met bid earns (8 for 0: 8); a missed bid earns nothing
    extra_points: int = 0  # points beside the bid bonus (+1: one per other seat that missed)
    off_key_penalty: int | None = None  # instead of 1 per Off-Key card won (O3); None: unchanged
    notes: tuple[str, ...] = ()


BidRule = Callable[[Seat, tuple[Seat, ...]], bool]
EffectHook = Callable[[Seat, HandFacts], Effect]


@dataclass(frozen=True)
class BonusBeat:
    """One card: its id, face, printed timing and text, who may use it, and
    what it does to the score (its hooks; none for a card that changes play)."""

    id: str
    face: str  # as printed: a symbol, or words (a `Said`, which a screen says in its player's language)
    timing: str  # a `Said`: English as printed, said on a screen in its player's language
    text: str  # a `Said`, as `timing`
    off_key_only: bool = False
    player_counts: tuple[int, ...] = (2, 3, 4, 5)
    bid_rule: BidRule | None = None
    score_effect: EffectHook | None = None

    @property
    def scoring(self) -> bool:
        """B4: flipping the card can change its seat's score."""
        return self.bid_rule is not None or self.score_effect is not None

    def allowed(self, players: int, off_key: bool) -> bool:
        """B1: in the deck at this player count, with or without Off-Key."""
        return players in self.player_counts and (off_key or not self.off_key_only)

    def meets_bid(self, seat: Seat, others: tuple[Seat, ...]) -> bool:
        """X5 as this card reads it: did `seat`, which flipped it, meet its bid?"""
        return self.bid_rule(seat, others) if self.bid_rule else met_bid(seat)

    def effect(self, seat: Seat, facts: HandFacts) -> Effect:
        """B4: what this card does to the score of `seat`, which flipped it."""
        if self.score_effect:
            return self.score_effect(seat, facts)
        return Effect(notes=(said("{card} used; it changes play, not the score", card=term(self.id, FACE_AND_ID)),))


def _one_over(seat: Seat, others: tuple[Seat, ...]) -> bool:
    return met_bid(seat) or seat.tricks == seat.bid + 1


def _one_under(seat: Seat, others: tuple[Seat, ...]) -> bool:
    return met_bid(seat) or seat.tricks == seat.bid - 1


def _over_note(seat: Seat, facts: HandFacts) -> Effect:
    by_card = facts.met and seat.tricks == seat.bid + 1
    return Effect(notes=(said("# card: bonus for 1 trick over the bid"),) if by_card else ())


def _under_note(seat: Seat, facts: HandFacts) -> Effect:
    by_card = facts.met and seat.tricks == seat.bid - 1
    return Effect(notes=(said("b card: bonus for 1 trick under the bid"),) if by_card else ())


def _plus_one_per_miss(seat: Seat, facts: HandFacts) -> Effect:
    missed = facts.others_missed
    return Effect(extra_points=missed, notes=(said_n("+1 card: {count} other seat missed",
                                                     "+1 card: {count} other seats missed", "count", count=missed),))


def _eight_for_zero(seat: Seat, facts: HandFacts) -> Effect:
    return Effect(bid_bonus=ZERO_BID_BONUS, notes=(
        said("8 for 0: a successful 0 bid scores {points}", points=ZERO_BID_BONUS),) if facts.met else ())


def _matches_another_bid(seat: Seat, others: tuple[Seat, ...]) -> bool:
    return any(other.bid is not None and other.bid == seat.tricks for other in others)


def _no_bid_note(seat: Seat, facts: HandFacts) -> Effect:
    # (English says "1 tricks": the command line's words, kept; each language gives its own forms.)
    note = (said_n("no bid card: {count} tricks match another seat's bid",
                   "no bid card: {count} tricks match another seat's bid", "count", count=seat.tricks) if facts.met
            else said("no bid card: no other seat bid {tricks}", tricks=seat.tricks))
    return Effect(notes=(note,))


def _no_off_key_penalty(seat: Seat, facts: HandFacts) -> Effect:
    won = seat.off_key_won
    note = said_n("\u00bd card: no penalty for {count} Off-Key card",
                  "\u00bd card: no penalty for {count} Off-Key cards", "count", count=won)
    return Effect(off_key_penalty=0, notes=(note,) if won else ())


# Each card's printed timing and text, and the name on a card whose face is words, as `said`: the
# command line prints them as they are, a screen says them in its player's language (views/i18n/terms.py).
# Symbols (#, b, 0, +1, 9, 11, ½) stay as printed.
_AFTER_BID = said("Immediately after you bid.")
_FIRST_CARD = said("Before you play your 1st card.")
_ANY_CARD = said("Before you play a card.")
_ANY_CARD_AT_ALL = said("Before you play any card.")
_AFTER_ANY_CARD = said("Immediately after you play any card.")
_BEFORE_BID = said("Immediately before you bid.")
_BEFORE_LEAD = said("Immediately before you lead.")

CARDS: tuple[BonusBeat, ...] = (
    BonusBeat("over_by_one", "#", _AFTER_BID,
              said("Get the {bonus} point bonus even if you are 1 over your bid.", bonus=BID_BONUS),
              bid_rule=_one_over, score_effect=_over_note),
    BonusBeat("under_by_one", "b", _AFTER_BID,
              said("Get the {bonus} point bonus even if you are 1 under your bid.", bonus=BID_BONUS),
              bid_rule=_one_under, score_effect=_under_note),
    BonusBeat("zero_card", "0", _FIRST_CARD,
              said("Replace your rightmost card with this 0, which can be played instead of the led suit.")),
    BonusBeat("plus_one_per_miss", "+1", _AFTER_BID,
              said("Get 1 point for each other player who misses their bid this round."),
              score_effect=_plus_one_per_miss),
    BonusBeat("change_bid", said("change bid"), _ANY_CARD,
              said("Change your bid to one of your unplayed cards and flip your old bid card face down into your "
                   "row.")),
    BonusBeat("zero_bid_eight", said("8 for 0"), said("Immediately after you bid 0."),
              said("Get {points} points for a successful 0 bid instead of the usual {bonus}.",
                   points=ZERO_BID_BONUS, bonus=BID_BONUS),
              score_effect=_eight_for_zero),
    BonusBeat("flip_suit", said("flip suit"), _FIRST_CARD,
              said("Flip all cards of any suit face up; they stay face up for the rest of the round.")),
    BonusBeat("ignore_suit", said("ignore suit"), _ANY_CARD,
              said("You don't have to follow suit this trick and may play any card, including a trump.")),
    BonusBeat("yellow_nine", "9", _FIRST_CARD,
              said("Replace your leftmost card with this Yellow (trump) 9, which always wins a trick."),
              player_counts=(3,)),
    BonusBeat(NO_BID, said("no bid"), _AFTER_ANY_CARD,
              said("Discard 1 face-down card and do not bid; get your {bonus} point bonus if you match any other "
                   "player's bid.", bonus=BID_BONUS),
              bid_rule=_matches_another_bid, score_effect=_no_bid_note),
    BonusBeat("red_eleven", "11", _FIRST_CARD,
              said("Replace your leftmost card with this Red (trump) 11, which always wins a trick."),
              player_counts=(2, 4, 5)),
    BonusBeat("view_three_bid", said("view 3"), _BEFORE_BID,
              said("View up to 3 cards (not necessarily adjacent) and choose 1 of them as your bid.")),
    BonusBeat("view_two", said("view 2"), _ANY_CARD, said("View any 2 of your cards, then place them back face down.")),
    BonusBeat("view_leftmost_three", said("view left 3"), _ANY_CARD_AT_ALL,
              said("Secretly view your 3 leftmost cards.")),
    BonusBeat("lead_next", said("lead next"), _AFTER_ANY_CARD,
              said("Whoever wins this trick, you lead the next one.")),
    BonusBeat("choose_leader", said("choose leader"), _BEFORE_LEAD,
              said("When you have the lead, name a different player to lead instead.")),
    BonusBeat("lead_leftmost", said("lead leftmost"), _BEFORE_LEAD,
              said("You may lead with your leftmost card.")),
    BonusBeat("off_key_swap", said("swap"), _ANY_CARD_AT_ALL,
              said("Discard 1 of your cards and replace it, unseen, with one from the Off-Key pile, angled so all "
                   "can see."),
              off_key_only=True),
    BonusBeat("off_key_bid", said("Off-Key bid"), _BEFORE_BID,
              said("Discard 1 of your cards, view the Off-Key pile and choose one of those cards as your bid."),
              off_key_only=True),
    BonusBeat("off_key_no_penalty", "\u00bd", said("Before you play your first card."),
              said("Off-Key cards you win do not cost you 1 point each this round."), off_key_only=True,
              score_effect=_no_off_key_penalty),
)

BY_ID: dict[str, BonusBeat] = {card.id: card for card in CARDS}


FACE_AND_ID = "the {face} card ({id})"


def term(card_id: str, cli: str = "{id}") -> Term:
    """A card as a message names it: a screen says "the # card" in its player's
    language; the command line says it as `cli` shapes it: its id, or
    `FACE_AND_ID` "the # card (over_by_one)", or "the {face} card"."""
    return Term("card", card_id, cli.format(face=BY_ID[card_id].face, id=card_id))


def deck_for(players: int, off_key: bool) -> tuple[BonusBeat, ...]:
    """B1: the Bonus Beats deck a table of `players` shuffles and deals from."""
    return tuple(card for card in CARDS if card.allowed(players, off_key))


def still_dealable(deck, player: str, known: Mapping[str, str]) -> list[BonusBeat]:
    """B1, one of each card: the cards of `deck` `player` may have been dealt,
    where `known` (card -> player) are the cards known to be someone's."""
    return [card for card in deck if known.get(card.id, player) == player]


def dealable_at_set_up(players: Sequence[str], off_key: bool, dealt: Mapping[str, Sequence[str]],
                       player: str) -> list[BonusBeat]:
    """B1: the cards recording the set-up may offer `player`, with `dealt`
    (player -> cards) recorded so far: this table's deck less the cards
    recorded for another player; once their 2 are recorded, only those."""
    mine = list(dealt.get(player, ()))
    if len(mine) >= CARDS_DEALT_PER_PLAYER:
        return [BY_ID[card] for card in mine if card in BY_ID]
    known = {card: name for name, cards in dealt.items() for card in cards}
    return still_dealable(deck_for(len(players), off_key), player, known)


def removed_for(players: int, off_key: bool) -> tuple[BonusBeat, ...]:
    """B1: the cards to take out of the box before dealing."""
    return tuple(card for card in CARDS if not card.allowed(players, off_key))


def clashing(dealt: dict[str, list[str] | tuple[str, ...] | None]) -> dict[str, tuple[str, ...]]:
    """B1 (one of each card): the entries of `dealt` (player -> the cards they
    entered as dealt to them) that share a card with another entry, each as
    entered. Two players' phones can say they were dealt the same card; neither
    phone is told (P2), so the store keeps both, the game counts neither, and
    the host sorts it out (companion.table_services.dealt_clashes)."""
    holders: dict[str, set[str]] = {}
    for name, cards in dealt.items():
        for card in cards or ():
            holders.setdefault(card, set()).add(name)
    shared = {name for names in holders.values() if len(names) > 1 for name in names}
    return {name: tuple(cards or ()) for name, cards in dealt.items() if name in shared}
