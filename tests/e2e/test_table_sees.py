"""What each screen at the table sees (issue 12), with the host, three phones
and the display open at once: bids face up on every screen the moment they
are made (P1), the Bonus Beats a player was dealt on their phone only (P2),
tricks typed by two phones as one shared entry (P3)."""
import re

import pytest

from companion import services
from companion import table_services as ts
from companion.access import Access, Role, TableSettings
from companion.xylotar import BONUS_BEATS
from tests.e2e.conftest import show_semantics
from tests.e2e import table
from tests.e2e.table import Player

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
TABLET = {"width": 1280, "height": 800}
ANNS = ("view_two", "lead_next")  # the cards dealt to Ann: their ids and, below, how they read


def new_table(served, players, settings=TableSettings(), **setup) -> tuple[int, str, str]:
    """A game with its players' and display links made as the host's codes make them."""
    game_id = services.start_game(services.new_game("xylotar", list(players), dealer=players[-1], **setup),
                                  served.store.uow())
    host = Access.host(game_id)
    ts.change_settings(game_id, settings, served.store.uow(), by=host)
    join, display = (ts.issue_link(game_id, role, served.store.uow(), by=host) for role in (Role.PLAYER, Role.DISPLAY))
    served.app.state.shared.hub.changed()
    return game_id, f"/join/{join}", f"/display/{display}"


def join(app_page, link: str, name: str) -> Player:
    return table.join(app_page, link, name, **PHONE)


def frames(page) -> list[bytes]:
    """Every WebSocket frame `page` receives from now on (Flet's are msgpack: strings travel as UTF-8)."""
    got: list[bytes] = []

    def watch(socket) -> None:
        socket.on("framereceived", lambda payload: got.append(payload if isinstance(payload, bytes)
                                                               else payload.encode()))
    page.on("websocket", watch)
    return got


def secrets_of(cards) -> list[str]:
    """What would give a dealt card away: its id, and its printed text (shown only for cards one holds)."""
    return [text for card in cards for text in (card, BONUS_BEATS[card].text)]


def test_p1_p2_bids_are_on_every_screen_at_once_and_dealt_cards_on_their_phone_only(app_page, served):
    game_id, join_link, display_link = new_table(served, ("Ann", "Bob", "Cat", "Dan"),
                                                 expansions=["bonus_beats"])
    received = {}
    # Watched from their first request on: a listener added after the load can miss the WebSocket's opening.
    host = Player(app_page(f"/game/{game_id}/table", before=lambda page: received.update(host=frames(page)), **TABLET))
    display = Player(app_page(display_link, before=lambda page: received.update(display=frames(page)), **TABLET))
    ann = join(app_page, join_link, "Ann")
    bob, cat = join(app_page, join_link, "Bob"), join(app_page, join_link, "Cat")
    for name, phone in (("Bob", bob), ("Cat", cat)):  # watched from a fresh load on: the same seat, the same session
        received[name] = frames(phone.page)
        phone.page.reload()
        show_semantics(phone.page)
        phone.see("Your bid")
    # P2: Ann picks the 2 cards she was dealt, on her phone.
    ann.see("Your Bonus Beats")
    for card in ANNS:
        ann.tap(f"I was dealt {BONUS_BEATS[card].face}")
    ann.tap("Keep my cards")
    ann.see_label("Your Bonus Beats view 2, lead next")
    # Her phone now offers those two only, each in full.
    offered = ann.page.get_by_role("button", name=re.compile(r"^Ann flips "))
    for card in ANNS:
        offered.filter(has_text=re.compile(re.escape(BONUS_BEATS[card].text))).or_(ann.page.get_by_role(
            "button", name=f"Ann flips {BONUS_BEATS[card].face}. {BONUS_BEATS[card].timing} {BONUS_BEATS[card].text}",
            exact=True)).first.wait_for()
    assert offered.count() == 2  # B1: only her two
    # P1: Bob's bid is on the display and the other phones within one change, no reload.
    bob.pick("Bob", "bid", 3)
    bob.tap("Send bid")
    bob.see_label("Bob Sent: bid 3")
    for screen in (display, ann, cat, host):
        screen.see_label("Bob, bid 3, 2 Bonus Beats left")
    # Ann flips one of her cards with her bid: now it is public, everywhere.
    ann.pick("Ann", "bid", 2)
    offered.first.click()  # view 2, as dealt
    ann.tap("Send bid")
    ann.see_label("Ann Sent: bid 2 with view 2")
    for screen in (display, bob, cat, host):
        screen.see_label("Ann, bid 2, flipped view 2, 1 Bonus Beat left")
    # The host's own entry for Ann offers every card still face down: nothing narrows down hers.
    host.tap("Ann flips a Bonus Beat")
    for face in ("#", "lead next", "ignore suit"):
        host.control(f"Ann flips {face}").wait_for()
    # Nothing but Ann's phone was ever sent what she holds: not in any frame, not on any screen.
    for name, got in received.items():
        sent = b"".join(got)
        assert got, f"{name} received no frame"
        for secret in secrets_of(["lead_next"]):  # view 2 is flipped: public now
            assert secret.encode() not in sent, f"{name}'s page was sent {secret!r}"
    for screen in (host, display, bob, cat):
        shown = screen.page.evaluate("() => document.querySelector('flt-semantics')?.innerText || ''")
        assert BONUS_BEATS["lead_next"].text not in shown and "lead_next" not in shown


def test_p3_two_phones_typing_the_tricks_see_each_others_entries(app_page, served):
    game_id, join_link, display_link = new_table(served, ("Eve", "Fin", "Gil"),
                                                 TableSettings(players_score_hands=True))
    eve, fin = join(app_page, join_link, "Eve"), join(app_page, join_link, "Fin")
    display = Player(app_page(display_link, **TABLET))
    for phone, seat, bid in ((eve, "Eve", 4), (fin, "Fin", 5)):
        phone.pick(seat, "bid", bid)
        phone.tap("Send bid")
        phone.see_label(f"{seat} Sent: bid {bid}")
    host = Access.host(game_id)
    ts.submit_bid(game_id, "Gil", 3, None, served.store.uow(), by=host, expected_version=0)
    served.app.state.shared.hub.changed()
    eve.see("Everyone has bid")
    eve.pick("Eve", "tricks", 4)
    fin.see_label("Eve Tricks 4")  # Eve's count, on Fin's phone
    fin.pick("Fin", "tricks", 5)
    eve.see_label("Fin Tricks 5")
    assert eve.control("Score hand 1").is_disabled()  # 9 of 12: the hand does not add up yet
    eve.see("9 tricks taken of 12: three missing")
    fin.pick("Gil", "tricks", 3)
    eve.see_label("12 tricks taken of 12")
    display.see_label("Gil, bid 3, took 3 tricks")
    eve.tap("Score hand 1")  # the hand's bids, with the scores
    eve.see_label("Eve bid 4, took 4")
    display.see("Hand 2")
    display.see_label("Fin, not bid yet")


def test_the_dealt_cards_count_reads_on_one_line_with_text_at_145_percent(app_page, served):
    """With text at 145%, "0 of 2 picked" sat beside both buttons and broke
    inside its word ("picke" / "d"); it has a line of its own now."""
    _, join_link, _ = new_table(served, ("Ann", "Bob", "Cat"), expansions=["bonus_beats"])
    ann = join(app_page, join_link, "Ann")
    ann.see("Your Bonus Beats")
    ann.set_text_size(145)
    ann.tap(f"I was dealt {BONUS_BEATS[ANNS[0]].face}")
    count = ann.page.get_by_text("1 of 2 picked", exact=True).first
    count.wait_for()
    ann.page.wait_for_timeout(500)  # laid out at the new size
    line = ann.page.get_by_text("Your Bonus Beats", exact=True).first.bounding_box()["height"]
    assert count.bounding_box()["height"] < line, (count.bounding_box(), line)  # one line, smaller type than the title


def test_b1_p2_the_host_sees_two_entries_of_one_card_and_clears_the_mistaken_one(app_page, served):
    # Issue 23: two phones say they were dealt the same card. Neither phone is told; the host's table
    # names the two players (never the card) and clears the mistaken entry, whose phone then asks again.
    game_id, join_link, _ = new_table(served, ("Ann", "Bob", "Cat"), expansions=["bonus_beats"])
    seated = ts.resolve(join_link.rsplit("/", 1)[1], served.store.uow())
    tokens = {name: ts.join_seat(name, served.store.uow(), by=seated) for name in ("Ann", "Bob")}
    for name, cards in (("Ann", ANNS), ("Bob", ("view_two", "over_by_one"))):
        ts.enter_dealt(game_id, list(cards), served.store.uow(), by=ts.resolve(tokens[name], served.store.uow()))
    served.app.state.shared.hub.changed()
    bob = Player(app_page(f"/seat/{tokens['Bob']}", **PHONE))
    bob.see_label("Your Bonus Beats view 2, #")  # taken, as Bob entered them
    assert bob.page.get_by_text("sort out").count() == 0
    host = Player(app_page(f"/game/{game_id}/table", **TABLET))
    host.see("Ann and Bob entered the same Bonus Beat")
    assert host.page.get_by_text("view 2").count() == 0  # the host's table names no card
    host.tap("Clear Bob's Bonus Beats: their phone asks for them again")
    host.page.get_by_text("Bonus Beats to sort out").wait_for(state="detached")
    bob.see_label("Your Bonus Beats not entered")
