"""A round's note: the players' own words on one hand (XYbrid: round) of a
game (issue 28: "Bob dealt twice", "power cut, replayed"), shown under the
round in the scoreboard's by-hand table, in play and in the history, and
typed there by the host: a tap on the round's number opens the box. It
never changes a score; it goes in the record (`rounds[].note`) and in BG
Stats' comments (companion.notes). Entering a new hand stays as it is: the
box is in the table below it, closed until asked for."""
from __future__ import annotations

from typing import Callable

import flet as ft

from companion.notes import MAX_NOTE_LENGTH

from .. import i18n
from ..state import SharedContext
from ..shown import words
from ..web import actions
from . import saving
from .text_box import TextBox, use_typed
from .widgets import LEAST, S, Problems, TextTap, Txt


def note_label(word: str, number: int) -> str:
    """What the round's note is called, on its box and on the round's number that opens it: 'Note on hand 2'."""
    _ = i18n.spoken().gettext
    return (_("Note on hand {number}") if word == "hand" else _("Note on round {number}")).format(number=number)


def NoteLine(word: str, number: int, note: str) -> ft.Control:
    """The round's note under its row, read out with the round it is on ('Note on hand 2: Bob dealt twice')."""
    _ = i18n.spoken().gettext
    said = (_("Note on hand {number}: {note}") if word == "hand" else
            _("Note on round {number}: {note}")).format(number=number, note=note)
    return ft.Container(ft.Row([
        ft.Icon(ft.Icons.STICKY_NOTE_2_OUTLINED, size=16, color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Container(Txt(note, S.BODY_MEDIUM, italic=True, label=said), expand=True),
    ], spacing=6, vertical_alignment=ft.CrossAxisAlignment.START), padding=ft.Padding.only(left=8, right=8, bottom=4))


@ft.component
def RoundNote(game_id: int, number: int, word: str, note: str | None, on_done: Callable[[], None]):
    """The box for round `number`'s note, Save and Cancel; `on_done()` once kept or let be."""
    _ = i18n.spoken().gettext
    shared = ft.use_context(SharedContext)
    typed = use_typed(note or "")
    refused, set_refused = ft.use_state("")  # the refusal as the core made it: said as the screen is drawn
    sending, send = saving.use_send()
    label = note_label(word, number)

    async def save():
        try:
            done = await send(lambda: actions.set_round_note(shared, game_id, number, typed.last))
        except ValueError as error:  # too long, a control character, a round taken back: said, nothing kept
            set_refused(error.args[0] if len(error.args) == 1 else str(error))
            return
        set_refused("")
        if done:
            on_done()

    changed = (typed.shown.strip() or None) != note
    save_tip = (_("Save the note on hand {number}") if word == "hand" else
                _("Save the note on round {number}")).format(number=number)
    return ft.Container(ft.Column([
        TextBox(typed.shown, typed.set, label=label, multiline=True, min_lines=1, max_lines=4,
                max_length=MAX_NOTE_LENGTH),
        *([Problems([words.say(refused, i18n.spoken())])] if refused else []),
        ft.Row([ft.FilledTonalButton(saving.label(sending, _("Save note")), icon=ft.Icons.SAVE, on_click=save,
                                     height=LEAST, tooltip=save_tip, disabled=sending.busy or not changed),
                TextTap(_("Cancel"), on_click=lambda: on_done(), disabled=sending.busy)],
               wrap=True, spacing=8, run_spacing=8),
        *saving.notice(sending),
    ], spacing=8), bgcolor=ft.Colors.SECONDARY_CONTAINER, border_radius=12, padding=12)
