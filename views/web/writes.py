"""Every write a screen makes, off the event loop, with the store's faults
said where the entry was typed (issue 9).

A write (views/web/actions.py, views/web/table_actions.py) can wait on SQLite's
write lock while another program holds it (an import, a backup, statistics
rebuilding their cache). Run on the event loop, it froze every phone and
every page load, then showed Flet's "Error running app". So a screen never
calls a write itself: it hands it to `send`, which runs it in the writer
threads and says on the screen how it went (views/parts/saving.py says it):

    sending, send = saving.use_send()       # in a component
    async def confirm():                    # an async handler: the loop stays free
        done = await send(lambda: actions.record_round(...))
        if done: go(...)                    # a `Stored`, or None: not stored (the screen says why)
    BigButton(saving.label(sending, "Confirm hand"), confirm, disabled=sending.busy)
    *saving.notice(sending)                 # the fault, in players' words, under the entry

- A refusal by the rules (GameError, StaleEntry, NotAllowed, a roster
  error: ValueError and PermissionError) is raised to the caller, which
  shows it as before.
- `StoreUnavailable` that passes (BUSY) keeps the entry and sends it again by
  itself, 1, 2, 4, then every 5 s, for as long as the screen is open; the
  screen says "Waiting for the host's storage, busy with another task… your
  entry is kept and will be sent by itself", then that
  it is stored. One that does not pass (FULL, READ_ONLY, DAMAGED) is said,
  and the entry stays on screen to try again. Either way nothing was stored:
  each write is one transaction.
- Anything else is logged on the host and said in a sentence, never as
  Flet's error screen with a traceback.
- A second tap while a write is on its way sends nothing (`Entry`); the
  writes' own stale-entry checks (`expected=`, `expected_version=`) stay the
  guard against two screens.

Writer threads: a small pool of its own (`WRITERS`), not the loop's default
executor. SQLite takes one writer at a time, so more threads would not write
faster; but with one thread, eight phones tapping while a backup holds the
lock would queue behind each other's 2-second busy waits, and the last would
hear "busy" only after 16 s. A few threads let each waiting entry get its
answer in about the busy timeout, and writes stuck on a lock never take the
threads other work (reads, Flet) uses. Our own writes contend only for the
milliseconds a commit takes.

Telling the sessions (`changed`): a write says which games it changed
(views/web/live.py tells only the sessions showing them, and the screens
that list games), and a write run here tells the hub on the event loop it
came from, not from its thread, the writer's own session first. Every
screen reads a game from its live table state (`shared.tables`,
companion/table_state.py): the table's own writes keep it right themselves;
any other write's games are forgotten in `changed`, before the hub is told,
and a read begun before that keeps nothing.
"""
from __future__ import annotations

import asyncio
import contextvars
import functools
import logging
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Callable, Iterable

import flet as ft

from companion.errors import StoreUnavailable
from companion.services import GameNotFound

from .. import i18n
from ..i18n import N_

log = logging.getLogger("xyscore.views")

WRITERS = 4
# A write stored sooner than this shows no "Saving…": a flash too quick to
# read, and two renders more of the part that shows it, at every tap.
SAVING_AFTER = 0.15  # seconds
WAITS = (1.0, 2.0, 4.0, 5.0)  # seconds between tries while the store is busy; the last repeats

IDLE, SAVING, WAITING, FAILED, STORED = "idle", "saving", "waiting", "failed", "stored"
# While it waits, the phone says this alone: the store's own sentence ("try again") is for the command line.
WAITING_WORDS = N_("Waiting for the host's storage, busy with another task… your entry is kept and will be "
                   "sent by itself.")
# ... and this while the store is a server that cannot be reached (stopped, restarting, the network down).
UNREACHABLE_WORDS = N_("Waiting for the host's storage, which can't be reached right now… your entry is kept and "
                       "will be sent by itself.")
STORED_WORDS = N_("The host's storage is free again: your entry is stored.")
GONE_WORDS = N_("This game is no longer kept on the host: it may have been deleted on another screen.")
BROKEN_WORDS = N_("Your entry could not be saved: something went wrong on the host (its window says what). "
                  "It is still here; try again.")
# The store's own sentences (models/engine.py, models/server.py: `str(StoreUnavailable)`, as the command line
# prints them), marked here so that `lines` says them in the session's language; they must stay the store's
# word for word (tests/unit/test_record_faults_languages.py).
STORE_WORDS = (
    N_("The host's storage is busy with another task. Nothing was lost; try again in a moment."),
    N_("The host's storage is full. Nothing was lost; free some space on the host and try again."),
    N_("The host can't save right now: its storage is read-only. Nothing was lost; your games can still be read."),
    N_("The host's game file is damaged. Nothing more will be saved until it is restored from a backup with "
       "`xyscore restore`."),
    N_("The host can't reach its game storage right now. Nothing was lost; try again in a moment."),
)
# What a write may be refused for by the rules: the caller shows it as before.
REFUSALS = (ValueError, PermissionError)  # GameError, EnteredElsewhere, RosterError; NotAllowed

_writer = ThreadPoolExecutor(max_workers=WRITERS, thread_name_prefix="xyscore-write")
_caller: contextvars.ContextVar[asyncio.AbstractEventLoop | None] = contextvars.ContextVar(
    "xyscore_write_caller", default=None)


@dataclass(frozen=True)
class Sending:
    """How a screen's write is going: `state` is IDLE, SAVING, WAITING (the
    store is busy: kept, sent again by itself), FAILED (not stored: say
    `message`, let them try again) or STORED (after a wait); `message` is
    what the store said (`str(StoreUnavailable)`)."""

    state: str = IDLE
    message: str = ""
    kind: str = ""  # while WAITING: the StoreUnavailable kind it waits out

    @property
    def busy(self) -> bool:
        """On its way: the button waits, and a second tap sends nothing."""
        return self.state in (SAVING, WAITING)

    @property
    def lines(self) -> tuple[str, ...]:
        """What to show under the entry, in the language spoken where it is shown
        (the notices above through the catalogs; the store's own sentence as it is, until it is in them)."""
        _ = i18n.spoken().gettext
        if self.state == WAITING:
            return (_(UNREACHABLE_WORDS if self.kind == StoreUnavailable.UNREACHABLE else WAITING_WORDS),)
        if self.state in (FAILED, STORED):
            return (_(self.message) if self.message else "",)  # (gettext("") is the catalog's header)
        return ()


@dataclass(frozen=True)
class Stored:
    """A write that was stored, and what it returned."""

    value: Any = None


def _open_forever() -> bool:
    return True


async def send(write: Callable[[], Any], on_state: Callable[[Sending], None], *,
               still_open: Callable[[], bool] = _open_forever, waits: Iterable[float] = WAITS) -> Stored | None:
    """Run `write` in a writer thread until it is stored, telling `on_state`
    how it goes (on the event loop); returns `Stored(result)`, or None when
    nothing was stored (a fault, said through `on_state`, or the screen was
    closed while the entry waited). A refusal by the rules is raised."""
    loop = asyncio.get_running_loop()
    waits = tuple(waits)
    tries = 0
    waited = False
    saying = loop.call_later(SAVING_AFTER, on_state, Sending(SAVING))  # unless it is stored first

    def say(state: Sending) -> None:
        saying.cancel()
        on_state(state)

    try:
        while True:
            context = contextvars.copy_context()
            context.run(_caller.set, loop)
            try:
                result = await loop.run_in_executor(_writer, context.run, write)
            except StoreUnavailable as fault:
                if not fault.passes:
                    say(Sending(FAILED, str(fault)))
                    return None
                say(Sending(WAITING, str(fault), fault.kind))
                await asyncio.sleep(waits[min(tries, len(waits) - 1)])
                tries += 1
                waited = True
                if not still_open():
                    return None
                continue
            except REFUSALS:
                say(Sending(IDLE))
                raise
            except GameNotFound:
                say(Sending(FAILED, GONE_WORDS))
                return None
            except Exception:
                log.exception("A write could not be stored")
                say(Sending(FAILED, BROKEN_WORDS))
                return None
            say(Sending(STORED, STORED_WORDS) if waited else Sending(IDLE))
            return Stored(result)
    finally:
        saying.cancel()  # a write cut short (its screen closed) says nothing after


def changed(shared, *games: int, what=None, kept: bool = False) -> None:
    """Tell the sessions showing `games` that they changed (none given: a
    change not tied to one game, told to every session), `what` the kind of
    change if known (views/web/leaves.TRICK); the writes call it when stored.
    Unless the write `kept` the games' table states right itself
    (companion.table_services does), they are forgotten here first, in the
    writer's thread, so every screen re-rendering reads them anew. From a
    write `send` runs, on the event loop the tap came from (see the module's
    docstring), the writer's own session first; called anywhere else, at once."""
    if not kept:
        shared.tables.forget(*games)  # at once, in the writer's thread: no screen reads the state from before
    kind = {"what": what} if what is not None else {}
    loop = _caller.get()
    if loop is None or loop.is_closed():
        shared.hub.changed(*games, kept=True, **kind)
    else:
        loop.call_soon_threadsafe(functools.partial(shared.hub.changed, *games, by=_writer_page(), kept=True, **kind))


def _writer_page():
    """The page of the session whose write this is (`send` runs it in a copy of the tap's context)."""
    try:
        return ft.context.page
    except RuntimeError:
        return None


class Entry:
    """One screen's writes: a second one while the first is on its way sends
    nothing (a double tap, a tap during the wait)."""

    def __init__(self) -> None:
        self.on_state: Callable[[Sending], None] = lambda sending: None
        self.still_open: Callable[[], bool] = _open_forever
        self.waits: Iterable[float] = WAITS
        self.sending = False

    async def send(self, write: Callable[[], Any]) -> Stored | None:
        if self.sending:
            return None
        self.sending = True
        try:
            return await send(write, self.on_state, still_open=self.still_open, waits=self.waits)
        finally:
            self.sending = False
