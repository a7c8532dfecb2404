"""A guest on the Wi-Fi stays a guest: played for real from a second address
(a network namespace joined by a veth pair, tests/guest_net.py), with raw
WebSocket clients that try what a browser never would (tests/guest_attack.py).

Host rights come from the host link, or from the serving machine's own
browser as its connection says; never from a page property the client sets
(`client_ip` right behind its register frame used to win that race 18 times
in 20), never from forwarding headers, never from a foreign page."""
from __future__ import annotations

import json
import pathlib
import sys

from models.store import open_store
from tests.e2e.conftest import Served, free_port
from tests.guest_net import guest_network
from views.app import build_app

REPO = pathlib.Path(__file__).resolve().parents[2]
TRIES = 20


def test_a_guest_on_the_network_never_gets_a_host_screen_and_the_host_link_still_works(tmp_path):
    with guest_network() as net:
        app = build_app(open_store(tmp_path / "guest.db"))
        server = Served(app, free_port(), host=net.host_ip).start()
        try:
            ran = net.run([sys.executable, "-m", "tests.guest_attack", server.url, app.state.host_run.host_key,
                           str(TRIES)], cwd=str(REPO), timeout=240)
        finally:
            server.stop()
    assert ran.returncode == 0, ran.stderr[-3000:]
    seen = json.loads(ran.stdout.strip().splitlines()[-1])
    assert seen["host_screens"] == {name: 0 for name in seen["host_screens"]}, seen
    assert len(seen["host_screens"]) == 6
    assert seen["foreign_origins_refused"] == [True, True, True], seen
    assert seen["loopback_origin_from_guest_refused"] is True, seen
    assert seen["host_link_opens_host_screens"] is True, seen
