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
FACTS_VERSION = 3  # 3: each seat's sums over the game, not each hand's numbers


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
    by seat index (0 is seat 1); `rounds` how many rounds were entered,
    tiebreak hands included. `seats` holds, seat by seat, what that seat's
    rounds add up to:

    - Xylotar: `[hands, Off-Key cards won, Off-Key penalty, unused-cards
      points (B3), bids, cards]`, where `bids` is `bid, hands with that bid,
      hands it was met` over and over (the bid None for the "no bid" card)
      and `cards` is `Bonus Beat, hands it was flipped, points it earned (B4)`
      over and over;
    - XYbrid: the infamy gained in each round, in order.

    Sums over the game and not every hand's numbers: reading ten thousand
    games' facts then parses and adds a few numbers per seat instead of a
    few per hand, which is most of what one player's statistics cost
    (bench/bench_history.py). A named tuple rather than a dataclass for the
    same reason: it is made fastest.
    """

    id: int
    started_at: str
    game: str
    players: tuple[str, ...]
    status: str  # companion.outcome.Status value
    winners: tuple[int, ...]
    totals: tuple[int, ...]
    rounds: int
    seats: list

    def derived(self) -> dict[str, Any]:
        """The part worked out by the engines, ready for json.dumps (no names, no id)."""
        return {"game": self.game, "status": self.status, "winners": list(self.winners),
                "totals": list(self.totals), "rounds": self.rounds, "seats": self.seats}

    @classmethod
    def of(cls, game_id: int, started_at: str, players: tuple[str, ...], derived: Any) -> "GameFacts":
        """Facts from a `derived()` dict and who sat where; raises ValueError
        if `derived` is not one (a damaged cached copy)."""
        try:
            facts = cls(game_id, started_at, derived["game"], players, derived["status"],
                        tuple(derived["winners"]), tuple(derived["totals"]), derived["rounds"], derived["seats"])
        except (KeyError, TypeError) as error:
            raise ValueError(f"game {game_id}: not game facts ({error!r})") from None
        if not len(facts.totals) == len(facts.seats) == len(players) or type(facts.rounds) is not int:
            raise ValueError(f"game {game_id}: facts for {len(facts.totals)} seats, not {len(players)}")
        return facts


def game_facts(stored: Stored) -> GameFacts:
    """Score `stored` with its engine and keep what the statistics count."""
    game = stored.game
    players = tuple(game.players)
    totals = game.totals()
    outcome = game.outcome()
    return GameFacts(stored.id, stored.started_at, game.game, players, outcome.status.value,
                     tuple(players.index(name) for name in outcome.winners),
                     tuple(totals[name] for name in players), len(game.rounds),
                     SEAT_FACTS[game.game](game, players))


def _hands(game: Xylotar, players: tuple[str, ...]) -> list:
    sums = {name: _HandSums() for name in players}
    for hand, result in zip(game.hands, game.results()):
        for name in players:
            sums[name].add(hand.results[name], result.scores[name], result.earned_bid_bonus[name])
    return [sums[name].facts() for name in players]


class _HandSums:
    """One seat's Xylotar hands added up (see GameFacts.seats)."""

    def __init__(self) -> None:
        self.hands = self.off_key = self.penalty = self.unused = 0
        self.bids: dict[int | None, list[int]] = {}  # bid -> [hands, met]
        self.cards: dict[str, list[int]] = {}  # card id -> [flipped, points]

    def add(self, entry: SeatEntry, score: Breakdown, earned: bool) -> None:
        self.hands += 1
        self.off_key += entry.off_key_won
        self.penalty += score.off_key_penalty
        self.unused += score.unused_cards_point
        tally = self.bids.setdefault(entry.bid, [0, 0])
        tally[0] += 1
        tally[1] += bool(earned)
        if entry.bonus_beat:
            # What the card earned is the scoring's own word (Breakdown.card_points), never worked out again here.
            use = self.cards.setdefault(entry.bonus_beat, [0, 0])
            use[0] += 1
            use[1] += score.card_points

    def facts(self) -> list:
        return [self.hands, self.off_key, self.penalty, self.unused,
                [n for bid, (hands, met) in self.bids.items() for n in (bid, hands, met)],
                [n for card, (flipped, points) in self.cards.items() for n in (card, flipped, points)]]


def _monsters(game, players: tuple[str, ...]) -> list:
    return [[entered.results[name].infamy for entered in game.rounds] for name in players]


# What the statistics count of each seat's rounds (see GameFacts), by the record's name for the game.
SEAT_FACTS = {"xylotar": _hands, "xybrid": _monsters}
