"""Statistics over a table's history of games, per player and per game.

Two steps: `companion.facts.game_facts` works out what one game contributes
(its engine scores it once), and the functions here add up the facts of
many games in one pass, scoring nothing. The store keeps each game's facts
as a cache beside its entries, so statistics over a long history read
facts, not games. What counts:

- Game results (games played and won, average and best final total,
  winning streaks, each final total in date order, head-to-head, the
  nemesis and the favourite victim) count *finished* games only; a game
  still in progress or waiting for a tiebreak hand is counted as
  `unfinished`. A shared XYbrid win (Y6) is a win for each player sharing
  it, and a draw between them.
- Hand and round statistics (bids, Bonus Beats, Off-Key cards, infamy per
  round) count every hand or round entered, finished game or not, tiebreak
  hands included, since each one was really played.

Players are matched regardless of case ("ann" finds "Ann"), and shown as
spelt in their latest game. Streaks follow the games' `started_at` order.

Only values come out (the dataclasses below); the words that show them, on
the command line and on the history screen, are made in
`views/shown/stats_words.py`.
"""
from __future__ import annotations

import gc
from contextlib import contextmanager
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Iterable, Iterator, NamedTuple

from .facts import GameFacts
from .outcome import Status

_STARTED = attrgetter("started_at", "id")
_FINISHED = Status.FINISHED.value


@dataclass(frozen=True)
class Tally:
    """How many times something was tried and how many of those succeeded."""

    tries: int = 0
    hits: int = 0

    @property
    def rate(self) -> float | None:
        return self.hits / self.tries if self.tries else None


@dataclass(frozen=True)
class CardUse:
    """A Bonus Beat's record for one player: times flipped, points it earned (B4)."""

    used: int = 0
    points: int = 0


@dataclass(frozen=True)
class Record:
    """One player's finishes against one opponent in the finished games both played."""

    games: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0


class Finish(NamedTuple):
    """One finished game in a player's series: when it started, their final
    total, and whether they won (a shared XYbrid win, Y6, is won)."""

    started_at: str
    total: int
    won: bool


@dataclass(frozen=True)
class GameResults:
    """A player's finished games of one kind: played, won, totals, streaks, rivals.
    `finishes`: each finished game's final total, in the order the games started."""

    played: int = 0
    won: int = 0
    unfinished: int = 0
    average: float | None = None
    best: int | None = None
    current_streak: int = 0
    longest_streak: int = 0
    head_to_head: dict[str, Record] = field(default_factory=dict)
    finishes: tuple[Finish, ...] = ()

    @property
    def win_rate(self) -> float | None:
        return self.won / self.played if self.played else None

    @property
    def nemesis(self) -> str | None:
        """The rival who beat this player most often; None if no one ever did.
        Rivals who beat them equally often: the one they beat least often
        comes first, then the name in alphabetical order (regardless of case)."""
        beaten_by = [(-r.losses, r.wins, name.casefold(), name) for name, r in self.head_to_head.items() if r.losses]
        return min(beaten_by)[3] if beaten_by else None

    @property
    def favourite_victim(self) -> str | None:
        """The rival this player beat most often; None if they never beat anyone.
        Rivals beaten equally often: the one who beat them least often comes
        first, then the name in alphabetical order (regardless of case)."""
        beaten = [(-r.wins, r.losses, name.casefold(), name) for name, r in self.head_to_head.items() if r.wins]
        return min(beaten)[3] if beaten else None


@dataclass(frozen=True)
class XylotarStats:
    """A player's Xylotar: results, bids met (bid bonus earned, X5 with B-OVER,
    B-UNDER, B-NOBID) overall and by bid (None: the 'no bid' card), Bonus Beats
    flipped and what each earned, B3 points for unused cards, Off-Key cards won
    and the points they cost."""

    results: GameResults = field(default_factory=GameResults)
    hands: int = 0
    bids: Tally = field(default_factory=Tally)
    bids_by_size: dict[int | None, Tally] = field(default_factory=dict)
    bonus_beats: dict[str, CardUse] = field(default_factory=dict)
    unused_cards_points: int = 0
    off_key_cards: int = 0
    off_key_penalty: int = 0


@dataclass(frozen=True)
class XybridStats:
    """A player's XYbrid: results and the average infamy gained in each round number."""

    results: GameResults = field(default_factory=GameResults)
    rounds: int = 0
    infamy_by_round: dict[int, float] = field(default_factory=dict)


@dataclass(frozen=True)
class PlayerStats:
    """One player's statistics, each game kept apart."""

    name: str
    xylotar: XylotarStats = field(default_factory=XylotarStats)
    xybrid: XybridStats = field(default_factory=XybridStats)

    @property
    def games(self) -> int:
        """Every game they sat in, finished or not."""
        return sum(kind.results.played + kind.results.unfinished for kind in (self.xylotar, self.xybrid))


# --- adding up the facts of many games ------------------------------------
@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause Python's cycle collector while thousands of games are built or
    scored: their objects hold no cycles, and the collector would otherwise
    walk the growing heap again and again, costing more than the work itself.
    Pauses nest; reading games and counting them under one pause is cheapest."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


class _Kind:
    """Running sums for one player and one game kind."""

    __slots__ = ("played", "won", "unfinished", "sum", "best", "streak", "longest", "rivals", "finishes",
                 "hands", "bids", "cards", "unused", "off_key", "penalty", "infamy")

    def __init__(self) -> None:
        self.played = self.won = self.unfinished = self.sum = 0
        self.best: int | None = None
        self.streak = self.longest = 0
        self.rivals: dict[str, list[int]] = {}  # opponent key -> [games, wins, losses, draws]
        self.finishes: list[Finish] = []  # in the order the games started
        self.hands = self.unused = self.off_key = self.penalty = 0
        self.bids: dict[int | None, list[int]] = {}  # bid -> [hands, met]
        self.cards: dict[str, list[int]] = {}  # card id -> [used, points]
        self.infamy: dict[int, list[int]] = {}  # round number -> [rounds, infamy]

    def finish(self, started_at: str, total: int, won: bool) -> None:
        self.played += 1
        self.finishes.append(Finish(started_at, total, won))
        self.sum += total
        if self.best is None or total > self.best:
            self.best = total
        if won:
            self.won += 1
            self.streak += 1
            if self.streak > self.longest:
                self.longest = self.streak
        else:
            self.streak = 0


def _collect(games: Iterable[GameFacts], only: frozenset[str] | None) -> tuple[dict, dict]:
    """Per player key, a {kind: _Kind}; and each key's latest spelling.
    `only`: the player keys wanted (a game must include all of them); None for everyone."""
    sums: dict[str, dict[str, _Kind]] = {}
    names: dict[str, str] = {}
    with collector_paused():
        _add_games(sorted(games, key=_STARTED), only, sums, names)
    return sums, names


def _add_games(games: list[GameFacts], only: frozenset[str] | None, sums: dict, names: dict) -> None:
    for facts in games:
        keys = [name.casefold() for name in facts.players]
        if only is not None and not only.issubset(keys):
            continue
        mine = []  # (seat, running sums) of each player wanted
        for seat, (key, name) in enumerate(zip(keys, facts.players)):
            names[key] = name
            if only is None or key in only:
                kinds = sums.get(key)
                if kinds is None:
                    kinds = sums[key] = {kind: _Kind() for kind in _ADDERS}
                mine.append((seat, kinds[facts.game]))
        _ADDERS[facts.game](facts.seats, mine)
        _add_finish(facts, keys, mine)


def _add_xylotar_hands(seats: list, mine: list) -> None:
    # GameFacts.seats: each seat's hands added up over the game
    for seat, kind in mine:
        hands, off_key, penalty, unused, bids, cards = seats[seat]
        kind.hands += hands
        kind.off_key += off_key
        kind.penalty += penalty
        kind.unused += unused
        for at in range(0, len(bids), 3):  # bid, hands with it, hands it was met
            tally = kind.bids.get(bids[at])
            if tally is None:
                tally = kind.bids[bids[at]] = [0, 0]
            tally[0] += bids[at + 1]
            tally[1] += bids[at + 2]
        for at in range(0, len(cards), 3):  # card, hands it was flipped, points it earned
            use = kind.cards.get(cards[at])
            if use is None:
                use = kind.cards[cards[at]] = [0, 0]
            use[0] += cards[at + 1]
            use[1] += cards[at + 2]


def _add_xybrid_rounds(seats: list, mine: list) -> None:
    # GameFacts.seats: each seat's infamy round by round
    for seat, kind in mine:
        infamies = seats[seat]
        kind.hands += len(infamies)
        for number, infamy in enumerate(infamies, start=1):
            tally = kind.infamy.get(number)
            if tally is None:
                tally = kind.infamy[number] = [0, 0]
            tally[0] += 1
            tally[1] += infamy


# How each game kind's rounds add up: Xylotar's hands, XYbrid's rounds of infamy.
_ADDERS = {"xylotar": _add_xylotar_hands, "xybrid": _add_xybrid_rounds}


def _add_finish(facts: GameFacts, keys: list[str], mine: list) -> None:
    """Game results for `mine` once the game is finished; else count it unfinished."""
    if facts.status != _FINISHED:
        for _, kind in mine:
            kind.unfinished += 1
        return
    winners, totals = facts.winners, facts.totals
    for seat, kind in mine:
        total = totals[seat]
        won = seat in winners
        kind.finish(facts.started_at, total, won)
        for other, other_key in enumerate(keys):
            if other == seat:
                continue
            if won != (other in winners):
                column = 1 if won else 2
            else:
                other_total = totals[other]
                column = 3 if total == other_total else 1 if total > other_total else 2
            record = kind.rivals.get(other_key)
            if record is None:
                record = kind.rivals[other_key] = [0, 0, 0, 0]
            record[0] += 1
            record[column] += 1


# --- freezing the sums ---------------------------------------------------
def _results(kind: _Kind, names: dict[str, str]) -> GameResults:
    rivals = {names[key]: Record(*counts) for key, counts in sorted(kind.rivals.items(), key=lambda i: names[i[0]])}
    return GameResults(played=kind.played, won=kind.won, unfinished=kind.unfinished,
                       average=kind.sum / kind.played if kind.played else None, best=kind.best,
                       current_streak=kind.streak, longest_streak=kind.longest, head_to_head=rivals,
                       finishes=tuple(kind.finishes))


def _player(key: str, kinds: dict[str, _Kind], names: dict[str, str]) -> PlayerStats:
    xy, hy = kinds["xylotar"], kinds["xybrid"]
    # by bid, the "no bid" card (None) last
    by_size = {bid: Tally(*counts) for bid, counts in sorted(xy.bids.items(), key=lambda i: 99 if i[0] is None else i[0])}
    xylotar = XylotarStats(
        results=_results(xy, names), hands=xy.hands,
        bids=Tally(sum(t.tries for t in by_size.values()), sum(t.hits for t in by_size.values())),
        bids_by_size=by_size,
        bonus_beats={card: CardUse(*counts) for card, counts in sorted(xy.cards.items())},
        unused_cards_points=xy.unused, off_key_cards=xy.off_key, off_key_penalty=xy.penalty)
    xybrid = XybridStats(results=_results(hy, names), rounds=hy.hands,
                         infamy_by_round={n: total / count for n, (count, total) in sorted(hy.infamy.items())})
    return PlayerStats(names[key], xylotar, xybrid)


def player_stats(games: Iterable[GameFacts], player: str) -> PlayerStats:
    """One player's statistics (see the module docstring for what counts).
    A player who played no game gets all-zero statistics under their name."""
    key = player.strip().casefold()
    sums, names = _collect(games, frozenset((key,)))
    if key not in sums:
        return PlayerStats(player.strip())
    return _player(key, sums[key], names)


def table_stats(games: Iterable[GameFacts]) -> dict[str, PlayerStats]:
    """Every player's statistics, by name, in alphabetical order."""
    sums, names = _collect(games, None)
    return {names[key]: _player(key, sums[key], names) for key in sorted(sums, key=lambda k: names[k].casefold())}


def head_to_head(games: Iterable[GameFacts], a: str, b: str) -> dict[str, Record]:
    """`a`'s record against `b` per game kind ('xylotar', 'xybrid'), over the
    finished games both played: a win when `a` finished higher (the winner, or
    the higher total), a draw on equal totals with neither winning alone."""
    key_a, key_b = a.strip().casefold(), b.strip().casefold()
    sums, _ = _collect(games, frozenset((key_a, key_b)))
    out = {}
    for kind in _ADDERS:
        counts = sums[key_a][kind].rivals.get(key_b) if key_a in sums else None
        out[kind] = Record(*counts) if counts else Record()
    return out
