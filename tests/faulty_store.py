"""A fake store whose writes fail the way the real one's do when SQLite
cannot write (companion.errors.StoreUnavailable), for tests of what the
screens do then (views/web/writes.py)."""
from __future__ import annotations

import threading

from companion.errors import StoreUnavailable

BUSY = StoreUnavailable(StoreUnavailable.BUSY, "The host's storage is busy with another task. Nothing was lost; "
                                               "try again in a moment.")
FULL = StoreUnavailable(StoreUnavailable.FULL, "The host's storage is full. Nothing was lost; free some space on "
                                               "the host and try again.")


class FaultyStore:
    """`inner` (a tests.fakes store) whose next commits raise `faults` in
    turn (None lets one through); the unit of work then rolls back, so a
    failed write stores nothing. `commits` counts the tries, `threads` the
    thread each ran on; `hold`, when set, is waited for before each commit
    (a write stuck on the lock)."""

    def __init__(self, inner, faults=(), hold: threading.Event | None = None) -> None:
        self.inner = inner
        self.faults = list(faults)
        self.hold = hold
        self.commits = 0
        self.threads: list[str] = []

    def uow(self):
        uow = self.inner.uow()
        commit = uow.commit

        def faulty_commit() -> None:
            self.commits += 1
            self.threads.append(threading.current_thread().name)
            if self.hold is not None:
                self.hold.wait(10)
            fault = self.faults.pop(0) if self.faults else None
            if fault is not None:
                raise fault
            commit()

        uow.commit = faulty_commit
        return uow

    def reader(self):
        """Reads never take the write lock: they do not fail here."""
        reader = getattr(self.inner, "reader", self.inner.uow)
        return reader()
