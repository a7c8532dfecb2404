"""Problems found in a game, and the error that carries them."""
from __future__ import annotations

from dataclasses import dataclass


class Said(str):
    """A sentence the core says, kept as its message id and values so that a
    screen can say it in its player's language (views/i18n turns it into
    words; docs/translations.md). As a str it is the English sentence, with
    each value as the command line prints it: it reads as it always did.

    `text` is the message id, English with {named} placeholders; `values`
    fill them (a number, a name, a `Term`, or another `Said`); `plural` is the
    plural form, picked by the value named `count` (English: 1 or other;
    each language has its own forms in its catalog)."""

    text: str
    values: dict
    plural: str | None
    count: str | None

    def __new__(cls, text: str, values: dict, plural: str | None = None, count: str | None = None):
        chosen = plural if plural is not None and values[count] != 1 else text
        made = super().__new__(cls, chosen.format(**values))
        made.text, made.values, made.plural, made.count = text, dict(values), plural, count
        return made

    def __getnewargs__(self):  # copied or pickled as what it is made of
        return self.text, self.values, self.plural, self.count


class Ruled(Said):
    """A sentence that cites its rule on the command line ('... (X1)', '... (Y4)'), as it
    always did; a screen says its message, which cites none."""

    rule: str

    def __new__(cls, message: Said, rule: str):
        made = str.__new__(cls, f"{message} ({rule})")
        made.text, made.values, made.plural, made.count = message.text, message.values, message.plural, message.count
        made.rule = rule
        return made

    def __getnewargs__(self):
        return Said(self.text, self.values, self.plural, self.count), self.rule


class Term(str):
    """An id a screen says by its name in the player's language: a Bonus Beat
    (kind "card": "the # card"), an expansion ("expansion"), a part type
    ("part"). As a str it is how the command line says it (`cli`, or the id)."""

    kind: str
    id: str

    def __new__(cls, kind: str, id: str, cli: str | None = None):
        made = super().__new__(cls, id if cli is None else cli)
        made.kind, made.id = kind, id
        return made

    def __getnewargs__(self):
        return self.kind, self.id, str(self)


class Listed(tuple):
    """Values said one after another: the command line prints "bonus_beats, off_key";
    a screen says each value in its player's language."""

    def __format__(self, spec: str) -> str:
        return ", ".join(format(value, spec) for value in self)


class Names(tuple):
    """Names joined as a sentence joins them: the command line prints "Ann, Bob and Cat";
    a screen joins them as its language does ("Ann, Bob und Cat")."""

    def __format__(self, spec: str) -> str:
        from .outcome import join_names  # the one English join
        return join_names([format(name, spec) for name in self])


class Count(int):
    """A number a screen writes as its language does: 1,000,000 / 1.000.000 / 1 000 000."""

    def __format__(self, spec: str) -> str:
        return format(int(self), spec or ",")


def said(text: str, **values) -> Said:
    """A sentence with no plural: `said("tricks add up to {total}, expected {expected}", total=12, expected=14)`.
    Its `text` is extracted into the catalogs (python -m views.i18n.catalogs), so it is a literal."""
    return Said(text, values)


def said_n(text: str, plural: str, by: str, /, **values) -> Said:
    """A sentence whose words follow the number `values[by]`:
    `said_n("{n} trick", "{n} tricks", "n", n=2)`."""
    return Said(text, values, plural, by)


@dataclass(frozen=True)
class Problem:
    """One broken rule: where (round, player), which rule, and why, in words
    (a `Said`, which a screen says in its player's language, or a plain str not yet in the catalogs);
    `hint`, where there is one, says how a correct entry is made (it follows
    the rule in the one-line form: "...: the monster has no legs (Y3); a
    destroyed part counts as a negative adjustment (Y4)")."""

    message: str
    rule: str
    round: int | None = None
    player: str | None = None
    hint: str | None = None

    def __str__(self) -> str:
        where = []
        if self.round is not None:
            where.append(f"round {self.round}")
        if self.player is not None:
            where.append(self.player)
        prefix = ", ".join(where)
        return f"{prefix + ': ' if prefix else ''}{self.message} ({self.rule}){'; ' + self.hint if self.hint else ''}"


class GameError(ValueError):
    """Raised when a game, a hand or a record breaks a rule.

    `problems` lists every broken rule; `str(error)` is one line per problem.
    """

    def __init__(self, problems: list[Problem] | tuple[Problem, ...]):
        self.problems = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))


class EnteredElsewhere(ValueError):
    """Something was entered on another screen first, so this screen's entry
    was not stored: a screen catches this one thing. `AlreadyEntered` (a
    round form's round, with its `number`) and, at the shared table,
    `companion.live_hand.StaleEntry` (a write on an out-of-date view, with
    the value `current`ly stored)."""


class AlreadyEntered(GameError, EnteredElsewhere):
    """A screen entered round `number` (its next one, as it showed it), but
    another screen entered that round first: nothing was stored, and the
    entry must not become the round after it."""

    def __init__(self, round_word: str, number: int):
        self.number = number
        # Whole sentences, one for each game's round word, so that a language may say each its own way.
        if round_word == "hand":
            message = said("hand {number} was already entered on another screen; this entry was not stored",
                           number=number)
        elif round_word == "round":
            message = said("round {number} was already entered on another screen; this entry was not stored",
                           number=number)
        else:  # a game with another word (none yet): its English
            message = f"{round_word} {number} was already entered on another screen; this entry was not stored"
        super().__init__([problem(message, "record", round=number)])


def problem(message: str, rule: str, *, round: int | None = None, player: str | None = None,
            hint: str | None = None) -> Problem:
    return Problem(message=message, rule=rule, round=round, player=player, hint=hint)


class StoreUnavailable(RuntimeError):
    """The store cannot take a write (or a read) right now, said in players' words.

    `kind` is one of BUSY (another program holds the write lock: try again
    soon, it usually frees itself), UNREACHABLE (the database server cannot
    be reached, or is restarting: it passes too), FULL (the disk is full), READ_ONLY (the
    file or its folder cannot be written) or DAMAGED (the file is corrupt:
    `xyscore restore` from a backup). Nothing was stored when it is raised,
    and nothing stored before is lost; `str(error)` is the sentence to show."""

    BUSY = "busy"
    FULL = "full"
    READ_ONLY = "read_only"
    DAMAGED = "damaged"
    UNREACHABLE = "unreachable"

    def __init__(self, kind: str, message: str):
        self.kind = kind
        self.message = message
        super().__init__(message)

    @property
    def passes(self) -> bool:
        """Will it likely pass by itself (so an entry can wait and be sent again)?"""
        return self.kind in (self.BUSY, self.UNREACHABLE)
