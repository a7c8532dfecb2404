"""A phone on the table's Wi-Fi (no internet) loads the app from the host alone,
and a phone that wakes and reloads asks the host for the page alone.

The phone opens the host by a name (`xyscore.test`, mapped to the served
loopback port), so the page is plain HTTP and not a secure context, as on a
LAN address: 127.0.0.1 would count as secure and load another renderer.
Requests are read from Chrome's own network log."""
from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from tests.e2e.conftest import CHROMIUM_ARGS, SEMANTICS_ON, chromium_path

pytestmark = pytest.mark.e2e
# The client looks for Rive's runtime at start-up with a script tag (answered by the page itself).
RIVE_ASKED = "() => [...document.scripts].some(s => s.src.startsWith('data:') || s.src.includes('rive'))"


@pytest.fixture
def phone(browser, served):
    """A browser tab as a phone on the Wi-Fi sees the host, and what it asks the network for."""
    port = urlsplit(served.url).port
    lan = browser.browser_type.launch(executable_path=chromium_path(),
                                      args=CHROMIUM_ARGS + ["--host-resolver-rules=MAP xyscore.test 127.0.0.1"])
    context = lan.new_context(viewport={"width": 390, "height": 844})
    context.add_init_script(SEMANTICS_ON)
    page = context.new_page()
    page.set_default_timeout(30000)
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    page.asked, page.cached = {}, set()  # request id -> url; ids Chrome answered from its cache
    cdp.on("Network.requestWillBeSent", lambda e: page.asked.__setitem__(e["requestId"], e["request"]["url"]))
    cdp.on("Network.requestServedFromCache", lambda e: page.cached.add(e["requestId"]))
    cdp.on("Network.responseReceived", lambda e: page.cached.add(e["requestId"])
           if e["response"].get("fromDiskCache") or e["response"].get("fromMemoryCache") else None)
    page.host = f"xyscore.test:{port}"
    yield page
    lan.close()


def over_the_network(page) -> list[str]:
    return [url for id_, url in page.asked.items() if url.startswith(("http:", "https:")) and id_ not in page.cached]


def test_a_phone_on_a_wifi_with_no_internet_loads_the_app_from_the_host_alone(phone):
    phone.goto(f"http://{phone.host}/")
    phone.get_by_text("XY Score").first.wait_for()
    assert phone.evaluate("window.isSecureContext") is False  # as on a LAN address
    phone.wait_for_function(RIVE_ASKED)
    elsewhere = [url for url in over_the_network(phone) if urlsplit(url).netloc != phone.host]
    assert elsewhere == []
    assert len(over_the_network(phone)) > 5  # the log saw the client's files come from the host


def test_a_phone_that_wakes_and_reloads_asks_the_host_for_the_page_alone(phone):
    phone.goto(f"http://{phone.host}/")
    phone.get_by_text("XY Score").first.wait_for()
    phone.wait_for_function(RIVE_ASKED)
    phone.asked.clear()
    phone.reload()
    phone.get_by_text("XY Score").first.wait_for()
    phone.wait_for_function(RIVE_ASKED)
    assert [urlsplit(url).path for url in over_the_network(phone)] == ["/"]
