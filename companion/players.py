"""Player names: the one rule every name goes through (X1, Y1).

A game record, the roster (adding and renaming), and a new game's set-up all
use these functions, so a name the one refuses the others refuse too:

- `clean_name`: the name as stored: spaces around it trimmed, in Unicode's
  composed form (NFC), so "Zoë" typed as o + combining diaeresis is stored
  as the same text as "Zoë" typed with ë;
- `name_problem`: why a name cannot be a player's, in words: not text, a
  control character (a new line, a NUL, a tab), a right-to-left or
  left-to-right override or isolate (which would make a name read
  differently from what it is), blank once invisible characters are taken
  out, or longer than 40 characters;
- `name_key`: what makes two names the same player: equal once cleaned,
  with invisible characters (zero-width spaces, joiners, variation
  selectors) taken out, regardless of case. "Ann", "ANN" and "A\u200bnn" are
  one player.
"""
from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import Iterable, Mapping

from .errors import Problem, problem, said

MAX_NAME_LENGTH = 40

# Characters that change which way text runs: they can make a name read as
# another one (U+202E turns "Ann" + "moc.exe" around), so a name never holds one.
_BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")

# Unicode's Default_Ignorable_Code_Point: characters that show nothing.
_IGNORABLE = frozenset(chr(point) for low, high in (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5), (0x180B, 0x180F),
    (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF))
    for point in range(low, high + 1))

# The refusals are `Said` (companion/errors.py): English as a str, said in each player's language on a screen.
INVISIBLE_OR_CONTROL = said("a player's name can't contain invisible or control characters, such as a new line")
BLANK = said("a player's name cannot be blank")


def _invisible(char: str) -> bool:
    return char in _IGNORABLE or unicodedata.category(char) == "Cf"


def _control(char: str) -> bool:
    """Control characters (C0, C1, DEL), line and paragraph separators, lone surrogates, bidi controls."""
    return unicodedata.category(char) in ("Cc", "Cs", "Zl", "Zp") or char in _BIDI_CONTROLS


# Unicode's space separators (category Zs): what is trimmed from around a name.
# Not str.strip()'s whitespace, which takes a new line or a tab too: those are refused, not trimmed.
_SPACES = " \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000"


def clean_name(name: object) -> str:
    """The name as stored: spaces around it trimmed, in NFC. Anything but
    text is returned as it is, for `name_problem` to refuse."""
    return unicodedata.normalize("NFC", name.strip(_SPACES)) if isinstance(name, str) else name  # type: ignore


@lru_cache(maxsize=1024)  # a record looks its few names up again in every round
def name_key(name: str) -> str:
    """Two names are the same player exactly when their keys are equal."""
    visible = "".join(char for char in clean_name(name) if not _invisible(char))
    # Spaces left at an end once invisible characters are out ("0 " of "0 " + a tag character) are not the name.
    return unicodedata.normalize("NFC", visible.strip(_SPACES).casefold())


def name_problem(name: object) -> str | None:
    """Why `name` cannot be a player's name, in words, or None if it can."""
    if not isinstance(name, str):
        # TRANSLATORS: {value} is what was given instead, as a program writes it (42, None, [...])
        return said("a player's name must be text, not {value}", value=shown(name))
    cleaned = clean_name(name)
    if len(cleaned) > MAX_NAME_LENGTH:  # first: the checks below read every character
        # TRANSLATORS: {name} is the name's first 20 characters in quotes ('Annabelle-Marie...'), {limit} 40
        return said("the name {name}... is longer than {limit} characters", name=shown(cleaned[:20]),
                    limit=MAX_NAME_LENGTH)
    if any(_control(char) for char in name):
        return INVISIBLE_OR_CONTROL
    if not "".join(char for char in cleaned if not _invisible(char)).strip():
        return BLANK
    return None


def shown(value: object, limit: int = 40) -> str:
    """`value` as a message quotes it: its repr (so a new line shows as \\n,
    never breaking the message's one line), cut short after `limit` characters."""
    if isinstance(value, (dict, list, tuple)) and len(value) > limit:
        return f"a {type(value).__name__} of {len(value)} items"
    try:
        text = repr(value)
    except (RecursionError, ValueError):  # nested too deep, or an integer too long to write out
        return f"a {type(value).__name__}"
    return text if len(text) <= limit else text[:limit - 5] + "..." + text[-2:]


def who(name: str) -> str:
    """A name as a message names a player: as it is when it can be a name,
    else quoted and cut short (a record may give anything as a name)."""
    return name if name_problem(name) is None else shown(name)


def same_player(names: Iterable[str]) -> Mapping[str, str]:
    """The names' keys, each to its name: look a name up with `name_key`."""
    return {name_key(name): name for name in names}


def check_names(names: tuple[str, ...], *, rule: str, low: int, high: int, game: str) -> list[Problem]:
    """Problems with a game's list of player names (each as `clean_name` gives it)."""
    if not low <= len(names) <= high:  # and not a line for each of a hundred thousand names
        return [problem(said("{game} is for {low} to {high} players, not {count}", game=game, low=low, high=high,
                             count=len(names)), rule)]
    found = []
    seen: dict[str, str] = {}
    for name in names:
        why = name_problem(name)
        if why:
            found.append(problem(why, rule))
            continue
        key = name_key(name)
        if key in seen:
            # TRANSLATORS: {name} and {other} are names in quotes, as a record gives them ('Ann', 'ANN')
            found.append(problem(said("{name} and {other} are the same name", name=repr(name), other=repr(seen[key]))
                                 if name != seen[key] else said("{name} is listed twice", name=repr(name)), rule))
        seen[key] = name
    return found
