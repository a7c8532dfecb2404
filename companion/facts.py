"""What the statistics need from one game, worked out once by the engines.

`game_facts(stored)` scores a stored game and keeps, per hand and per seat,
the few numbers `companion.stats` adds up; `stats` never scores a game
itself. The derived part (`GameFacts.derived()`) is plain JSON and names
seats by position, never players by name, so a store may keep it beside the
game as a cache (keyed by the game's fingerprint and `FACTS_VERSION`) and a
renamed player's games stay valid. Who sat where, the game's id and start
come from the store each time.
"""
from __future__ import annotations

from typing import Any, NamedTuple, Protocol

from .xybrid import Xybrid
from .xylotar import Xylotar
from .xylotar.hand import SeatEntry
from .xylotar.scoring import Breakdown

# Bump whenever what `game_facts` derives changes: every cached copy then
# counts as stale and is worked out again from the entries.
FACTS_VERSION = 2  # 2: `entries` flat (one list per game, not one per round and seat)

# How many numbers each seat has in a round (see GameFacts), by the record's name for the game.
WIDTH = {"xylotar": 9, "xybrid": 1}


class Stored(Protocol):
    """What `game_facts` reads of a stored game, as a `services.StoredGame`
    has it. Named by what is read, not imported: the services import these
    facts (`GameSummary.of`), so facts never import the services
    (tests/unit/test_import_cycles.py)."""

    @property
    def id(self) -> int: ...

    @property
    def started_at(self) -> str: ...

    @property
    def game(self) -> Xylotar | Xybrid: ...


class GameFacts(NamedTuple):
    """Everything the statistics need from one game.

    `players` in seat order; `winners` (empty until finished) and `totals`
    by seat index (0 is seat 1). `entries` holds every round entered,
    tiebreak hands included, one after the other, and in each round every
    seat's `WIDTH[game]` numbers, seat 1 first:

    - Xylotar: `bid, tricks, bid bonus earned, Bonus Beat flipped or None,
      points that card earned (B4), Off-Key cards won, Off-Key penalty,
      unused-cards points (B3), hand score`;
    - XYbrid: the infamy gained that round.

    One flat list and not a list per round and seat: reading ten thousand
    games' facts then makes a few objects per game instead of dozens, which
    is most of what one player's statistics cost (bench/bench_history.py).
    `rounds` gives them back one list per round, one item per seat. A named
    tuple rather than a dataclass for the same reason: it is made fastest.
    """

    id: int
    started_at: str
    game: str
    players: tuple[str, ...]
    status: str  # companion.outcome.Status value
    winners: tuple[int, ...]
    totals: tuple[int, ...]
    entries: list

    @property
    def rounds_played(self) -> int:
        return len(self.entries) // (len(self.players) * WIDTH[self.game])

    @property
    def rounds(self) -> tuple[list, ...]:
        """One list per round, one item per seat: a seat's list of numbers
        (Xylotar) or its infamy (XYbrid)."""
        width, seats = WIDTH[self.game], len(self.players)
        per_round = width * seats
        if width == 1:
            return tuple(self.entries[at:at + seats] for at in range(0, len(self.entries), seats))
        return tuple([self.entries[at + seat * width:at + (seat + 1) * width] for seat in range(seats)]
                     for at in range(0, len(self.entries), per_round))

    def derived(self) -> dict[str, Any]:
        """The part worked out by the engines, ready for json.dumps (no names, no id)."""
        return {"game": self.game, "status": self.status, "winners": list(self.winners),
                "totals": list(self.totals), "entries": self.entries}

    @classmethod
    def of(cls, game_id: int, started_at: str, players: tuple[str, ...], derived: Any) -> "GameFacts":
        """Facts from a `derived()` dict and who sat where; raises ValueError
        if `derived` is not one (a damaged cached copy)."""
        try:
            facts = cls(game_id, started_at, derived["game"], players, derived["status"],
                        tuple(derived["winners"]), tuple(derived["totals"]), derived["entries"])
            whole_rounds = len(facts.entries) % (len(players) * WIDTH[facts.game]) == 0
        except (KeyError, TypeError, ZeroDivisionError) as error:
            raise ValueError(f"game {game_id}: not game facts ({error!r})") from None
        if len(facts.totals) != len(players) or not whole_rounds or not isinstance(facts.entries, list):
            raise ValueError(f"game {game_id}: facts for {len(facts.totals)} seats, not {len(players)}")
        return facts


def game_facts(stored: Stored) -> GameFacts:
    """Score `stored` with its engine and keep what the statistics count."""
    game = stored.game
    players = tuple(game.players)
    entries = ROUND_FACTS[game.game](game, players)
    totals = game.totals()
    outcome = game.outcome()
    return GameFacts(stored.id, stored.started_at, game.game, players, outcome.status.value,
                     tuple(players.index(name) for name in outcome.winners),
                     tuple(totals[name] for name in players), entries)


def _hands(game: Xylotar, players: tuple[str, ...]) -> list:
    return [number for hand, result in zip(game.hands, game.results()) for name in players
            for number in _hand_facts(hand.results[name], result.scores[name], result.earned_bid_bonus[name])]


def _monsters(game, players: tuple[str, ...]) -> list:
    return [entered.results[name].infamy for entered in game.rounds for name in players]


def _hand_facts(entry: SeatEntry, score: Breakdown, earned: bool) -> list:
    # What the card earned is the scoring's own word (Breakdown.card_points), never worked out again here.
    return [entry.bid, entry.tricks, earned, entry.bonus_beat, score.card_points, entry.off_key_won,
            score.off_key_penalty, score.unused_cards_point, score.total]


# What the statistics count in each game's rounds (see GameFacts), by the record's name for the game.
ROUND_FACTS = {"xylotar": _hands, "xybrid": _monsters}
