"""Serve the app on a free loopback port over a temporary store, and drive it
with Debian's Chromium through Playwright. Never downloads a browser.

Each browser test has its own store and its own served app (`served`, about
0.3 s to open a store and start a server), so it sees only what it made and
passes alone and in any order; the tests share the browser, never its pages
(each page opens in a context of its own)."""
from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import shutil
import socket
import threading
import time

import pytest
import uvicorn
from flet_web.fastapi import app_manager

from views.app import build_app
from views.hosting import HostRun

BASE_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
             "--disable-sync", "--no-first-run", "--disable-quic"]
# V8 compiles the client's WebAssembly (CanvasKit, the Dart app) with its baseline compiler only: every page load
# compiles ~10 MB of it anew (each test's browser context is new), and tiering the hot parts up with the optimizing
# compiler cost more than it saved in a test's short life. bench/bench_browser_load.py: a page load 1.42 s of
# Chromium CPU against 2.19 s; four e2e files 78-114 s against 89-139 s (docs/benchmarks.md). Phones keep V8's default.
LIFTOFF_ONLY = ["--js-flags=--liftoff-only"]
CHROMIUM_ARGS = BASE_ARGS + LIFTOFF_ONLY


def chromium_path() -> str:
    """Chromium's headless shell where it is installed (Debian's chromium-headless-shell; what
    Playwright itself runs headless), else Debian's chromium. The full browser in headless mode
    opens its address bar's pop-up in a renderer of its own for every new context: a page load
    there costs ~3.3 s of CPU against ~2.4 s in the shell (docs/benchmarks.md)."""
    path = (os.environ.get("XYSCORE_CHROMIUM") or shutil.which("chromium-headless-shell")
            or shutil.which("chromium") or "/usr/bin/chromium")
    if not os.path.exists(path):
        pytest.fail("Chromium is missing: the browser tests need Debian's chromium-headless-shell "
                    "(apt-get install -y chromium-headless-shell) or chromium, "
                    "or XYSCORE_CHROMIUM=/path/to/chromium", pytrace=False)
    return path


def open_test_store(tmp_path):
    from models.store import open_store
    return open_store(tmp_path / "e2e.db")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def flet_sessions() -> dict:
    """Every Flet session of this process, by key: Flet 1.0.5 keeps the sessions of
    every app in one process-wide `app_manager` (nothing public lists them)."""
    return app_manager._FletAppManager__sessions  # noqa: SLF001


class Served:
    """One app served on its own port, in a thread of its own, until `stop`."""

    live: set["Served"] = set()  # the servers running now

    def __init__(self, app, port: int = 0, host: str = "127.0.0.1") -> None:
        self.app = app
        # Bound here and handed to uvicorn: port 0 takes a free port that no other test process can
        # take before the server listens (two test processes run at once, `-n 2`).
        self.socket = socket.socket()
        self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.socket.bind((host, port))
        port = self.socket.getsockname()[1]
        self.url = f"http://{host}:{port}"
        # lifespan off: Flet's lifespan shutdown is global (it deletes the temp
        # folder every Flet app in this process serves index.html from), so a
        # second test server stopping would break the first one. Its startup
        # would start Flet's eviction of expired sessions; `stop` ends this app's instead.
        self.server = uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level="warning",
                                                    lifespan="off"))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.socket]}, daemon=True)
        self.sessions_before: set[str] = set()

    def start(self) -> "Served":
        self.sessions_before = set(flet_sessions())
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the app did not start")
            time.sleep(0.05)
        Served.live.add(self)
        return self

    def stop(self) -> None:
        """Ends the Flet sessions opened while this app ran (on its own event loop,
        while it runs), then the server: no session of a stopped app stays in Flet's
        process-wide app manager. Servers stop in the reverse order they started
        (fixtures), so a session opened meanwhile on an older server still running
        cannot be told from this one's: those are left for the last one to end."""
        Served.live.discard(self)
        mine = set(flet_sessions()) - self.sessions_before

        async def end_mine() -> None:
            for key in mine:
                await app_manager.delete_session(key)
        if mine and not Served.live and self.server.servers:
            asyncio.run_coroutine_threadsafe(end_mine(), self.server.servers[0].get_loop()).result(10)
        self.server.should_exit = True
        self.thread.join(10)
        self.socket.close()

    @property
    def store(self):
        return self.app.state.shared.store


@contextlib.contextmanager
def serving(store, run: HostRun | None = None):
    """The app over `store` (`run`: its host run), served until the block ends; then
    the store is closed and no Flet session of another app is left in this process."""
    assert Served.live or not flet_sessions(), "a Flet session of a stopped test server is still in this process"
    server = Served(build_app(store, run)).start()
    try:
        yield server
    finally:
        server.stop()
        store.close()


@pytest.fixture
def served(tmp_path):
    """This test's own app over its own store, served while it runs."""
    with serving(open_test_store(tmp_path)) as server:
        yield server


@pytest.fixture
def lan_served(tmp_path):
    """This test's own app as a phone on the network sees it: loopback is not trusted as the host."""
    with serving(open_test_store(tmp_path), HostRun(trust_loopback=False)) as server:
        yield server


class _Counted(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.lines: list[str] = []

    def emit(self, record) -> None:
        self.lines.append(record.getMessage())


@pytest.fixture(autouse=True)
def a_browser_never_trips_the_wire_guard():
    """Chromium running our page sends only frames the wire guard lets through
    (views/web/wire_guard.py): a connection it ended in a browser test fails that test."""
    counted = _Counted()
    guard = logging.getLogger("views.web.wire_guard")
    guard.addHandler(counted)
    try:
        yield
    finally:
        guard.removeHandler(counted)
    assert not counted.lines, f"the wire guard ended a browser's connection: {counted.lines}"


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


# Flutter's semantics tree (the DOM the tests read) is off in a freshly loaded
# page until its placeholder is tapped. The app's own script (views/web/reconnect.py)
# taps it as each page loads, a page that reloads itself too (a dropped connection
# coming back), so a screen reader finds it on (tests/e2e/test_screen_reader.py
# opens pages without this script). This one clicks it too, whichever comes first
# (once it is on, the placeholder is gone), and counts the page's loads for `describe`.
SEMANTICS_ON = """(() => {
  sessionStorage.setItem('loads', String(Number(sessionStorage.getItem('loads') || 0) + 1));
  const on = () => { const p = document.querySelector('flt-semantics-placeholder'); if (p) p.click(); return !!p; };
  new MutationObserver((_, observer) => { if (on()) observer.disconnect(); })
    .observe(document, {childList: true, subtree: true});
})()"""
# Each closed connection of the page, kept across its reloads, for `describe`: a
# page that reloaded itself (views/web/reconnect.py) says why its socket closed.
WATCH_SOCKETS = """(() => {
  const Native = window.WebSocket;
  function Watched(url, protocols) {
    const socket = protocols === undefined ? new Native(url) : new Native(url, protocols);
    socket.addEventListener('close', (e) => {
      const closes = JSON.parse(sessionStorage.getItem('closes') || '[]');
      closes.push(`${Math.round(performance.now())} ms: code ${e.code} ${e.reason || ''} clean ${e.wasClean}`);
      sessionStorage.setItem('closes', JSON.stringify(closes.slice(-5)));
    });
    return socket;
  }
  Watched.prototype = Native.prototype;
  Object.assign(Watched, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
  window.WebSocket = Watched;
})()"""
# A page's sockets, so a test can drop them (a phone that sleeps); while `__asleep` every new one
# goes nowhere, as to a host that does not answer.
SLEEPY_SOCKETS = """(() => { const Native = window.WebSocket; window.__sockets = []; window.__asleep = false;
  window.WebSocket = function (url, ...rest) {
    const s = new Native(window.__asleep ? 'ws://127.0.0.1:9/' : url, ...rest); window.__sockets.push(s); return s; };
  window.WebSocket.prototype = Native.prototype;
  Object.assign(window.WebSocket, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3}); })()"""
SEMANTICS_SHOWN = """() => { const p = document.querySelector('flt-semantics-placeholder');
  if (p) { p.click(); return false; }
  return document.querySelector('flt-semantics') !== null; }"""


# The tests' browser draws at most about 20 frames a second: each frame Flutter asks for waits FRAME_GAP_MS
# before Chromium's next one (a phone saving its battery draws 30). Flutter's animations run by the clock,
# so every screen ends as it would at 60 frames a second; with no GPU, each frame is drawn by SwiftShader
# on the CPU, and two tests at once on two cores wait for those frames. Measured on test_xylotar_game
# (docs/benchmarks.md): Chromium's CPU 50 -> 36.5 s, its GPU process 15.6 -> 7.2 s. The benches that
# stand for a phone's frames (bench_sync, bench_taps) pass `frame_gap_ms=None`.
FRAME_GAP_MS = 34
FEWER_FRAMES = """(() => { const raf = window.requestAnimationFrame.bind(window);
  const caf = window.cancelAnimationFrame.bind(window);
  const waiting = new Map(); let next = 1;
  window.requestAnimationFrame = (callback) => { const id = next++;
    waiting.set(id, setTimeout(() => waiting.set(id, -raf((t) => { waiting.delete(id); callback(t); })), GAP));
    return id; };
  window.cancelAnimationFrame = (id) => { const held = waiting.get(id); if (held === undefined) return;
    waiting.delete(id); if (held < 0) caf(-held); else clearTimeout(held); }; })()"""


def show_semantics(page) -> None:
    """Wait until Flutter's semantics tree is on (switching it on if need be), so
    that controls can be found by their text and labels."""
    page.wait_for_function(SEMANTICS_SHOWN)


def open_app(browser, url: str, *, width: int = 390, height: int = 844, dark: bool = False,
             timeout: float = 15000, init_script: str | None = None, locale: str | None = None,
             before=None, scale_factor: float = 1.0, frame_gap_ms: int | None = FRAME_GAP_MS):
    """A new tab on `url`, with Flutter's semantics tree switched on
    (`init_script` runs in the page before the app's own scripts), in a
    browser whose language is `locale` ('de-DE'; Chromium's own by default).
    `before(page)` runs before the tab goes to `url` (to watch it from its first request on);
    `scale_factor` is the screen's device pixels per CSS pixel; `frame_gap_ms` what each frame waits
    (FEWER_FRAMES; None: Chromium's own pace)."""
    context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=scale_factor,
                                  color_scheme="dark" if dark else "light", **({"locale": locale} if locale else {}))
    context.add_init_script(SEMANTICS_ON)  # on every load of every page, reloads too
    context.add_init_script(WATCH_SOCKETS)
    if frame_gap_ms is not None:
        context.add_init_script(FEWER_FRAMES.replace("GAP", str(frame_gap_ms)))
    if init_script:
        context.add_init_script(init_script)
    page = context.new_page()
    # What the page said, for `describe` after a failure (a stuck renderer says nothing else).
    page.said = []
    page.on("console", lambda message: page.said.append(f"{message.type}: {message.text[:300]}"))
    page.on("pageerror", lambda error: page.said.append(f"page error: {str(error)[:300]}"))
    page.on("crash", lambda _: page.said.append("the page crashed"))
    page.set_default_timeout(timeout)
    if before is not None:
        before(page)
    page.goto(url)
    show_semantics(page)
    return page


class BrowserHiccup(Exception):
    """A browser test failed while one of its pages had stopped drawing (its
    renderer no longer answers: CanvasKit's sporadic layout hang, flutter/flutter#145380),
    had lost its connection abnormally (and reloaded itself, views/web/reconnect.py)
    or had its requests cut off by the machine's network changing (another test's second address).
    Only this failure is run once more (pyproject.toml: --only-rerun BrowserHiccup);
    the report keeps the first failure's error and what the pages showed."""


def hiccup(pages: list) -> str | None:
    """What went wrong with the browser itself, if anything: a page that no
    longer answers, one whose connection closed abnormally, or one whose
    requests the machine's network changing cut off (the guest-network tests,
    tests/guest_net.py, add and take away a second address while the other
    worker's browser loads a page: Chromium then fails what it was fetching
    with net::ERR_NETWORK_CHANGED, and the page never starts)."""
    for number, page in enumerate(pages, start=1):
        if any("ERR_NETWORK_CHANGED" in said for said in getattr(page, "said", ())):
            return f"page {number} ({page.url}): the machine's network changed under it (net::ERR_NETWORK_CHANGED)"
        if page.is_closed():
            continue
        if not answers(page):
            return f"page {number} ({page.url}) stopped answering: its renderer hung"
        try:
            closes = page.evaluate("() => sessionStorage.getItem('closes')") or ""
        except Exception:
            continue
        if "code 1006" in closes or "code 1011" in closes:
            return f"page {number} ({page.url}) lost its connection: {closes}"
    return None


@pytest.hookimpl(wrapper=True)
def pytest_pyfunc_call(pyfuncitem):
    """A failed browser test whose page hung or lost its connection raises
    BrowserHiccup (from the test's own error), so that it alone is run again."""
    try:
        return (yield)
    except Exception as error:
        opened = pyfuncitem.funcargs.get("app_page")
        why = hiccup(getattr(opened, "pages", []))
        if why:
            raise BrowserHiccup(f"{why}; the test's own error: {type(error).__name__}: {error}"[:2000]) from error
        raise


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    """Keep each phase's report on the test, for `app_page` to see a failure."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


def answers(page) -> bool:
    """False for a page whose renderer is stuck: it never answers."""
    try:
        page.wait_for_function("() => true", timeout=3000)
    except Exception:
        return False
    return True


def describe(pages: list, folder) -> None:
    """After a failed test: what each page showed (its address, whether its
    semantics tree is on, how often and when it loaded: a page reloads itself
    when a dropped connection comes back) and a screenshot."""
    for number, page in enumerate(pages, start=1):
        for line in getattr(page, "said", [])[-12:]:
            print(f"page {number} said: {line}")
        if not answers(page):
            print(f"page {number}: {page.url}; not responding")
            continue
        try:
            nodes = page.locator("flt-semantics").count()
            age = page.evaluate("() => Math.round(performance.now())")
            loads = page.evaluate("() => sessionStorage.getItem('loads')")
            closes = page.evaluate("() => sessionStorage.getItem('closes')")
            if closes:
                print(f"page {number}: its connection closed: {closes}")
            shot = folder / f"page-{number}.png"
            page.screenshot(path=str(shot), timeout=5000)
            print(f"page {number}: {page.url}; {nodes} semantics nodes; loaded {loads} times, last {age} ms ago; "
                  f"screenshot {shot}")
        except Exception as error:  # a closed page still lets the others be described
            print(f"page {number}: {page.url}; could not be described: {error}")


@pytest.fixture
def app_page(browser, served, request, tmp_path):
    pages = []

    def open_(path: str = "/", **kwargs):
        theirs = kwargs.pop("before", None)

        def before(page) -> None:
            # Kept before its first load: a page whose first load hangs (CanvasKit) is told
            # apart from one that loaded wrong, and described after a failure, as any other.
            pages.append(page)
            if theirs is not None:
                theirs(page)
        return open_app(browser, served.url + path, before=before, **kwargs)
    open_.pages = pages  # for pytest_pyfunc_call: did a page hang?
    yield open_
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        describe(pages, tmp_path)
    for page in pages:
        page.context.close()
