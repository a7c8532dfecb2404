"""A phone says where it stands (views/web/reconnect.py): "Reconnecting… your
entries are kept" over the app as soon as its connection drops, "Back at the
table" for a moment once the reload has brought it back, nothing on a normal load."""
import re

import pytest
from playwright.sync_api import expect

from companion import services
from companion import table_services as ts
from companion.access import Access, Role
from tests.e2e.conftest import SEMANTICS_ON, SLEEPY_SOCKETS, show_semantics
from tests.e2e.table import Player

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 780}
RECONNECTING = "Reconnecting… your entries are kept"
BACK = "Back at the table"


def seated_phone_link(served, players: tuple[str, ...], seat: str) -> tuple[int, str]:
    game_id = services.start_game(services.new_game("xylotar", list(players), dealer=players[-1]),
                                  served.store.uow())
    host = Access.host(game_id)
    join = ts.resolve(ts.issue_link(game_id, Role.PLAYER, served.store.uow(), by=host), served.store.uow())
    served.app.state.shared.hub.changed()
    return game_id, "/seat/" + ts.join_seat(seat, served.store.uow(), by=join)


def test_a_phone_says_it_is_reconnecting_and_then_that_it_is_back(browser, served):
    game_id, link = seated_phone_link(served, ("Mia", "Ned", "Ola"), "Mia")
    context = browser.new_context(viewport=PHONE)
    try:
        context.add_init_script(SLEEPY_SOCKETS)
        context.add_init_script(SEMANTICS_ON)
        page = context.new_page()
        page.set_default_timeout(15000)
        page.goto(served.url + link)
        show_semantics(page)
        mia = Player(page)
        mia.see("0 of 3 have bid")
        banner = page.locator("#xy-connection")
        assert banner.count() == 0  # a normal first load says nothing
        # The phone sleeps: at once it says so, over the app, and never takes a tap.
        page.evaluate("window.__asleep = true; window.__sockets.forEach(s => s.close())")
        expect(page.get_by_text(RECONNECTING)).to_be_visible(timeout=3000)
        assert banner.get_attribute("role") == "status" and banner.get_attribute("aria-live") == "polite"
        style = page.evaluate("""() => { const s = getComputedStyle(document.getElementById('xy-connection'));
          return [s.position, s.pointerEvents, s.top, Number(s.zIndex) > 1000, parseFloat(s.fontSize) >= 18]; }""")
        assert style == ["fixed", "none", "0px", True, True]
        box = banner.bounding_box()
        assert box["x"] == 0 and box["width"] == PHONE["width"]
        # The table plays on meanwhile.
        ts.submit_bid(game_id, "Ned", 2, None, served.store.uow(), by=Access.host(game_id), expected_version=0)
        served.app.state.shared.hub.changed()
        page.wait_for_timeout(1000)
        assert not mia.has_text("1 of 3 have bid")
        expect(page.get_by_text(RECONNECTING)).to_be_visible()  # the client's retries fail: still said
        # It wakes: the page loads afresh, says it is back, and shows the hand as it is now.
        with page.expect_navigation(timeout=20000):
            page.evaluate("window.__asleep = false")
        expect(page.get_by_text(BACK, exact=True)).to_be_visible(timeout=2500)
        assert page.get_by_text(RECONNECTING).count() == 0
        show_semantics(page)
        mia.see("1 of 3 have bid")
        # ...for a moment only (3 s once the table answers).
        expect(banner).to_be_hidden(timeout=10000)
        assert page.evaluate("() => sessionStorage.getItem('xy-reconnecting')") is None
        # A reload of the player's own says nothing either.
        page.reload()
        show_semantics(page)
        mia.see("1 of 3 have bid")
        page.wait_for_timeout(1000)
        assert page.get_by_text(re.compile(f"{RECONNECTING}|{BACK}")).count() == 0
    finally:
        context.close()
