"""The host link is the host's password: the host sees it (and its QR) on the
host's home screen, and renews it there when it got out. Played as devices on
the network: loopback is not trusted as the host here, so every page is
another device, and only the host link makes one the host."""
import re

import pytest

from tests.e2e.table import Player

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
TABLET = {"width": 1280, "height": 800}


@pytest.fixture
def served(lan_served):
    """This test's own app (its own store), where loopback is not trusted as the host (`app_page` opens on it)."""
    return lan_served


def let_in(app_page, path: str, **size) -> Player:
    """A device opens the host link and taps Open the host screens (once)."""
    device = Player(app_page(path, **size))
    device.tap("Open the host screens")
    device.control("New game").wait_for()
    return device


def shown_link(host: Player) -> str:
    label = host.page.get_by_text(re.compile(r"^Host link http://")).first
    label.wait_for()
    return label.text_content().removeprefix("Host link ")


def test_the_host_renews_the_host_link_on_the_home_screen_and_the_old_one_ends_at_once(app_page, served):
    old = served.app.state.host_run.host_key
    tablet = let_in(app_page, f"/host/{old}", **TABLET)
    laptop = let_in(app_page, f"/host/{old}", **PHONE)
    laptop.tap("Show the host link")
    assert shown_link(laptop).endswith(f"/host/{old}")
    laptop.page.get_by_label("Host link QR").first.wait_for()

    laptop.tap("New host link")
    laptop.see("Make a new host link?")
    laptop.page.get_by_role("button", name="New host link", exact=True).last.click()  # the question's
    laptop.see("New host link made: the old one no longer opens anything.")
    new = shown_link(laptop)
    assert not new.endswith(f"/host/{old}") and re.search(r"/host/[\w-]{32}$", new)

    # The tablet came in by the old link: its host screen gives way at once, with no reload.
    tablet.see("This screen is for the host")
    assert not tablet.has_text("New game")
    # The laptop renewed it: it stays the host.
    laptop.tap("History and statistics")
    laptop.see("History")
    assert not laptop.has_text("This screen is for the host")

    # Anyone who kept the old link gets nothing from it; the new one works.
    stale = Player(app_page(f"/host/{old}", **PHONE))
    stale.see("This link no longer works")
    assert not stale.has_text("Open the host screens")
    let_in(app_page, new.removeprefix(served.url), **PHONE)
