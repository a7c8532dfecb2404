"""Rematch, under a finished game's scoreboard (and on the host's table): one
big button that says who deals the new game, and what it keeps. After it the
host lands on the new game (its scoreboard, or its table from the table);
the phones and the display at the table follow by themselves
(companion.rematch). Once started, the finished game offers to open its
rematch instead of a second one.

`use_followed` is for the phones and the display: it says when this
screen's link has moved on into a rematch, so they can say "New game: Bob
deals" as they follow."""
from __future__ import annotations

import flet as ft

from .. import i18n
from ..hosting import HostRunContext
from ..shown import rematch_words
from ..state import SharedContext, go
from ..web import table_actions
from ..web.writes import Stored
from . import saving
from .widgets import S, BigButton, Panel, Problems, Txt


def RematchButton(game_id: int, stored, *, to_table: bool = False) -> list[ft.Control]:
    """The rematch of finished game `game_id` (`stored`: the game as read)."""
    return [Rematch(game_id, stored.game, to_table=to_table)]


def game_route(game_id: int, to_table: bool) -> str:
    return f"/game/{game_id}" + ("/table" if to_table else "")


@ft.component
def Rematch(game_id: int, game, to_table: bool = False):
    shared = ft.use_context(SharedContext)
    run = ft.use_context(HostRunContext)
    sending, send = saving.use_send()
    problems, set_problems = ft.use_state(())
    started = table_actions.rematch_of(shared, game_id)
    if started is not None:
        _ = i18n.spoken().gettext
        return Panel([Txt(_("The rematch has started."), S.TITLE_MEDIUM, weight=ft.FontWeight.W_600),
                      BigButton(_("Open the rematch"), lambda: go(game_route(started, to_table)),
                                icon=ft.Icons.REPLAY)])

    async def tapped():
        done = await saving.attempt(send, lambda: table_actions.rematch(shared, run, game_id), set_problems)
        if isinstance(done, Stored):
            go(game_route(done.value, to_table))

    return Panel([
        BigButton(saving.label(sending, rematch_words.button(game)), tapped, icon=ft.Icons.REPLAY,
                  disabled=sending.busy),
        Txt(rematch_words.what_stays(), S.BODY_MEDIUM, color=ft.Colors.ON_SURFACE_VARIANT),
        *([Problems(list(problems))] if problems else []),
        *saving.notice(sending),
    ])


def use_followed(game_id: int) -> bool:
    """In a phone's or the display's screen: has this screen's link moved on
    from the game it showed before to `game_id` (a rematch) while it was open?"""
    shown = ft.use_ref(None)
    followed = ft.use_ref(False)
    if shown.current is not None and shown.current != game_id:
        followed.current = True
    shown.current = game_id
    return followed.current
