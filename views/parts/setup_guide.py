"""The setup guide on a new game's scoreboard (how to deal this table), folded
away once read: the fold is remembered in this browser (`ft.SharedPreferences`,
localStorage on the web), for every game after, and it opens again on a tap."""
from __future__ import annotations

import logging

import flet as ft

from .. import i18n
from .drafts import _prefs  # the session's browser storage, as drafts keep it
from .widgets import S, Panel, TextTap, Txt

log = logging.getLogger("xyscore.views")
KEY = "xyscore.setup_guide_folded"


@ft.component
def SetupGuide(game):
    page = ft.context.page
    folded, set_folded = ft.use_state(lambda: page.session.store.get(KEY))  # None: not read from the browser yet

    async def load() -> None:
        if folded is not None:
            return
        try:
            kept = await _prefs(page).get(KEY)
        except Exception:
            log.warning("Could not read the setup guide's fold", exc_info=True)
            kept = None
        page.session.store.set(KEY, kept == "yes")
        set_folded(kept == "yes")

    async def keep(value: bool) -> None:
        try:
            await _prefs(page).set(KEY, "yes" if value else "no")
        except Exception:
            log.warning("Could not keep the setup guide's fold", exc_info=True)

    def fold(value: bool) -> None:
        page.session.store.set(KEY, value)
        set_folded(value)
        page.run_task(keep, value)

    ft.on_mounted(load)
    speaker = i18n.spoken()
    _ = speaker.gettext
    title, steps = said_guide(game.setup_guide(len(game.players), game.expansions), speaker)
    title = Txt(title, S.TITLE_MEDIUM, weight=ft.FontWeight.W_600)
    if folded:
        return Panel([ft.Row([ft.Container(title, expand=True),
                              TextTap(_("Show"), icon=ft.Icons.EXPAND_MORE, tooltip=_("Show the setup guide"),
                                      on_click=lambda: fold(False))],
                             vertical_alignment=ft.CrossAxisAlignment.CENTER)], padding=12)
    return Panel([title, *[Txt(step) for step in steps],
                  ft.Row([TextTap(_("Read: fold it away"), icon=ft.Icons.EXPAND_LESS,
                                  tooltip=_("Fold the setup guide away"), on_click=lambda: fold(True))],
                         alignment=ft.MainAxisAlignment.END)])


def said_guide(guide, speaker: i18n.Speaker | None = None) -> tuple[str, list[str]]:
    """A setup guide (companion.guide.SetupGuide) in `speaker`'s language (the
    session's by default): its title, and its steps numbered ('1. ...')."""
    speaker = speaker or i18n.spoken()
    return speaker.say(guide.title), [speaker.gettext("{number}. {step}").format(number=i, step=speaker.say(step))
                                      for i, step in enumerate(guide.steps, start=1)]
