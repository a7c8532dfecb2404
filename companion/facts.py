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

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .xylotar import Xylotar
from .xylotar.bonus_beats import NO_BID, ZERO_BID_BONUS
from .xylotar.hand import SeatEntry
from .xylotar.scoring import Breakdown
from .xylotar.table import BID_BONUS

if TYPE_CHECKING:
    from .services import StoredGame

# Bump whenever what `game_facts` derives changes: every cached copy then
# counts as stale and is worked out again from the entries.
FACTS_VERSION = 1


@dataclass(frozen=True, slots=True)
class GameFacts:
    """Everything the statistics need from one game.

    `players` in seat order; `winners` (empty until finished) and `totals`
    by seat index (0 is seat 1). `rounds` holds one list per round entered,
    tiebreak hands included, with one item per seat:

    - Xylotar: `[bid, tricks, bid bonus earned, Bonus Beat flipped or None,
      points that card earned (B4), Off-Key cards won, Off-Key penalty,
      unused-cards points (B3), hand score]`;
    - XYbrid: the infamy gained that round.
    """

    id: int
    started_at: str
    game: str
    players: tuple[str, ...]
    status: str  # companion.outcome.Status value
    winners: tuple[int, ...]
    totals: tuple[int, ...]
    rounds: tuple[list, ...]

    def derived(self) -> dict[str, Any]:
        """The part worked out by the engines, ready for json.dumps (no names, no id)."""
        return {"game": self.game, "status": self.status, "winners": list(self.winners),
                "totals": list(self.totals), "rounds": list(self.rounds)}

    @classmethod
    def of(cls, game_id: int, started_at: str, players: tuple[str, ...], derived: Any) -> "GameFacts":
        """Facts from a `derived()` dict and who sat where; raises ValueError
        if `derived` is not one (a damaged cached copy)."""
        try:
            facts = cls(game_id, started_at, derived["game"], players, derived["status"],
                        tuple(derived["winners"]), tuple(derived["totals"]), tuple(derived["rounds"]))
        except (KeyError, TypeError) as error:
            raise ValueError(f"game {game_id}: not game facts ({error!r})") from None
        if len(facts.totals) != len(players) or any(len(entered) != len(players) for entered in facts.rounds):
            raise ValueError(f"game {game_id}: facts for {len(facts.totals)} seats, not {len(players)}")
        return facts


def card_points(entry: SeatEntry, score: Breakdown) -> int:
    """Points the Bonus Beat flipped in `entry` earned that hand (B4): the bid
    bonus it enabled (#, b, no bid), its +1s, the extra 3 of 8 for 0, or the
    Off-Key penalty it avoided (1/2). Cards that change only play earn 0."""
    card = entry.bonus_beat
    if card == "over_by_one" or card == "under_by_one":
        return score.bid_bonus if entry.tricks != entry.bid else 0
    if card == NO_BID:
        return score.bid_bonus
    if card == "plus_one_per_miss":
        return score.bonus_beat_points
    if card == "zero_bid_eight":
        return ZERO_BID_BONUS - BID_BONUS if score.bid_bonus else 0
    if card == "off_key_no_penalty":
        return entry.off_key_won
    return 0


def game_facts(stored: "StoredGame") -> GameFacts:
    """Score `stored` with its engine and keep what the statistics count."""
    game = stored.game
    players = tuple(game.players)
    if isinstance(game, Xylotar):
        results = game.results()
        rounds = tuple([_hand_facts(hand.results[name], result.scores[name], result.earned_bid_bonus[name])
                        for name in players] for hand, result in zip(game.hands, results))
    else:
        rounds = tuple([entered.results[name].infamy for name in players] for entered in game.rounds)
    totals = game.totals()
    outcome = game.outcome()
    return GameFacts(stored.id, stored.started_at, game.game, players, outcome.status.value,
                     tuple(players.index(name) for name in outcome.winners),
                     tuple(totals[name] for name in players), rounds)


def _hand_facts(entry: SeatEntry, score: Breakdown, earned: bool) -> list:
    points = card_points(entry, score) if entry.bonus_beat else 0
    return [entry.bid, entry.tricks, earned, entry.bonus_beat, points, entry.off_key_won, score.off_key_penalty,
            score.unused_cards_point, score.total]
