"""Issue 14: what a phone on the LAN downloads on its first visit, and asks for again.

    .venv/bin/python bench/bench_first_load.py [--root TREE]

Serves the app (from `--root`, e.g. a `git archive` of an older commit, to
measure it the same way) over a fresh store, in this process on loopback, and
opens it in Debian's Chromium as a phone on the Wi-Fi would: through the name
`xyscore.test` (mapped to 127.0.0.1 by `--host-resolver-rules`), so the page is
plain HTTP and not a secure context, as a LAN address is (127.0.0.1 would
count as secure and get the lighter renderer). Counted from Chrome's own
network log (CDP): each request that is sent, its bytes on the wire
(`encodedDataLength`: headers and the compressed body), and any request to
another host (the page is left a moment for late ones). Then, in the same
browser (same cache): a reload, and a new visit to the page a day later
(Chrome's clock cannot be moved, so "a day later" is what the response headers
allow then: a file with no long caching is asked for again, which this counts
as Chrome's reload does: every file sent without `immutable` nor a long
max-age costs a request). Verdicts against issue 14's targets: at most 5.2 MB,
no other host, a reload at most 2 requests (the page and its WebSocket).

    .venv/bin/python bench/bench_first_load.py --timeline [--cpu 4] [--runs 5] [--root TREE]

Issue 28: where a joining phone's seconds go. A game with a players' code;
each run is a new phone (its own cache) opening the code's link (/join/TOKEN)
with the CPU slowed 4x, until its seats ("I am Ann") are drawn and takes a tap; then
the same phone opens it again (a rejoin, from its cache). The floor, Flet's
own least (bench/floor_app.py, served as the app is: no CDN, gzip), is
measured the same way in the same run, by the same name. Each step's median
(bench/first_load_timeline.py says what each is); targets: the join screen
usable within 5 s, a rejoin within 3 s.
"""
from __future__ import annotations

import argparse
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
parser = argparse.ArgumentParser()
parser.add_argument("--root", default=str(ROOT))
parser.add_argument("--cold", action="store_true",
                    help="measure the very first phone, before the server has made its zopfli files")
parser.add_argument("--timeline", action="store_true", help="issue 28: where a joining phone's seconds go")
parser.add_argument("--cpu", type=float, default=4.0, help="--timeline: how many times slower the CPU is")
parser.add_argument("--runs", type=int, default=5, help="--timeline: phones measured (each its own cache)")
parser.add_argument("--settle", type=float, default=4.0, help="seconds to wait after the app draws, for late requests")
args = parser.parse_args()
sys.path.insert(0, args.root)

import uvicorn  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

from models.store import open_store  # noqa: E402
from views.app import build_app  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic", "--host-resolver-rules=MAP xyscore.test 127.0.0.1"]
DAY = 24 * 3600


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def serve(port: int) -> uvicorn.Server:
    store = open_store(Path(tempfile.mkdtemp()) / "bench.db")
    server = uvicorn.Server(uvicorn.Config(build_app(store), host="127.0.0.1", port=port, log_level="warning",
                                           lifespan="off"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    server.store = store
    return server


class Log:
    """Chrome's network events for one page: requests sent, bytes, headers."""

    def __init__(self, cdp) -> None:
        self.requests: dict[str, dict] = {}
        self.sockets: list[str] = []
        cdp.on("Network.requestWillBeSent", self._sent)
        cdp.on("Network.responseReceived", self._response)
        cdp.on("Network.loadingFinished", self._finished)
        cdp.on("Network.loadingFailed", self._failed)
        cdp.on("Network.webSocketCreated", lambda e: self.sockets.append(e["url"]))

    def _sent(self, event) -> None:
        self.requests[event["requestId"]] = {"url": event["request"]["url"], "bytes": 0, "cached": False,
                                             "status": None, "headers": {}}

    def _response(self, event) -> None:
        entry = self.requests.get(event["requestId"])
        if entry is not None:
            response = event["response"]
            entry.update(status=response["status"], cached=response.get("fromDiskCache", False)
                         or response.get("fromMemoryCache", False),
                         headers={k.lower(): v for k, v in response.get("headers", {}).items()})

    def _finished(self, event) -> None:
        entry = self.requests.get(event["requestId"])
        if entry is not None:
            entry["bytes"] = event["encodedDataLength"]

    def _failed(self, event) -> None:
        entry = self.requests.get(event["requestId"])
        if entry is not None:
            entry["failed"] = event.get("errorText", "failed")

    def network(self) -> list[dict]:
        """Requests that left the browser (not answered from its cache, not data: URLs)."""
        return [r for r in self.requests.values() if r["url"].startswith(("http:", "https:")) and not r["cached"]]


def long_lived(headers: dict) -> bool:
    """Would Chrome use this response a day later without asking?"""
    control = headers.get("cache-control", "").lower()
    if "immutable" in control:
        return True
    for part in control.split(","):
        name, _, value = part.strip().partition("=")
        if name == "max-age" and value.isdigit():
            return int(value) > DAY and "no-cache" not in control
    return False


def visit(context, url: str, settle: float, action=None) -> Log:
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    log = Log(cdp)
    if action is None:
        page.goto(url)
    else:
        action(page)
    page.wait_for_selector("flt-semantics-placeholder, flt-glass-pane", state="attached", timeout=60000)
    page.wait_for_function("() => !document.getElementById('loading')", timeout=60000)  # Flutter's first frame
    time.sleep(settle)
    log.page = page
    return log


def warm(browser, url: str) -> None:
    """One phone first (its own cache), then wait for the server to have made
    what it makes once (zopfli'd files; issue 14), so the phone measured gets
    what every later phone gets."""
    context = browser.new_context()
    visit(context, url, 1.0).page.close()
    context.close()
    try:
        from views.web.client_files import KEEP
        from views.web.static_gzip import Keeper
    except ImportError:
        return  # an older app: nothing made in the background
    started = time.monotonic()
    while Keeper.of(KEEP).busy():
        time.sleep(1)
    print(f"(warmed: the server's background compression took {time.monotonic() - started:.0f} s more)")


def join_link(store) -> str:
    """A game of three with a players' code: the path its link opens."""
    from companion import services, table_services
    from companion.access import Access, Role
    game_id = services.start_game(services.new_game("xylotar", ["Ann", "Bob", "Cat"], dealer="Cat"), store.uow())
    return "/join/" + table_services.issue_link(game_id, Role.PLAYER, store.uow(), by=Access.host(game_id))


def timeline_main() -> None:
    import subprocess

    sys.path.insert(1, str(ROOT / "bench"))  # this bench's own helpers, whichever tree is served
    from first_load_timeline import open_timed, table
    from serving import until_listening
    port, floor_port = free_port(), free_port()
    server = serve(port)
    url = f"http://xyscore.test:{port}{join_link(server.store)}"
    floor = until_listening(subprocess.Popen([sys.executable, str(ROOT / "bench" / "floor_app.py"), "--port",
                                              str(floor_port)], stderr=subprocess.PIPE), floor_port, 60)
    floor_url = f"http://xyscore.test:{floor_port}/"
    runs: dict[str, list[dict]] = {"app, first visit": [], "app, rejoin": [], "floor, first visit": [],
                                   "floor, rejoin": []}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
            warm(browser, url)
            for _ in range(args.runs):
                for name, link, words in (("app", url, "I am Ann"), ("floor", floor_url, "Trick 1 of 14")):
                    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                                  has_touch=True)
                    runs[f"{name}, first visit"].append(open_timed(context, link, words, args.cpu))
                    runs[f"{name}, rejoin"].append(open_timed(context, link, words, args.cpu))
                    context.close()
            browser.close()
    finally:
        floor.terminate()
        floor.wait()
        server.should_exit = True
    print(f"CPU slowed {args.cpu:g}x, {args.runs} phones, plain HTTP by a name ({urlsplit(url).netloc}):")
    print(table(list(runs.items())))
    for label, limit in (("app, first visit", 5.0), ("app, rejoin", 3.0)):
        usable = sorted(run["usable"] / 1000 for run in runs[label])
        print(f"  {label}: usable after {usable[len(usable) // 2]:.2f} s (median; all: "
              f"{', '.join(f'{u:.2f}' for u in usable)}), target {limit:g} s: "
              f"{'PASS' if usable[len(usable) // 2] <= limit else 'FAIL'}")


def main() -> None:
    if args.timeline:
        timeline_main()
        return
    port = free_port()
    server = serve(port)
    url = f"http://xyscore.test:{port}/"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        if not args.cold:
            warm(browser, url)
        context = browser.new_context(viewport={"width": 390, "height": 844})
        started = time.monotonic()
        first = visit(context, url, args.settle)
        drawn = time.monotonic() - started
        secure = first.page.evaluate("window.isSecureContext")
        sent = first.network()
        total = sum(r["bytes"] for r in sent)
        elsewhere = sorted({r["url"] for r in sent if urlsplit(r["url"]).netloc != f"xyscore.test:{port}"})
        print(f"first visit {url} (secure context: {secure}): {len(sent)} requests, {total / 1e6:.2f} MB "
              f"transferred, drawn after {drawn:.1f} s")
        for r in sorted(sent, key=lambda r: -r["bytes"])[:12]:
            where = r["url"][len(url) - 1:] if r["url"].startswith(url) else r["url"]
            headers = r["headers"]
            print(f"  {r['bytes'] / 1e3:9.1f} kB  {r['status']}  {where}  [{headers.get('content-encoding', '-')}; "
                  f"{headers.get('cache-control', 'no cache-control')}]")
        print(f"  requests to any other host: {elsewhere or 'none'}")
        print(f"  WebSockets: {first.sockets}")
        asked_later = [r["url"] for r in sent if not long_lived(r["headers"])]

        first.page.close()
        again = visit(context, url, 1.0, action=lambda page_: (page_.goto(url)))
        again.page.reload()
        again.page.wait_for_selector("flt-semantics-placeholder, flt-glass-pane", state="attached", timeout=60000)
        time.sleep(1.0)
        reloaded = again.network()
        print(f"a new visit then a reload (same browser, same cache): {len(reloaded)} requests + "
              f"{len(again.sockets)} WebSockets: {[urlsplit(r['url']).path for r in reloaded]}")
        print(f"a day later, files Chrome must ask for again (no immutable, max-age <= 1 day): {len(asked_later)}: "
              f"{[urlsplit(u).path for u in asked_later][:8]}{' ...' if len(asked_later) > 8 else ''}")
        browser.close()
    server.should_exit = True
    if args.cold:
        try:
            from views.web.client_files import KEEP
            from views.web.static_gzip import Keeper
            started = time.monotonic()
            while Keeper.of(KEEP).busy():
                time.sleep(1)
            print(f"(the server's background compression went on {time.monotonic() - started:.0f} s after)")
        except ImportError:
            pass
    reload_requests = len(asked_later) + 1  # those files, and the page's WebSocket
    print("verdicts:")
    print(f"  first visit at most 5.2 MB: {'PASS' if total <= 5.2e6 else 'FAIL'} ({total / 1e6:.2f} MB)")
    print(f"  no request to any other host: {'PASS' if not elsewhere else 'FAIL'} ({len(elsewhere)})")
    print(f"  a reload after a day at most 2 requests: {'PASS' if reload_requests <= 2 else 'FAIL'} "
          f"({len(asked_later)} files + the WebSocket)")


if __name__ == "__main__":
    main()
