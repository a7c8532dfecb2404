"""The page an address the app never makes opens: a route longer than any of
ours (views/router.py's MAX_ROUTE). It shows no game data."""
from __future__ import annotations

import flet as ft

from .. import i18n
from ..parts.widgets import S, BigButton, Panel, ScreenView, Txt
from ..state import go


def NoSuchPage(route: str) -> ft.View:
    _ = i18n.spoken().gettext
    return ScreenView(route, "XY Score", [
        Panel([ft.Icon(ft.Icons.SEARCH_OFF, size=56, color=ft.Colors.PRIMARY),
               Txt(_("There is no such page"), S.HEADLINE_SMALL, weight=ft.FontWeight.W_700),
               Txt(_("This address is not one the app makes. Check the link, or scan the table's code again."))],
              padding=24),
        BigButton(_("Go to the start"), lambda: go("/"), icon=ft.Icons.HOME),
    ], back=None, width=520)
