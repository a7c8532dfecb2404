"""A phone that cannot reach the host says so at once (issue 28): within 2 s
of the network going, a sign over the app says its entries will be sent; the
sign goes when the network is back, and what was tapped meanwhile arrives,
once. The phone is a real Chromium on a second address (tests/guest_net.py),
whose link to the host is cut for real: its connection stays open, as a
phone's does when the Wi-Fi drops, and nothing tells it the host is gone."""
from __future__ import annotations

import subprocess
import time

import pytest
from playwright.sync_api import expect

from companion import services
from companion import table_services as ts
from companion.access import Access, Role
from tests.e2e.conftest import CHROMIUM_ARGS, SEMANTICS_ON, Served, chromium_path, open_test_store, show_semantics
from tests.e2e.table import Player
from tests.guest_net import guest_network
from views.app import build_app

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
LOST = "No connection to the host: your entries will be sent when it is back"


def chromium_in(net, folder) -> str:
    """An executable that starts Chromium inside the guest's network namespace."""
    wrapper = folder / "chromium-guest"
    wrapper.write_text(f'#!/bin/sh\nexec ip netns exec {net.namespace} {chromium_path()} "$@"\n')
    wrapper.chmod(0o755)
    return str(wrapper)


def link(net, up: bool) -> None:
    """The host's end of the guest's link, cut or back (as the Wi-Fi goes and comes)."""
    host_end = f"xyh{net.namespace.removeprefix('xyguest')}"
    subprocess.run(["ip", "link", "set", host_end, "up" if up else "down"], check=True, timeout=20)


def test_a_cut_off_phone_says_so_within_2_s_and_its_bid_arrives_once_when_the_network_is_back(browser, tmp_path):
    with guest_network() as net:
        server = Served(build_app(open_test_store(tmp_path)), host=net.host_ip).start()
        guest = browser.browser_type.launch(executable_path=chromium_in(net, tmp_path), args=CHROMIUM_ARGS)
        try:
            store = server.store
            game_id = services.start_game(services.new_game("xylotar", ["Mia", "Ned", "Ola"], dealer="Ola"),
                                          store.uow())
            host = Access.host(game_id)
            join = ts.resolve(ts.issue_link(game_id, Role.PLAYER, store.uow(), by=host), store.uow())
            server.app.state.shared.hub.changed()
            seat = "/seat/" + ts.join_seat("Mia", store.uow(), by=join)
            context = guest.new_context(viewport=PHONE)
            context.add_init_script(SEMANTICS_ON)
            page = context.new_page()
            page.set_default_timeout(20000)
            page.goto(server.url + seat)
            show_semantics(page)
            mia = Player(page)
            mia.pick("Mia", "bid", 2)
            assert page.get_by_text(LOST).count() == 0  # all well: nothing said

            link(net, up=False)
            cut = time.monotonic()
            mia.tap("Send bid")  # tapped while cut off: it cannot arrive yet
            expect(page.get_by_text(LOST)).to_be_visible(timeout=2000)
            assert time.monotonic() - cut < 2.5  # (the tap itself took part of it)
            page.wait_for_timeout(1500)
            bids = lambda: ts.table_state(game_id, store.reader()).hand.bids["Mia"]  # noqa: E731
            assert bids().bid is None  # the host has not heard it

            link(net, up=True)
            expect(page.get_by_text(LOST)).to_be_hidden(timeout=15000)  # the sign goes...
            mia.see_label("Mia Sent: bid 2")  # ...and the bid tapped meanwhile arrives
            page.wait_for_timeout(1000)
            assert (bids().bid, bids().version) == (2, 1)  # once
            assert not mia.has_text("Someone else changed this")
        finally:
            guest.close()
            server.stop()
            server.store.close()
