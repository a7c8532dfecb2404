"""Live sync: every browser session showing the app hears about every change
made on the host, and re-renders in its own session.

A callback set from one session's handler would patch that session, so each
subscriber's event loop and context are captured when it subscribes and the
callback runs there (see docs on Flet sessions).
"""
from __future__ import annotations

import asyncio
import contextvars
import itertools
import threading
from typing import Callable


class Hub:
    """Sessions subscribe; `changed()` calls each one back in its own context.

    `reads` holds what the sessions read after a change and can share (a
    game's table state, read once rather than once per screen); every change
    empties it before any session re-renders."""

    def __init__(self) -> None:
        self.reads: dict = {}
        self._lock = threading.Lock()
        self._ids = itertools.count(1)
        self._subscribers: dict[int, tuple[asyncio.AbstractEventLoop, contextvars.Context, Callable[[], None]]] = {}

    def read(self, key, load: Callable[[], object]):
        """`load()`, once per change: calls until the next change share its value."""
        if key not in self.reads:
            self.reads[key] = load()
        return self.reads[key]

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
        with self._lock:
            subscribers = list(self._subscribers.values())
        for loop, ctx, callback in subscribers:
            if not loop.is_closed():
                loop.call_soon_threadsafe(callback, context=ctx)

    def __len__(self) -> int:
        return len(self._subscribers)
