"""Home: resume a game in progress, start one, history, players, the rules;
and the host link, to open the host screens on another device."""
from __future__ import annotations

import flet as ft

from .. import i18n
from ..parts.guard import screen
from ..parts.host_link_card import HostLinkCard
from ..parts.widgets import S, BigButton, Panel, Problems, ScreenView, Section, Txt
from ..shown import logic, why
from ..state import SharedContext, go
from ..web import actions


@screen
def HomeScreen(version: int):
    shared = ft.use_context(SharedContext)
    playing = actions.in_play(shared)
    _ = i18n.spoken().gettext
    resume = [Panel([
        Txt(logic.game_title(g.game), S.TITLE_MEDIUM, weight=ft.FontWeight.W_600),
        Txt(logic.progress_line(g.game), color=ft.Colors.ON_SURFACE_VARIANT),
        # No number on the button: the panel above it says which game.
        BigButton(_("Resume this game"), lambda _, gid=g.id: go(f"/game/{gid}"), icon=ft.Icons.PLAY_ARROW),
    ]) for g in playing[:3]]
    fault = shared.store.fault  # opened read-only (a full disk, a read-only or damaged file): said first
    return ScreenView("/", "XY Score", [
        Txt(_("Score Xylotar and XYbrid at the table"), S.BODY_LARGE, color=ft.Colors.ON_SURFACE_VARIANT),
        *([Problems([str(fault)])] if fault else []),
        *([Section(_("In progress")), *resume] if resume else []),
        Section(_("Play")),
        BigButton(_("New game"), lambda: go("/new"), icon=ft.Icons.ADD),
        BigButton(_("History and statistics"), lambda: go("/history"), icon=ft.Icons.HISTORY, filled=False),
        BigButton(_("Players"), lambda: go("/players"), icon=ft.Icons.GROUP, filled=False),
        BigButton(_("Table display"), lambda: go("/display"), icon=ft.Icons.TV, filled=False),
        BigButton(_("Rules in plain words"), lambda: go(why.rules_route(came_from="/")), icon=ft.Icons.MENU_BOOK,
                  filled=False),
        Section(_("Host screens on another device")),
        HostLinkCard(key="host-link"),
    ], back=None)
