"""Live sync: every browser session showing the app hears about every change
made on the host, and re-renders in its own session.

A callback set from one session's handler would patch that session, so each
subscriber's event loop and context are captured when it subscribes and the
callback runs there (see docs on Flet sessions). A session is subscribed only
while its browser is connected (`follow`).
"""
from __future__ import annotations

import asyncio
import contextvars
import itertools
import threading
import time
from typing import Callable


FRESH_FOR = 2.0  # seconds a shared read lasts without a change: longer than any session's re-render takes


class Hub:
    """Sessions subscribe; `changed()` calls each one back in its own context.

    `reads` holds what the sessions read after a change and can share (a
    game's table state, read once rather than once per screen); every change
    empties it before any session re-renders (see `fresh`)."""

    def __init__(self, fresh_for: float = FRESH_FOR) -> None:
        self.reads: dict = {}
        self.fresh_for = fresh_for
        self._since = time.monotonic()
        self._lock = threading.Lock()
        self._ids = itertools.count(1)
        self._subscribers: dict[int, tuple[asyncio.AbstractEventLoop, contextvars.Context, Callable[[], None]]] = {}

    def fresh(self) -> dict:
        """The reads to share now: emptied by every change, and once older than
        `fresh_for` seconds (a write made outside this app, say from the
        command line, tells no session, so a screen rendered that long after
        the last change reads the store anew)."""
        now = time.monotonic()
        if now - self._since > self.fresh_for:
            self.reads.clear()
            self._since = now
        return self.reads

    def subscribe(self, callback: Callable[[], None]) -> int:
        """Call from the subscribing session (on its event loop); returns a token."""
        entry = (asyncio.get_running_loop(), contextvars.copy_context(), callback)
        with self._lock:
            token = next(self._ids)
            self._subscribers[token] = entry
        return token

    def unsubscribe(self, token: int) -> None:
        with self._lock:
            self._subscribers.pop(token, None)

    def changed(self) -> None:
        """Tell every session that stored games changed."""
        self.reads.clear()
        self._since = time.monotonic()
        with self._lock:
            subscribers = list(self._subscribers.values())
        for loop, ctx, callback in subscribers:
            if not loop.is_closed():
                loop.call_soon_threadsafe(callback, context=ctx)

    def __len__(self) -> int:
        return len(self._subscribers)


def follow(hub: Hub, page, callback: Callable[[], None]) -> None:
    """Keep `page`'s session subscribed to `hub` while its browser is connected.

    Call from the session's `main()`. A browser that leaves (a closed tab, a
    dropped connection: Flet's `on_disconnect`, at once) is unsubscribed, so
    a change costs nothing for it; one that comes back to its session (Flet's
    `on_connect`, on the same loop, with the page's context set) subscribes
    again and is called back once, for what changed while it was away.
    `on_close` (the session expired) unsubscribes too, in case it comes
    without a disconnect. views/web/sessions.py makes sure a browser that drops
    mid-send is disconnected as well."""
    token: list[int | None] = [hub.subscribe(callback)]

    def connected() -> None:
        if token[0] is None:
            token[0] = hub.subscribe(callback)
        callback()

    def gone() -> None:
        if token[0] is not None:
            hub.unsubscribe(token[0])
            token[0] = None

    page.on_connect = connected
    page.on_disconnect = gone
    page.on_close = gone
