"""The players' languages: English, German and French, from gettext catalogs
(views/i18n/locale/LANG/LC_MESSAGES/messages.po) with Babel for plural forms,
lists ("Ann, Bob und Cat"), ordinals, numbers and dates (docs/translations.md).

A `Speaker` speaks one language: `_`/`gettext`, `ngettext`, `pgettext`, and
`say` for a sentence the core made (companion.errors.Said: a message id and
its values). Each browser session has its own (views/i18n/session.py); the
command line's follows the environment's locale (`from_environment`). No Flet here.
"""
from __future__ import annotations

import datetime
import functools
import gettext as _gettext
import os
import re

from babel import Locale
from babel.core import UnknownLocaleError, negotiate_locale
from babel.dates import format_date
from babel.lists import format_list
from babel.numbers import format_decimal

from companion.errors import Count, Listed, Names, Said, Term

from .pseudo import Pseudo

ENGLISH = "en"
PSEUDO = "en-XA"  # the pseudo-language: every string wrapped and a third longer (a browser walk's check)
# Each language: its name as its speakers write it, and the locale its lists, numbers and dates follow.
# English lists read "Ann, Bob and Cat", as the app always said them (British English has no serial comma).
LANGUAGES = {"en": ("English", "en_GB"), "de": ("Deutsch", "de_DE"), "fr": ("Français", "fr_FR")}


def N_(message: str) -> str:
    """Marks `message` for the catalogs, said later through a Speaker."""
    return message


def NC_(context: str, message: str) -> str:
    """Marks `message` for the catalogs in `context`, said later with `Speaker.pgettext`."""
    return message


# Ordinals by their form in CLDR's rules (Babel's Locale.ordinal_form): English has four, German
# one ("{n}."), French two ("{n}er", "{n}e"); each catalog gives its own for every English one.
_ORDINALS = {"one": NC_("ordinal", "{n}st"), "two": NC_("ordinal", "{n}nd"), "few": NC_("ordinal", "{n}rd"),
             "other": NC_("ordinal", "{n}th")}


class Elided(str):
    """A French message whose "de" or "que" before a value that begins with a vowel is elided
    when the value is put in, as French writes it: "Annonce de {seat}" with Eve reads
    "Annonce d'Eve", with Bob "Annonce de Bob" (a translator cannot know the name)."""

    VOWELS = frozenset("AEIOUYÀÂÄÆÉÈÊËÎÏÔÖŒÙÛÜaeiouyàâäæéèêëîïôöœùûü")

    def format(self, *args, **values) -> str:
        template = str(self)
        mark = "\u2019" if "\u2019" in template else "'"  # the apostrophe the sentence already uses
        for name, value in values.items():
            if str(value)[:1] in self.VOWELS:
                template = re.sub(r"\b([dD]|[qQ]u)e \{" + re.escape(name) + r"([:}])", r"\1" + mark + "{" + name + r"\2",
                                  template)
        return template.format(*args, **values)


class Speaker:
    """One language's words and forms."""

    def __init__(self, code: str, translations: _gettext.NullTranslations, locale: str):
        self.code, self.translations, self.locale = code, translations, Locale.parse(locale)
        self._elides = code == "fr"

    def _shaped(self, text: str) -> str:
        return Elided(text) if self._elides and "{" in text else text

    def gettext(self, message: str) -> str:
        return self._shaped(self.translations.gettext(message))

    _ = gettext

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._shaped(self.translations.ngettext(singular, plural, n))

    def pgettext(self, context: str, message: str) -> str:
        return self._shaped(self.translations.pgettext(context, message))

    def say(self, message: str) -> str:
        """A sentence the core made, in this language: a `Said` through the
        catalogs, its values said too (a card by its face, a count by its
        number, a day as the language writes it); any other str as it is."""
        if not isinstance(message, Said):
            return str(message)
        template = (self.ngettext(message.text, message.plural, message.values[message.count])
                    if message.plural is not None else self.gettext(message.text))
        return template.format(**{name: self.value(value) for name, value in message.values.items()})

    def value(self, value: object) -> str:
        if isinstance(value, Said):
            return self.say(value)
        if isinstance(value, Term):
            from .terms import term  # the core's tables of cards, expansions and parts
            return term(self, value)
        if isinstance(value, Listed):
            return ", ".join(self.value(item) for item in value)
        if isinstance(value, Names):
            return self.names([self.value(item) for item in value])
        if isinstance(value, Count):
            return self.number(int(value))
        if isinstance(value, datetime.date):  # a day: '3 December 2026', '3. Dezember 2026'
            return self.date(value)
        return str(value)

    def names(self, names: list[str]) -> str:
        """Names one after another, as this language joins them: 'Ann, Bob und Cat'."""
        return format_list(list(names), locale=self.locale) if names else ""

    def ordinal(self, n: int) -> str:
        """'1st', '1.', '1er': the ending the catalog gives for `n`'s ordinal form (CLDR's rules, through Babel)."""
        return self.pgettext("ordinal", _ORDINALS[self.locale.ordinal_form(n)]).format(n=n)

    def number(self, n: float) -> str:
        """A number as this language writes it: 1,234.5 / 1.234,5 / 1 234,5."""
        return _number(self, n)

    def date(self, day, form: str = "long") -> str:
        """A day as this language writes it: '3 December 2026', '3. Dezember 2026', '3 décembre 2026'."""
        return format_date(day, form, locale=self.locale)


@functools.lru_cache(maxsize=4096, typed=True)  # a score's chart and standings say the same few totals on every screen
def _number(speaker: Speaker, n: float) -> str:
    return format_decimal(n, locale=speaker.locale)


def speaker(code: str = ENGLISH) -> Speaker:
    """The Speaker for language `code` (one of LANGUAGES, or PSEUDO; English for any other), made once per process."""
    return _speaker(code if code in LANGUAGES or code == PSEUDO else ENGLISH)  # a made-up code makes nothing new


@functools.cache
def _speaker(code: str) -> Speaker:
    if code == PSEUDO:
        return Speaker(PSEUDO, Pseudo(), LANGUAGES[ENGLISH][1])
    if code == ENGLISH:
        return Speaker(ENGLISH, _gettext.NullTranslations(), LANGUAGES[ENGLISH][1])
    from .catalogs import translations  # Babel's catalog tools, loaded once a language is spoken
    return Speaker(code, translations(code), LANGUAGES[code][1])


_language_here = lambda: ENGLISH  # noqa: E731  (the web app says how to find a session's: views/i18n/session.py)


def spoken() -> Speaker:
    """The Speaker of the language being spoken here: the browser session's
    whose screen is being drawn or whose tap is being answered; else English."""
    return speaker(_language_here())


def follow(language_here) -> None:
    """Find the language spoken here with `language_here()` (the web app installs its session's)."""
    global _language_here
    _language_here = language_here


def best(preferred: list[str], *, pseudo: bool = False) -> str:
    """The language to speak to someone who prefers `preferred` (a browser's
    languages, best first: 'de-DE', 'fr', ...): the first we have, else English."""
    offered = [*LANGUAGES, *([PSEUDO] if pseudo else [])]
    for wanted in preferred:
        if pseudo and wanted.replace("_", "-").lower() == PSEUDO.lower():
            return PSEUDO
        try:
            found = negotiate_locale([wanted.replace("-", "_")], list(LANGUAGES), sep="_")
        except (UnknownLocaleError, ValueError):
            found = None
        if found in offered:
            return found
    return ENGLISH


def from_environment(environ=os.environ) -> str:
    """The command line's language, as the environment's locale says it (LANGUAGE, LC_ALL, LC_MESSAGES, LANG)."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name)
        if value:
            return best([part.split(".")[0].split("@")[0] for part in value.split(":") if part])
    return ENGLISH
