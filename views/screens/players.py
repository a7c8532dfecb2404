"""Players (/players): the roster, each name with how many games they played
and a way to their own page; a name to add; and for each player Rename,
Merge into... (two names that are one person; asked first) and, for a
player with no games, Remove (asked first)."""
from __future__ import annotations

from typing import Callable

import flet as ft

from companion.players import MAX_NAME_LENGTH

from .. import i18n
from ..parts import saving
from ..parts.guard import screen
from ..parts.names import ChipName
from ..parts.text_box import TextBox, use_typed
from ..parts.widgets import BigButton, IconTap, Note, Panel, Problems, S, ScreenView, TextTap, Txt
from ..shown import roster_words as words
from ..state import SharedContext, go
from ..web import actions, roster_actions

RENAME, MERGE, REMOVE = "rename", "merge", "remove"


def refusal(error: ValueError) -> object:
    """What a refusal says, kept as it was made (a `Said`): said in the language spoken when it is drawn."""
    return error.args[0] if len(error.args) == 1 else str(error)


def said_done(done) -> str:
    """What was done, kept as (words' function, its names): said in the language spoken when it is drawn."""
    return done[0](*done[1:])


def ActionButton(text: str, icon, tooltip: str, on_click) -> ft.Control:
    """A row's action: a large target with its words and whose it is."""
    return ft.OutlinedButton(text, icon=icon, tooltip=tooltip, on_click=on_click, height=48,
                             style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=14)))


@ft.component
def RosterRow(name: str, count: int, others: tuple[str, ...], on_done: Callable[[str], None]):
    """One player: the name (to their page), their games, and what can be done with the name."""
    shared = ft.use_context(SharedContext)
    mode, set_mode = ft.use_state(None)
    typed = use_typed(name)
    into, set_into = ft.use_state(None)
    problem, set_problem = ft.use_state("")  # the store's refusal, as it was made
    offer, set_offer = ft.use_state(None)  # the player a rename found already on the roster
    sending, send = saving.use_send()

    def open_(chosen: str | None, target: str | None = None):
        set_mode(chosen)
        typed.set(name)
        set_into(target)
        set_problem("")
        set_offer(None)

    async def write(action, done_words):
        try:
            done = await send(action)
        except ValueError as error:  # the store's RosterError says why; nothing was changed
            set_problem(refusal(error))
            return None
        if done:
            set_mode(None)
            on_done(done_words(done.value))
        return done

    async def rename(e=None):
        wanted = e.control.value if e is not None and isinstance(getattr(e.control, "value", None), str) \
            else typed.last
        if wanted == name:  # nothing to change
            open_(None)
            return
        if await write(lambda: roster_actions.rename_player(shared, name, wanted),
                       lambda kept: (words.renamed, name, kept)) is None:
            set_offer(words.already_there(wanted, name, list(others)))

    def to_page():
        go(roster_actions.page_of(shared, name))

    async def merge():
        await write(lambda: roster_actions.merge_player(shared, name, into), lambda kept: (words.merged, name, kept))

    async def remove():
        await write(lambda: roster_actions.remove_player(shared, name), lambda _: (words.removed, name))

    _ = i18n.spoken().gettext
    controls: list[ft.Control] = [
        ft.Row([ft.Column([TextTap(content=Txt(name, S.TITLE_MEDIUM, weight=ft.FontWeight.W_600),
                                         on_click=to_page, style=ft.ButtonStyle(padding=ft.Padding.symmetric(
                                             horizontal=4, vertical=8), alignment=ft.Alignment.CENTER_LEFT)),
                           ft.Container(Txt(words.games(count), S.BODY_MEDIUM, color=ft.Colors.ON_SURFACE_VARIANT),
                                        padding=ft.Padding.only(left=4))],
                          spacing=0, expand=True),
                IconTap(ft.Icons.CHEVRON_RIGHT, tooltip=_("Open {name}'s page").format(name=name), on_click=to_page,
                              width=48, height=48)],
               vertical_alignment=ft.CrossAxisAlignment.CENTER),
        ft.Row([ActionButton(_("Rename"), ft.Icons.EDIT, _("Rename {name}").format(name=name),
                             lambda: open_(RENAME)),
                *([ActionButton(_("Merge into…"), ft.Icons.MERGE,
                                _("Merge {name} into another player").format(name=name),
                                lambda: open_(MERGE))] if others else []),
                *([ActionButton(_("Remove"), ft.Icons.PERSON_REMOVE,
                                _("Remove {name} from the roster").format(name=name),
                                lambda: open_(REMOVE))] if count == 0 else [])],
               wrap=True, spacing=8, run_spacing=8),
    ]
    if mode == RENAME:
        controls += [
            TextBox(typed.shown, typed.set, label=_("New name for {name}").format(name=name), max_length=MAX_NAME_LENGTH,
                    autofocus=True, on_submit=rename),
            ft.Row([BigButton(saving.label(sending, _("Save the new name")), rename, icon=ft.Icons.CHECK,
                              disabled=sending.busy),
                    BigButton(_("Cancel"), lambda: open_(None), filled=False)], wrap=True, spacing=8, run_spacing=8)]
    elif mode == MERGE:
        controls += [
            Txt(_("{name} is the same person as:").format(name=name), S.TITLE_SMALL),
            ft.Row([ft.Chip(label=ChipName(other, S.LABEL_LARGE), selected=other == into,
                            tooltip=_("Merge {name} into {other}").format(name=name, other=other),
                            on_select=lambda _, o=other: open_(MERGE, o))
                    for other in others], wrap=True, spacing=6, run_spacing=6)]
        if into:
            controls += [Note(words.merge_question(name, into, count), ft.Icons.WARNING_AMBER),
                         ft.Row([BigButton(saving.label(sending, _("Yes, merge")), merge, icon=ft.Icons.MERGE,
                                           disabled=sending.busy),
                                 BigButton(_("Keep them apart"), lambda: open_(None), filled=False)],
                                wrap=True, spacing=8, run_spacing=8)]
        else:
            controls.append(BigButton(_("Cancel"), lambda: open_(None), filled=False))
    elif mode == REMOVE:
        controls += [Note(words.remove_question(name), ft.Icons.WARNING_AMBER),
                     ft.Row([BigButton(saving.label(sending, _("Yes, remove")), remove, icon=ft.Icons.PERSON_REMOVE,
                                       disabled=sending.busy),
                             BigButton(_("Keep {name}").format(name=name), lambda: open_(None), filled=False)],
                            wrap=True, spacing=8, run_spacing=8)]
    if problem:
        controls.append(Problems([words.sentence(problem)]))
        if offer:
            controls.append(BigButton(_("Merge {name} into {other}").format(name=name, other=offer),
                                      lambda: open_(MERGE, offer), filled=False, icon=ft.Icons.MERGE))
    controls += saving.notice(sending)
    return Panel(controls, spacing=8, padding=12)


@screen
def PlayersScreen(version: int):
    shared = ft.use_context(SharedContext)
    typed = use_typed("")
    problem, set_problem = ft.use_state("")  # the store's refusal, as it was made
    done, set_done = ft.use_state(())  # what was done: (words' function, its names)
    sending, send = saving.use_send()
    played = roster_actions.games_played(shared)

    async def add(name: str):
        try:
            added = await send(lambda: actions.add_player(shared, name))
        except ValueError as error:  # the store's RosterError says why
            set_problem(refusal(error))
            return
        set_problem("")
        if added:
            typed.set("")
            set_done(())

    async def submit(e):
        await add(e.control.value)

    async def add_typed():
        await add(typed.last)

    _ = i18n.spoken().gettext
    return ScreenView("/players", _("Players"), [
        ft.Row([TextBox(typed.shown, typed.set, label=_("New player's name"), expand=True, refocus=True,
                        max_length=MAX_NAME_LENGTH, on_submit=submit),
                IconTap(ft.Icons.PERSON_ADD, tooltip=_("Add to the roster"), on_click=add_typed,
                              disabled=sending.busy)]),
        *([Problems([words.sentence(problem)])] if problem else []),
        *saving.notice(sending),
        *([Note(said_done(done), ft.Icons.CHECK_CIRCLE_OUTLINE)] if done else []),
        *[RosterRow(name, count, tuple(other for other in played if other != name), set_done, key=name)
          for name, count in played.items()],
        *([] if played else [Txt(_("Nobody yet."), color=ft.Colors.ON_SURFACE_VARIANT)]),
    ])
