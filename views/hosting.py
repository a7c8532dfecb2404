"""Who is the host: this run's host key and the links the host has made
during it (`HostRun`, one for every session), and each browser's standing
(`Visitor`).

Host screens (home, new game, scoreboards, history, the game-id display) can
do everything, so on a LAN they open only for the host: the serving machine's
own browser (decided from its connection, see views/web/host_rights.py), or one
that opened the host link `xyscore serve` prints once, which carries a random
key made for this run. Phones and the tablet see only what their table token
opens, and the rules page (/rules: no game data; views/router.py's
`OPEN_SCREENS`).
"""
from __future__ import annotations

import hmac
import secrets
import threading
from dataclasses import dataclass, field

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
    _links: dict[tuple[int, str], str] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def opens_host(self, key: str) -> bool:
        return hmac.compare_digest(key.encode(), self.host_key.encode())

    def remember(self, game_id: int, role: str, token: str) -> None:
        with self._lock:
            self._links[(game_id, role)] = token

    def forget(self, game_id: int, role: str) -> None:
        with self._lock:
            self._links.pop((game_id, role), None)

    def token(self, game_id: int, role: str) -> str | None:
        with self._lock:
            return self._links.get((game_id, role))

    def base(self, page_url: str | None) -> str:
        """Where phones reach the app: the public base, else the host browser's own address."""
        if self.public_base:
            return self.public_base.rstrip("/")
        url = (page_url or "").replace("wss://", "https://").replace("ws://", "http://")
        return url.rstrip("/") or lan.url(lan.LOOPBACK, 8550).rstrip("/")


@ft.observable
@dataclass
class Visitor:
    """One browser: may it open host screens?"""

    host: bool = False

    def unlock(self) -> None:
        self.host = True


HostRunContext = ft.create_context(HostRun())
VisitorContext = ft.create_context(Visitor())
