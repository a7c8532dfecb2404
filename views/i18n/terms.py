"""The names a core message's `Term` stands for, in a speaker's language: a
Bonus Beat by the face printed on it ("the # card": symbols stay as
printed, a face in words is said in the speaker's language), a card's face
alone, an expansion, a part type, the table's top card, a colour; and a
monster's parts as the rules page lists them ("a head", "legs")."""
from __future__ import annotations

from companion.errors import Said, Term
from companion.xybrid.monsters import PartType
from companion.xylotar.bonus_beats import BY_ID as BONUS_BEATS
from companion.xylotar.deal import COLOURS as DEAL_COLOURS
from companion.xylotar.setup import EXPANSION_NAMES

from . import ENGLISH, N_, NC_

# TRANSLATORS: a Bonus Beat named by the face printed on it (#, b, +1, ½, 11, ...), which stays as printed.
CARD = N_("the {face} card")
# TRANSLATORS: a Bonus Beat whose face is words ("no bid", "8 for 0", "view 3"), already said in your language:
# German „{face}“, French « {face} » make it read as the card's name.
CARD_NAMED = NC_("card named in words", "the {face} card")
# TRANSLATORS: a Bonus Beat's face in words ("no bid", "view 3"), already said in your language, named on its
# own ("Karte „keine Ansage“: ..."): German „{face}“, French « {face} ».
FACE_NAMED = NC_("card named in words", "{face}")
# Said by their names on a screen; the catalogs list them here because the core builds them.
NAMES = {
    "expansion": {"bonus_beats": N_("Bonus Beats"), "off_key": N_("Off-Key")},
    "card_name": {"Red 11": N_("Red 11"), "Yellow 9": N_("Yellow 9")},
    "part": {"core": N_("core"), "head": N_("head"), "left_arm": N_("left arm"), "right_arm": N_("right arm"),
             "legs": N_("legs"), "auxiliary": N_("auxiliary")},
}
# Names said with a context: (context, names by id).
IN_CONTEXT = {
    # TRANSLATORS: a colour of Xylotar's cards as a name ("Red is trump", "without the cards in red and orange").
    "colour": ("colour", {
        "red": NC_("colour", "red"), "orange": NC_("colour", "orange"), "yellow": NC_("colour", "yellow"),
        "0-7 colour": NC_("colour", "0-7 colour"), "0-6 colour": NC_("colour", "0-6 colour"),
        "0-5 colour": NC_("colour", "0-5 colour"), "0-4 colour": NC_("colour", "0-4 colour"),
        "pink": NC_("colour", "pink")}),
    # TRANSLATORS: the parts a monster needs, as listed in "A monster is complete with a core, a head, ... and legs"
    # (German: dative after "mit").
    "part_a": ("a monster is complete with", {
        "core": NC_("a monster is complete with", "a core"), "head": NC_("a monster is complete with", "a head"),
        "left_arm": NC_("a monster is complete with", "a left arm"),
        "right_arm": NC_("a monster is complete with", "a right arm"),
        "legs": NC_("a monster is complete with", "legs")}),
}
# English is the core's own words: the catalogs' ids stay in step with its tables.
assert NAMES["expansion"] == EXPANSION_NAMES and NAMES["part"] == {kind.value: kind.label for kind in PartType}
assert set(IN_CONTEXT["colour"][1]) == {name for name, _ in DEAL_COLOURS}


def face(speaker, card_id: str, *, quoted: bool = False) -> str:
    """A Bonus Beat's face in `speaker`'s language: a symbol as printed ("#", "½"), words said ("keine Ansage"),
    `quoted` as a name in a sentence ("„keine Ansage“"; English never quotes it)."""
    printed = BONUS_BEATS[card_id].face
    if quoted and isinstance(printed, Said):
        return speaker.pgettext("card named in words", FACE_NAMED).format(face=speaker.value(printed))
    return speaker.value(printed)


def term(speaker, value: Term) -> str:
    if value.kind == "face":  # a card by its face alone, quoted when it is words (the rules page's lines)
        return face(speaker, value.id, quoted=True)
    if value.kind == "card":
        printed = BONUS_BEATS[value.id].face
        named = isinstance(printed, Said)  # a face in words: "the card „keine Ansage“"
        template = speaker.pgettext("card named in words", CARD_NAMED) if named else speaker.gettext(CARD)
        return template.format(face=speaker.value(printed))
    if value.kind in IN_CONTEXT:
        context, names = IN_CONTEXT[value.kind]
        if speaker.code == ENGLISH or value.id not in names:
            return str(value)  # English as the sentence has it ("Red is trump")
        return speaker.pgettext(context, names[value.id])
    name = NAMES.get(value.kind, {}).get(value.id)
    return speaker.gettext(name) if name else str(value)
