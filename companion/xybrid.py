"""XYbrid: monsters, infamy per round, who starts, and the shared win (Y1-Y6)."""
from __future__ import annotations

import random
import secrets
from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property
from typing import Iterable, Mapping

from .errors import GameError, Problem, problem
from .outcome import Outcome, Status, join_names
from .players import check_names, clean_name, name_key, same_player, shown

MIN_PLAYERS = 2
MAX_PLAYERS = 4
ROUNDS_PER_GAME = 3
BREAKTHROUGHS_PER_PLAYER = 3
# Y4 sets no top value, but a part, a hand or an effect worth more than this
# is a typing slip, not a monster (and the store keeps whole numbers in 64 bits).
MAX_VALUE = 10**6
SEEDS = 2**64  # a starter draw's seed is a whole number from 0 to SEEDS - 1


class PartType(str, Enum):
    CORE = "core"
    HEAD = "head"
    LEFT_ARM = "left_arm"
    RIGHT_ARM = "right_arm"
    LEGS = "legs"
    AUXILIARY = "auxiliary"

    @property
    def label(self) -> str:
        return self.value.replace("_", " ")


REQUIRED_PARTS = (PartType.CORE, PartType.HEAD, PartType.LEFT_ARM, PartType.RIGHT_ARM, PartType.LEGS)


@dataclass(frozen=True)
class Part:
    """One part of a monster: its value in infamy and, where known, its type."""

    value: int
    type: PartType | None = None


def lab_size(players: int) -> int:
    """Y2: the lab holds 2 x players + 1 parts."""
    return 2 * players + 1


def missing_parts(parts: Iterable[Part]) -> list[PartType]:
    """Y3: the required part types a monster lacks (types unknown count as present)."""
    parts = list(parts)
    if any(part.type is None for part in parts):
        return []
    have = {part.type for part in parts}
    return [kind for kind in REQUIRED_PARTS if kind not in have]


def _either(words: list[str]) -> str:
    """'legs', 'right arm or legs', 'head, right arm or legs'."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


@dataclass(frozen=True)
class Gap:
    """Y3: one way a monster as entered falls short of a complete one.

    `words` finishes "the monster ..." or "Ann's monster ... yet";
    `destroyable` is true when the missing part may have been destroyed
    (a core never is), so a hint that a destroyed part stays, with a
    negative adjustment (Y4), helps."""

    words: str
    destroyable: bool = True


def gaps(parts: Iterable[Part]) -> list[Gap]:
    """Y3: why a monster is not complete ([] when it is). With every part's
    type known: the required parts it lacks. Where types are not known (a
    record without `part_types`, or only values entered): at least 5 parts,
    one of them a core worth 0 (a part typed core, or an untyped part worth 0)."""
    parts = list(parts)
    if not parts:
        return [Gap("has no parts", destroyable=False)]
    if all(part.type is not None for part in parts):
        lacking = missing_parts(parts)
        have_core = PartType.CORE not in lacking
        found = [] if have_core else [Gap("has no core", destroyable=False)]
        others = [kind.label for kind in lacking if kind is not PartType.CORE]
        return found + ([Gap(f"has no {_either(others)}")] if others else [])
    found = []
    if len(parts) < len(REQUIRED_PARTS):
        found.append(Gap(f"has {len(parts)} part{'s' if len(parts) != 1 else ''}; a complete monster has at least "
                         f"{len(REQUIRED_PARTS)}: a core, a head, a left arm, a right arm and legs"))
    if not any(part.type is PartType.CORE or (part.type is None and part.value == 0) for part in parts):
        found.append(Gap("has no core: none of its parts is worth 0", destroyable=False))
    return found


DESTROYED_HINT = "a destroyed part counts as a negative adjustment (Y4)"


def gap_problems(parts: Iterable[Part], *, round: int | None = None, player: str | None = None) -> list[Problem]:
    """Y3: `gaps` as the problems that refuse the round."""
    return [problem(f"the monster {gap.words}", "Y3", round=round, player=player,
                    hint=DESTROYED_HINT if gap.destroyable else None) for gap in gaps(parts)]


@dataclass(frozen=True)
class MonsterEntry:
    """One player's round: monster parts, parts left in hand, signed
    adjustments from DEPLOY, MISSION and breakthrough effects, with notes."""

    parts: tuple[Part, ...]
    hand: int = 0
    adjustments: tuple[int, ...] = ()
    notes: tuple[str, ...] = ()

    @cached_property  # a frozen entry's infamy never changes; statistics read it often
    def infamy(self) -> int:
        """Y4: part values + 1 per part in hand + adjustments."""
        return sum([part.value for part in self.parts]) + self.hand + sum(self.adjustments)

    def breakdown(self) -> dict:
        return {
            "parts": sum(part.value for part in self.parts),
            "hand": self.hand,
            "adjustments": sum(self.adjustments),
            "total": self.infamy,
            "missing_parts": [kind.value for kind in missing_parts(self.parts)],
        }


@dataclass(frozen=True)
class XybridRound:
    results: Mapping[str, MonsterEntry]
    first_player: str | None = None


@dataclass(frozen=True)
class StarterDraw:
    """Y5: a recorded draw of the first player among `candidates`."""

    candidates: tuple[str, ...]
    chosen: str
    seed: int


def draw_starter(candidates: Iterable[str], seed: int | None = None) -> StarterDraw:
    """A fair draw among `candidates`; pass `seed` to repeat a recorded draw."""
    candidates = tuple(candidates)
    if seed is None:
        seed = secrets.randbits(64)
    return StarterDraw(candidates, random.Random(seed).choice(candidates), seed)


def _is_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass
class Xybrid:
    """A game of XYbrid: the players, clockwise, the rounds deployed, and
    who was drawn to start round 1 if that was drawn when the game was set
    up (`starter_draw`: round 1's draw made early, among every player)."""

    players: tuple[str, ...]
    rounds: list[XybridRound] = field(default_factory=list)
    starter_draw: StarterDraw | None = None
    game = "xybrid"

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
            found.append(problem(f"{shown(drawn.chosen)} was drawn to start round 1 but is not a player in this "
                                 f"game", "Y5"))
        if {name_key(name) for name in drawn.candidates if isinstance(name, str)} != set(named) \
                or len(drawn.candidates) != len(self.players):
            found.append(problem(f"round 1's starter is drawn from every player ({join_names(self.players)}), "
                                 f"not from {join_names([shown(n) for n in drawn.candidates])}", "Y5"))
        if not _is_count(drawn.seed) or not 0 <= drawn.seed < SEEDS:
            found.append(problem(f"the draw's seed must be a whole number from 0 to 2**64 - 1, not "
                                 f"{shown(drawn.seed)}", "Y5"))
        if found:
            raise GameError(found)
        return StarterDraw(self.players, chosen, drawn.seed)

    def drawn_starter(self) -> StarterDraw | None:
        """Y5: the draw already made for the next round, before that round is
        entered: the set-up draw, until round 1 is in (again, after an undo)."""
        return self.starter_draw if not self.rounds else None

    def check(self, entered: XybridRound) -> list[Problem]:
        """Every rule `entered` would break as the next round."""
        number = len(self.rounds) + 1
        if number > ROUNDS_PER_GAME:
            return [problem(f"the game finished after round {ROUNDS_PER_GAME}; no more rounds are played", "Y1", round=number)]
        found = [problem("no result entered", "Y4", round=number, player=name)
                 for name in self.players if name not in entered.results]
        found += [problem("not a player in this game", "Y1", round=number, player=name)
                  for name in entered.results if name not in self.players]
        for name, entry in entered.results.items():
            where = {"round": number, "player": name}
            for part in entry.parts:
                if not _is_count(part.value) or not 0 <= part.value <= MAX_VALUE:
                    found.append(problem(f"part value {shown(part.value)} must be a whole number from 0 to "
                                         f"{MAX_VALUE:,}", "Y4", **where))
                elif part.type is PartType.CORE and part.value != 0:
                    found.append(problem(f"a core part is worth 0, not {part.value}", "Y3", **where))
            # Y3: monsters are deployed only when every monster is complete.
            found += gap_problems(entry.parts, **where)
            if not _is_count(entry.hand) or not 0 <= entry.hand <= MAX_VALUE:
                found.append(problem(f"parts in hand {shown(entry.hand)} must be a whole number from 0 to "
                                     f"{MAX_VALUE:,}", "Y4", **where))
            for value in entry.adjustments:
                if not _is_count(value) or not -MAX_VALUE <= value <= MAX_VALUE:
                    found.append(problem(f"adjustment {shown(value)} must be a whole number from -{MAX_VALUE:,} "
                                         f"to {MAX_VALUE:,}", "Y4", **where))
        if entered.first_player is not None and not found:
            allowed = self.next_starters()
            if entered.first_player not in allowed:
                found.append(problem(f"{shown(entered.first_player)} may not start this round; "
                                     f"the starter is drawn from {join_names(allowed)}", "Y5", round=number))
        return found

    def push(self, entered: XybridRound) -> None:
        found = self.check(entered)
        if found:
            raise GameError(found)
        self.rounds.append(entered)

    def pop(self) -> XybridRound:
        return self.rounds.pop()

    def replace(self, number: int, entered: XybridRound) -> None:
        """Correct round `number`; later rounds are checked again (Y5)."""
        if not 1 <= number <= len(self.rounds):
            raise GameError([problem(f"there is no round {number} to correct", "Y1", round=number)])
        trial = Xybrid(self.players, [entered if i == number else r for i, r in enumerate(self.rounds, start=1)],
                       self.starter_draw)
        self.rounds = trial.rounds

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
            why = "a random player starts" if not self.rounds else (
                f"{starters[0]} is least infamous and starts" if len(starters) == 1
                else f"{join_names(starters)} tie as least infamous; the app draws who starts")
            return Outcome(Status.IN_PROGRESS, next_leaders=starters,
                           explanation=f"{left} round{'s' if left != 1 else ''} to play; {why}")
        totals = self.totals()
        top = max(totals.values())
        winners = tuple(name for name in self.players if totals[name] == top)
        if len(winners) == 1:
            why = f"{winners[0]} wins with {top} infamy"
        else:
            why = f"{join_names(winners)} share the win with {top} infamy each (Y6)"
        return Outcome(Status.FINISHED, winners=winners, explanation=why)
