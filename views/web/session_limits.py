"""How many screens the server keeps: per device, and in all.

Every tab is a Flet session, with its page and controls in the server's
memory, kept while its browser is connected and, once the socket is gone,
for the grace period (a phone that sleeps through a hand comes back to its
own screen). Nothing in Flet bounds how many: one guest opening tabs in a
loop (1,000 took the server from 249 to 405 MB) could wear the host down.

So each new session is counted against the address it connects from, as the
server's socket gives it (ASGI `scope["client"]`, set in a context variable
by `CountScreens` before Flet reads a frame; never `page.client_ip`, which a
client can set):

- past `per_address` sessions (connected or dropped) from one address, the
  oldest dropped one (its socket gone, kept for the grace period) of that
  address is ended to make room; if every one is connected, the new tab gets
  a short page saying too many screens are open on this device, which holds
  almost nothing and is ended as soon as its socket goes;
- past `total` sessions in all, the same, with the oldest dropped session of
  any address, and a page saying too many screens are open right now.

The serving machine's own connections (loopback: the host's browser, the
benchmarks, the tests) are not held to `per_address`, only to `total`, which
is above what bench/bench_live.py opens (128 tables of 8).

A device can also open sockets and never register a session: `CountScreens`
refuses a WebSocket from an address that already has `2 * per_address` open.

Memory: ending a session (at the end of the grace period or to make room)
drops its objects, but they are in reference cycles that the tuned collector
(views/web/collector.py) would reach only at its next full collection, and
the allocator keeps freed memory unless asked. `sweep` (every SWEEP seconds)
ends the sessions whose grace has run out, and after any session left runs
a full collection and hands the freed memory back to the system
(`malloc_trim`) once a quarter as many sessions as are kept have left;
docs/benchmarks.md has the numbers.
"""
from __future__ import annotations

import asyncio
import contextvars
import ctypes
import gc
import logging
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone

import flet as ft
from flet_web.fastapi.flet_app_manager import app_manager

from .. import i18n
from ..i18n import N_
from .host_rights import is_loopback

log = logging.getLogger(__name__)

PER_ADDRESS = 20  # sessions one device may hold: far more tabs than a player or a host's tablet opens
TOTAL = 1200  # sessions in all: above bench/bench_live.py's 128 tables of 8 from this machine
SWEEP = 5.0  # seconds between ends of expired sessions (Flet's own eviction runs every 10 s)
# A full collection walks every live session (0.4-0.8 s with 1,000 open, on 2
# loaded cores: every table waits meanwhile), so it runs only once as many
# sessions as a quarter of those still kept have left since the last one: its
# cost per session gone stays small, and the memory it waits to free (about
# 0.15 MB a session) stays within a quarter of what the kept sessions hold.
LEFT_SHARE = 0.25
# Said in the browser's language (no session has one yet: its Accept-Language, as its WebSocket asked).
ON_THIS_DEVICE = N_("Too many screens are open on this device. Close one, then reload this page.")
IN_ALL = N_("Too many screens are open right now. Close one on any device, then reload this page.")

_PEER: contextvars.ContextVar[str] = contextvars.ContextVar("xyscore_peer", default="")
_LANGUAGES: contextvars.ContextVar[str] = contextvars.ContextVar("xyscore_accept_language", default="")


def accepted(header: str) -> list[str]:
    """The languages an Accept-Language header asks for, best first: 'de-AT,de;q=0.9,en;q=0.5' -> de-AT, de, en.
    Anything malformed is skipped; at most a few are read."""
    wanted = []
    for order, part in enumerate(header.split(",")[:20]):
        code, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                continue
        if code and code != "*" and len(code) <= 35 and quality > 0:
            wanted.append((-quality, order, code))
    return [code for _, _, code in sorted(wanted)]


def browser_speaker() -> i18n.Speaker:
    """The language of the browser whose WebSocket is being read (its Accept-Language), else English."""
    return i18n.speaker(i18n.best(accepted(_LANGUAGES.get())))


def _trim() -> None:
    """Hand the memory freed by ended sessions back to the system (glibc; elsewhere a no-op)."""
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):
        pass


@dataclass
class _Kept:
    key: str  # Flet's registry key of the session
    session: object  # flet.messaging.session.Session
    started: float = field(default_factory=time.monotonic)

    def dropped(self) -> bool:
        return self.session.connection is None  # Flet sets it back when the browser returns


class SessionLimits:
    """The sessions started by one app, by address; `admit(page)` from main()."""

    def __init__(self, per_address: int = PER_ADDRESS, total: int = TOTAL, sweep: float = SWEEP) -> None:
        self.per_address = per_address
        self.total = total
        self.sweep_every = sweep
        self.sockets: dict[str, int] = {}  # open WebSockets by address (loopback not counted)
        self._kept: dict[str, list[_Kept]] = {}  # by address, oldest first
        self._sweeper: asyncio.Task | None = None
        self._left = 0  # sessions that left since the last collection

    def __len__(self) -> int:
        return sum(len(kept) for kept in self._kept.values())

    async def admit(self, page: ft.Page) -> bool:
        """Count `page`'s new session against its address; False (the page
        now says why) when the limits leave no room for it."""
        session = page.session
        key = session.connection._FletApp__get_unique_session_id(session.id)  # Flet 1.0.5's registry key
        address = _PEER.get()
        self._start_sweeping()
        await self._forget_ended()
        if not is_loopback(address) and len(self._kept.get(address, ())) >= self.per_address:
            if not await self._end_oldest_dropped(self._kept[address]):
                return self._turn_away(page, key, ON_THIS_DEVICE)
        if len(self) >= self.total:
            if not await self._end_oldest_dropped([kept for every in self._kept.values() for kept in every]):
                return self._turn_away(page, key, IN_ALL)
        self._kept.setdefault(address, []).append(_Kept(key, session))
        return True

    def _turn_away(self, page: ft.Page, key: str, why: str) -> bool:
        log.info("Too many sessions (%s): a new one gets the limit page", why)
        page.title = "XY Score"
        page.on_disconnect = lambda: asyncio.ensure_future(app_manager.delete_session(key))
        page.add(ft.SafeArea(ft.Container(ft.Text(browser_speaker().gettext(why), size=22, text_align=ft.TextAlign.CENTER), padding=24)))
        return False

    async def _end_oldest_dropped(self, kept: list[_Kept]) -> bool:
        dropped = [entry for entry in kept if entry.dropped()]
        if not dropped:
            return False
        oldest = min(dropped, key=lambda entry: entry.started)
        await app_manager.delete_session(oldest.key)
        self._remove(oldest)
        self._left += 1
        return True

    def _remove(self, entry: _Kept) -> None:
        for address, kept in list(self._kept.items()):
            if entry in kept:
                kept.remove(entry)
                if not kept:
                    del self._kept[address]

    async def _forget_ended(self) -> int:
        """Forget the sessions Flet no longer keeps; how many."""
        ended = [entry for kept in self._kept.values() for entry in kept
                 if await app_manager.get_session(entry.key) is not entry.session]
        for entry in ended:
            self._remove(entry)
        self._left += len(ended)
        return len(ended)

    def _start_sweeping(self) -> None:
        if self._sweeper is None or self._sweeper.done():
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())

    async def _sweep_forever(self) -> None:
        while self._kept or self._left:
            await asyncio.sleep(self.sweep_every)
            try:
                await self.sweep()
            except Exception:  # noqa: BLE001 - the next sweep tries again
                log.exception("Ending expired sessions failed")

    async def sweep(self) -> int:
        """End the sessions whose grace period is over (Flet's own eviction
        does not run when the app is served without its lifespan, as in the
        tests), then give back the memory of the sessions that left; how
        many left, if that was done now."""
        now = datetime.now(timezone.utc)
        for kept in list(self._kept.values()):
            for entry in list(kept):
                expires = entry.session.expires_at
                if expires is not None and now > expires:
                    await app_manager.delete_session(entry.key)
        await self._forget_ended()
        left = self._left
        if left and left >= LEFT_SHARE * len(self):
            await asyncio.sleep(0.1)  # the sessions' close events run first
            gc.collect()
            _trim()
            self._left = 0
            return left
        return 0


class CountScreens:
    """ASGI middleware: says which address a WebSocket comes from (for
    `SessionLimits.admit`), and refuses one from an address that already has
    twice its sessions' worth of sockets open."""

    def __init__(self, app, limits: SessionLimits) -> None:
        self.app = app
        self.limits = limits

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "websocket":
            await self.app(scope, receive, send)
            return
        address = (scope.get("client") or ("", 0))[0]
        counted = not is_loopback(address)
        sockets = self.limits.sockets
        if counted and sockets.get(address, 0) >= 2 * self.limits.per_address:
            await send({"type": "websocket.close", "code": 1008, "reason": "too many screens"})
            return
        if counted:
            sockets[address] = sockets.get(address, 0) + 1
        mark = _PEER.set(address)
        language = _LANGUAGES.set(_header(scope, b"accept-language"))
        try:
            await self.app(scope, receive, send)
        finally:
            _LANGUAGES.reset(language)
            _PEER.reset(mark)
            if counted:
                sockets[address] -= 1
                if not sockets[address]:
                    del sockets[address]


def _header(scope, name: bytes) -> str:
    for key, value in scope.get("headers") or ():
        if key.lower() == name:
            return value[:500].decode("latin-1")
    return ""
