"""Each browser session's language, the Flet side (the words are views/i18n).

A session speaks the language this browser chose before (kept in its
storage: `ft.SharedPreferences`, localStorage on the web), else the first of
the browser's own languages we have (Flet 1.0.5's `page.get_device_info()`:
navigator.languages), else English. The menu on every screen's bar switches
it; each phone at a table has its own. The session's language is kept in
`page.session.store`, where `i18n.spoken()` finds it for a tap's answer too.
"""
from __future__ import annotations

import asyncio
import logging
import os

import flet as ft

from .. import i18n

log = logging.getLogger("xyscore.views")

KEY = "xyscore.language"  # page.session.store and the browser's storage: the language code
ASK_SECONDS = 5.0  # how long a session waits for its browser to say its languages (it speaks English meanwhile)
MOST_ASKED = 8  # the browser's languages looked at, best first: what a client sends cannot make this work grow
PSEUDO_ENV = "XYSCORE_PSEUDO_LANGUAGE"  # set to 1: the pseudo-language is offered too (for a browser walk)


def pseudo_offered() -> bool:
    return os.environ.get(PSEUDO_ENV) == "1"


def offered() -> dict[str, str]:
    """Code -> the language's own name, as the menu lists them."""
    names = {code: name for code, (name, _locale) in i18n.LANGUAGES.items()}
    return {**names, i18n.PSEUDO: "Pseudo"} if pseudo_offered() else names


def language_here() -> str:
    """The language of the session whose screen is drawn or whose tap is answered; English elsewhere."""
    try:
        page = ft.context.page
        code = page.session.store.get(KEY)
    except (RuntimeError, AttributeError):  # not in a session (the command line, a test)
        return i18n.ENGLISH
    # Asked for every word drawn (a score draws hundreds): no menu built, the environment read for the pseudo only.
    return code if code in i18n.LANGUAGES or (code == i18n.PSEUDO and pseudo_offered()) else i18n.ENGLISH


def install() -> None:
    """Screens' and answers' words follow each session's language. Each
    catalog is read now (about 0.1 s for the first), not in the middle of a game."""
    i18n.follow(language_here)
    for code in offered():
        i18n.speaker(code)


def _storage(page) -> ft.SharedPreferences:
    from .drafts import browser_storage  # the session's one browser storage service
    return browser_storage(page)


def flutter_locales(code: str) -> ft.LocaleConfiguration:
    """Flutter's own words (a text box's "40 characters remaining" a screen
    reader says, a menu's "Dismiss") in the session's language: the web
    client carries Flutter's Material localizations for each of ours. The
    pseudo-language is English to Flutter."""
    supported = [ft.Locale(language) for language in i18n.LANGUAGES]
    wanted = code if code in i18n.LANGUAGES else i18n.ENGLISH
    return ft.LocaleConfiguration(supported_locales=supported,
                                  current_locale=next(locale for locale in supported if locale.language_code == wanted))


def _use(page, session, code: str) -> None:
    page.session.store.set(KEY, code)
    locales = flutter_locales(code)
    if page.locale_configuration != locales:
        page.locale_configuration = locales
        try:
            page.update()
        except Exception:  # a session closing meanwhile: its next screen asks again
            log.info("Could not tell Flutter the language", exc_info=True)
    if session.language != code:
        session.language = code  # the screens are drawn again in it


async def start(page, session) -> None:
    """At a session's start, after its first screen is drawn: its language,
    as this browser chose it before or as the browser says it prefers."""
    try:
        stored = await asyncio.wait_for(_storage(page).get(KEY), ASK_SECONDS)
        if isinstance(stored, str) and stored in offered():
            _use(page, session, stored)
            return
        info = await asyncio.wait_for(page.get_device_info(), ASK_SECONDS)
        wanted = list(getattr(info, "languages", None) or [getattr(info, "language", None) or ""])
        _use(page, session, i18n.best([w for w in wanted[:MOST_ASKED] if isinstance(w, str)],
                                      pseudo=pseudo_offered()))
    except Exception:  # a browser that cannot say or store: English, as before
        log.info("The browser did not say its language; speaking English", exc_info=True)


def choose(code: str, session) -> None:
    """The menu's switch: this session speaks `code` from now on, and this browser remembers it."""
    if code not in offered():
        return
    page = ft.context.page
    _use(page, session, code)

    async def remember() -> None:
        try:
            await _storage(page).set(KEY, code)
        except Exception:
            log.warning("Could not keep the language in the browser", exc_info=True)
    page.run_task(remember)


def LanguageMenu(session) -> ft.Control:
    """The bar's language switch: each language by its own name, the one spoken ticked."""
    from .widgets import LEAST  # (widgets puts this menu in every bar)
    speaker = i18n.speaker(session.language)
    return ft.PopupMenuButton(  # as wide and tall as the bar's other buttons: a thumb's size
        icon=ft.Icons.TRANSLATE, tooltip=speaker.gettext("Language"), width=LEAST, height=LEAST,
        size_constraints=ft.BoxConstraints(min_width=LEAST, min_height=LEAST),
        items=[ft.PopupMenuItem(content=name, checked=code == session.language,
                                on_click=lambda _e, code=code: choose(code, session))
               for code, name in offered().items()])
