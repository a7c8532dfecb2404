"""The host link, /host/KEY, which opens the host screens on another device;
and the pages a link shows when it opens nothing: a wrong, old or revoked
token, or a host screen opened from another device. They show no game data."""
from __future__ import annotations

import flet as ft

from ..hosting import HOST, HostRunContext, VisitorContext
from ..parts.guard import screen
from ..parts.widgets import S, BigButton, Panel, ScreenView, Txt
from ..state import go


@screen
def HostLink(key: str):
    run = ft.use_context(HostRunContext)
    visitor = ft.use_context(VisitorContext)
    route = f"/{HOST}/{key}"
    if not run.opens_host(key):
        return LinkEnded(route, "This host link is from another run of the app. Use the one `xyscore serve` "
                                "printed this time.")

    def open_host():
        visitor.unlock()
        go("/")

    return ScreenView(route, "XY Score", [
        Txt("This browser will be able to do everything the host can."),
        BigButton("Open the host screens", open_host, icon=ft.Icons.LOCK_OPEN),
    ], back=None, width=520)


def LinkEnded(route: str, reason: str) -> ft.View:
    return ScreenView(route, "Link not working", [
        Panel([ft.Icon(ft.Icons.LINK_OFF, size=56, color=ft.Colors.ERROR),
               Txt("This link no longer works", S.HEADLINE_SMALL, weight=ft.FontWeight.W_700),
               Txt(reason)], padding=24),
    ], back=None, width=520)


def HostOnly(route: str) -> ft.View:
    return ScreenView(route, "XY Score", [
        Panel([ft.Icon(ft.Icons.LOCK_OUTLINE, size=56, color=ft.Colors.PRIMARY),
               Txt("This screen is for the host", S.HEADLINE_SMALL, weight=ft.FontWeight.W_700),
               Txt("To join the game, scan the players' code on the host's screen. "
                   "The host can open this screen with the host link that `xyscore serve` printed.")],
              padding=24),
    ], back=None, width=520)
