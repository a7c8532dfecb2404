"""Issue 9: do gone sessions stop costing work, and is the static cache bounded?

    .venv/bin/python bench/bench_sessions_static.py [--root TREE] [--tabs 200] [--part sessions|static|both]

`--root` imports the app from another checkout (e.g. `git archive` of the
commit before the fix) to measure it the same way; the clients are raw
WebSocket ones (tests/flet_wire.py), the app is served in this process on
loopback (uvicorn in a thread, as tests/e2e do).

Sessions: 2 tabs stay open on the home screen; the cost of a change (a game
starts, `hub.changed()`, every subscribed session re-renders) is timed on the
server's loop, from `changed()` until the loop is idle again, median of 20
(a game starts, then is deleted: the store is the same every other change).
Then 200 tabs open; half close cleanly, half drop (`transport.abort()`, no
close frame) one by one during a run of changes (one every 0.2 s), so the
server is sending to them as they vanish. Reported: the hub's subscribers and
Flet's connected sessions over the following 30 s, and the cost of a change
again.

Static: the time to serve 10 new spellings of `/main.dart.js`
(`/x0/../main.dart.js`, ...), the longest another request (`/`) waited
meanwhile, and the cache's entries and bytes after 50 spellings; then 10
phones asking for `/main.dart.wasm` at once on a fresh server.
"""
from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

parser = argparse.ArgumentParser()
parser.add_argument("--root", default=str(Path(__file__).resolve().parent.parent))
parser.add_argument("--tabs", type=int, default=200)
parser.add_argument("--part", choices=("sessions", "static", "both"), default="both")
ARGS = parser.parse_args()
sys.path.insert(0, ARGS.root)

from companion import services  # noqa: E402
from flet_web.fastapi.flet_app_manager import app_manager  # noqa: E402
from models.store import open_store  # noqa: E402
from tests.e2e.conftest import Served  # noqa: E402
from tests.flet_wire import keep_reading, open_tabs  # noqa: E402
from views.app import build_app  # noqa: E402

LIVE = 2
SAMPLES = (0, 1, 2, 5, 10, 20, 30)


def serve() -> Served:
    return Served(build_app(open_store(Path(tempfile.mkdtemp()) / "bench.db"))).start()


def connected_sessions() -> int:
    """Flet's sessions with a connection (private, for the numbers only)."""
    return sum(1 for s in app_manager._FletAppManager__sessions.values() if s.expires_at is None)


TOGGLED: dict = {}


def start_game(served: Served) -> None:
    """A change with a patch for every home screen that leaves the store as it was every other time:
    a game starts, or the game the last change started is deleted."""
    game_id = TOGGLED.pop(id(served), None)
    if game_id is None:
        TOGGLED[id(served)] = services.start_game(services.new_game("xylotar", ["Ann", "Bob", "Cat"]),
                                                  served.store.uow())
        return
    uow = served.store.uow()
    with uow:
        uow.games.delete(game_id)
        uow.commit()


async def timed_change(hub) -> tuple[float, float]:
    """On the server's loop: wall and CPU seconds from changed() until three idle turns of the loop."""
    t0, c0 = time.perf_counter(), time.thread_time()
    hub.changed()
    idle, done = 0, t0
    for _ in range(2000):
        turn = time.perf_counter()
        await asyncio.sleep(0)
        if time.perf_counter() - turn < 0.0005:
            idle += 1
            if idle == 3:
                break
        else:
            idle, done = 0, time.perf_counter()
    return done - t0, time.thread_time() - c0


def change_cost(served: Served, loop, n: int = 20) -> tuple[float, float]:
    hub = served.app.state.shared.hub
    walls, cpus = [], []
    for _ in range(n):
        start_game(served)
        wall, cpu = asyncio.run_coroutine_threadsafe(timed_change(hub), loop).result(60)
        walls.append(wall)
        cpus.append(cpu)
        time.sleep(0.3)
    return statistics.median(walls) * 1000, statistics.median(cpus) * 1000


def sessions_part() -> dict:
    served = serve()
    hub = served.app.state.shared.hub
    out: dict = {}

    async def run():
        live = await open_tabs(served.url, LIVE)
        readers = [asyncio.create_task(keep_reading(tab)) for tab in live]
        loop = next(iter(hub._subscribers.values()))[0]  # the server's loop (private, for the timing only)
        out["change_ms_2_tabs_before"] = await asyncio.to_thread(change_cost, served, loop)
        tabs = await open_tabs(served.url, ARGS.tabs)
        out["subscribers_with_all_open"] = len(hub)
        closing, dropping = tabs[:len(tabs) // 2], tabs[len(tabs) // 2:]
        await asyncio.gather(*(tab.close() for tab in closing))
        stop = threading.Event()

        def changes():
            while not stop.is_set():
                start_game(served)
                hub.changed()
                time.sleep(0.2)

        writer = threading.Thread(target=changes)
        writer.start()
        for tab in dropping:
            tab.drop()
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.5)
        stop.set()
        writer.join()
        t0 = time.monotonic()
        over_time = []
        for at in SAMPLES:
            await asyncio.sleep(max(0.0, t0 + at - time.monotonic()))
            over_time.append((at, len(hub) - LIVE, connected_sessions() - LIVE))
        out["gone_subscribers_and_connected_sessions_over_time"] = over_time
        out["change_ms_2_tabs_after_200_gone"] = await asyncio.to_thread(change_cost, served, loop)
        out["live_tabs_still_subscribed"] = len(hub)
        for tab in live:
            await tab.close()
        await asyncio.gather(*readers)

    asyncio.run(run())
    served.stop()
    return out


def get(port: int, path: str, gzip_ok: bool = True) -> tuple[int, int]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    conn.request("GET", path, headers={"Accept-Encoding": "gzip, deflate"} if gzip_ok else {})
    response = conn.getresponse()
    body = response.read()
    conn.close()
    return response.status, len(body)


def the_cache(app):
    """The StaticGzipCache instance in the app's middleware stack."""
    layer = app.middleware_stack
    while layer is not None and type(layer).__name__ != "StaticGzipCache":
        layer = getattr(layer, "app", None)
    return layer


def static_part() -> dict:
    served = serve()
    port = int(served.url.rsplit(":", 1)[1])
    out: dict = {}
    get(port, "/")  # builds the middleware stack and Flet's web root
    waits, stop = [], threading.Event()

    def other_requests():
        while not stop.is_set():
            t = time.perf_counter()
            get(port, "/", gzip_ok=False)
            waits.append(time.perf_counter() - t)
            time.sleep(0.01)

    pinger = threading.Thread(target=other_requests)
    pinger.start()
    t = time.perf_counter()
    for i in range(10):
        status, _ = get(port, f"/x{i}/../main.dart.js")
        assert status == 200, status
    out["ten_new_spellings_s"] = time.perf_counter() - t
    stop.set()
    pinger.join()
    out["longest_wait_of_another_request_ms"] = max(waits) * 1000
    out["other_requests_answered"] = len(waits)
    for i in range(10, 50):
        get(port, f"/x{i}/../main.dart.js")
    cache = the_cache(served.app)
    out["entries_after_50_spellings"] = len(cache._cache)
    out["mb_kept_after_50_spellings"] = sum(len(entry[2]) for entry in cache._cache.values()) / 1e6
    served.stop()

    served = serve()  # a fresh cache: 10 phones load the app at once
    port = int(served.url.rsplit(":", 1)[1])
    get(port, "/")
    t = time.perf_counter()
    threads = [threading.Thread(target=get, args=(port, "/main.dart.wasm")) for _ in range(10)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    out["ten_phones_first_main_dart_wasm_s"] = time.perf_counter() - t
    served.stop()
    return out


if __name__ == "__main__":
    import views
    result = {"root": ARGS.root, "views": views.__file__}
    if ARGS.part in ("sessions", "both"):
        result["sessions"] = sessions_part()
    if ARGS.part in ("static", "both"):
        result["static"] = static_part()
    print(json.dumps(result))
