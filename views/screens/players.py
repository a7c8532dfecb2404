"""Players (/players): the roster, and a name to add to it."""
from __future__ import annotations

import flet as ft

from companion.players import MAX_NAME_LENGTH

from ..parts import saving
from ..parts.guard import screen
from ..parts.widgets import S, Note, Panel, ScreenView, Txt
from ..state import SharedContext
from ..web import actions


@screen
def PlayersScreen(version: int):
    shared = ft.use_context(SharedContext)
    typed, set_typed = ft.use_state("")
    problem, set_problem = ft.use_state("")
    sending, send = saving.use_send()

    async def add(name: str):
        try:
            done = await send(lambda: actions.add_player(shared, name))
        except ValueError as error:  # the store's RosterError says why
            set_problem(str(error))
            return
        set_problem("")
        if done:
            set_typed("")

    async def submit(e):
        await add(e.control.value)

    async def add_typed():
        await add(typed)

    return ScreenView("/players", "Players", [
        Panel([Txt(name, S.TITLE_MEDIUM) for name in actions.roster(shared)]
              or [Txt("Nobody yet.", color=ft.Colors.ON_SURFACE_VARIANT)], spacing=6),
        ft.Row([ft.TextField(label="New player's name", value=typed, expand=True, max_length=MAX_NAME_LENGTH,
                             on_change=lambda e: set_typed(e.control.value), on_submit=submit),
                ft.IconButton(ft.Icons.PERSON_ADD, tooltip="Add to the roster", on_click=add_typed,
                              disabled=sending.busy)]),
        *([Note(problem, ft.Icons.ERROR_OUTLINE)] if problem else []),
        *saving.notice(sending),
    ])
