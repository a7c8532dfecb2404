"""The shared table with several browsers at once: the host, players' phones
(360 px wide) and the tablet display, joined by the links the host's codes hold."""
import re

import pytest
from playwright.sync_api import expect

from companion import services
from companion import table_services as ts
from companion.access import Access, Role
from tests.e2e.conftest import SLEEPY_SOCKETS, open_app, show_semantics
from tests.e2e import table
from tests.e2e.table import Player
from views.shown import logic

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 780}
TABLET = {"width": 1280, "height": 800}


def new_table(served, players=("Ann", "Bob", "Cat", "Dan"), **table) -> int:
    game_id = services.start_game(services.new_game("xylotar", list(players), dealer=players[-1], **table),
                                  served.store.uow())
    served.app.state.shared.hub.changed()
    return game_id


def share(host: Player, title: str) -> str:
    """Make the code on the host's Codes part; the link it holds, as shown under it."""
    if not host.page.url.endswith("/codes"):
        host.tap("Codes")
        host.page.wait_for_url(re.compile(r"/table/codes$"))
    shown = host.page.get_by_text(re.compile(rf"^{title} link ")).first
    host.tap(f"Make the {title.lower()}")  # a second code would replace the first
    shown.wait_for()
    return re.sub(r"^.* link http://[^/]+", "", shown.text_content())


def join(app_page, link: str, name: str) -> Player:
    """A phone scans the players' code and sits as `name`."""
    return table.join(app_page, link, name, **PHONE)


def send_bid(phone: Player, seat: str, bid: int) -> None:
    phone.pick(seat, "bid", bid)
    phone.tap("Send bid")
    phone.see_label(f"{seat} Sent: bid {bid}")


def this_hand(host: Player) -> None:
    """The host's table, at this hand's part."""
    if not re.search(r"/table$", host.page.url):
        host.tap("This hand")
        host.page.wait_for_url(re.compile(r"/table$"))


def end(host: Player, what: str, choice: str = "End") -> None:
    """Tap End (or New ... code) and answer the question it asks."""
    button = f"End {what}" if not what.startswith("New ") else what
    question = host.page.get_by_text(re.compile(r"\?$")).last
    host.tap(button)
    question.wait_for()
    host.answer(question.text_content(), choice)


def host_bid(host: Player, seats: tuple, seat: str, bid: int) -> None:
    """The host enters the bid of a seat without a phone, on its own panel."""
    this_hand(host)
    host.pick(seat, "bid", bid)
    host.tap(host.page.get_by_role("button", name="Send bid").nth(seats.index(seat)))
    host.see_label(f"{seat} Sent: bid {bid}")


def players_tap_tricks(host: Player) -> None:
    """The host's settings: each trick tracked, tapped on the players' phones."""
    host.tap("Settings")
    host.page.wait_for_url(re.compile(r"/table/settings$"))
    # Each switch is seen on before the next is tapped, as the host sees it.
    host.tick(host.page.get_by_role("switch", name="Track each trick"))
    host.tick(host.page.get_by_role("switch", name="Players tap tricks"))


def test_p1_each_bid_shows_on_every_screen_the_moment_it_is_sent(app_page, served):
    game_id = new_table(served)
    host = Player(app_page(f"/game/{game_id}/table", **TABLET))
    join_link, display_link = share(host, "Players' code"), share(host, "Display code")
    ann, bob = join(app_page, join_link, "Ann"), join(app_page, join_link, "Bob")
    display = Player(app_page(display_link, **TABLET))
    display.see("0 of 4 have bid")
    assert display.page.get_by_role("button").count() == 0  # the display cannot write
    assert display.page.get_by_role("textbox").count() == 0

    send_bid(ann, "Ann", 3)
    for screen in (display, bob):  # the bid card lies face up: every screen shows it at once
        screen.see("1 of 4 have bid")
        screen.see_label("Ann, bid 3")
    send_bid(bob, "Bob", 2)
    this_hand(host)
    host.see_label("Bob, bid 2")
    host.see("Enter a seat's bid here (a phone sends its own)")  # Ann and Bob sent theirs
    for seat, bid in (("Cat", 5), ("Dan", 4)):  # seats without a phone: the host enters them
        host_bid(host, ("Ann", "Bob", "Cat", "Dan"), seat, bid)
    display.see("Everyone has bid")
    for screen in (display, ann, bob):
        screen.see_label("Cat, bid 5")

    for seat, tricks in (("Ann", 3), ("Bob", 2), ("Cat", 5), ("Dan", 4)):
        host.pick(seat, "tricks", tricks)  # P3: each count is the table's shared entry
    ann.see_label("Dan, bid 4, took 4 tricks")
    host.tap("Score hand 1")
    for screen in (display, ann, bob):  # the hand's bids with the scores
        screen.see_label("Ann bid 3, took 3")
        screen.see_label("Cat bid 5, took 5")
        screen.see_total("Ann", 8)
    display.see("Hand 2")
    ann.see("0 of 4 have bid")


def test_tricks_tapped_on_a_phone_follow_on_the_display_and_score_the_hand(app_page, served):
    game_id = new_table(served, ("Eve", "Fin", "Gil"), expansions=["off_key"])
    host = Player(app_page(f"/game/{game_id}/table", **TABLET))
    join_link, display_link = share(host, "Players' code"), share(host, "Display code")
    players_tap_tricks(host)
    eve = join(app_page, join_link, "Eve")
    display = Player(app_page(display_link, **TABLET))
    eve.see("Trick 1 of 12: Eve leads")
    send_bid(eve, "Eve", 4)
    for seat, bid in (("Fin", 5), ("Gil", 3)):
        host_bid(host, ("Eve", "Fin", "Gil"), seat, bid)

    winners = ["Fin"] * 5 + ["Gil"] * 3 + ["Eve"] * 4
    eve.pick("Trick", "Off-Key cards in it", 1)
    eve.tap("Fin won the trick")
    display.see("Trick 2 of 12: Fin leads")  # a tap on a phone, on the display without a reload
    display.see_label("Fin, bid 5, took 1 trick")  # P3: each tap, on the display
    for number, winner in enumerate(winners[1:], start=2):
        eve.tap(f"{winner} won the trick")
        eve.see_label(f"Tricks played {number} of 12")
    display.see("All 12 tricks played")
    this_hand(host)
    host.tap("Score hand 1")
    # Fin bid 5 and took 5 with 1 Off-Key card: 5 + 5 bonus - 1 (no arithmetic typed).
    display.see_total("Fin", 9)
    display.see_label("Fin bid 5, took 5")


def test_the_winner_buttons_turn_off_once_every_trick_is_played_and_on_again_after_undo(app_page, served):
    game_id = new_table(served, ("Eve", "Fin", "Gil"))  # no Off-Key cards: nothing else of the hand changes
    host = Player(app_page(f"/game/{game_id}/table", **TABLET))
    join_link = share(host, "Players' code")
    players_tap_tricks(host)
    eve = join(app_page, join_link, "Eve")
    send_bid(eve, "Eve", 4)
    for seat, bid in (("Fin", 5), ("Gil", 3)):
        host_bid(host, ("Eve", "Fin", "Gil"), seat, bid)
    for number, winner in enumerate(["Fin"] * 5 + ["Gil"] * 3 + ["Eve"] * 4, start=1):
        expect(eve.control(f"{winner} won the trick")).to_be_enabled()
        eve.tap(f"{winner} won the trick")
        eve.see_label(f"Tricks played {number} of 12")
    expect(eve.control("Gil won the trick")).to_be_disabled()  # X3: no thirteenth trick
    eve.tap("Undo last trick")
    eve.see_label("Tricks played 11 of 12")
    expect(eve.control("Gil won the trick")).to_be_enabled()  # the last trick is to tap again
    eve.tap("Eve won the trick")
    eve.see_label("Eve, bid 4, took 4 tricks")
    expect(eve.control("Fin won the trick")).to_be_disabled()


def test_a_stale_bid_is_refused_with_the_current_value(app_page, served):
    game_id = new_table(served, ("Hal", "Ida", "Jo"))
    host = Player(app_page(f"/game/{game_id}/table", **TABLET))
    hal = join(app_page, share(host, "Players' code"), "Hal")
    hal.pick("Hal", "bid", 2)  # Hal is still deciding...
    host_bid(host, ("Hal", "Ida", "Jo"), "Hal", 4)  # ...when the host enters Hal's bid
    hal.tap("Send bid")
    hal.see("Someone else changed this: Hal's bid was changed on another phone meanwhile; it is now bid 4")
    hal.see_label("Hal Sent: bid 4")


def test_a_reload_rejoins_and_an_ended_link_shows_a_clear_page(app_page, served):
    game_id = new_table(served, ("Kit", "Lou"))
    host = Player(app_page(f"/game/{game_id}/table", **TABLET))
    join_link, display_link = share(host, "Players' code"), share(host, "Display code")
    kit = join(app_page, join_link, "Kit")
    send_bid(kit, "Kit", 1)
    seat_url = kit.page.url
    kit.page.reload()
    show_semantics(kit.page)
    kit.see_label("Kit Sent: bid 1")
    assert kit.page.url == seat_url

    # A second phone joining the same link finds Kit's seat taken.
    other = Player(app_page(join_link, **PHONE))
    other.control("I am Lou").wait_for()
    assert not other.has_text("I am Kit")

    # Ending a phone that has not reloaded shows it at once, without a reload.
    lou = join(app_page, join_link, "Lou")
    end(host, "Lou's phone")
    lou.see("This link no longer works")
    end(host, "Kit's phone")
    kit.load(re.sub(r"^https?://[^/]+", "", seat_url))
    kit.see("This link no longer works")
    assert not kit.has_text("Kit, ")  # no game data on an ended link (no standings row, no bid)

    display = Player(app_page(display_link, **TABLET))
    display.see("Hand 1")
    end(host, "New display code", "New code")
    display.see("This link no longer works")

    wrong = Player(app_page("/seat/" + "x" * 32, **PHONE))
    wrong.see("This link does not open any game")
    assert not wrong.has_text("Kit")


def test_host_screens_need_the_host_link_on_other_devices(browser, lan_served):
    pages = []
    try:
        for path in ("/", "/game/1", "/display", "/history"):
            stranger = Player(open_app(browser, lan_served.url + path, **PHONE))
            pages.append(stranger.page)
            stranger.see("This screen is for the host")
            assert not stranger.has_text("New game")
        wrong_key = Player(open_app(browser, lan_served.url + "/host/" + "y" * 32, **PHONE))
        pages.append(wrong_key.page)
        wrong_key.see("This host link was replaced by a new one, or the app was started again since")
        host = Player(open_app(browser, f"{lan_served.url}/host/{lan_served.app.state.host_run.host_key}", **PHONE))
        pages.append(host.page)
        host.tap("Open the host screens")
        host.control("New game").wait_for()
        host.go("/history")
        host.see("History")
    finally:
        for page in pages:
            page.context.close()


def test_a_phone_that_loses_its_connection_comes_back_to_the_current_hand(browser, served, app_page):
    game_id = new_table(served, ("Mia", "Ned", "Ola"))
    host = Player(app_page(f"/game/{game_id}/table", **TABLET))
    link = share(host, "Players' code")
    context = browser.new_context(viewport=PHONE)
    try:
        context.add_init_script(SLEEPY_SOCKETS)
        page = context.new_page()
        page.set_default_timeout(15000)
        page.goto(served.url + link)
        show_semantics(page)
        mia = Player(page)
        mia.tap("I am Mia")
        mia.see("0 of 3 have bid")
        mia.pick("Mia", "bid", 1)  # a bid typed, not sent yet
        seat_url = page.url
        # The phone sleeps: its connection drops while the table plays on.
        page.evaluate("window.__asleep = true; window.__sockets.forEach(s => s.close())")
        host_bid(host, ("Mia", "Ned", "Ola"), "Ned", 2)
        page.wait_for_timeout(1000)
        assert not mia.has_text("1 of 3 have bid")
        # It wakes: once the host answers again the page loads afresh, on the same seat.
        with page.expect_navigation(timeout=20000):
            page.evaluate("window.__asleep = false")
        show_semantics(page)
        assert page.url == seat_url
        mia.see("1 of 3 have bid")
        mia.see_label("Ned, bid 2")
        mia.see_label("Mia Bid 1")  # the draft is kept: the session, with its screen, lives on the host
        mia.see_label("Mia Not sent yet")
        # ...and it keeps up with the table from then on.
        mia.tap("Send bid")
        mia.see_label("Mia Sent: bid 1")
        host.see_label("Mia, bid 1")
        host_bid(host, ("Mia", "Ned", "Ola"), "Ola", 3)
        mia.see("Everyone has bid")
    finally:
        context.close()


def test_a_screen_that_fails_to_show_says_so_and_comes_back_when_it_can(app_page, served, monkeypatch):
    """An error while a screen renders used to freeze that browser on its last
    frame for good; now it says so, and the table shows again once it can."""
    game_id = new_table(served, players=("Ann", "Bob", "Cat"))
    host = Access.host(game_id)
    display_token = ts.issue_link(game_id, Role.DISPLAY, served.store.uow(), by=host)
    display = Player(app_page(f"/display/{display_token}", **TABLET))
    display.see("Hand 1 is being entered on the host's screen")  # no phone seated, nothing entered yet

    def bid(seat: str, value: int) -> None:
        ts.submit_bid(game_id, seat, value, None, served.store.uow(), by=host, expected_version=0)
        served.app.state.shared.hub.changed()

    def damaged(game):
        raise RuntimeError("a damaged entry")

    monkeypatch.setattr(logic, "next_turn", damaged)  # every screen of a game in play shows whose turn it is
    bid("Ann", 2)
    display.see("This screen could not be shown")
    display.see("Nothing you confirmed is lost")
    monkeypatch.undo()
    display.tap("Try again")
    display.see("1 of 3 have bid")
    bid("Bob", 1)  # and it follows the table again
    display.see("2 of 3 have bid")
