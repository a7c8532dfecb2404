"""XYbrid: infamy per round, who starts, and the shared win (Y1-Y6)."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field

from ..correction import corrected
from ..errors import Count, GameError, Names, Problem, Ruled, problem, said, said_n
from ..guide import SetupGuide
from ..outcome import Outcome, ScoredRound, Status
from ..players import check_names, clean_name, name_key, same_player, shown
from . import record, setup
from .monsters import (MAX_PLAYERS, MAX_VALUE, MIN_PLAYERS, ROUNDS_PER_GAME, SEEDS, PartType, StarterDraw, part_values,
                       XybridRound, _term, doubled_problems, gap_problems, tie_draw)


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _total_problems(entry, where: dict) -> list[Problem]:
    """Y3, Y4: a round entered as a total is checked for what can be: a whole
    number (it may be negative), and no parts, parts in hand or adjustments
    beside it (the total is all of them)."""
    found = []
    if entry.parts or entry.hand or entry.adjustments:
        found.append(problem(said("infamy is entered as a total or part by part, not both"), "Y4", **where))
    if not _is_count(entry.total) or not -MAX_VALUE <= entry.total <= MAX_VALUE:
        found.append(problem(said("infamy {infamy} must be a whole number from {low} to {high}",
                                  infamy=shown(entry.total), low=Count(-MAX_VALUE), high=Count(MAX_VALUE)),
                             "Y4", **where))
    return found


def _signed(value: int) -> str:
    """An adjustment as its breakdown line says it: '+2', '-1'."""
    return f"+{value}" if value >= 0 else str(value)


@dataclass
class Xybrid:
    """A game of XYbrid: the players, clockwise, the rounds deployed, and
    who was drawn to start round 1 if that was drawn when the game was set
    up (`starter_draw`: round 1's draw made early, among every player)."""

    players: tuple[str, ...]
    rounds: list[XybridRound] = field(default_factory=list)
    starter_draw: StarterDraw | None = None

    # --- what the app asks every game (companion.games) -------------------
    game = "xybrid"  # the record's `game`
    name = "XYbrid"
    round_word = "round"
    unit = "infamy"
    bgg_id = None  # not confirmed: BG Stats asks which game it is
    min_players, max_players = MIN_PLAYERS, MAX_PLAYERS
    expansions = ()  # none here
    all_expansions = ()
    record_fields, record_place = record.SET_UP_FIELDS, record.RECORD_PLACE  # beside every record's

    @staticmethod
    def setup_guide(players: int, expansions: tuple[str, ...] | list[str] = ()) -> SetupGuide:
        return setup.guide(players, tuple(expansions))

    @classmethod
    def set_up(cls, players, *, starter_draw: StarterDraw | None = None, expansions=(), **_xylotar) -> "Xybrid":
        """A new game from the new-game form's choices (a dealer or dealt cards are Xylotar's, not asked here)."""
        if tuple(expansions):
            raise GameError([problem(said("XYbrid has no expansions here"), "setup")])
        return cls(tuple(players), starter_draw=starter_draw)

    @classmethod
    def from_set_up(cls, players, set_up: dict) -> "Xybrid":
        """A game with no rounds from the record's set-up fields (`set_up_dict`'s shape)."""
        drawn = set_up.get("starter_draw")
        if isinstance(drawn, dict):
            drawn = StarterDraw(tuple(players), drawn["first_player"], drawn["draw_seed"])
        return cls(tuple(players), starter_draw=drawn)

    @classmethod
    def from_record(cls, data: dict, players: list[str], rounds: list) -> "Xybrid":
        """The game a record describes, each round checked in order; GameError lists what is wrong."""
        game = cls(tuple(players), **record.set_up_from(data, players))
        found: list[Problem] = []
        for number, raw in enumerate(rounds, start=1):
            entered = record.round_from_dict(raw, game.players, number, found)
            if entered is None:
                break
            round_problems = game.check(entered)
            if round_problems:
                found += round_problems
                break
            game.push(entered)
        if found:
            raise GameError(found)
        return game

    @staticmethod
    def set_up_record(*, starter_draw: StarterDraw | dict | None = None, **_other) -> dict:
        """The record's set-up fields from what the store keeps (Xylotar's fields aside)."""
        return record.set_up_record(starter_draw=starter_draw)

    def set_up_dict(self) -> dict:
        return record.set_up_record(starter_draw=self.starter_draw)

    def round_from_dict(self, raw, number: int, found: list[Problem]) -> XybridRound | None:
        return record.round_from_dict(raw, self.players, number, found)


    def scored(self) -> list[ScoredRound]:
        """Each round scored: who started it, infamy, running totals, breakdowns."""
        return [ScoredRound(number, entered.first_player, scores, totals,
                            {n: entered.results[n].breakdown() for n in self.players})
                for number, (entered, scores, totals)
                in enumerate(zip(self.rounds, self.scores(), self.totals_by_round()), start=1)]

    def start_player(self) -> str | None:
        """Who played first: round 1's drawn starter, where recorded."""
        return self.rounds[0].first_player if self.rounds else None

    takes_bids = False  # a round is deployed monsters: the host enters it
    draws_starter = True  # who starts is drawn (Y5); a round's draw keeps its seed
    expansion_names = {}

    def next_turn(self) -> str:
        """Who may start the next round, and why, in players' words ('' once the game is over): Y5;
        the words say why, so they cite no rule."""
        if self.outcome().is_over:
            return ""
        number = len(self.rounds) + 1
        draw = self.drawn_starter()  # drawn once: round 1's at set-up, a later tie's from the set-up seed
        if draw is not None and not self.rounds:
            return draw.words(number)
        if draw is not None:
            return said("{name} starts round {number}: drawn between {players}, who tie as least infamous",
                        name=draw.chosen, number=number, players=Names(draw.candidates))
        if not self.rounds:
            return said("Round 1: draw a random player to start")
        starters = self.next_starters()
        if len(starters) == 1:
            return said("{name} starts round {number}: least infamous", name=starters[0], number=number)
        return said("{players} tie as least infamous: draw who starts round {number}", players=Names(starters),
                    number=number)

    def explain(self, number: int, name: str) -> list[str]:
        """Why `name` has the infamy they have in round `number`, line by line."""
        entry = self.rounds[number - 1].results[name]
        if entry.is_total:  # a quick entry: only its total is known
            return [said("entered as a total: {infamy} infamy", infamy=entry.infamy)]
        lines = [said("parts: {parts} = {sum}", parts=" + ".join(str(p.value) for p in entry.parts) or "0",
                      sum=sum(p.value for p in entry.parts)),
                 said("parts in hand: +{count}", count=entry.hand)]
        notes = list(entry.notes) + [""] * len(entry.adjustments)
        # an adjustment: its signed value, and the player's own note (said as typed) where there is one
        lines += [said("{value}: {note}", value=_signed(v), note=note) if note else _signed(v)
                  for v, note in zip(entry.adjustments, notes)]
        missing = entry.breakdown()["missing_parts"]
        if missing:
            lines.append(said("incomplete monster: no {parts}", parts=Names(_term(PartType(m)) for m in missing)))
        return lines + [said("round total: {infamy} infamy", infamy=entry.infamy)]

    def __post_init__(self) -> None:
        self.players = tuple(clean_name(name) for name in self.players)
        found = check_names(self.players, rule="Y1", low=MIN_PLAYERS, high=MAX_PLAYERS, game="XYbrid")
        if found:
            raise GameError(found)
        if self.starter_draw is not None:
            self.starter_draw = self._set_up_draw(self.starter_draw)
        rounds, self.rounds = list(self.rounds), []
        for entered in rounds:
            self.push(entered)

    def _set_up_draw(self, drawn: StarterDraw) -> StarterDraw:
        """Y5: a draw made at set-up is round 1's: among every player, its
        `chosen` one of them (any spelling of the name), its seed a whole
        number from 0 to 2**64 - 1. Raises GameError otherwise."""
        named = same_player(self.players)
        chosen = named.get(name_key(drawn.chosen)) if isinstance(drawn.chosen, str) else None
        found = []
        if chosen is None:
            found.append(problem(said("{name} was drawn to start round 1 but is not a player in this game",
                                      name=shown(drawn.chosen)), "Y5"))
        if {name_key(name) for name in drawn.candidates if isinstance(name, str)} != set(named) \
                or len(drawn.candidates) != len(self.players):
            found.append(problem(said("round 1's starter is drawn from every player ({players}), not from {drawn}",
                                      players=Names(self.players), drawn=Names(shown(n) for n in drawn.candidates)),
                                 "Y5"))
        if not _is_count(drawn.seed) or not 0 <= drawn.seed < SEEDS:
            found.append(problem(said("the draw's seed must be a whole number from 0 to 2**64 - 1, not {seed}",
                                      seed=shown(drawn.seed)), "Y5"))
        if found:
            raise GameError(found)
        return StarterDraw(self.players, chosen, drawn.seed)

    def drawn_starter(self) -> StarterDraw | None:
        """Y5: the draw already made for the next round, before that round is
        entered: the set-up draw, until round 1 is in (again, after an undo);
        later, when several tie as least infamous, the draw among them that
        follows from the set-up draw's seed (`tie_draw`: the same on every
        screen and after a restart; a new tie, after an undo or a correction,
        is drawn anew). None when one player starts, when the game is over,
        or for a game set up without a draw (its screen draws)."""
        if self.starter_draw is None:
            return None
        if not self.rounds:
            return self.starter_draw
        tied = self.next_starters()
        if len(tied) < 2:
            return None
        return tie_draw(self.starter_draw.seed, len(self.rounds) + 1, tied)

    def check(self, entered: XybridRound) -> list[Problem]:
        """Every rule `entered` would break as the next round."""
        number = len(self.rounds) + 1
        if number > ROUNDS_PER_GAME:
            return [problem(said("the game finished after round {last}; no more rounds are played",
                                 last=ROUNDS_PER_GAME), "Y1", round=number)]
        found = [problem(said("no result entered"), "Y4", round=number, player=name)
                 for name in self.players if name not in entered.results]
        found += [problem(said("not a player in this game"), "Y1", round=number, player=name)
                  for name in entered.results if name not in self.players]
        for name, entry in entered.results.items():
            where = {"round": number, "player": name}
            if entry.is_total:
                found += _total_problems(entry, where)
                continue
            for part in entry.parts:
                if not _is_count(part.value) or part.value not in part_values(None):
                    found.append(problem(said("part value {value} must be a whole number from 0 to {high}",
                                              value=shown(part.value), high=Count(MAX_VALUE)), "Y4", **where))
                elif part.value not in part_values(part.type):
                    found.append(problem(said("a core part is worth 0, not {value}", value=part.value), "Y3",
                                         **where))
            # Y3: monsters are deployed only when every monster is complete.
            found += gap_problems(entry.parts, **where) + doubled_problems(entry.parts, **where)
            if not _is_count(entry.hand) or not 0 <= entry.hand <= MAX_VALUE:
                found.append(problem(said("parts in hand {count} must be a whole number from 0 to {high}",
                                          count=shown(entry.hand), high=Count(MAX_VALUE)), "Y4", **where))
            for value in entry.adjustments:
                if not _is_count(value) or not -MAX_VALUE <= value <= MAX_VALUE:
                    found.append(problem(said("adjustment {value} must be a whole number from {low} to {high}",
                                              value=shown(value), low=Count(-MAX_VALUE), high=Count(MAX_VALUE)),
                                         "Y4", **where))
        if entered.starter_kept and entered.first_player not in self.players:
            found.append(problem(said("{name} is recorded as starting this round but is not a player in this game",
                                      name=shown(entered.first_player)), "Y5", round=number))
        elif entered.first_player is not None and not found and not entered.starter_kept:
            allowed = self.next_starters()
            if entered.first_player not in allowed:
                found.append(problem(said("{name} may not start this round; the starter is drawn from {players}",
                                          name=shown(entered.first_player), players=Names(allowed)), "Y5",
                                     round=number))
        return found

    def push(self, entered: XybridRound) -> None:
        found = self.check(entered)
        if found:
            raise GameError(found)
        self.rounds.append(entered)

    def pop(self) -> XybridRound:
        return self.rounds.pop()

    def replace(self, number: int, entered: XybridRound) -> None:
        """Correct round `number`; later rounds are checked again, still
        started as played (Y5; companion/correction.py)."""
        self.rounds = corrected(self, number, entered).game.rounds

    def check_replace(self, number: int, entered: XybridRound) -> list[Problem]:
        """Every rule the game would break with round `number` corrected to
        `entered` (later rounds checked again, as played); the game itself is left as it is."""
        try:
            corrected(self, number, entered)
        except GameError as error:
            return list(error.problems)
        return []

    def copy_without_rounds(self) -> "Xybrid":
        return Xybrid(self.players, starter_draw=self.starter_draw)

    def as_played(self, entered: XybridRound, started_by: str | None) -> XybridRound:
        """`entered`, to be added next, started by `started_by` as it was
        played: kept (`starter_kept`) where the least infamous by the totals
        before it are others (Y5: an earlier round was corrected). A round
        now given another starter than it was played with is checked as entered."""
        kept = (started_by is not None and entered.first_player == started_by
                and started_by not in self.next_starters())
        return dataclasses.replace(entered, starter_kept=kept)

    def named_starters(self, number: int) -> tuple[str, ...]:
        """Whom Y5 lets start round `number`, from the rounds before it as
        they stand (whoever actually started it): anyone in round 1, then the least infamous."""
        if number == 1:
            return self.players
        totals = self.totals_by_round()[number - 2]
        return tuple(name for name in self.players if totals[name] == min(totals.values()))

    def scores(self) -> list[dict[str, int]]:
        return [{name: r.results[name].infamy for name in self.players} for r in self.rounds]

    def totals_by_round(self) -> list[dict[str, int]]:
        running = {name: 0 for name in self.players}
        out = []
        for scores in self.scores():
            running = {name: running[name] + scores[name] for name in self.players}
            out.append(running)
        return out

    def totals(self) -> dict[str, int]:
        by_round = self.totals_by_round()
        return by_round[-1] if by_round else {name: 0 for name in self.players}

    def next_starters(self) -> tuple[str, ...]:
        """Y5: anyone in round 1; later, the least infamous (the app draws)."""
        if len(self.rounds) >= ROUNDS_PER_GAME:
            return ()
        totals = self.totals()
        if not self.rounds:
            return self.players
        least = min(totals.values())
        return tuple(name for name in self.players if totals[name] == least)

    def outcome(self) -> Outcome:
        """Status, winners (Y6: tied players share the win) and why."""
        if len(self.rounds) < ROUNDS_PER_GAME:
            left = ROUNDS_PER_GAME - len(self.rounds)
            starters = self.next_starters()
            why = said("a random player starts") if not self.rounds else (
                said("{name} is least infamous and starts", name=starters[0]) if len(starters) == 1
                else said("{players} tie as least infamous; the app draws who starts", players=Names(starters)))
            return Outcome(Status.IN_PROGRESS, next_leaders=starters,
                           explanation=said_n("{count} round to play; {why}", "{count} rounds to play; {why}", "count",
                                              count=left, why=why))
        totals = self.totals()
        top = max(totals.values())
        winners = tuple(name for name in self.players if totals[name] == top)
        if len(winners) == 1:
            why = said("{winner} wins with {infamy} infamy", winner=winners[0], infamy=top)
        else:  # the command line cites Y6, as it always did; a screen says no rule
            why = Ruled(said("{players} share the win with {infamy} infamy each", players=Names(winners),
                              infamy=top), "Y6")
        return Outcome(Status.FINISHED, winners=winners, explanation=why)
