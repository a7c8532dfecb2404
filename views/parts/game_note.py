"""A game's note: the players' own words on it (issue 28), typed on the game
screen and kept with the game, shown read-only in its history, and sent in
its record and to BG Stats (companion.notes)."""
from __future__ import annotations

import flet as ft

from companion.notes import MAX_NOTE_LENGTH

from .. import i18n
from ..state import SharedContext
from ..shown import words
from ..web import actions
from . import saving
from .text_box import TextBox, use_typed
from .widgets import LEAST, S, Panel, Problems, Section, Txt


@ft.component
def GameNote(game_id: int, note: str | None, read_only: bool):
    _ = i18n.spoken().gettext
    shared = ft.use_context(SharedContext)
    typed = use_typed(note or "")
    refused, set_refused = ft.use_state("")  # the refusal as the core made it: said as the screen is drawn
    sending, send = saving.use_send()
    if read_only:
        return ft.Column([Section(_("Note")), Panel([Txt(note, S.BODY_LARGE)])] if note else [], spacing=8)

    async def save():
        try:
            done = await send(lambda: actions.set_note(shared, game_id, typed.last))
        except ValueError as error:  # too long, or a control character: said, nothing kept
            set_refused(error.args[0] if len(error.args) == 1 else str(error))
            return
        set_refused("")
        if done:
            typed.set(done.value or "")

    changed = (typed.shown.strip() or None) != note
    return ft.Column([Section(_("Note")), Panel([
        TextBox(typed.shown, typed.set, label=_("Note on this game"), multiline=True, min_lines=1, max_lines=4,
                max_length=MAX_NOTE_LENGTH),
        *([Problems([words.say(refused, i18n.spoken())])] if refused else []),
        ft.Row([ft.FilledTonalButton(saving.label(sending, _("Save note")), icon=ft.Icons.SAVE, on_click=save, height=LEAST,
                                     disabled=sending.busy or not changed)]),
        *saving.notice(sending),
    ], spacing=8)], spacing=8)
