"""What one browser session holds (route, theme, text size) and what every
session shares (the store and the live-sync hub)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

import flet as ft

from companion.table_state import Tables

from .web import leaves
from .web.live import Hub

TEXT_SCALES = (1.0, 1.2, 1.45)


@dataclass(frozen=True)
class Shared:
    """The host's state: one store, one hub and one live table state per game for all sessions."""

    store: Any
    hub: Hub
    tokens: dict = field(default_factory=dict)  # token -> the Access it opened (see web/table_actions.opened)

    @property
    def tables(self) -> Tables:
        """Each game's live table state (companion/table_state.py), which the hub's changes forget."""
        return self.hub.tables


@ft.observable
@dataclass
class Session:
    """One browser's view of the app: its route, theme, text size and language (views/parts/language.py)."""

    route: str = "/"
    dark: bool = False
    text_scale: float = 1.0
    language: str = "en"

    def route_change(self, e: ft.RouteChangeEvent) -> None:
        self.route = e.route

    def toggle_theme(self) -> None:
        self.dark = not self.dark

    def next_text_scale(self) -> None:
        self.text_scale = TEXT_SCALES[(TEXT_SCALES.index(self.text_scale) + 1) % len(TEXT_SCALES)]


@ft.observable
@dataclass
class Changes:
    """Moves when any game changes. Kept apart from `Session`, which every
    screen's frame reads for the theme: only the router's `Screen` hears a
    change at the table (through `ChangesContext`), and re-renders once."""

    version: int = 0

    def games_changed(self, what=None) -> None:
        """A change to the games this session shows: a trick or a bid only
        updates the table screen's leaves in place if it can (views/web/leaves.py)."""
        if what in leaves.IN_PLACE and leaves.of_session().refreshed():
            return
        self.version += 1


SharedContext = ft.create_context(Shared(store=None, hub=Hub()))
ChangesContext = ft.create_context(Changes())
SessionContext = ft.create_context(Session())


PLAYER_PAGES = "/players/"  # each player's own page is under it


def player_route(name: str, uid: str | None = None) -> str:
    """The route of a player's own page: /players/NAME/UID, the name URL-quoted,
    UID the player's stable id (the page still opens after a rename); /players/NAME without one."""
    return PLAYER_PAGES + quote(name, safe="") + (f"/{quote(uid, safe='')}" if uid else "")


_SESSION = "xyscore.session"  # page.session.store: this browser's Session, for `go`


def keep_session(page, session: Session) -> None:
    """Keep `session` with `page`, for `go` (views/app.py, once per session)."""
    page.session.store.set(_SESSION, session)


def go(route: str) -> None:
    """Navigate this session to `route`: its screen changes at once, and the
    browser's address follows. A screen left must not draw again meanwhile (the
    round screen whose own confirm ended the game once flashed "This game is
    finished" while the address was on its way: issue 28)."""
    page = ft.context.page
    session = page.session.store.get(_SESSION)
    if session is not None:
        session.route = route
    page.navigate(route)
