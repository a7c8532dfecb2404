"""The catalogs (issue 29): every message the code marks is in messages.pot as
Babel extracts it today, and German and French translate each one, keeping
its placeholders and giving each plural form; the pseudo-language wraps and
lengthens every one."""
from __future__ import annotations

import copy
import re

import pytest
from babel.messages.catalog import Catalog

from views import i18n
from views.i18n import catalogs
from views.i18n.pseudo import CLOSE, OPEN, pseudo

PLACEHOLDER = re.compile(r"\{(\w*)\}")


def ids(catalog: Catalog) -> set:
    return {(message.context, message.id) for message in catalog if message.id}


def gaps(template: Catalog, catalog: Catalog) -> list[str]:
    """What a player would read in English or broken in `catalog`'s language:
    a message with no translation (or only a fuzzy one), a plural form
    missing, a placeholder dropped or made up."""
    found = []
    for message in template:
        if not message.id:
            continue
        forms_wanted = message.id if isinstance(message.id, tuple) else (message.id,)
        wanted = set().union(*(PLACEHOLDER.findall(text) for text in forms_wanted))
        translated = catalog.get(message.id, context=message.context)
        if translated is None or translated.fuzzy or not translated.string:
            found.append(f"no translation: {forms_wanted[0]!r}")
            continue
        forms = translated.string if isinstance(translated.string, tuple) else (translated.string,)
        if isinstance(message.id, tuple) and len(forms) != catalog.num_plurals:
            found.append(f"{len(forms)} of {catalog.num_plurals} plural forms: {forms_wanted[0]!r}")
        for form in forms:
            if not form:
                found.append(f"a plural form missing: {forms_wanted[0]!r}")
            elif set(PLACEHOLDER.findall(form)) != wanted:
                found.append(f"placeholders {sorted(PLACEHOLDER.findall(form))} for {sorted(wanted)}: {form!r}")
            else:
                form.format(**{name: 1 for name in wanted})  # a stray brace would stop the screen
    return found


@pytest.fixture(scope="module")
def template() -> Catalog:
    return catalogs.template()


# The .pot is what Babel extracts from the code now: a string marked in companion/ or views/ and not yet
# extracted (`python -m views.i18n.catalogs`) fails here, so it cannot reach a screen untranslated unseen.
def test_the_template_is_what_the_code_marks(template):
    assert ids(template) == ids(catalogs.read(catalogs.TEMPLATE))
    for code in catalogs.TRANSLATED:
        assert ids(catalogs.read(catalogs.po_path(code), code)) == ids(template), code


@pytest.mark.parametrize("code", catalogs.TRANSLATED)
def test_every_message_is_translated_with_its_placeholders(template, code):
    assert len(ids(template)) >= 70  # the Xylotar refusals, the names they use, the ordinals at least
    assert gaps(template, catalogs.read(catalogs.po_path(code), code)) == []


# The check above can fail: a message dropped from the German catalog, a placeholder dropped from another,
# a French plural form emptied.
def test_the_completeness_check_finds_what_it_looks_for(template):
    german = catalogs.read(catalogs.po_path("de"), "de")
    doctored = copy.deepcopy(german)
    doctored.delete("tricks add up to {total}, expected {expected}")
    doctored.get("the dealer {dealer} is not one of the players").string = "der Geber ist keiner der Spieler"
    assert sorted(gaps(template, doctored)) == [
        "no translation: 'tricks add up to {total}, expected {expected}'",
        "placeholders [] for ['dealer']: 'der Geber ist keiner der Spieler'"]
    french = catalogs.read(catalogs.po_path("fr"), "fr")
    french.get(("{n} trick", "{n} tricks")).string = ("{n} pli", "", "{n} plis")
    assert gaps(template, french) == ["a plural form missing: '{n} trick'"]


# The pseudo-language, for a browser walk: each string wrapped, a third longer, its placeholders kept.
def test_the_pseudo_language_wraps_and_lengthens_every_message(template):
    for message in template:
        for text in (message.id if isinstance(message.id, tuple) else (message.id,)):
            if not text:
                continue
            said = pseudo(text)
            assert said.startswith(OPEN) and said.endswith(CLOSE), said
            assert PLACEHOLDER.findall(said) == PLACEHOLDER.findall(text), said
            letters = len(PLACEHOLDER.sub("", text))
            assert len(PLACEHOLDER.sub("", said)) - 2 >= letters * 4 / 3, said
    assert i18n.speaker(i18n.PSEUDO).gettext("Language") == pseudo("Language") != "Language"
