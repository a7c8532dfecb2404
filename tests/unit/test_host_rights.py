"""Who is the host, from the connection: the serving machine's own browser
showing our page, never a value the client sends later, never the peer
address alone. (The same decision, played from a second address over a real
network, is in tests/integration/test_guest_network.py.)"""
from __future__ import annotations

from views.web.host_rights import is_loopback, on_host_machine, same_site

PAGE = "http://127.0.0.1:8550"


def test_the_serving_machines_browser_on_our_page_is_the_host():
    assert on_host_machine("127.0.0.1", "127.0.0.1:8550", PAGE)
    assert on_host_machine("127.0.0.1", "localhost:8550", "http://localhost:8550")
    assert on_host_machine("::1", "[::1]:8550", "http://[::1]:8550")


def test_a_browser_elsewhere_on_the_network_is_a_guest_whatever_it_claims():
    assert not on_host_machine("192.168.1.7", "127.0.0.1:8550", PAGE)
    assert not on_host_machine("192.168.1.7", "192.168.1.20:8550", "http://192.168.1.20:8550")


def test_the_peer_address_alone_gives_no_host_rights():
    # No Origin: not a browser showing our page (browsers always send one with a WebSocket).
    assert not on_host_machine("127.0.0.1", "127.0.0.1:8550", None)
    # Another site whose name points at this machine (DNS rebinding): its own name is in Host and Origin.
    assert not on_host_machine("127.0.0.1", "evil.test:8550", "http://evil.test:8550")
    # A page from another site on this machine's browser.
    assert not on_host_machine("127.0.0.1", "127.0.0.1:8550", "http://evil.test")
    assert not on_host_machine("127.0.0.1", "127.0.0.1:8550", "null")


def test_an_origin_is_ours_only_with_the_same_host_and_port():
    assert same_site("http://192.168.1.20:8550", "192.168.1.20:8550")
    assert same_site("http://192.168.1.20", "192.168.1.20")  # default port either way
    assert same_site("http://192.168.1.20:80", "192.168.1.20")
    assert same_site("http://XYSCORE.test:8550", "xyscore.test:8550")
    assert not same_site("http://192.168.1.20:8551", "192.168.1.20:8550")
    assert not same_site("http://evil.test:8550", "192.168.1.20:8550")
    assert not same_site("null", "192.168.1.20:8550")
    assert not same_site("http://192.168.1.20:8550", None)
    assert not same_site("http://192.168.1.20:bad", "192.168.1.20:8550")


def test_loopback_names_and_addresses():
    assert is_loopback("127.0.0.1") and is_loopback("127.5.5.5") and is_loopback("[::1]") and is_loopback("localhost")
    assert not is_loopback("192.168.1.7") and not is_loopback("") and not is_loopback(None)
    assert not is_loopback("localhost.evil.test")


def test_a_renewed_host_link_shuts_out_every_browser_that_came_in_by_the_old_one_but_the_renewer():
    """The host link is the host's password: renewed, the old key opens
    nothing, and the devices it let in are guests again at once, all but the
    one that renewed it; the serving machine's own browser never needed it.
    Played on one event loop, as the served app's sessions are (a device is
    shut out on its own session's loop: by the next turn of it)."""
    import asyncio

    from tests.loops import run_apart
    from views.hosting import HostRun, Visitor

    async def served():
        run = HostRun()
        old = run.host_key
        tablet, laptop, machine = Visitor(), Visitor(), Visitor(host=True)
        assert all(run.let_in(device, old) for device in (tablet, laptop, machine))
        assert tablet.host and laptop.host and machine.host
        said = []
        run.on_renew = said.append
        new = run.renew(kept=laptop)
        await asyncio.sleep(0)
        assert new != old and said == [new]
        assert (tablet.host, laptop.host, machine.host) == (False, True, True)
        stranger = Visitor()
        assert not run.let_in(stranger, old) and not stranger.host and not run.opens_host(old)
        assert run.let_in(tablet, new) and tablet.host
        run.renew(kept=machine)  # renewed from the serving machine: every device is a guest again
        await asyncio.sleep(0)
        assert (tablet.host, laptop.host, machine.host) == (False, False, True)

    run_apart(served())  # a loop of its own: the browser tests' Playwright may hold this thread's
