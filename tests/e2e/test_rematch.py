"""Rematch from the game-over screen (issue 13): the host starts the same
table again, the deal passes clockwise (X6), and the phones and the display
follow into the new game by themselves, at their seats, with no new code."""
import re

import pytest

from companion import rematch, services
from tests.e2e.table import Player, stored_game
from tests.e2e.test_shared_table import TABLET, host_bid, join, send_bid, share, this_hand

pytestmark = pytest.mark.e2e

SEATS = ("Ann", "Bob", "Cat")


def two_hands_played(served) -> int:
    """A 3-player game dealt by Cat, its first two hands entered: Ann 24, Bob 10, Cat 10."""
    return stored_game(served, SEATS, [((0, 12), (0, 0), (0, 0))] * 2, dealer="Cat")


def loads(player: Player) -> str:
    """How many times the page was loaded (tests/e2e/conftest.py counts them)."""
    return player.page.evaluate("sessionStorage.getItem('loads')")


def test_x6_a_rematch_starts_the_same_table_with_the_next_dealer_and_the_phones_follow(app_page, served):
    old = two_hands_played(served)
    host = Player(app_page(f"/game/{old}/table", **TABLET))
    join_link, display_link = share(host, "Players' code"), share(host, "Display code")
    ann, bob = join(app_page, join_link, "Ann"), join(app_page, join_link, "Bob")
    display = Player(app_page(display_link, **TABLET))
    seat_links = {phone: phone.page.url for phone in (ann, bob, display)}

    # Hand 3, the last, at the table: the phones bid, the host enters Cat's bid and the tricks.
    send_bid(ann, "Ann", 3)
    send_bid(bob, "Bob", 4)
    host_bid(host, SEATS, "Cat", 5)
    for seat, tricks in (("Ann", 3), ("Bob", 4), ("Cat", 5)):
        host.pick(seat, "tricks", tricks)
    host.tap("Score hand 3")
    for screen in (ann, bob, display):
        screen.see_total("Ann", 32, rank="first", winner=True)

    # The deal passes to the left: Cat dealt, so Ann, the first seat, deals the rematch.
    host.tap("Rematch: Ann deals")  # the new game's table
    host.page.wait_for_url(re.compile(rf"/game/(?!{old}/)\d+/table$"))
    new = int(re.search(r"/game/(\d+)/table$", host.page.url).group(1))
    game = services.load(new, served.store.reader()).game
    assert (game.players, game.dealer, game.rounds) == (SEATS, "Ann", [])
    host.see("0 of 3 have bid")

    # Each phone is at its own seat in the new game, on the same link, without a reload.
    for phone, seat in ((ann, "Ann"), (bob, "Bob")):
        phone.see("New game: Ann deals")
        phone.see("0 of 3 have bid")
        phone.see("Bob leads hand 1: left of the dealer, Ann")
        assert phone.control("Send bid").count() == 1
    display.see("New game: Ann deals")
    display.see("0 of 3 have bid")
    for screen, link in seat_links.items():
        assert screen.page.url == link and loads(screen) == "1"

    # They play on: Bob's bid in the new game reaches every screen.
    send_bid(bob, "Bob", 2)
    for screen in (ann, display):
        screen.see_label("Bob, bid 2")
    this_hand(host)
    host.see_label("Bob, bid 2")

    # The finished game stays as it ended, and offers its rematch rather than a second one.
    finished = services.load(old, served.store.reader()).game
    assert len(finished.rounds) == 3 and finished.outcome().winners == ("Ann",)
    host.go(f"/game/{old}")
    host.tap("Open the rematch")
    host.page.wait_for_url(re.compile(rf"/game/{new}$"))
    assert rematch.rematch_of(old, served.store.reader()) == new


def test_a_rematch_from_the_scoreboard_opens_the_new_game_and_every_host_screen_offers_it(app_page, served):
    old = stored_game(served, ("Dot", "Eli", "Fay", "Gus"), [((0, 14), (0, 0), (0, 0), (0, 0))] * 3, dealer="Eli",
                      expansions=["off_key"])
    host, other_tab = (Player(app_page(f"/game/{old}", **TABLET)) for _ in range(2))
    host.see_total("Dot", 42, rank="first", winner=True)
    host.tap("Rematch: Fay deals")
    host.page.wait_for_url(re.compile(rf"/game/(?!{old}$)\d+$"))
    host.see("Gus leads hand 1: left of the dealer, Fay")
    host.see("Xylotar with Off-Key")  # the same expansions
    new = int(host.page.url.rsplit("/", 1)[1])
    # The host's other screen on the finished game now opens the rematch instead of starting a second one.
    other_tab.tap("Open the rematch")
    other_tab.page.wait_for_url(re.compile(rf"/game/{new}$"))
    other_tab.see("Gus leads hand 1: left of the dealer, Fay")
    assert [s.id for s in services.list_games(served.store.reader())].count(new) == 1
    assert rematch.rematch_of(old, served.store.reader()) == new
