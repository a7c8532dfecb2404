"""What the engines say, in players' words on a screen: no rule IDs ("(X7)",
"(Y4)"), no internal ids ("yellow_nine", "left_arm", "bonus_beats").

The engines' problems keep their rule, and the command line's `score` output
keeps "(X3)" (`Problem.__str__`); a screen says the same problem through
`words`, in its player's language: a problem's message is a message id and
its values (companion.errors.Said), said through the catalogs (views/i18n).
`plain` remains for the messages not yet kept as ids. No Flet here."""
from __future__ import annotations

import re

from companion.errors import Problem, Said
from companion.xybrid.monsters import PartType
from companion.xylotar import limits
from companion.xylotar.bonus_beats import BY_ID as BONUS_BEATS
from companion.xylotar.deal import Deal
from companion.xylotar.setup import EXPANSION_NAMES

from .. import i18n
from ..i18n import NC_

# A rule in brackets, as the engines cite it: "(X7)", "(Y4)", "(B1, B2)", "(X1-X4)".
RULE = re.compile(r"\s*\((?:[XYBOP]\d+(?:\s*[-,–]\s*[XYBOP]?\d+)*)\)")
_CARD_IN_BRACKETS = re.compile(r"\s*\((?:" + "|".join(map(re.escape, BONUS_BEATS)) + r")\)")
_CARD = re.compile(r"\b(?:" + "|".join(map(re.escape, sorted(BONUS_BEATS, key=len, reverse=True))) + r")\b")
_PARTS = {kind.value: kind.label for kind in PartType if kind.value != kind.label}
_NAMES = {**EXPANSION_NAMES, **_PARTS}
_NAME = re.compile(r"\b(?:" + "|".join(map(re.escape, sorted(_NAMES, key=len, reverse=True))) + r")\b")


def plain(text: str) -> str:
    """`text` in players' words: rule IDs dropped; a Bonus Beat's id after its
    face dropped ("the 11 card (red_eleven)" -> "the 11 card"), a bare one
    said by its face ("over_by_one was ..." -> "the # card was ..."); an
    expansion or a part type by its name ("off_key" -> "Off-Key",
    "left_arm" -> "left arm")."""
    text = RULE.sub("", text)
    text = _CARD_IN_BRACKETS.sub("", text)
    text = _CARD.sub(lambda found: f"the {BONUS_BEATS[found.group(0)].face} card", text)
    return _NAME.sub(lambda found: _NAMES[found.group(0)], text)


def say(message: str, speaker: i18n.Speaker) -> str:
    """A core's message in `speaker`'s language (one not yet kept as an id: in plain English)."""
    return speaker.say(message) if isinstance(message, Said) else plain(message)


def changed_elsewhere(error: Exception, speaker: i18n.Speaker | None = None) -> str:
    """A write refused because another phone changed the thing first
    (companion.live_hand.StaleEntry), said with what is stored now."""
    speaker = speaker or i18n.spoken()
    return speaker.gettext("Someone else changed this: {change}").format(change=say(error.args[0], speaker))


def words(problem: Problem, *, where: bool = True, speaker: i18n.Speaker | None = None) -> str:
    """A problem as a screen says it: 'round 1, Ann: the monster has no legs;
    a destroyed part counts as a negative adjustment' (where it is, what, and
    how a correct entry is made), never its rule. `where=False` leaves out
    the round (a round screen already says which round it is). In `speaker`'s
    language; by default the language of the session it is said in."""
    speaker = speaker or i18n.spoken()
    place = ([speaker.gettext("round {number}").format(number=problem.round)]
             if where and problem.round is not None else []) + ([problem.player] if problem.player is not None else [])
    said = say(problem.message, speaker)
    if problem.hint:
        said = speaker.gettext("{problem}; {hint}").format(problem=said, hint=say(problem.hint, speaker))
    return speaker.gettext("{place}: {problem}").format(place=", ".join(place), problem=said) if place else said


# How many tricks or Off-Key cards are off, in words up to twelve (each language's own forms: a trick and
# a card may differ in gender), in figures above.
_TRICKS = (NC_("tricks", "no"), NC_("tricks", "one"), NC_("tricks", "two"), NC_("tricks", "three"),
           NC_("tricks", "four"), NC_("tricks", "five"), NC_("tricks", "six"), NC_("tricks", "seven"),
           NC_("tricks", "eight"), NC_("tricks", "nine"), NC_("tricks", "ten"), NC_("tricks", "eleven"),
           NC_("tricks", "twelve"))
_CARDS = (NC_("cards", "no"), NC_("cards", "one"), NC_("cards", "two"), NC_("cards", "three"),
          NC_("cards", "four"), NC_("cards", "five"), NC_("cards", "six"), NC_("cards", "seven"),
          NC_("cards", "eight"), NC_("cards", "nine"), NC_("cards", "ten"), NC_("cards", "eleven"),
          NC_("cards", "twelve"))


def _said(count: int, small: tuple[str, ...], context: str, speaker: i18n.Speaker) -> str:
    return speaker.pgettext(context, small[count]) if count < len(small) else speaker.number(count)


def tricks_taken(table: Deal, total: int, speaker: i18n.Speaker | None = None) -> str:
    """The tricks typed over all seats, said the same on every screen (X3):
    '13 tricks taken of 12: one too many', '9 tricks taken of 12: three
    missing', '12 tricks taken of 12'; in `speaker`'s language (by default
    the session's)."""
    speaker = speaker or i18n.spoken()
    off = limits.tricks_off(table, total)
    said = speaker.ngettext("{total} trick taken of {tricks}", "{total} tricks taken of {tricks}", total).format(
        total=speaker.number(total), tricks=speaker.number(table.tricks_per_hand))
    if not off:
        return said
    how_many = _said(abs(off), _TRICKS, "tricks", speaker)
    if off > 0:
        return speaker.ngettext("{taken}: {count} too many", "{taken}: {count} too many", off).format(
            taken=said, count=how_many)
    return speaker.ngettext("{taken}: {count} missing", "{taken}: {count} missing", -off).format(
        taken=said, count=how_many)


def off_key_won(table: Deal, total: int, speaker: i18n.Speaker | None = None) -> str | None:
    """The Off-Key cards won over all seats, said only when they are more than
    a hand holds (O1, O3): '9 Off-Key cards won of 8 in play: one too many'."""
    over = limits.off_key_over(table, total)
    if not over:
        return None
    speaker = speaker or i18n.spoken()
    return speaker.ngettext("{total} Off-Key card won of {in_play} in play: {count} too many",
                            "{total} Off-Key cards won of {in_play} in play: {count} too many", total).format(
        total=speaker.number(total), in_play=speaker.number(limits.off_key_in_play(table)),
        count=_said(over, _CARDS, "cards", speaker))
