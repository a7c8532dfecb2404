"""`xyscore serve` with timers in the served process, for bench_sync.py --timing.

    python bench/serve_timed.py OUT.json serve --host 127.0.0.1 --port P --db DB

Times, per change (each `Hub.changed()`): every session's re-render and diff
(Flet's `Session.patch_control`), the time from the browser's event to the
change (the handler and its write), and from the change to each session's
patch being handed to its WebSocket. Written as
JSON to OUT.json when the server stops (SIGINT).
"""
from __future__ import annotations

import json
import signal
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from flet.messaging.session import Session  # noqa: E402

from views import cli  # noqa: E402
from views.web.live import Hub  # noqa: E402

changes: list[dict] = []  # {"at": t, "event": ms, "patches": [[route, ms, done_after_ms, component], ...]}
events = [0.0]  # when the last event from a browser started
_patch = Session.patch_control
_changed = Hub.changed
_dispatch = Session.dispatch_event


async def dispatch_event(self, *args, **kwargs):
    events[0] = time.perf_counter()
    return await _dispatch(self, *args, **kwargs)


def patch_control(self, *args, **kwargs):
    start = time.perf_counter()
    try:
        return _patch(self, *args, **kwargs)
    finally:
        end = time.perf_counter()
        if changes:
            route = getattr(self.page, "route", "?")
            parent = kwargs.get("parent")  # the component re-rendered; None for the whole page
            component = getattr(getattr(parent, "fn", None), "__name__", type(parent).__name__)
            changes[-1]["patches"].append([route, 1000 * (end - start), 1000 * (end - changes[-1]["at"]), component])


def changed(self, *games, **told):
    now = time.perf_counter()
    changes.append({"at": now, "event": 1000 * (now - events[0]), "patches": []})
    return _changed(self, *games, **told)


def write(out: Path) -> None:
    out.write_text(json.dumps([{"event": c["event"], "patches": c["patches"]} for c in changes]))


if __name__ == "__main__":
    out = Path(sys.argv[1])
    Session.patch_control = patch_control
    Hub.changed = changed
    Session.dispatch_event = dispatch_event
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    try:
        cli.main(sys.argv[2:])
    finally:
        write(out)
