"""What one browser session holds (route, theme, text size) and what every
session shares (the store and the live-sync hub)."""
from __future__ import annotations

import time
from collections import deque
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


class Moves:
    """The host's own moves of a browser's address (`go`) whose echo has not come back yet.

    `go` draws the new screen at once and tells the browser to move its address;
    the browser then tells the host the address it moved to, like any other move.
    If the player moves first (a link, the back button) while the host's move is
    on its way, the browser takes the host's move after the player's, and its
    echo comes last: the player's move is the later one and must stand (issue 24,
    the lost link). An echo is the route pushed, in the order pushed; a move the
    browser never echoes (to the address it is at) is not waited for, and one
    not echoed within `WAIT` seconds (a page gone meanwhile) is forgotten."""

    WAIT = 20.0

    def __init__(self, address: str = "/") -> None:
        self.address = address  # where the browser last said it is
        self.pending: deque[tuple[str, float]] = deque()  # (route, when pushed)
        self.overtaken = False  # the player moved while a move of the host's was on its way

    def pushed(self, route: str, now: float) -> None:
        if route != self.address or self.pending:
            self.pending.append((route, now))

    def heard(self, route: str, now: float) -> str:
        """The browser says it is at `route`: 'echo' (the host's own move, as
        expected), 'stale' (the host's move, after the player's), or 'player'."""
        while self.pending and now - self.pending[0][1] > self.WAIT:
            self.pending.popleft()
        self.address = route
        if self.pending and route == self.pending[0][0]:
            self.pending.popleft()
            if self.overtaken:
                self.overtaken = bool(self.pending)
                return "stale"
            return "echo"
        self.overtaken = bool(self.pending)
        return "player"


@ft.observable
@dataclass
class Session:
    """One browser's view of the app: its route, theme, text size and language (views/parts/language.py)."""

    route: str = "/"
    dark: bool = False
    text_scale: float = 1.0
    language: str = "en"
    moves: Moves = field(init=False, compare=False, repr=False)  # not drawn: mutated in place

    def __post_init__(self) -> None:
        self.moves = Moves(self.route)  # the browser's first address is the session's own

    def route_change(self, e: ft.RouteChangeEvent) -> None:
        heard = self.moves.heard(e.route, time.monotonic())
        if heard == "stale":  # the address is the host's late move: bring it back to the player's screen
            if e.route != self.route:
                self.moves.pushed(self.route, time.monotonic())
                e.page.navigate(self.route)
            return
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
        if what == leaves.SCORED and leaves.of_session().refreshed(ahead=True):
            return  # what can change in place did (drawing again skips it); all of it did: nothing draws again
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
        session.moves.pushed(route, time.monotonic())
    page.navigate(route)
