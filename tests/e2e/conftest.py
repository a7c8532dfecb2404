"""Serve the app on a free loopback port over a temporary store, and drive it
with Debian's Chromium through Playwright. Never downloads a browser."""
from __future__ import annotations

import os
import shutil
import socket
import threading
import time

import pytest
import uvicorn

from views.app import build_app

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic"]


def chromium_path() -> str:
    path = os.environ.get("XYSCORE_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if not os.path.exists(path):
        pytest.fail("Chromium is missing: the browser tests need Debian's chromium "
                    "(apt-get install -y chromium) or XYSCORE_CHROMIUM=/path/to/chromium", pytrace=False)
    return path


def open_test_store(tmp_path):
    from models.store import open_store
    return open_store(tmp_path / "e2e.db")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Served:
    def __init__(self, app, port: int) -> None:
        self.app = app
        self.url = f"http://127.0.0.1:{port}"
        # lifespan off: Flet's lifespan shutdown is global (it deletes the temp
        # folder every Flet app in this process serves index.html from), so a
        # second test server stopping would break the first one.
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                                                    lifespan="off"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def start(self) -> "Served":
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the app did not start")
            time.sleep(0.05)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(10)

    @property
    def store(self):
        return self.app.state.shared.store


@pytest.fixture(scope="session")
def served(tmp_path_factory):
    store = open_test_store(tmp_path_factory.mktemp("store"))
    server = Served(build_app(store), free_port()).start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def show_semantics(page) -> None:
    """Switch on Flutter's semantics tree, which a freshly loaded page starts without,
    so that controls can be found by their text and labels."""
    page.wait_for_selector("flt-semantics-placeholder", state="attached")
    page.evaluate("document.querySelector('flt-semantics-placeholder').click()")


def open_app(browser, url: str, *, width: int = 390, height: int = 844, dark: bool = False,
             timeout: float = 15000, init_script: str | None = None):
    """A new tab on `url`, with Flutter's semantics tree switched on
    (`init_script` runs in the page before the app's own scripts)."""
    context = browser.new_context(viewport={"width": width, "height": height},
                                  color_scheme="dark" if dark else "light")
    if init_script:
        context.add_init_script(init_script)
    page = context.new_page()
    page.set_default_timeout(timeout)
    page.goto(url)
    show_semantics(page)
    return page


@pytest.fixture
def app_page(browser, served):
    pages = []

    def open_(path: str = "/", **kwargs):
        page = open_app(browser, served.url + path, **kwargs)
        pages.append(page)
        return page
    yield open_
    for page in pages:
        page.context.close()
