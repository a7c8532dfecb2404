"""A guest on the Wi-Fi stays a guest: played for real from a second address
(a network namespace joined by a veth pair, tests/guest_net.py), with raw
WebSocket clients that try what a browser never would (tests/guest_attack.py).

Host rights come from the host link, or from the serving machine's own
browser as its connection says; never from a page property the client sets
(`client_ip` right behind its register frame used to win that race 18 times
in 20), never from forwarding headers, never from a foreign page. The host link
is the host's password: renewed, the old one gives a guest who kept it nothing."""
from __future__ import annotations

import json
import pathlib
import select
import sys

from models.store import open_store
from tests import guest_attack
from tests.e2e.conftest import Served
from tests.guest_net import guest_network
from views.app import build_app

REPO = pathlib.Path(__file__).resolve().parents[2]
TRIES = 20


def test_a_guest_on_the_network_never_gets_a_host_screen_and_the_host_link_still_works(tmp_path):
    with guest_network() as net:
        app = build_app(open_store(tmp_path / "guest.db"))
        server = Served(app, host=net.host_ip).start()
        guest = net.start([sys.executable, "-m", "tests.guest_attack", server.url, app.state.host_run.host_key,
                           str(TRIES)], cwd=str(REPO))
        try:
            asked = line_within(guest, 240)
            assert asked == guest_attack.RENEW_NOW, (asked, guest.stderr.read()[-3000:] if not asked else "")
            # The link got out: the host renews it (from the serving machine's own browser).
            new_key = app.state.host_run.renew()
            out, err = guest.communicate(new_key + "\n", timeout=120)
        finally:
            if guest.poll() is None:
                guest.kill()
                guest.communicate()
            server.stop()
    assert guest.returncode == 0, err[-3000:]
    seen = json.loads(out.strip().splitlines()[-1])
    assert seen["host_screens"] == {name: 0 for name in seen["host_screens"]}, seen
    assert len(seen["host_screens"]) == 6
    assert seen["foreign_origins_refused"] == [True, True, True], seen
    assert seen["loopback_origin_from_guest_refused"] is True, seen
    assert seen["host_link_opens_host_screens"] is True, seen
    # Renewed, the old link gives this guest nothing: the host screen it held gives way by itself,
    # and no replay of the old link reaches a host screen (before: 3 of 3); the new one does.
    assert seen["held_host_screen_gave_way"] is True, seen
    assert seen["old_link_page_tapped_after_renewal_is_host"] is False, seen  # opened before, tapped after
    assert seen["old_link_page_tapped_after_renewal_says_it_ended"] is True, seen
    assert seen["old_link_says_it_ended"] is True, seen
    assert seen["old_link_replays_reaching_host_screens"] == 0, seen
    assert seen["new_link_opens_host_screens"] is True, seen


def line_within(process, seconds: float) -> str:
    """The next line `process` prints, or "" if none comes in time (or it ended)."""
    ready, _, _ = select.select([process.stdout], [], [], seconds)
    return process.stdout.readline().strip() if ready else ""
