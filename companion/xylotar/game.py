"""A Xylotar game: the hands entered so far, and all that follows from them."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Iterable, Mapping

from ..correction import corrected
from ..errors import GameError, Names, Problem, problem, said, said_n
from ..guide import SetupGuide
from ..outcome import Outcome, ScoredRound, Status
from ..players import check_names, clean_name, name_key, shown
from . import bonus_beats, record, setup
from .hand import Hand, check_hand_alone, highest_bid, side_player_name
from .scoring import Breakdown, score_hand
from .deal import HANDS_PER_GAME, MAX_PLAYERS, MIN_PLAYERS, SIDE_PLAYERS, Deal, deal_for
from .setup import EXPANSION_NAMES, EXPANSIONS, unknown_expansion
from .flips import dealt_problems, flip_problems
from .tiebreak import break_tie


def breakdown_said(score: Breakdown) -> list[str]:
    """`score.lines()` as messages a screen says in its player's language (companion.errors.Said), the same English."""
    return [said_n("{count} trick: +{count}", "{count} tricks: +{count}", "count", count=score.tricks), *(
        line for points, line in (
            (score.bid_bonus, said("bid bonus: +{points}", points=score.bid_bonus)),
            (score.bonus_beat_points, said("+1 Bonus Beat: +{points}", points=score.bonus_beat_points)),
            (score.off_key_penalty, said("Off-Key cards won: -{points}", points=score.off_key_penalty)),
            (score.unused_cards_point, said("no Bonus Beat flipped in 3 hands: +{points}",
                                            points=score.unused_cards_point))) if points), *score.notes]


@dataclass(frozen=True)
class HandResult:
    """A scored hand: who led it, each player's breakdown, and running totals."""

    number: int
    leader: str
    scores: dict[str, Breakdown]
    totals: dict[str, int]
    earned_bid_bonus: dict[str, bool]


class Xylotar:
    """A game of Xylotar: the table it is played at and the hands entered.

    Like a chess board, it keeps only what was entered; scores, totals,
    leaders and the outcome are derived. `push` checks a hand against every
    rule before it is added and raises `GameError` naming each broken one.
    """

    # --- what the app asks every game (companion.games) -------------------
    game = "xylotar"  # the record's `game`
    name = "Xylotar"
    round_word = "hand"
    unit = "points"
    bgg_id = 414302  # BoardGameGeek, from the rulebook's page
    min_players, max_players = MIN_PLAYERS, MAX_PLAYERS
    all_expansions = EXPANSIONS
    record_fields, record_place = record.SET_UP_FIELDS, record.RECORD_PLACE  # beside every record's

    @staticmethod
    def setup_guide(players: int, expansions: tuple[str, ...] | list[str] = ()) -> SetupGuide:
        return setup.guide(players, tuple(expansions))

    @classmethod
    def set_up(cls, players, *, dealer: str | None = None, expansions=(), bonus_beats_dealt: dict | None = None,
               starter_draw=None) -> "Xylotar":
        """A new game from the new-game form's choices; GameError for a table that cannot be."""
        if starter_draw is not None:
            raise GameError([problem(said("only XYbrid draws who starts; in Xylotar the dealer sets who leads"),
                                     "setup")])
        return cls(players, dealer=dealer, expansions=expansions, bonus_beats_dealt=bonus_beats_dealt)

    @classmethod
    def from_set_up(cls, players, set_up: dict) -> "Xylotar":
        """A game with no hands from the record's set-up fields (`set_up_dict`'s shape)."""
        return cls(players, dealer=set_up.get("dealer"), expansions=set_up.get("expansions", ()),
                   bonus_beats_dealt=set_up.get("bonus_beats_dealt"))

    @classmethod
    def from_record(cls, data: dict, players: list[str], rounds: list) -> "Xylotar":
        """The game a record describes, each hand checked in order; GameError lists what is wrong."""
        game = cls(players, **record.set_up_from(data, players))
        found: list[Problem] = []
        broken = False
        for number, raw in enumerate(rounds, start=1):
            hand = record.hand_from_dict(raw, game.players, number, found)
            if hand is None:
                broken = True
            elif broken:
                # An earlier round is wrong, so later rounds can only be checked on their own.
                found += check_hand_alone(hand, game.players, game.deal, bonus_beats_on=game.bonus_beats,
                                          off_key=game.off_key, round=number)
            else:
                hand_problems = game.check(hand)
                found += hand_problems
                broken = bool(hand_problems)
                if not broken:
                    game.push(hand)
        if found:
            raise GameError(found)
        return game

    @staticmethod
    def set_up_record(*, dealer: str | None = None, expansions=(), dealt: dict | None = None, **_other) -> dict:
        """The record's set-up fields from what the store keeps (XYbrid's fields aside)."""
        return record.set_up_record(dealer=dealer, expansions=expansions, dealt=dealt)

    def set_up_dict(self) -> dict:
        return record.set_up_record(dealer=self.dealer, expansions=self.expansions, dealt=self.bonus_beats_dealt)

    def round_from_dict(self, raw, number: int, found: list[Problem]) -> Hand | None:
        return record.hand_from_dict(raw, self.players, number, found)

    @property
    def rounds(self) -> list[Hand]:
        """The hands entered, tiebreak hands included: every game's `rounds`."""
        return self.hands

    def scored(self) -> list[ScoredRound]:
        """Each hand scored: its leader, points, running totals, breakdowns."""
        return [ScoredRound(result.number, result.leader, {n: b.total for n, b in result.scores.items()},
                            result.totals, {n: b.as_dict() for n, b in result.scores.items()})
                for result in self.results()]

    def start_player(self) -> str:
        """Who played first: X6's hand-1 leader (or who led it, where recorded)."""
        return self.results()[0].leader if self.hands else self.first_leader()

    takes_bids = True  # each hand is bid and played trick by trick: phones at the table can enter it
    draws_starter = False  # the dealer sets who leads hand 1 (X6)
    expansion_names = EXPANSION_NAMES

    def drawn_starter(self) -> None:
        """No starter is drawn in Xylotar: the dealer's left leads hand 1 (X6)."""
        return None

    def next_turn(self) -> str:
        """Who leads the next hand, and why, in players' words ('' once the game is over): X6, X9 for
        hand 1, X7 after; the words say why, so they cite no rule."""
        if self.outcome().is_over:
            return ""
        leader = self.next_leader()
        if not self.hands:
            if len(self.players) == 2:
                return said("{leader} leads hand 1: {dealer} dealt, so the other player leads",
                            leader=leader, dealer=self.dealer)
            return said("{leader} leads hand 1: left of the dealer, {dealer}", leader=leader, dealer=self.dealer)
        totals = self.totals()
        lowest = [n for n in self.players if totals[n] == totals[leader]]
        if len(lowest) == 1:
            return said("{leader} leads hand {number}: lowest total, {total}", leader=leader,
                        number=len(self.hands) + 1, total=totals[leader])
        return said("{leader} leads hand {number}: lowest total, {total}; tied with {names}, first clockwise after "
                    "the last leader", leader=leader, number=len(self.hands) + 1, total=totals[leader],
                    names=Names(n for n in lowest if n != leader))

    def explain(self, number: int, name: str) -> list[str]:
        """Why `name` scored what they did in hand `number`, line by line."""
        score = self.results()[number - 1].scores[name]
        entry = self.hands[number - 1].results[name]
        bid = (said("no bid, took {tricks}", tricks=entry.tricks) if entry.bid is None
               else said("bid {bid}, took {tricks}", bid=entry.bid, tricks=entry.tricks))
        return [bid] + breakdown_said(score) + [said("hand total: {total}", total=score.total)]

    def __init__(self, players: Iterable[str], *, dealer: str | None = None,
                 expansions: Iterable[str] = (), bonus_beats_dealt: Mapping[str, Iterable[str]] | None = None):
        self.players = tuple(clean_name(name) for name in players)
        expansions = list(expansions)
        self.expansions = tuple(e for e in EXPANSIONS if e in expansions)
        self.dealer = self.players[-1] if dealer is None and self.players else clean_name(dealer)
        self.bonus_beats_dealt = {clean_name(name): tuple(cards) for name, cards in (bonus_beats_dealt or {}).items()}
        found = self._check_table(expansions)
        if found:
            raise GameError(found)
        self.deal: Deal = deal_for(len(self.players))
        self.hands: list[Hand] = []
        self._results: list[HandResult] | None = None

    @property
    def bonus_beats(self) -> bool:
        return "bonus_beats" in self.expansions

    @property
    def off_key(self) -> bool:
        return "off_key" in self.expansions

    def _check_table(self, expansions: list[str]) -> list[Problem]:
        found = check_names(self.players, rule="X1", low=MIN_PLAYERS, high=MAX_PLAYERS, game="Xylotar")
        side_names = {name_key(side_player_name(side)) for side in SIDE_PLAYERS}
        if len(self.players) == 2:
            found += [problem(said("{name} is what the app calls a side player; choose another name",
                                   name=repr(name)), "X9")
                      for name in self.players if isinstance(name, str) and name_key(name) in side_names]
        for name in expansions:
            if name not in EXPANSIONS:
                found.append(unknown_expansion(shown(name)))
        if self.dealer not in self.players:
            found.append(problem(said("the dealer {dealer} is not one of the players", dealer=shown(self.dealer)), "X6"))
        if found:
            return found
        return dealt_problems(self)

    # --- entering hands -------------------------------------------------
    def highest_bid(self, seat: str, bonus_beat: str | None = None) -> int:
        """X4, X9: the highest bid `seat` (a player, or a side player at 2
        players) may make in a hand where it flipped `bonus_beat`."""
        card = bonus_beat if self.bonus_beats else None
        return highest_bid(self.deal, bonus_beat=card, side_player=seat not in self.players, off_key=self.off_key)

    def dealt_to_another(self, player: str, card: str) -> bool:
        """B1: was `card` dealt to someone other than `player`? (Only where dealt cards are recorded.)"""
        return any(card in cards for other, cards in self.bonus_beats_dealt.items() if other != player)

    def check(self, hand: Hand) -> list[Problem]:
        """Every rule `hand` would break as the next hand of this game."""
        number = len(self.hands) + 1
        if self.outcome().status is Status.FINISHED:
            return [problem(said("the game already finished after hand {last}; no more hands are played",
                                 last=len(self.hands)), "X8", round=number)]
        found = check_hand_alone(hand, self.players, self.deal, bonus_beats_on=self.bonus_beats,
                                 off_key=self.off_key, round=number)
        if found:
            return found
        return flip_problems(self, hand, number)

    def push(self, hand: Hand) -> None:
        """Add `hand` as the next hand; raises GameError if it breaks a rule."""
        found = self.check(hand)
        if found:
            raise GameError(found)
        self.hands.append(hand)

    def pop(self) -> Hand:
        """Take back the last hand."""
        hand = self.hands.pop()
        if self._results:
            del self._results[len(self.hands):]  # the hands before it score as they did
        return hand

    def replace(self, number: int, hand: Hand) -> None:
        """Correct hand `number` (1-based); every later hand is checked again,
        still led as it was played (companion/correction.py).

        Raises GameError, leaving the game unchanged, if the corrected game
        breaks a rule anywhere, or ends before a later hand (X8; the services
        ask whether to drop it)."""
        done = corrected(self, number, hand)
        if done.dropped:
            raise GameError(done.game.check(self.hands[done.dropped[0] - 1]))
        self.hands, self._results = done.game.hands, None

    def check_replace(self, number: int, hand: Hand) -> list[Problem]:
        """Every rule the game would break with hand `number` corrected to
        `hand` (later hands checked again, as played); the game itself is
        left as it is. Ending the game before a later hand is no problem here:
        saving it asks whether to drop that hand."""
        try:
            corrected(self, number, hand)
        except GameError as error:
            return list(error.problems)
        return []

    def as_played(self, hand: Hand, leader: str | None) -> Hand:
        """`hand`, to be added next, led by `leader` as it was played: the
        leader is recorded only where X6/X7 name someone else from the hands
        before it (a correction to one of them moved the lowest total)."""
        return dataclasses.replace(hand, leader=None if leader in (None, self.next_leader()) else leader)

    def named_starters(self, number: int) -> tuple[str, ...]:
        """Whom X6/X7 name to lead hand `number`, from the hands before it as
        they stand (whoever actually led it)."""
        results = self.results()[:number - 1]
        return (self._lowest_after(results[-1].leader, results[-1].totals) if results else self.first_leader(),)

    def with_dealt(self, player: str, cards: Iterable[str]) -> "Xylotar":
        """This game with `player`'s 2 dealt cards set to `cards` (B1), every
        hand played so far checked again; raises GameError if it cannot be
        (a card already dealt to another player, or one of the cards
        `player` flipped missing)."""
        dealt = {**self.bonus_beats_dealt, clean_name(player): tuple(cards)}
        trial = Xylotar(self.players, dealer=self.dealer, expansions=self.expansions, bonus_beats_dealt=dealt)
        for hand in self.hands:
            trial.push(hand)
        return trial

    def hiding_dealt(self, players: Iterable[str], own: Mapping[str, Iterable[str]] | None = None) -> "Xylotar":
        """This game as a screen may show it (P2): the cards dealt to
        `players` left out, and `own` (one player's entry the game leaves out,
        for their own phone) put in; everything else (hands, scores) the same."""
        hidden = set(players)
        seen = Xylotar(self.players, dealer=self.dealer, expansions=self.expansions,
                       bonus_beats_dealt={**{name: cards for name, cards in self.bonus_beats_dealt.items()
                                             if name not in hidden}, **(own or {})})
        seen.hands = list(self.hands)
        seen._results = list(self._results) if self._results is not None else None
        return seen

    def bonus_beats_left(self, player: str) -> int:
        """How many of their 2 Bonus Beats `player` has not flipped yet (B1, B2):
        what every screen may show of the cards a player holds (P2)."""
        flipped = sum(1 for user in self.bonus_beats_used().values() if user == player)
        return max(0, bonus_beats.CARDS_DEALT_PER_PLAYER - flipped) if self.bonus_beats else 0

    def copy_without_hands(self) -> "Xylotar":
        return Xylotar(self.players, dealer=self.dealer, expansions=self.expansions,
                       bonus_beats_dealt=self.bonus_beats_dealt)

    copy_without_rounds = copy_without_hands  # what companion/correction.py asks every game

    # --- what follows from the hands -------------------------------------
    def bonus_beats_used(self, hands: int | None = None) -> dict[str, str]:
        """Card id -> the player who flipped it, over the first `hands` hands."""
        used: dict[str, str] = {}
        for hand in self.hands[:hands]:
            for name, entry in hand.results.items():
                if entry.bonus_beat:
                    used[entry.bonus_beat] = name
        return used

    def bonus_beats_held(self) -> dict[str, tuple[str, ...]]:
        """Per player, the dealt cards not yet flipped (only where dealt is known)."""
        used = self.bonus_beats_used()
        return {name: tuple(c for c in cards if c not in used) for name, cards in self.bonus_beats_dealt.items()}

    def results(self) -> list[HandResult]:
        """Each hand scored, with its leader and the totals after it.

        Kept between calls: a hand pushed is scored on its own, from the
        totals and leader before it, so entering hand after hand (a record of
        a thousand tiebreak hands) never scores the earlier hands again."""
        if self._results is None or len(self._results) > len(self.hands):
            self._results = []
        while len(self._results) < len(self.hands):
            self._results.append(self._score_next(self._results[-1] if self._results else None))
        return self._results

    def _score_next(self, previous: HandResult | None) -> HandResult:
        """The hand after `previous` (the first hand if None) scored."""
        index = previous.number if previous else 0
        hand = self.hands[index]
        # Recorded where it is not X6/X7's (a hand played before an earlier one was corrected): as played.
        leader = hand.leader or (self._lowest_after(previous.leader, previous.totals) if previous
                                 else self.first_leader())
        scores = self.score_as(index + 1, hand)
        totals = {name: (previous.totals[name] if previous else 0) + scores[name].total for name in self.players}
        # score_hand gives the bid bonus exactly when it was earned: no need to work it out twice
        earned = {name: scores[name].bid_bonus > 0 for name in self.players}
        return HandResult(index + 1, leader, scores, totals, earned)

    def score_as(self, number: int, hand: Hand) -> dict[str, Breakdown]:
        """`hand` scored as hand `number` of this game (X5, B4, O3), with B3's
        point in hand 3 for each player who flipped no Bonus Beat in hands 1-3
        (the hands before it as entered, and `hand`). The one place that rule
        is applied: the game's own scores and the round screen's preview."""
        unused: frozenset[str] = frozenset()
        if self.bonus_beats and number == HANDS_PER_GAME:
            users = set(self.bonus_beats_used(number - 1).values())
            users |= {name for name, entry in hand.results.items() if entry.bonus_beat}
            unused = frozenset(name for name in self.players if name not in users)
        return score_hand(hand, unused_cards_point_to=unused)

    def first_leader(self) -> str:
        """X6 (and X9 at 2 players): the player to the dealer's left."""
        return self.players[(self.players.index(self.dealer) + 1) % len(self.players)]

    def _lowest_after(self, previous_leader: str, totals: dict[str, int]) -> str:
        """X7: lowest total leads; ties go clockwise from the previous leader's left."""
        start = self.players.index(previous_leader) + 1
        clockwise = [self.players[(start + i) % len(self.players)] for i in range(len(self.players))]
        lowest = min(totals.values())
        return next(name for name in clockwise if totals[name] == lowest)

    def totals(self) -> dict[str, int]:
        results = self.results()
        return dict(results[-1].totals) if results else {name: 0 for name in self.players}

    def next_leader(self) -> str:
        """Who leads the next hand (X6 for hand 1, X7 after)."""
        results = self.results()
        if not results:
            return self.first_leader()
        return self._lowest_after(results[-1].leader, results[-1].totals)

    def outcome(self) -> Outcome:
        """Status, winners and why (X1, X8)."""
        results = self.results()
        if len(results) < HANDS_PER_GAME:
            left = HANDS_PER_GAME - len(results)
            return Outcome(Status.IN_PROGRESS, next_leaders=(self.next_leader(),),
                           explanation=said_n("{count} hand to play", "{count} hands to play", "count", count=left))
        last = results[-1]
        top = max(last.totals.values())
        tied = [name for name in self.players if last.totals[name] == top]
        if len(tied) == 1:
            return Outcome(Status.FINISHED, winners=(tied[0],), explanation=said_n(  # English: "points" even for 1
                "{winner} wins with {points} points", "{winner} wins with {points} points", "points", winner=tied[0],
                points=top))
        return break_tie(self, tied, top, last)
