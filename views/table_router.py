"""The shared table's routes: the links phones and the tablet open, and the
host link that opens the host screens on another device."""
from __future__ import annotations

import flet as ft

from .parts.guard import screen
from .parts.widgets import BigButton, ScreenView, Txt
from .screens.display_link import DisplayLinkScreen
from .screens.link_pages import LinkEnded
from .screens.seat import JoinScreen, SeatScreen
from .state import go
from .table_state import HOST, TableContext, VisitorContext
from .web import lan

LINK_SCREENS = ("join", "seat", "display_link", "host")


def table_parse(parts: list[str]) -> tuple[str, dict] | None:
    """('seat', {'token': T}) for /seat/T, ('table', {'id': 3}) for /game/3/table; None for other routes."""
    if len(parts) == 2:
        head, rest = parts
        if head in (lan.JOIN, lan.SEAT):
            return head, {"token": rest}
        if head == lan.DISPLAY and not rest.isdigit():
            return "display_link", {"token": rest}
        if head == HOST:
            return "host", {"key": rest}
    if len(parts) == 3 and parts[0] == "game" and parts[1].isdigit() and parts[2] == "table":
        return "table", {"id": int(parts[1])}
    return None


@screen
def HostLink(key: str):
    table = ft.use_context(TableContext)
    visitor = ft.use_context(VisitorContext)
    route = f"/{HOST}/{key}"
    if not table.opens_host(key):
        return LinkEnded(route, "This host link is from another run of the app. Use the one `xyscore serve` "
                                "printed this time.")

    def open_host():
        visitor.unlock()
        go("/")

    return ScreenView(route, "XY Score", [
        Txt("This browser will be able to do everything the host can."),
        BigButton("Open the host screens", open_host, icon=ft.Icons.LOCK_OPEN),
    ], back=None, width=520)


@ft.component
def LinkScreen(name: str, args: dict, version: int):
    if name == "join":
        return JoinScreen(args["token"], version)
    if name == "seat":
        return SeatScreen(args["token"], version)
    if name == "display_link":
        return DisplayLinkScreen(args["token"], version)
    return HostLink(args["key"])
