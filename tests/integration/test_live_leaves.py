"""A trick or a bid at a shared table updates what it changed on every screen, in
place (views/web/leaves.py): the app served in this process, a 4-player
table with tricks tapped on the phones, headless clients (bench/flet_client.py).

A bid sent on a phone, and each trick tapped on a phone (or undone on the host's table) shows on the
other phones, the host's table and the display; a tap on another phone right
after names the latest tricks (it is stored, not refused as stale); and each
client's tree is then the very tree a session opened afresh is sent."""
from __future__ import annotations

import asyncio

from bench.flet_client import FletClient
from tests.integration.test_headless_client import table  # noqa: F401 - the fixture: a served 4-player table
from tests.loops import run_apart

async def open_table(url: str, ids: dict, players: tuple[str, ...]) -> list[FletClient]:
    """`players`' phones, the host's table and the display."""
    routes = [(f"/seat/{ids[name]}", 360, 780) for name in players]
    routes += [(f"/game/{ids['game']}/table", 1280, 800), (f"/display/{ids['display']}", 1280, 800)]
    return [await FletClient(url, width=width, height=height).open(route) for route, width, height in routes]


async def quiet(tabs, gap: float = 0.3) -> None:
    """Until no tab has had a frame for `gap` seconds."""
    while True:
        await asyncio.sleep(gap)
        before = [tab.frames for tab in tabs]
        await asyncio.sleep(gap)
        if [tab.frames for tab in tabs] == before:
            return


async def trees_are_fresh_sessions(tabs) -> None:
    """Once every change is in: each tab's tree equals a fresh session's on its route."""
    await quiet(tabs)
    found = {tab.route: await tab.same_as_fresh() for tab in tabs}
    assert not any(found.values()), found


async def each_tree_is_a_fresh_sessions(tabs) -> None:
    """`trees_are_fresh_sessions`, then close the tabs."""
    try:
        await trees_are_fresh_sessions(tabs)
    finally:
        for tab in tabs:
            await tab.close()


async def text_at_145(tab) -> None:
    """The player taps the bar's text size twice: 100% to 120% to 145%."""
    for size, then in (("100", "120"), ("120", "145")):
        await tab.tap(f"Text size {size}%")
        await tab.until_shows(f"Text size {then}%")


async def everyone_sees(tabs, *texts: str) -> None:
    for tab in tabs:
        for text in texts:
            await tab.until_shows(text)


def test_a_bid_and_each_trick_update_every_screen_in_place_and_each_tree_is_a_fresh_sessions(table):
    served, ids = table

    async def run():
        tabs = await open_table(served.url, ids, ("Ann", "Bob"))
        ann, bob, host = tabs[0], tabs[1], tabs[2]
        await text_at_145(bob)  # his entry's status sits above Send bid, its chips in rows of their own
        bob.fresh_prepare = text_at_145  # his screen is compared with a fresh one at his text size

        await bob.tap("Bob's bid 1")  # picked on his phone, then sent: a bid, updated in place
        await bob.until_shows("Bob Bid 1")
        await bob.tap("Send bid")
        await everyone_sees(tabs, "1 of 4 have bid", "Bob, bid 1")
        await bob.until_shows("Bob Sent: bid 1")
        await host.until_shows("Bob Sent: bid 1")  # the host's entry for Bob's seat
        await ann.tap("Bob won the trick")  # the first trick: Undo opens, the bids' "leads" goes
        await everyone_sees(tabs, "Trick 2 of 14: Bob leads", "Bob, bid 1, took 1 trick")
        await ann.tap("Cat won the trick")  # in mid-hand: only the leaves change
        await everyone_sees(tabs, "Trick 3 of 14: Cat leads", "Cat, not bid yet, took 1 trick")

        await bob.tap("Dan won the trick")  # Bob's phone names the tricks Ann's taps made: stored
        await everyone_sees(tabs, "Trick 4 of 14: Dan leads", "Dan, not bid yet, took 1 trick")
        assert not any(tab.tree.shows("changed meanwhile") for tab in tabs)
        await host.tap("Undo last trick")
        await everyone_sees(tabs, "Trick 3 of 14: Cat leads", "Dan, not bid yet, took 0 tricks")
        await each_tree_is_a_fresh_sessions(tabs)

    run_apart(run())


def test_a_hand_bid_and_tricked_in_place_is_scored_with_its_latest_version_and_the_next_begins(table):
    """Bids and tricks update the host's Score hand in place: its tap names the hand as it is now."""
    served, ids = table

    async def run():
        tabs = await open_table(served.url, ids, ("Ann", "Bob", "Cat", "Dan"))
        phones, host = tabs[:4], tabs[4]
        for done, (name, phone) in enumerate(zip(("Ann", "Bob", "Cat", "Dan"), phones), start=1):
            await phone.tap(f"{name}'s bid {done % 3}")
            await phone.until_shows(f"{name} Bid {done % 3}")
            await phone.tap("Send bid")
            await everyone_sees(tabs, "Everyone has bid" if done == 4 else f"{done} of 4 have bid")
        # The last bid folds every bid entry, on each phone and the host's table, in place: the chips and
        # Send bid hidden, the sent bid and Change bid shown; the first trick takes the leader's "leads" away.
        await phones[0].until_shows("Change Ann's bid")
        assert not phones[0].tree.shows("Send bid") and not host.tree.shows("Send bid")
        await trees_are_fresh_sessions(tabs)
        for trick in range(1, 15):
            await phones[0].tap(f"{('Ann', 'Bob', 'Cat', 'Dan')[trick % 4]} won the trick")
            await everyone_sees(tabs, "All 14 tricks played" if trick == 14 else f"Trick {trick + 1} of 14")
            if trick == 1:
                await trees_are_fresh_sessions(tabs)
        dan = phones[3]  # every trick played, Dan changes his bid: the hand's version moves, in place
        await dan.tap("Change bid")
        await dan.until_shows("Keep bid 1")
        await dan.tap("Dan's bid 2")
        await dan.until_shows("Dan Bid 2")
        await dan.tap("Send bid")
        await everyone_sees(tabs, "Dan, bid 2, took 3 tricks")
        await host.tap("Score hand 1")
        await everyone_sees(tabs, "0 of 4 have bid")
        await phones[1].until_shows("HAND 1 BIDS")  # the hand just scored, revealed
        assert not any(tab.tree.shows("changed meanwhile") for tab in tabs)
        await each_tree_is_a_fresh_sessions(tabs)

    run_apart(run())


async def play_hand(tabs, number: int) -> None:
    """Each phone bids, Ann's phone taps who won each trick, the host scores the hand (the bids and
    tricks bench/bench_live.py plays: hands 3 and 4 each end in a tie that needs another hand)."""
    phones, host = tabs[:4], tabs[4]
    names = ("Ann", "Bob", "Cat", "Dan")
    for seat, (name, phone) in enumerate(zip(names, phones)):
        await phone.tap(f"{name}'s bid {(number + seat) % 3}")
        await phone.until_shows(f"{name} Bid {(number + seat) % 3}")
        await phone.tap("Send bid")
        await everyone_sees(tabs, "Everyone has bid" if seat == 3 else f"{seat + 1} of 4 have bid")
    first = next(text for text in phones[0].tree.texts() if text.startswith("Trick 1 of "))  # "Trick 1 of 14: ..."
    tricks = int(first.split()[3].rstrip(":"))
    for trick in range(1, tricks + 1):
        await phones[0].tap(f"{names[trick % 4]} won the trick")
        await everyone_sees(tabs, f"All {tricks} tricks played" if trick == tricks else
                            f"Trick {trick + 1} of {tricks}")
    await host.until_enabled(f"Score hand {number}")  # its own leaf: in a message of its own after the line's
    await host.tap(f"Score hand {number}")
    await everyone_sees(tabs, "0 of 4 have bid")


def test_a_second_hand_scored_changes_the_phones_and_the_displays_chart_as_a_fresh_session_draws_them(table):
    """The chart's bars of hand 1 take the new scale of hand 2's totals in place (views/parts/chart.py):
    the display then holds what a display opened afresh is sent, both hands' bars. Each phone, changed
    in place, says the hand to bid now in its title and goes back to its top once, as at every new hand."""
    served, ids = table

    async def run():
        tabs = await open_table(served.url, ids, ("Ann", "Bob", "Cat", "Dan"))
        phones, display = tabs[:4], tabs[5]
        await play_hand(tabs, 1)
        await display.until_shows("Totals by hand")
        first = [text for text in display.tree.texts() if " after hand 1: " in text]
        await quiet(tabs)  # the first hand's own way back to the top is in
        tops = [phone.invoked.count("scroll_to") for phone in phones]
        await play_hand(tabs, 2)
        await display.until_shows("H2")
        await quiet(tabs)
        second = [text for text in display.tree.texts() if " after hand " in text]
        assert len(first) == 4 and len(second) == 8 and set(first) <= set(second), (first, second)
        for name, phone, before in zip(("Ann", "Bob", "Cat", "Dan"), phones, tops):
            await phone.until_shows(f"{name} · hand 3")  # its title, in place
            assert phone.invoked.count("scroll_to") == before + 1  # back to the top for the new hand, once
        await tabs[4].until_shows("HAND 3")  # the host's table, in place
        await tabs[4].until_shows("Score hand 3")
        await each_tree_is_a_fresh_sessions(tabs)

    run_apart(run())


def test_a_tiebreak_hand_scored_changes_its_banners_words_on_every_phone_and_the_hosts_table(table):
    """X8: a tie after the last hand, with no bid matched, is played off; each tiebreak hand scored that ties
    again says so in the banner of every phone and the host's table, in place, as a fresh screen says it."""
    served, ids = table
    tie = ("Tiebreak: Bob and Cat tie at {points} points, and neither matched their bid in hand {hand}: everyone "
           "plays another hand.")

    async def run():
        tabs = await open_table(served.url, ids, ("Ann", "Bob", "Cat", "Dan"))
        for number in (1, 2, 3):
            await play_hand(tabs, number)
        await everyone_sees(tabs[:5], tie.format(points=12, hand=3))  # the banner appears: each screen drawn again
        await play_hand(tabs, 4)
        await everyone_sees(tabs[:5], tie.format(points=16, hand=4))  # its words change in place
        assert not any(tab.tree.shows(tie.format(points=12, hand=3)) for tab in tabs)
        await each_tree_is_a_fresh_sessions(tabs)

    run_apart(run())
