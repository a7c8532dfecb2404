"""Xylotar's deal per player count: deck, trump, tricks, bids (X1-X4, X9, O1)."""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import Ruled, said

MIN_PLAYERS = 2
MAX_PLAYERS = 5
HANDS_PER_GAME = 3
BID_BONUS = 5

# X2: colours from the longest suit down; each runs 0..top. Only red, orange,
# yellow and pink are named by the rulebooks, so the middle four go by range.
COLOURS: tuple[tuple[str, int], ...] = (
    ("red", 10),
    ("orange", 9),
    ("yellow", 8),
    ("0-7 colour", 7),
    ("0-6 colour", 6),
    ("0-5 colour", 5),
    ("0-4 colour", 4),
    ("pink", 3),
)
SIDE_PLAYERS = ("left", "right")


@dataclass(frozen=True)
class Deal:
    """What Xylotar is dealt with at `players`: the colours in play, trump,
    the seats that take tricks, cards per seat, tricks per hand, the top bid
    and the Off-Key cards. (The shared table of phones is `companion.access`;
    the host's run is `views.hosting.HostRun`.)"""

    players: int
    colours: tuple[tuple[str, int], ...]
    trump: str

    @property
    def seats(self) -> int:
        """Seats that take tricks: 2 players add 2 side players (X9)."""
        return 4 if self.players == 2 else self.players

    @property
    def cards_in_play(self) -> int:
        return sum(top + 1 for _, top in self.colours)

    @property
    def cards_per_seat(self) -> int:
        return self.cards_in_play // self.seats

    @property
    def tricks_per_hand(self) -> int:
        """X3: every card is dealt and each seat's bid card is never played."""
        return self.cards_per_seat - 1

    @property
    def max_bid(self) -> int:
        """X4: the highest printed card, so the highest bid without a Bonus
        Beat: 10 (red), or 8 at 3 players (yellow)."""
        return max(top for _, top in self.colours)

    @property
    def top_card(self) -> str:
        """X4, B1: the Bonus Beat whose card (Red 11, or Yellow 9 at 3 players)
        lets the player who flipped it bid one more than `max_bid` that hand."""
        return "yellow_nine" if self.players == 3 else "red_eleven"

    @property
    def top_card_name(self) -> str:
        """The card `top_card` puts in a xylotar: 'Red 11', or 'Yellow 9' at 3 players."""
        return f"{self.trump.capitalize()} {self.max_bid + 1}"

    @property
    def removed_colours(self) -> tuple[str, ...]:
        names = {name for name, _ in self.colours}
        return tuple(name for name, _ in COLOURS if name not in names)

    @property
    def off_key_cards(self) -> tuple[str, ...]:
        """O1: one per colour in play, half a point under its top card."""
        return tuple(f"{name} {top - 1}\u00bd" for name, top in self.colours)



def deal_for(players: int) -> Deal:
    """The deal for 2-5 players; raises ValueError outside X1's range."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(Ruled(said("Xylotar is for {fewest} to {most} players, not {players}", fewest=MIN_PLAYERS,
                                     most=MAX_PLAYERS, players=players), "X1"))
    if players == 3:
        return Deal(players, COLOURS[2:], trump="yellow")
    return Deal(players, COLOURS, trump="red")
