"""XYbrid's pieces: monster parts and their types, a player's round (Y3, Y4),
a round of monsters, and the starter draw (Y5)."""
from __future__ import annotations

import hashlib
import json
import random
import secrets
from dataclasses import dataclass
from enum import Enum
from functools import cached_property
from typing import Iterable, Mapping

from ..errors import Listed, Names, Problem, Ruled, Said, Term, problem, said, said_n

MIN_PLAYERS = 2
MAX_PLAYERS = 4
ROUNDS_PER_GAME = 3
BREAKTHROUGHS_PER_PLAYER = 3
# Y4 sets no top value, but a part, a hand or an effect worth more than this
# is a typing slip, not a monster (and the store keeps whole numbers in 64 bits).
MAX_VALUE = 10**6
SEEDS = 2**64  # a starter draw's seed is a whole number from 0 to SEEDS - 1
# Y4: the effects whose infamy is entered as a signed adjustment, as their cards name them.
ADJUSTMENT_EFFECTS = ("DEPLOY", "MISSION", "breakthrough")


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


def part_values(kind: PartType | None) -> range:
    """Y3, Y4: the values a part of `kind` may be entered with: a core is
    worth 0; any other part a whole number up to MAX_VALUE."""
    return range(1) if kind is PartType.CORE else range(MAX_VALUE + 1)


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


def _term(kind: PartType) -> Term:
    """A part type as a screen names it in its player's language ('left arm', 'linker Arm')."""
    return Term("part", kind.value, kind.label)


@dataclass(frozen=True)
class Gap:
    """Y3: one way a monster as entered falls short of a complete one.

    `words` finishes "the monster ..." or "Ann's monster ... yet" (English);
    `said()` and `said_of(name)` are those sentences whole, as a screen says
    them in its player's language; `destroyable` is true when the missing
    part may have been destroyed (a core never is), so a hint that a
    destroyed part stays, with a negative adjustment (Y4), helps."""

    words: str
    destroyable: bool = True
    kind: str = ""  # which sentence: "no_parts", "no_core", "lacks", "few", "no_zero"
    lacks: tuple[PartType, ...] = ()  # "lacks": the part types missing
    count: int = 0  # "few": how many parts it has

    def said(self) -> Said:
        """'the monster has no left arm'."""
        terms = [_term(kind) for kind in self.lacks]
        if self.kind == "no_parts":
            return said("the monster has no parts")
        if self.kind == "no_core":
            return said("the monster has no core")
        if self.kind == "lacks" and len(terms) == 1:
            return said("the monster has no {part}", part=terms[0])
        if self.kind == "lacks":
            return said("the monster has no {parts} or {last}", parts=Listed(terms[:-1]), last=terms[-1])
        if self.kind == "few":
            return said_n("the monster has {count} part; a complete monster has at least {least}: a core, a head, "
                          "a left arm, a right arm and legs",
                          "the monster has {count} parts; a complete monster has at least {least}: a core, a head, "
                          "a left arm, a right arm and legs", "count", count=self.count, least=len(REQUIRED_PARTS))
        if self.kind == "no_zero":
            return said("the monster has no core: none of its parts is worth 0")
        return Said(f"the monster {self.words}", {})

    def said_of(self, name: str) -> Said:
        """'Ann's monster has no left arm yet'."""
        terms = [_term(kind) for kind in self.lacks]
        if self.kind == "no_parts":
            return said("{name}'s monster has no parts yet", name=name)
        if self.kind == "no_core":
            return said("{name}'s monster has no core yet", name=name)
        if self.kind == "lacks" and len(terms) == 1:
            return said("{name}'s monster has no {part} yet", name=name, part=terms[0])
        if self.kind == "lacks":
            return said("{name}'s monster has no {parts} or {last} yet", name=name, parts=Listed(terms[:-1]),
                        last=terms[-1])
        if self.kind == "few":
            return said_n("{name}'s monster has {count} part; a complete monster has at least {least}: a core, "
                          "a head, a left arm, a right arm and legs yet",
                          "{name}'s monster has {count} parts; a complete monster has at least {least}: a core, "
                          "a head, a left arm, a right arm and legs yet", "count", name=name, count=self.count,
                          least=len(REQUIRED_PARTS))
        if self.kind == "no_zero":
            return said("{name}'s monster has no core: none of its parts is worth 0 yet", name=name)
        return Said(f"{name}'s monster {self.words} yet", {})


def gaps(parts: Iterable[Part]) -> list[Gap]:
    """Y3: why a monster is not complete ([] when it is). With every part's
    type known: the required parts it lacks. Where types are not known (a
    record without `part_types`, or only values entered): at least 5 parts,
    one of them a core worth 0 (a part typed core, or an untyped part worth 0)."""
    parts = list(parts)
    if not parts:
        return [Gap("has no parts", destroyable=False, kind="no_parts")]
    if all(part.type is not None for part in parts):
        lacking = missing_parts(parts)
        have_core = PartType.CORE not in lacking
        found = [] if have_core else [Gap("has no core", destroyable=False, kind="no_core")]
        others = [kind for kind in lacking if kind is not PartType.CORE]
        return found + ([Gap(f"has no {_either([kind.label for kind in others])}", kind="lacks",
                             lacks=tuple(others))] if others else [])
    found = []
    if len(parts) < len(REQUIRED_PARTS):
        found.append(Gap(f"has {len(parts)} part{'s' if len(parts) != 1 else ''}; a complete monster has at least "
                         f"{len(REQUIRED_PARTS)}: a core, a head, a left arm, a right arm and legs", kind="few",
                         count=len(parts)))
    if not any(part.type is PartType.CORE or (part.type is None and part.value == 0) for part in parts):
        found.append(Gap("has no core: none of its parts is worth 0", destroyable=False, kind="no_zero"))
    return found



DESTROYED_HINT = Ruled(said("a destroyed part counts as a negative adjustment"), "Y4")


def gap_problems(parts: Iterable[Part], *, round: int | None = None, player: str | None = None) -> list[Problem]:
    """Y3: `gaps` as the problems that refuse the round."""
    return [problem(gap.said(), "Y3", round=round, player=player,
                    hint=DESTROYED_HINT if gap.destroyable else None) for gap in gaps(parts)]


SECOND_PART_HINT = Ruled(said("a second one is kept in hand or swapped for the first, never attached"), "Y3")


def _doubled(kind: PartType, count: int) -> Said:
    """'the monster has 2 heads; it may have only one' (each part its own sentence: each language's genders)."""
    if kind is PartType.CORE:
        return said("the monster has {count} cores; it may have only one", count=count)
    if kind is PartType.HEAD:
        return said("the monster has {count} heads; it may have only one", count=count)
    if kind is PartType.LEFT_ARM:
        return said("the monster has {count} left arms; it may have only one", count=count)
    if kind is PartType.RIGHT_ARM:
        return said("the monster has {count} right arms; it may have only one", count=count)
    return said("the monster has {count} sets of legs; it may have only one", count=count)


def doubled_problems(parts: Iterable[Part], *, round: int | None = None,
                     player: str | None = None) -> list[Problem]:
    """Y3: with part types known, a monster has exactly one core, head, left
    arm, right arm and legs; a player whose monster already has a part keeps
    a second one in hand or swaps it, never attaches it. One problem per part
    given more than once."""
    kinds = [part.type for part in parts]
    return [problem(_doubled(kind, kinds.count(kind)), "Y3", round=round, player=player, hint=SECOND_PART_HINT)
            for kind in REQUIRED_PARTS if kinds.count(kind) > 1]


@dataclass(frozen=True)
class MonsterEntry:
    """One player's round: monster parts, parts left in hand, signed
    adjustments from DEPLOY, MISSION and breakthrough effects, with notes;
    or, entered quickly, only the round's `total` infamy (Y3: the parts are
    then not known, so no part is checked)."""

    parts: tuple[Part, ...] = ()
    hand: int = 0
    adjustments: tuple[int, ...] = ()
    notes: tuple[str, ...] = ()
    total: int | None = None  # the round's infamy entered as one number, instead of parts

    @property
    def is_total(self) -> bool:
        """Entered as a total (quick entry): no parts, hand or adjustments known."""
        return self.total is not None

    @cached_property  # a frozen entry's infamy never changes; statistics read it often
    def infamy(self) -> int:
        """Y4: part values + 1 per part in hand + adjustments (or the total entered)."""
        if self.total is not None:
            return self.total
        return sum([part.value for part in self.parts]) + self.hand + sum(self.adjustments)

    def breakdown(self) -> dict:
        if self.total is not None:  # nothing is known of where a total's infamy came from
            return {"total": self.total, "entered_as": "total"}
        return {
            "parts": sum(part.value for part in self.parts),
            "hand": self.hand,
            "adjustments": sum(self.adjustments),
            "total": self.infamy,
            "missing_parts": [kind.value for kind in missing_parts(self.parts)],
        }


@dataclass(frozen=True)
class XybridRound:
    """A round: each player's monster (or total), who started it, and whether
    that starter is `starter_kept` as played: the round was played before an
    earlier round was corrected, and the corrected totals name someone else
    as least infamous (Y5; companion/correction.py)."""

    results: Mapping[str, MonsterEntry]
    first_player: str | None = None
    starter_kept: bool = False

    def to_record(self) -> dict:
        """The round as a record holds it (part types only where every part's is known)."""
        results = {}
        for name, entry in self.results.items():
            if entry.total is not None:
                results[name] = {"infamy": entry.total}
                continue
            value: dict = {"parts": [p.value for p in entry.parts], "hand": entry.hand,
                           "adjustments": list(entry.adjustments)}
            if all(p.type is not None for p in entry.parts) and entry.parts:
                value["part_types"] = [p.type.value for p in entry.parts]
            if entry.notes:
                value["notes"] = list(entry.notes)
            results[name] = value
        out: dict = {"results": results}
        if self.first_player is not None:
            out["first_player"] = self.first_player
        if self.starter_kept:
            out["starter_kept"] = True
        return out


@dataclass(frozen=True)
class StarterDraw:
    """Y5: a recorded draw of the first player among `candidates`."""

    candidates: tuple[str, ...]
    chosen: str
    seed: int

    def words(self, number: int | None = None) -> str:
        """'Drawn at random from Ann, Bob and Cat: Bob starts' (+ ' round 1' given a number)."""
        if number is None:
            return said("Drawn at random from {players}: {name} starts", players=Names(self.candidates),
                        name=self.chosen)
        return said("Drawn at random from {players}: {name} starts round {number}", players=Names(self.candidates),
                    name=self.chosen, number=number)


def draw_starter(candidates: Iterable[str], seed: int | None = None) -> StarterDraw:
    """A fair draw among `candidates`; pass `seed` to repeat a recorded draw."""
    candidates = tuple(candidates)
    if seed is None:
        seed = secrets.randbits(64)
    return StarterDraw(candidates, random.Random(seed).choice(candidates), seed)


def tie_draw(game_seed: int, number: int, tied: Iterable[str]) -> StarterDraw:
    """Y5: the draw among `tied` (the least infamous, in seating order) for
    round `number`, made once: its seed follows from the game's set-up seed,
    the round number and the names tied, so every screen, a restart and a
    reload draw the same player, and a different tie (after an undo or a
    correction) is a draw of its own."""
    tied = tuple(tied)
    text = json.dumps([game_seed, number, list(tied)], ensure_ascii=False)
    seed = int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")
    return draw_starter(tied, seed)
