"""The host's table screen in three parts (this hand, codes, settings), each
its own route: copying a code's link, and ending a phone or a code only once
the host confirms it."""
import re

import pytest

from companion import services
from companion.access import Role
from tests.e2e.conftest import SEMANTICS_ON, show_semantics
from tests.e2e.table import Player, join
from views.web import table_actions

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}


def new_table(served, players=("Ann", "Bob", "Cat")) -> int:
    game_id = services.start_game(services.new_game("xylotar", list(players), dealer=players[-1]),
                                  served.store.uow())
    served.app.state.shared.hub.changed()
    return game_id


def ask(host: Player, button: str, question: str) -> None:
    """Tap `button` until its question shows."""
    host.tap(button)
    host.page.get_by_text(question, exact=True).first.wait_for()


def to_top(host: Player) -> None:
    """Scroll back to the top of the screen, as a thumb would."""
    host.page.mouse.move(195, 400)
    host.page.mouse.wheel(0, -20000)
    host.page.wait_for_timeout(300)


def test_the_host_table_is_in_parts_copies_a_link_and_asks_before_ending_a_phone(app_page, served):
    game_id = new_table(served)
    host = Player(app_page(f"/game/{game_id}/table", **PHONE))
    origin = re.match(r"https?://[^/]+", host.page.url).group(0)
    host.page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=origin)
    for part in ("This hand", "Codes", "Settings"):
        host.see(part)
    host.see("0 of 3 have bid")  # this hand is the default part...
    assert not host.has_text("Display code")  # ...without the codes

    # No players' code yet: this hand offers it.
    host.tap("Share the game: players' code")
    host.page.wait_for_url(re.compile(rf"/game/{game_id}/table/codes$"))
    shown = host.page.get_by_text(re.compile(r"^Players' code link ")).first
    host.tap("Make the players' code")
    shown.wait_for()
    link = re.sub(r"^Players' code link ", "", shown.text_content())
    host.tap("Copy link")
    host.page.get_by_text("Link copied", exact=False).first.wait_for()
    assert host.page.evaluate("navigator.clipboard.readText()") == link
    assert host.control("Share").count() == 0  # Linux's browsers have no share sheet: no button that does nothing

    ann = join(app_page, re.sub(r"^https?://[^/]+", "", link), "Ann", **PHONE)

    # Ending Ann's phone asks first; Keep keeps it.
    ask(host, "End Ann's phone", "End Ann's phone?")
    host.see("Ann's phone stops working for this game and Ann's seat is free for another phone.")
    host.answer("End Ann's phone?", "Keep")
    ann.pick("Ann", "bid", 2)
    ann.tap("Send bid")  # her phone still works
    ann.see_label("Ann Sent: bid 2")
    assert not ann.has_text("This link no longer works")

    # End ends it: her phone says so at once.
    ask(host, "End Ann's phone", "End Ann's phone?")
    host.answer("End Ann's phone?", "End")
    ann.see("This link no longer works")
    host.page.get_by_label("End Ann's phone").wait_for(state="detached")

    # A new code asks too: Keep leaves the old link as it was.
    to_top(host)
    ask(host, "New players' code", "Make a new players' code?")
    host.answer("Make a new players' code?", "Keep")
    # The same link is drawn once the question has closed (counted at once, a loaded machine had not
    # drawn the screen behind the question again yet: s26b).
    host.see_label(f"Players' code link {link}")

    # Each part is its own route: a reload stays on it, and Back goes back.
    host.tap("Settings")
    host.page.wait_for_url(re.compile(rf"/game/{game_id}/table/settings$"))
    host.page.get_by_role("switch", name="Track each trick").wait_for()
    host.page.reload()
    show_semantics(host.page)
    host.page.get_by_role("switch", name="Track each trick").wait_for()
    host.page.go_back()
    host.page.wait_for_url(re.compile(rf"/game/{game_id}/table/codes$"))
    host.see("Links and phones")
    host.tap("This hand")
    host.page.wait_for_url(re.compile(rf"/game/{game_id}/table$"))
    host.see("1 of 3 have bid")  # Ann's bid, sent before her phone was ended


ANDROID = ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
           "Chrome/126.0 Mobile Safari/537.36")


def test_a_host_on_a_phone_may_share_a_code(browser, served):
    """On a phone the browser has a share sheet: each code offers Share next to Copy link."""
    game_id = new_table(served, ("Dot", "Eli"))
    table_actions.make_link(served.app.state.shared, served.app.state.host_run, game_id, Role.DISPLAY)
    context = browser.new_context(viewport=PHONE, user_agent=ANDROID)
    try:
        context.add_init_script(SEMANTICS_ON)
        page = context.new_page()
        page.set_default_timeout(15000)
        page.goto(f"{served.url}/game/{game_id}/table/codes")
        show_semantics(page)
        phone = Player(page)
        phone.control("Copy link").wait_for()
        assert phone.control("Share").count() == 1  # the display code's; the players' code is not made yet
    finally:
        context.close()


def test_the_table_settings_fit_a_phone_with_text_at_145_percent(app_page, served):
    """A switch's label is drawn on one line: the long one ("Players tap the
    tricks and the side players' bids") ran off a 390-pixel screen at 145%.
    The labels are short now, and what each does is said under it."""
    game_id = new_table(served)
    host = Player(app_page(f"/game/{game_id}/table/settings", **PHONE))
    host.set_text_size(145)
    host.page.wait_for_timeout(500)  # laid out at the new size
    for name in ("Track each trick", "Players tap tricks", "Players score hands"):
        switch = host.page.get_by_role("switch", name=name)
        box = switch.bounding_box()
        # The room ends as far from the right as it starts from the left; a label cut short fills it all.
        assert box["x"] + box["width"] < PHONE["width"] - box["x"], (name, box)
    host.see("enter the side players' bids")  # what it does, under the switch, in lines that wrap
