"""Who is the host: this run's host key and the links the host has made
during it (`HostRun`, one for every session), and each browser's standing
(`Visitor`).

Host screens (home, new game, scoreboards, history, the game-id display) can
do everything, so on a LAN they open only for the host: the serving machine's
own browser (decided from its connection, see views/web/host_rights.py), or one
that opened the host link, which carries a random key: `xyscore serve` prints
it at start, and the host's home screen shows it (views/parts/host_link_card.py).
Whoever has the link is the host, so the host can renew it there
(`HostRun.renew`): the old key opens nothing from then on, and every browser
that became the host through it is the host no more, at once, but the one that
renewed it (the serving machine's own browser never needed the link). Phones
and the tablet see only what their table token opens, and the rules page
(/rules: no game data; views/router.py's `OPEN_SCREENS`).
"""
from __future__ import annotations

import asyncio
import contextvars
import hmac
import secrets
import threading
import weakref
from dataclasses import dataclass, field
from typing import Callable

import flet as ft

from .web import lan

HOST = "host"  # route head of the host link: /host/KEY


@dataclass
class HostRun:
    """This run of `xyscore serve`, shared by every session: the host key
    made for it, where phones reach it, and the links made during it.

    Only a token's hash is stored, so the app keeps the live links' tokens in
    memory to show their codes; after a restart the host makes new ones."""

    host_key: str = field(default_factory=lambda: secrets.token_urlsafe(24))
    trust_loopback: bool = True  # False in tests that play a LAN client from this machine
    public_base: str | None = None  # "http://192.168.1.20:8550"; None: the address the host browser used
    on_renew: Callable[[str], None] | None = None  # told the new key (`xyscore serve` prints the new link)
    _links: dict[tuple[int, str], str] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    # The browsers that became the host through the link (weakly: a session that ends lets go of its own).
    _by_link: weakref.WeakSet = field(default_factory=weakref.WeakSet)

    def opens_host(self, key: str) -> bool:
        return hmac.compare_digest(key.encode(), self.host_key.encode())

    def let_in(self, visitor: "Visitor", key: str) -> bool:
        """`visitor` opened the host link with `key`: it is the host from now
        on if `key` is the current one. Call from the visitor's own session."""
        with self._lock:
            if not self.opens_host(key):
                return False
            if not visitor.host:  # the serving machine's own browser is the host without the link
                visitor.unlock()
                self._by_link.add(visitor)
        return True

    def renew(self, kept: "Visitor | None" = None) -> str:
        """A new host key; the old one opens nothing from now on, and every
        browser that became the host through it but `kept` (the one that
        renewed it) is the host no more. Returns the new key."""
        with self._lock:
            self.host_key = secrets.token_urlsafe(24)
            ended = [visitor for visitor in self._by_link if visitor is not kept]
            for visitor in ended:
                self._by_link.discard(visitor)
            key = self.host_key
        for visitor in ended:
            visitor.lock_out()
        if self.on_renew is not None:
            self.on_renew(key)
        return key

    def remember(self, game_id: int, role: str, token: str) -> None:
        with self._lock:
            self._links[(game_id, role)] = token

    def forget(self, game_id: int, role: str) -> None:
        with self._lock:
            self._links.pop((game_id, role), None)

    def token(self, game_id: int, role: str) -> str | None:
        with self._lock:
            return self._links.get((game_id, role))

    def link(self, page_url: str | None = None) -> str:
        """The host link, as a device on the network opens it (`page_url`: see `base`)."""
        return f"{self.base(page_url)}/{HOST}/{self.host_key}"

    def base(self, page_url: str | None) -> str:
        """Where phones reach the app: the public base, else the host browser's own address."""
        if self.public_base:
            return self.public_base.rstrip("/")
        url = (page_url or "").replace("wss://", "https://").replace("ws://", "http://")
        return url.rstrip("/") or lan.url(lan.LOOPBACK, 8550).rstrip("/")


@ft.observable
@dataclass(eq=False)  # one browser is one visitor: kept in HostRun's weak set by identity
class Visitor:
    """One browser: may it open host screens?"""

    host: bool = False

    def unlock(self) -> None:
        """Called from this browser's session: where it runs is kept, for `lock_out`."""
        try:
            self._loop = asyncio.get_running_loop()
            self._context = contextvars.copy_context()
        except RuntimeError:  # no session running (a unit test)
            self._loop = None
        self.host = True

    def lock_out(self) -> None:
        """No host screens from now on: its session, wherever it runs, shows
        the host-only page in their place at once."""
        loop = getattr(self, "_loop", None)
        if loop is None or loop.is_closed():
            self.host = False
        else:  # re-rendered in its own session, as the live sync does (views/web/live.py)
            loop.call_soon_threadsafe(self._context.run, setattr, self, "host", False)


HostRunContext = ft.create_context(HostRun())
VisitorContext = ft.create_context(Visitor())
