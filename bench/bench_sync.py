"""Benchmark live sync at a shared table: 8 Chromium clients on loopback.

    .venv/bin/python bench/bench_sync.py [--changes 224] [--port 0] [--timing PATH | --profile PATH]
    .venv/bin/python bench/bench_sync.py --floor   # the same on the simplest Flet page (bench/floor_app.py)
    .venv/bin/python bench/bench_sync.py --dealt   # each player's dealt Bonus Beats entered on their phone

Starts `xyscore serve --host 127.0.0.1` on a fresh database in its own
process, sets up a 4-player Xylotar game with tricks tracked on phones, and
opens 8 clients: Ann's phone (the writer), Bob's, Cat's and Dan's phones,
the host's table screen and 3 table displays. Each change is Ann tapping who
won a trick (or undoing the last one, to keep going past 14 tricks); each
other client waits for the new trick count in its own page.

Latency of a change on a client = the time its page showed the new value
(a MutationObserver over Flutter's semantics tree, timed in the page) minus
the time of Ann's tap (a pointerdown listener in Ann's page), both on the
same clock (performance.timeOrigin + now()). Reported: p50/p95/max of the
slowest client per change ("all others have it") and of every client's
sample. Also: the server's RSS (VmRSS) before and with the 8 clients, and
the bytes a phone downloads on its first load, with and without gzip.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402
from bench.serving import until_listening  # noqa: E402

from companion import services  # noqa: E402
from companion import table_services as ts  # noqa: E402
from companion.access import Access, Role, TableSettings  # noqa: E402
from models.store import open_store  # noqa: E402
from tests.e2e.conftest import BASE_ARGS, chromium_path, free_port, open_app, show_semantics  # noqa: E402
from tests.e2e.table import Player  # noqa: E402

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
TRICKS = 14

WATCH = """target => { window.__seen = new Promise(resolve => {
  const seen = () => document.body && document.body.textContent.includes(target);
  const stamp = () => performance.timeOrigin + performance.now();
  if (seen()) { resolve(stamp()); return; }
  const observer = new MutationObserver(() => {
    if (seen()) { observer.disconnect(); resolve(stamp()); }
  });
  observer.observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
}); }"""
SEEN = "() => window.__seen"
TAP_CLOCK = """() => { window.__tapAt = null;
  window.addEventListener('pointerdown', () => { window.__tapAt = performance.timeOrigin + performance.now(); },
                          {capture: true, once: true}); }"""


FRAME_CLOCK = """(() => { window.__frames = []; window.__sent = []; const Native = window.WebSocket;
  const stamp = () => performance.timeOrigin + performance.now();
  function Clocked(url, protocols) {
    const socket = protocols === undefined ? new Native(url) : new Native(url, protocols);
    socket.addEventListener('message', () => window.__frames.push(stamp()));
    const send = socket.send.bind(socket);
    socket.send = data => { window.__sent.push(stamp()); send(data); };
    return socket; }
  Clocked.prototype = Native.prototype; Object.assign(Clocked, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
  window.WebSocket = Clocked; })()"""
FIRST_FRAME = "tap => window.__frames.find(t => t >= tap) || null"
FIRST_SENT = "tap => window.__sent.find(t => t >= tap) || null"


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def start_server(db: Path, port: int, profile: str | None = None, timing: str | None = None,
                 floor: bool = False) -> subprocess.Popen:
    profiler = ["-m", "cProfile", "-o", profile] if profile else []
    if floor:
        command = [str(ROOT / "bench" / "floor_app.py"), "--port", str(port)]
    else:
        command = [*([str(ROOT / "bench" / "serve_timed.py"), timing] if timing else ["-m", "views.cli"]),
                   "serve", "--host", "127.0.0.1", "--port", str(port), "--db", str(db)]
    server = subprocess.Popen([sys.executable, *profiler, *command], cwd=ROOT, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True)
    return until_listening(server, port, 30)


DEALT = {"Ann": ["over_by_one", "view_two"], "Bob": ["under_by_one", "lead_next"],
         "Cat": ["zero_card", "flip_suit"], "Dan": ["plus_one_per_miss", "ignore_suit"]}


def set_table(db: Path, dealt: bool = False) -> dict:
    """The game, its display link and a token per phone (issued after the server started).
    `dealt`: with Bonus Beats, each player's dealt cards entered on their phone, so that
    every screen's view leaves out the others' (issue 12, P2)."""
    store = open_store(db)
    uow = store.uow
    game_id = services.start_game(services.new_game("xylotar", PLAYERS, dealer="Dan",
                                                    expansions=["bonus_beats"] if dealt else []), uow())
    host = Access.host(game_id)
    ts.change_settings(game_id, TableSettings(track_tricks=True, players_track_tricks=True), uow(), by=host)
    join = ts.resolve(ts.issue_link(game_id, Role.PLAYER, uow(), by=host), uow())
    display = ts.issue_link(game_id, Role.DISPLAY, uow(), by=host)
    seats = {name: ts.join_seat(name, uow(), by=join) for name in PLAYERS}
    for name in PLAYERS if dealt else ():
        ts.enter_dealt(game_id, DEALT[name], uow(), by=ts.resolve(seats[name], uow()))
    store.close()
    return {"game": game_id, "display": display, **seats}


def open_client(browser, url: str, width: int, height: int):
    return open_app(browser, url, width=width, height=height, timeout=30000, init_script=FRAME_CLOCK,
                    frame_gap_ms=None)  # a phone's own pace of frames


def first_load(browser, url: str) -> dict:
    """What a phone downloads on a first visit (a fresh browser context): the
    bytes on the wire as served (gzip when the browser asks, which it does),
    and the same files fetched again without compression."""
    context = browser.new_context(viewport={"width": 360, "height": 780})
    page = context.new_page()
    seen: list = []
    page.on("requestfinished", lambda request: seen.append(request))
    page.goto(url)
    show_semantics(page)
    page.get_by_text("Your bid").first.wait_for()
    page.wait_for_timeout(1000)
    wire = 0
    biggest = []
    plain = 0
    for request in seen:
        if not request.url.startswith("http"):
            continue
        response = request.response()
        sizes = request.sizes()
        body = sizes["responseBodySize"]
        wire += body + sizes["responseHeadersSize"]
        encoding = (response.headers.get("content-encoding", "") if response else "")
        biggest.append((body, encoding, request.url.split("/", 3)[-1]))
        with urllib.request.urlopen(urllib.request.Request(request.url, headers={"Accept-Encoding": "identity"})) as r:
            plain += len(r.read())
    context.close()
    biggest.sort(reverse=True)
    return {"requests": len(seen), "wire": wire, "plain": plain, "biggest": biggest[:5]}


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--changes", type=int, default=224, help="changes to time (default 224: 8 hands' worth)")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--profile", metavar="PATH", help="run the server under cProfile, writing PATH")
    parser.add_argument("--floor", action="store_true",
                        help="the same clients and changes on the simplest Flet page (bench/floor_app.py): "
                             "what this machine allows any Flet app")
    parser.add_argument("--dealt", action="store_true",
                        help="with Bonus Beats, each player's dealt cards entered on their own phone (issue 12)")
    parser.add_argument("--timing", metavar="PATH", help="time each session's re-render in the server "
                                                         "(bench/serve_timed.py), writing PATH")
    args = parser.parse_args()
    load_before = os.getloadavg()[0]
    port = args.port or free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "bench.db"
        open_store(db).close()
        server = start_server(db, port, args.profile, args.timing, args.floor)
        try:
            if args.floor:
                phones, table, display = [f"{base}/"] * 4, f"{base}/", f"{base}/"
            else:
                ids = set_table(db, args.dealt)
                phones = [f"{base}/seat/{ids[name]}" for name in PLAYERS]
                table, display = f"{base}/game/{ids['game']}/table", f"{base}/display/{ids['display']}"
            time.sleep(1)
            idle_mb = rss_mb(server.pid)
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=chromium_path(), args=BASE_ARGS)
                writer = open_client(browser, phones[0], 360, 780)
                others = [open_client(browser, url, 360, 780) for url in phones[1:]]
                others.append(open_client(browser, table, 1280, 800))
                others += [open_client(browser, display, 1280, 800) for _ in range(3)]
                for page in [writer, *others]:
                    page.get_by_text(f"Trick 1 of {TRICKS}").first.wait_for()
                time.sleep(1)
                clients_mb = rss_mb(server.pid)

                ann = Player(writer)
                slowest, every, own, arrived, drawn, sent = [], [], [], [], [], []
                played = 0
                for change in range(args.changes):
                    forward = (change // TRICKS) % 2 == 0
                    after = played + 1 if forward else played - 1
                    target = f"All {TRICKS} tricks played" if after == TRICKS else f"Trick {after + 1} of {TRICKS}"
                    for page in [writer, *others]:
                        page.evaluate(WATCH, target)
                    writer.evaluate(TAP_CLOCK)
                    if forward:
                        ann.tap(f"{PLAYERS[change % 4]} won the trick")
                    else:
                        ann.tap("Undo last trick")
                    seen = [page.evaluate(SEEN) for page in others]
                    tap = writer.evaluate("() => window.__tapAt")
                    own.append(writer.evaluate(SEEN) - tap)
                    lags = [at - tap for at in seen]
                    frames = [page.evaluate(FIRST_FRAME, tap) for page in others]
                    sent.append(writer.evaluate(FIRST_SENT, tap) - tap)
                    arrived += [frame - tap for frame in frames if frame]
                    drawn += [at - frame for at, frame in zip(seen, frames) if frame]
                    every += lags
                    slowest.append(max(lags))
                    played = after
                    if change % 20 == 19:
                        print(f"{change + 1} changes, slowest so far {max(slowest):.0f} ms", file=sys.stderr,
                              flush=True)
                load = None if args.floor else first_load(browser, phones[1])
                browser.close()
            with_clients_after = rss_mb(server.pid)
        finally:
            server.send_signal(signal.SIGINT)  # uvicorn stops cleanly (and cProfile writes its file)
            server.wait(20)

    def line(name: str, values: list[float]) -> str:
        return (f"| {name} | {len(values)} | {statistics.median(values):.1f} | {pct(values, 0.95):.1f} | "
                f"{max(values):.1f} |")

    print(f"Machine: {os.cpu_count()} cores, {platform.machine()}, CPython {platform.python_version()}; "
          f"load average before: {load_before:.1f}, after: {os.getloadavg()[0]:.1f}")
    print("| latency from Ann's tap (ms) | samples | p50 | p95 | max |\n|---|---|---|---|---|")
    print(line("all 7 others show it (slowest client per change)", slowest))
    print(line("each other client", every))
    print(line("Ann's own phone shows it", own))
    print(line("Ann's phone: tap to sending it to the host", sent))
    print(line("each other client: tap to the change's first message arriving", arrived))
    print(line("each other client: that message to the page showing it", drawn))
    print(f"\nServer RSS: {idle_mb:.1f} MB idle, {clients_mb:.1f} MB with 8 clients, "
          f"{with_clients_after:.1f} MB after {args.changes} changes")
    if load:
        print(f"First load of a phone: {load['requests']} requests, {load['wire'] / 1e6:.2f} MB on the wire, "
              f"{load['plain'] / 1e6:.2f} MB uncompressed")
        for size, encoding, name in load["biggest"]:
            print(f"  {size / 1e6:.2f} MB {encoding or 'identity'}  {re.sub(r'[?].*', '', name)}")
    if args.timing:
        print_timing(Path(args.timing))


def print_timing(path: Path) -> None:
    """What the server did per change: each session's re-render and diff, and
    the time from the change to the last session's patch."""
    timed = [change for change in json.loads(path.read_text())  # not the changes made while pages loaded
             if len(change["patches"]) >= 7 and all(fn != "NoneType" for *_, fn in change["patches"])]
    changes = [change["patches"] for change in timed]
    kinds: dict[str, list[float]] = {}
    for patches in changes:
        for route, ms, *_ in patches:
            kinds.setdefault(route.split("/")[1] if route.count("/") == 2 else "table", []).append(ms)
    print(f"\nIn the server, {len(changes)} changes that re-rendered 7 or more sessions (ms):")
    print("| | samples | p50 | p95 | max |\n|---|---|---|---|---|")
    for kind, values in sorted(kinds.items()):
        print(f"| re-render and diff, a {kind} screen | {len(values)} | {statistics.median(values):.1f} | "
              f"{pct(values, 0.95):.1f} | {max(values):.1f} |")
    values = [change["event"] for change in timed]
    print(f"| the tap's event to the change (handler, write) | {len(values)} | {statistics.median(values):.1f} | "
          f"{pct(values, 0.95):.1f} | {max(values):.1f} |")
    for name, pick in (("first", min), ("last", max)):
        values = [pick(done for _, _, done, *_ in patches) for patches in changes]
        print(f"| change to the {name} session's patch | {len(values)} | {statistics.median(values):.1f} | "
              f"{pct(values, 0.95):.1f} | {max(values):.1f} |")


if __name__ == "__main__":
    main()
