"""A page still starting says so, and a tap on it then is answered, not lost
(views/web/starting.py): a phone's first tap during the first load did nothing
and said nothing before (issue 24)."""
from __future__ import annotations

import re
import time

import pytest

from tests.e2e.conftest import show_semantics
from tests.e2e.table import Player

pytestmark = pytest.mark.e2e


def slow_start(route) -> None:
    time.sleep(2)  # a phone on a busy Wi-Fi: the client's start-up script comes late
    route.continue_()


def test_a_tap_while_the_page_starts_is_answered_and_the_first_tap_after_it_works(browser, served):
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        page.route(re.compile(r"flutter_bootstrap\.js$"), slow_start)
        page.goto(served.url + "/", wait_until="commit")
        card = page.get_by_role("status").filter(has_text="XY Score")
        card.get_by_text("Starting…", exact=True).wait_for(timeout=15000)
        page.touchscreen.tap(195, 167)  # where New game will be
        card.get_by_text("Still starting: tap again once the screen shows", exact=True).wait_for(timeout=5000)
        assert page.url == served.url + "/"  # nothing else happened
        card.wait_for(state="detached", timeout=30000)  # the card goes once the screen is drawn
        show_semantics(page)
        me = Player(page)
        me.tap("New game")  # once
        page.wait_for_url(re.compile(r"/new$"))
    finally:
        context.close()


def test_the_page_says_starting_before_any_of_the_clients_scripts_has_come(browser, served):
    """The card is in the page itself (issue 28): with the client's scripts
    held back, as on a slow Wi-Fi, the page already reads "XY Score,
    Starting…" and answers a tap; then the app comes, and the card goes."""
    held = []
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        # Not answered until the card has been seen: the page's own scripts from the host, the client's start-up.
        page.route(re.compile(r"(python|flutter_bootstrap)\.js$"), lambda route: held.append(route))
        page.goto(served.url + "/", wait_until="commit")
        card = page.get_by_role("status").filter(has_text="XY Score")
        card.get_by_text("Starting…", exact=True).wait_for(timeout=15000)
        page.touchscreen.tap(195, 400)
        card.get_by_text("Still starting: tap again once the screen shows", exact=True).wait_for(timeout=5000)
        # Both asked for, and still held: nothing of the client has run. (A request reaches `held` when
        # Playwright's event is handled here, which may come after the card: wait for it, a while at most.)
        asked_by = time.monotonic() + 15
        while len(held) < 2 and time.monotonic() < asked_by:
            page.wait_for_timeout(50)
        assert sorted(route.request.url.rsplit("/", 1)[1] for route in held) == ["flutter_bootstrap.js", "python.js"]
        for route in held:
            route.continue_()
        card.wait_for(state="detached", timeout=60000)
        show_semantics(page)
        Player(page).control("New game").wait_for()
    finally:
        context.close()
