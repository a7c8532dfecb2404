"""Live sync: a change at one table reaches the sessions that show it, and
each re-renders in its own session.

Who hears a change: every session says what it shows (`shows`, asked at
each change, so it follows the session's route, and a phone carried to a
rematch follows its new game): one game's id (a phone, the table display,
the host's scoreboard or table screen for that game), EVERY (a screen that
lists games or statistics: home, history, the players), or NO_GAME (the
rules). A change names the games it touched; `changed()` with no game (a
deletion, a roster rename or merge, where the host plays: anything not tied
to one game) reaches every session, and so does a session whose `shows`
fails: when unsure, tell everyone.

In what order: the writing session first, then the other sessions of the
changed game, and the screens that list games only LISTS_AFTER turns of the
event loop later, so the table's patches are rendered and leave before the
list screens' renders take the loop.

A callback set from one session's handler would patch that session, so each
subscriber's event loop and context are captured when it subscribes and the
callback runs there (see docs on Flet sessions). A session is subscribed only
while its browser is connected (`follow`).
"""
from __future__ import annotations

import asyncio
import contextvars
import itertools
import logging
import threading
from dataclasses import dataclass
from typing import Any, Callable, Hashable

from companion.table_state import Tables

log = logging.getLogger(__name__)

EVERY = "every game"  # what a screen listing games or statistics shows: it hears every change
NO_GAME = "no game"  # what a screen with no game data shows (the rules): it hears none
# Turns of the event loop the list screens wait after a change: one for the
# table's sessions to be called back, one for Flet's update task to render
# them and queue their patches, and one for the send loops to write them.
LISTS_AFTER = 3


def _everything() -> str:
    return EVERY


@dataclass(frozen=True)
class _Subscriber:
    loop: asyncio.AbstractEventLoop
    context: contextvars.Context
    callback: Callable[[], None]
    shows: Callable[[], Hashable]
    page: Any


class Hub:
    """Sessions subscribe; `changed(game)` calls back, each in its own
    context, the sessions that show it.

    What they read is each game's live table state, kept in `tables`
    (companion/table_state.py; `Shared.tables` is this one). A change
    forgets its games' states (none named: every state) before any session
    re-renders, unless the write `kept` them right itself (the table's
    writes do): the next screen to render loads them again, once."""

    def __init__(self, tables: Tables | None = None) -> None:
        self.tables = tables if tables is not None else Tables()
        self._lock = threading.Lock()
        self._ids = itertools.count(1)
        self._subscribers: dict[int, _Subscriber] = {}

    def subscribe(self, callback: Callable[[], None], shows: Callable[[], Hashable] = _everything,
                  page: Any = None) -> int:
        """Call from the subscribing session (on its event loop); returns a
        token. `shows()` says what the session shows now (a game's id, EVERY
        or NO_GAME); `page` is how `changed(by=...)` knows the writer's own."""
        entry = _Subscriber(asyncio.get_running_loop(), contextvars.copy_context(), callback, shows, page)
        with self._lock:
            token = next(self._ids)
            self._subscribers[token] = entry
        return token

    def unsubscribe(self, token: int) -> None:
        with self._lock:
            self._subscribers.pop(token, None)

    def changed(self, *games: int, by: Any = None, what: Hashable = None, kept: bool = False) -> None:
        """Tell the sessions showing `games` (none given: every session) that
        they changed, `by`'s session (the writer's page) first, and then the
        screens listing games; unless `kept`, forget their table states first.
        `what` (say views.web.leaves.TRICK) names the kind of change, passed
        to the callbacks when given."""
        if not kept:
            self.tables.forget(*games)
        with self._lock:
            subscribers = list(self._subscribers.values())
        table, lists = [], []
        for subscriber in subscribers:
            shown = _shown(subscriber)
            if shown == NO_GAME:
                continue
            if by is not None and subscriber.page is by:
                table.insert(0, subscriber)
            elif not games or shown in games:
                table.append(subscriber)
            elif shown == EVERY:
                lists.append(subscriber)
        for subscriber in table:
            _call(subscriber, 0, what)
        for subscriber in lists:
            _call(subscriber, LISTS_AFTER, what)

    def __len__(self) -> int:
        return len(self._subscribers)


def _shown(subscriber: _Subscriber) -> Hashable:
    try:
        return subscriber.shows()
    except Exception:  # noqa: BLE001 - a session we cannot place hears every change
        log.exception("What a session shows could not be told; it hears this change")
        return EVERY


def _call(subscriber: _Subscriber, turns_later: int, what: Hashable = None) -> None:
    """Call `subscriber` back on its loop, `turns_later` turns of it after the next."""
    loop = subscriber.loop
    if loop.is_closed():
        return
    if asyncio._get_running_loop() is loop:  # told on its own loop (a write's `changed`): no wake-up to write
        loop.call_soon(_after, subscriber, turns_later, what)
    else:
        loop.call_soon_threadsafe(_after, subscriber, turns_later, what)


def _after(subscriber: _Subscriber, turns: int, what: Hashable = None) -> None:
    if turns > 0:
        subscriber.loop.call_soon(_after, subscriber, turns - 1, what)
    elif what is None:
        subscriber.context.run(subscriber.callback)
    else:
        subscriber.context.run(subscriber.callback, what)


def hear_others(hub: Hub, store) -> None:
    """On a store other hosts share (PostgreSQL), tell `hub` every change another
    host or program commits (models.server.Listener, on a thread of its own): the
    sessions showing those games re-render, and the games' table states are
    forgotten first, so none is read from before the change. A store one host
    has alone (SQLite, a test's fake) hears nothing: this host made every change."""
    listen = getattr(store, "listen", None)
    if listen is not None:
        listen(lambda games: hub.changed(*(games or ())))


def follow(hub: Hub, page, callback: Callable[[], None], shows: Callable[[], Hashable] = _everything) -> None:
    """Keep `page`'s session subscribed to `hub` while its browser is
    connected, hearing the changes to what `shows()` says it shows.

    Call from the session's `main()`. A browser that leaves (a closed tab, a
    dropped connection: Flet's `on_disconnect`, at once) is unsubscribed, so
    a change costs nothing for it; one that comes back to its session (Flet's
    `on_connect`, on the same loop, with the page's context set) subscribes
    again and is called back once, for what changed while it was away.
    `on_close` (the session expired) unsubscribes too, in case it comes
    without a disconnect. views/web/sessions.py makes sure a browser that drops
    mid-send is disconnected as well."""
    token: list[int | None] = [hub.subscribe(callback, shows, page)]

    def connected() -> None:
        if token[0] is None:
            token[0] = hub.subscribe(callback, shows, page)
        callback()

    def gone() -> None:
        if token[0] is not None:
            hub.unsubscribe(token[0])
            token[0] = None

    page.on_connect = connected
    page.on_disconnect = gone
    page.on_close = gone
