"""A guest cannot wear the host down with tabs (issue 23).

Played from a second address (a network namespace, tests/guest_net.py) with
raw WebSocket clients (tests/guest_sessions.py) against the app served in a
process of its own (tests/serve_apart.py), so that the RSS read from /proc
is the server's alone. Before issue 23 nothing bounded the sessions of one
address and a dropped one was kept for the whole grace period: every tab a
guest opened got a session, and 1,000 opened and closed stayed in memory."""
from __future__ import annotations

import json
import pathlib
import socket
import subprocess
import sys
import time

import pytest

from tests.e2e.conftest import free_port
from tests.guest_net import guest_network
from views.web.session_limits import PER_ADDRESS, SWEEP

REPO = pathlib.Path(__file__).resolve().parents[2]
GRACE = 4  # seconds a dropped session is kept, in these tests (600 when serving)
GROWTH_MB = 60  # what a second 1,000 tabs may add once the grace period is over (measured: -2 to +21 MB)


def rss_mb(pid: int) -> float:
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


@pytest.fixture
def served_apart(tmp_path):
    """(net, url, server process, its session count's file): the app served on the host's end of a
    guest network."""
    with guest_network() as net:
        port = free_port()
        counted = tmp_path / "sessions"
        server = subprocess.Popen([sys.executable, "-m", "tests.serve_apart", str(tmp_path / "limits.db"),
                                   net.host_ip, str(port), str(GRACE), str(counted)], cwd=str(REPO),
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        try:
            until_listening_on(server, net.host_ip, port, 60)
            yield net, f"http://{net.host_ip}:{port}", server, counted
        finally:
            server.terminate()
            server.wait(10)


def sessions_held(counted: pathlib.Path, count: int, seconds: float) -> int:
    """Wait until the server holds `count` Flet sessions (it writes how many it holds every quarter
    second), at most `seconds`; how many it holds then."""
    deadline = time.monotonic() + seconds
    while True:
        held = int(counted.read_text()) if counted.exists() else -1
        if held == count or time.monotonic() > deadline:
            return held
        time.sleep(0.25)


def until_listening_on(server: subprocess.Popen, host: str, port: int, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            pytest.fail(f"the server stopped: {server.stderr.read()[-2000:]}")
        try:
            with socket.create_connection((host, port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    pytest.fail("the server did not start")


def guest(net, *argv: str, timeout: float = 120) -> dict:
    ran = net.run([sys.executable, "-m", "tests.guest_sessions", *argv], cwd=str(REPO), timeout=timeout)
    assert ran.returncode == 0, ran.stderr[-3000:]
    return json.loads(ran.stdout.strip().splitlines()[-1])


def test_tabs_past_the_limit_of_one_device_are_told_too_many_screens_are_open(served_apart):
    net, url, _, _ = served_apart
    seen = guest(net, "held", url, str(PER_ADDRESS + 5))
    assert seen["shown"] == ["screen"] * PER_ADDRESS + ["too many"] * 5, seen
    # One tab closed: its session is dropped, and the next tab takes its room.
    assert seen["after_closing_one"] == "screen", seen


def test_a_thousand_tabs_opened_and_closed_leave_the_servers_memory_as_it_was(served_apart):
    net, url, server, counted = served_apart
    # A first thousand: the server's memory grows to what serving a thousand tabs takes (Python keeps
    # what it freed for the next ones), and every session they opened is ended once its grace is over.
    guest(net, "churn", url, "1000", "25", timeout=240)
    assert sessions_held(counted, 0, GRACE + 2 * SWEEP + 5) == 0
    start = rss_mb(server.pid)
    seen = guest(net, "churn", url, "1000", "25", timeout=240)
    assert "nothing" not in seen["shown"], seen["shown"].count("nothing")
    assert seen["shown"].count("screen") >= PER_ADDRESS, seen
    # The grace period, and the sweep that ends what it kept: then nothing of the thousand is left.
    left = sessions_held(counted, 0, GRACE + 2 * SWEEP + 5)
    after = rss_mb(server.pid)
    print(f"RSS {start:.0f} -> {after:.0f} MB; shown: {seen['shown'].count('screen')} screens, "
          f"{seen['shown'].count('too many')} too many; sessions left: {left}")
    assert left == 0, f"{left} sessions of closed tabs are still held"
    assert after - start < GROWTH_MB, f"the server's RSS went from {start:.0f} to {after:.0f} MB"
