"""What the players screen says about the roster: how many games each
played, the questions asked before a merge or a removal, what was done, and
the store's refusals as sentences (no flet here). Each in the language of
the session it is said in (or `speaker`'s)."""
from __future__ import annotations

from datetime import date

from companion.errors import Said
from companion.roster import name_taken

from .. import i18n


def games(count: int, speaker: i18n.Speaker | None = None) -> str:
    """'No games yet', '1 game', '3 games'."""
    speaker = speaker or i18n.spoken()
    if count == 0:
        return speaker.gettext("No games yet")
    return speaker.ngettext("{count} game", "{count} games", count).format(count=speaker.number(count))


def merge_question(name: str, into: str, count: int, speaker: i18n.Speaker | None = None) -> str:
    """Asked before `name` is merged into `into`."""
    speaker = speaker or i18n.spoken()
    if count == 0:
        asked = speaker.gettext("Merge {name} into {into}? {name} has no games; the name goes. This can't be undone.")
    elif count == 1:
        asked = speaker.gettext("Merge {name} into {into}? {name}'s game becomes {into}'s. This can't be undone.")
    else:
        asked = speaker.ngettext("Merge {name} into {into}? {name}'s {count} game becomes {into}'s. This can't be "
                                 "undone.",
                                 "Merge {name} into {into}? {name}'s {count} games become {into}'s. This can't be "
                                 "undone.", count)
    return asked.format(name=name, into=into, count=speaker.number(count))


def merged(name: str, into: str, speaker: i18n.Speaker | None = None) -> str:
    speaker = speaker or i18n.spoken()
    return speaker.gettext("{name} is now {into}: {name}'s games count as {into}'s.").format(name=name, into=into)


def remove_question(name: str, speaker: i18n.Speaker | None = None) -> str:
    speaker = speaker or i18n.spoken()
    return speaker.gettext("Remove {name} from the roster?").format(name=name)


def removed(name: str, speaker: i18n.Speaker | None = None) -> str:
    speaker = speaker or i18n.spoken()
    return speaker.gettext("{name} is off the roster.").format(name=name)


def renamed(old: str, new: str, speaker: i18n.Speaker | None = None) -> str:
    speaker = speaker or i18n.spoken()
    return speaker.gettext("{old} is now called {new}, in every game.").format(old=old, new=new)


def said(message: object, speaker: i18n.Speaker | None = None) -> str:
    """A refusal's words in `speaker`'s language: a `Said` through the
    catalogs, a day in it as the language writes it ('1. Dezember 2026');
    an exception by its message; anything else as it is (English)."""
    speaker = speaker or i18n.spoken()
    if isinstance(message, BaseException) and len(message.args) == 1:
        message = message.args[0]
    if not isinstance(message, Said):
        return str(message)
    days = {key: speaker.date(value) for key, value in message.values.items() if isinstance(value, date)}
    if days:
        message = Said(message.text, {**message.values, **days}, message.plural, message.count)
    return speaker.say(message)


def sentence(refusal: object, speaker: i18n.Speaker | None = None) -> str:
    """A refusal as the screen says it, in the session's language: a capital first, a full stop last."""
    text = said(refusal, speaker).strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".?!" else text + "."


def already_there(typed: str, name: str, roster: list[str]) -> str | None:
    """The other player on the roster whose name `typed` is, when `name`
    would be renamed to it (then the screen offers a merge); else None."""
    return name_taken(typed, roster, own=name)
