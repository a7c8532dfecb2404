"""Run a coroutine on an event loop of its own thread.

Playwright's sync API holds the main thread's event loop for as long as the
browser tests' session-wide browser is open, so a test that runs after them
cannot call `asyncio.run` there ("cannot be called from a running event
loop"). Every test that needs a loop of its own runs it through `run_apart`.
"""
from __future__ import annotations

import asyncio
import threading


def run_apart(coro, timeout: float = 120):
    """`asyncio.run(coro)` in a thread of its own; returns its result or raises its error."""
    out: dict = {}

    def main() -> None:
        threading.current_thread().name = "the event loop"
        try:
            out["value"] = asyncio.run(coro)
        except BaseException as error:  # noqa: BLE001 - handed to the test
            out["error"] = error

    thread = threading.Thread(target=main, daemon=True)
    thread.start()
    thread.join(timeout)
    if thread.is_alive():
        raise TimeoutError(f"the coroutine was still running after {timeout} s")
    if "error" in out:
        raise out["error"]
    return out["value"]
