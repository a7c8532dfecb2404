"""A guest on the Wi-Fi trying to become the host: run from a second address
(see tests/guest_net.py) by tests/integration/test_guest_network.py.

    python -m tests.guest_attack http://HOST:PORT HOST_KEY TRIES

Prints one JSON object: for each attempt, how many tries reached a host
screen; whether a WebSocket from a foreign Origin was refused; and whether
the host link, opened from here, does make this browser the host (it must:
that is how a host on a tablet gets in, and it shows the checks can see a
host screen when there is one).

Then the host link has got out: holding a host screen opened with it, this
prints RENEW_NOW and waits for the host to renew the link, then for the new
key on standard input. It says whether the held screen gave way to the guest
page by itself, whether the old link's page opened before the renewal and
tapped after it gave a host screen, how many of REPLAYS replays of the old
link reached a host screen, and whether the new key does open them.
"""
from __future__ import annotations

import asyncio
import json
import sys
from urllib.parse import urlsplit

import websockets

from tests.flet_wire import EVENT, UPDATE_PROPS, WireClient

HOST_HOME = "Score Xylotar and XYbrid at the table"  # only the host's home says it
GUEST_PAGE = "This screen is for the host"
OPEN_HOST = "Open the host screens"
LINK_ENDED = "This link no longer works"
RENEW_NOW = "renew the host link now"
REPLAYS = 3
AT_ONCE = 5  # tries open at once: well under the sessions one device may hold (PER_ADDRESS)


def control_with(value, text: str, kind: str = "Button"):
    """The id of the innermost control of `kind` whose strings include `text`."""
    found = None
    if isinstance(value, dict):
        for item in value.values():
            found = found or control_with(item, text, kind)
        if found is None and kind in str(value.get("_c", "")) and text in json.dumps(value, default=str):
            found = value.get("_i")
    elif isinstance(value, list):
        for item in value:
            found = found or control_with(item, text, kind)
    return found


async def one(ws_url: str, route: str = "/", *, origin: str, headers: dict | None = None, race: bool = False,
              claim: bool = False) -> bool:
    """Open `route` once, trying the trick; True if a host screen was shown."""
    then = [(UPDATE_PROPS, {"id": 1, "props": {"client_ip": "127.0.0.1"}})] if race else []
    extra = {"client_ip": "127.0.0.1"} if claim else {}
    async with WireClient(ws_url, origin=origin, headers=headers) as tab:
        await tab.socket.send(b"")  # nothing: a client may send empty frames
        body = await tab.register(route, then=then, **extra)
        assert not body.get("error"), body["error"]
        assert await tab.wait_for(HOST_HOME, GUEST_PAGE), f"neither page was shown: {tab.texts[-20:]}"
        await tab.settle(quiet=0.3)  # a host screen that would come late is caught too
        return tab.saw(HOST_HOME)


async def main(base: str, key: str, tries: int) -> dict:
    parts = urlsplit(base)
    ws_url = f"ws://{parts.netloc}/ws"
    ours = f"http://{parts.netloc}"
    port = parts.port
    loopback_origin = f"http://127.0.0.1:{port}"
    spoofed = {"X-Forwarded-For": "127.0.0.1", "X-Real-IP": "127.0.0.1", "Forwarded": "for=127.0.0.1",
               "X-Forwarded-Host": f"127.0.0.1:{port}", "Client-IP": "127.0.0.1"}
    attempts = {
        "plain": dict(origin=ours),
        "page update race": dict(origin=ours, race=True),
        "client_ip in the register frame": dict(origin=ours, claim=True),
        "spoofed forwarding headers": dict(origin=ours, headers=spoofed),
        "loopback Host and Origin": dict(origin=loopback_origin, headers={"Host": f"127.0.0.1:{port}"}),
        "everything at once": dict(origin=loopback_origin, headers={**spoofed, "Host": f"127.0.0.1:{port}"},
                                   race=True, claim=True),
    }
    result: dict = {"host_screens": {}}
    for name, how in attempts.items():
        shown = 0
        for start in range(0, tries, AT_ONCE):  # a few tabs at once, as a guest's scripts would open them
            shown += sum(await asyncio.gather(*(one(ws_url, **how) for _ in range(min(AT_ONCE, tries - start)))))
        result["host_screens"][name] = shown

    refused = []
    for origin in ("http://evil.test", "http://evil.test:%d" % port, "null", "http://127.0.0.1:%d" % port):
        try:
            async with WireClient(ws_url, origin=origin) as tab:
                await tab.register("/")
                refused.append(False)
        except websockets.InvalidStatus as error:
            refused.append(error.response.status_code == 403)
    result["foreign_origins_refused"] = refused[:3]
    result["loopback_origin_from_guest_refused"] = refused[3]  # Host is ours, Origin is not: refused too

    async with WireClient(ws_url, origin=ours) as held, WireClient(ws_url, origin=ours) as pending:
        result["host_link_opens_host_screens"] = await open_host_link(held, key)
        button = await host_link_page(pending, key)  # opened now, tapped once the link is renewed
        # The link got out, and the host renews it: what this guest, holding a host screen, has left.
        print(RENEW_NOW, flush=True)
        new_key = (await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)).strip()
        result["held_host_screen_gave_way"] = await held.wait_for(GUEST_PAGE) == GUEST_PAGE
        result["old_link_page_tapped_after_renewal_is_host"] = await tap_open(pending, button)
        result["old_link_page_tapped_after_renewal_says_it_ended"] = pending.saw(LINK_ENDED)
    replays = []
    for _ in range(REPLAYS):
        async with WireClient(ws_url, origin=ours) as tab:
            replays.append(await open_host_link(tab, key))
            result.setdefault("old_link_says_it_ended", tab.saw(LINK_ENDED))
    result["old_link_replays_reaching_host_screens"] = sum(replays)
    async with WireClient(ws_url, origin=ours) as tab:
        result["new_link_opens_host_screens"] = await open_host_link(tab, new_key)
    return result


async def host_link_page(tab: WireClient, key: str):
    """Open the host link with `key`: the id of its Open the host screens button, None if it has none."""
    await tab.register(f"/host/{key}")
    frames = []
    while not (tab.saw(OPEN_HOST) or tab.saw(LINK_ENDED)):
        frames.append((await tab.receive())[1])
    return None if tab.saw(LINK_ENDED) else control_with(frames, OPEN_HOST)


async def tap_open(tab: WireClient, button) -> bool:
    """Tap Open the host screens (if there is one): True if a host screen was shown."""
    if button is not None:
        await tab.send(EVENT, {"target": button, "name": "click", "data": None})
        await tab.wait_for(HOST_HOME, LINK_ENDED)
    await tab.settle(quiet=0.3)  # a host screen that would come late is caught too
    return tab.saw(HOST_HOME)


async def open_host_link(tab: WireClient, key: str) -> bool:
    """Open the host link with `key` and tap its button if it has one: True if a host screen was shown."""
    return await tap_open(tab, await host_link_page(tab, key))


if __name__ == "__main__":
    print(json.dumps(asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3])))))
