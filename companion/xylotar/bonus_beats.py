"""The 20 Bonus Beats cards of Xylotar: Unhinged (B1, B4), as printed."""
from __future__ import annotations

from dataclasses import dataclass

CARDS_DEALT_PER_PLAYER = 2  # B1
NO_BID = "no_bid_match"  # B5: the card whose seat does not bid
MAX_PER_HAND = 1  # B2
UNUSED_CARDS_POINT = 1  # B3
ZERO_BID_BONUS = 8  # B4 zero_bid_eight


@dataclass(frozen=True)
class BonusBeat:
    """One card: its id, face, printed timing and text, and who may use it."""

    id: str
    face: str
    timing: str
    text: str
    scoring: bool = False
    off_key_only: bool = False
    player_counts: tuple[int, ...] = (2, 3, 4, 5)

    def allowed(self, players: int, off_key: bool) -> bool:
        """B1: in the deck at this player count, with or without Off-Key."""
        return players in self.player_counts and (off_key or not self.off_key_only)


_AFTER_BID = "Immediately after you bid."
_FIRST_CARD = "Before you play your 1st card."
_ANY_CARD = "Before you play a card."

CARDS: tuple[BonusBeat, ...] = (
    BonusBeat("over_by_one", "#", _AFTER_BID, "Get the 5 point bonus even if you are 1 over your bid.", scoring=True),
    BonusBeat("under_by_one", "b", _AFTER_BID, "Get the 5 point bonus even if you are 1 under your bid.", scoring=True),
    BonusBeat("zero_card", "0", _FIRST_CARD,
              "Replace your rightmost card with this 0, which can be played instead of the led suit."),
    BonusBeat("plus_one_per_miss", "+1", _AFTER_BID,
              "Get 1 point for each other player who misses their bid this round.", scoring=True),
    BonusBeat("change_bid", "change bid", _ANY_CARD,
              "Change your bid to one of your unplayed cards and flip your old bid card face down into your row."),
    BonusBeat("zero_bid_eight", "8 for 0", "Immediately after you bid 0.",
              "Get 8 points for a successful 0 bid instead of the usual 5.", scoring=True),
    BonusBeat("flip_suit", "flip suit", _FIRST_CARD,
              "Flip all cards of any suit face up; they stay face up for the rest of the round."),
    BonusBeat("ignore_suit", "ignore suit", _ANY_CARD,
              "You don't have to follow suit this trick and may play any card, including a trump."),
    BonusBeat("yellow_nine", "9", _FIRST_CARD,
              "Replace your leftmost card with this Yellow (trump) 9, which always wins a trick.",
              player_counts=(3,)),
    BonusBeat(NO_BID, "no bid", "Immediately after you play any card.",
              "Discard 1 face-down card and do not bid; get your 5 point bonus if you match any other player's bid.",
              scoring=True),
    BonusBeat("red_eleven", "11", _FIRST_CARD,
              "Replace your leftmost card with this Red (trump) 11, which always wins a trick.",
              player_counts=(2, 4, 5)),
    BonusBeat("view_three_bid", "view 3", "Immediately before you bid.",
              "View up to 3 cards (not necessarily adjacent) and choose 1 of them as your bid."),
    BonusBeat("view_two", "view 2", _ANY_CARD, "View any 2 of your cards, then place them back face down."),
    BonusBeat("view_leftmost_three", "view left 3", "Before you play any card.",
              "Secretly view your 3 leftmost cards."),
    BonusBeat("lead_next", "lead next", "Immediately after you play any card.",
              "Whoever wins this trick, you lead the next one."),
    BonusBeat("choose_leader", "choose leader", "Immediately before you lead.",
              "When you have the lead, name a different player to lead instead."),
    BonusBeat("lead_leftmost", "lead leftmost", "Immediately before you lead.",
              "You may lead with your leftmost card."),
    BonusBeat("off_key_swap", "swap", "Before you play any card.",
              "Discard 1 of your cards and replace it, unseen, with one from the Off-Key pile, angled so all can see.",
              off_key_only=True),
    BonusBeat("off_key_bid", "Off-Key bid", "Immediately before you bid.",
              "Discard 1 of your cards, view the Off-Key pile and choose one of those cards as your bid.",
              off_key_only=True),
    BonusBeat("off_key_no_penalty", "\u00bd", "Before you play your first card.",
              "Off-Key cards you win do not cost you 1 point each this round.", scoring=True, off_key_only=True),
)

BY_ID: dict[str, BonusBeat] = {card.id: card for card in CARDS}


def deck_for(players: int, off_key: bool) -> tuple[BonusBeat, ...]:
    """B1: the Bonus Beats deck a table of `players` shuffles and deals from."""
    return tuple(card for card in CARDS if card.allowed(players, off_key))


def removed_for(players: int, off_key: bool) -> tuple[BonusBeat, ...]:
    """B1: the cards to take out of the box before dealing."""
    return tuple(card for card in CARDS if not card.allowed(players, off_key))
