"""What a client sends cannot stop the host, fill its memory or its log
(issue 23): frames no browser would send end their own connection quietly,
and routes of megabytes from a guest on the Wi-Fi leave the host's memory
where it was. The server runs as a host runs it (`xyscore serve`, its own
process): its log is what the host's terminal shows."""
from __future__ import annotations

import json
import sys
import urllib.error
import urllib.parse
import urllib.request

from tests.flet_wire import WireClient
from tests.guest_net import guest_network
from tests.loops import run_apart
from tests.serve_process import ROOT, serve_process
from tests.wire_fuzz import MALFORMED, fuzz, odd_routes


def test_every_malformed_frame_ends_its_own_connection_quietly_and_the_app_still_serves(tmp_path):
    with serve_process(tmp_path / "fuzz.db", tmp_path) as served:
        assert served.status == 200
        closed = run_apart(fuzz(served.url))

        async def a_player_still_gets_the_rules() -> bool:
            async with WireClient(served.url.replace("http", "ws", 1) + "/ws", origin=served.url) as tab:
                await tab.register("/rules")
                return await tab.wait_for("Bonus Beats") is not None
        still = run_apart(a_player_still_gets_the_rules())
        odd = run_apart(odd_routes(served.url))
        # An address no file can have (a part of it longer than the disk allows a name, or the whole longer than
        # any route) opens the app's page, which then says "There is no such page", never a bare "Not Found".
        pages = {path: page_of(served.url + path) for path in
                 ("/" + "a" * 300, "/" + "a" * 300 + "/x", "/assets/" + "é" * 200, "/game/" + "7" * 2000)}
        alive = served.process.poll() is None
    log = served.printed[0]
    assert closed == {name: True for name in MALFORMED}, closed
    assert still and alive
    assert odd == {route: True for route in odd}, odd  # a route of 5,000 digits: "There is no such page"
    assert pages == {path: (200, "text/html") for path in pages}, pages
    assert "Traceback" not in log, log[-4000:]
    ended = [line for line in log.splitlines() if "Ended the connection" in line]
    # One line each, the too-large frame aside: uvicorn refuses it before any frame is read.
    assert len(ended) == len(MALFORMED) - 1, log[-4000:]


def page_of(url: str) -> tuple[int, str]:
    """What a browser is answered at `url`: the status and the kind of page."""
    request = urllib.request.Request(urllib.parse.quote(url, safe=":/"), headers={"Accept": "text/html"})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, answer.headers.get_content_type()
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get_content_type()


def test_route_changes_of_a_mebibyte_from_a_guest_leave_the_hosts_memory_where_it_was(tmp_path):
    with guest_network() as net:
        with serve_process(tmp_path / "routes.db", tmp_path, host=net.host_ip) as served:
            assert served.status == 200
            warm = net.run([sys.executable, "-m", "tests.wire_fuzz", "routes", served.url, "3", "0.01"],
                           cwd=str(ROOT), timeout=120)
            assert warm.returncode == 0, warm.stderr[-3000:]
            before = served.rss_mb()
            ran = net.run([sys.executable, "-m", "tests.wire_fuzz", "routes", served.url, "150", "1"],
                          cwd=str(ROOT), timeout=240)
            after = served.rss_mb()
    assert ran.returncode == 0, ran.stderr[-3000:]
    seen = json.loads(ran.stdout.strip().splitlines()[-1])
    assert seen["no_such_page_shown"], seen
    print(f"the server: {before:.0f} MB before, {after:.0f} MB after")
    assert after - before <= 60, f"the server grew from {before:.0f} MB to {after:.0f} MB"
    assert "Traceback" not in served.printed[0], served.printed[0][-4000:]
