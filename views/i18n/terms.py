"""The names a core message's `Term` stands for, in a speaker's language: a
Bonus Beat by the face printed on it ("the # card": symbols stay as
printed), an expansion, a part type, the table's top card."""
from __future__ import annotations

from companion.errors import Term
from companion.xybrid.monsters import PartType
from companion.xylotar.bonus_beats import BY_ID as BONUS_BEATS
from companion.xylotar.setup import EXPANSION_NAMES

from . import N_

# TRANSLATORS: a Bonus Beat named by the face printed on it (#, b, +1, ½, 11, ...), which stays as printed.
CARD = N_("the {face} card")
# Said by their names on a screen; the catalogs list them here because the core builds them.
NAMES = {
    "expansion": {"bonus_beats": N_("Bonus Beats"), "off_key": N_("Off-Key")},
    "card_name": {"Red 11": N_("Red 11"), "Yellow 9": N_("Yellow 9")},
    "part": {"core": N_("core"), "head": N_("head"), "left_arm": N_("left arm"), "right_arm": N_("right arm"),
             "legs": N_("legs"), "auxiliary": N_("auxiliary")},
}
# English is the core's own words: the catalogs' ids stay in step with its tables.
assert NAMES["expansion"] == EXPANSION_NAMES and NAMES["part"] == {kind.value: kind.label for kind in PartType}


def term(speaker, value: Term) -> str:
    if value.kind == "card":
        return speaker.gettext(CARD).format(face=BONUS_BEATS[value.id].face)
    name = NAMES.get(value.kind, {}).get(value.id)
    return speaker.gettext(name) if name else str(value)
