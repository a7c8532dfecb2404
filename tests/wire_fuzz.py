"""Frames no browser would send, each on a socket of its own, and a guest's
long routes: run by tests/integration/test_wire_guard.py, in-process or from
a second address (tests/guest_net.py).

    python -m tests.wire_fuzz routes http://HOST:PORT COUNT MIB

prints one JSON object: what the tab was shown after COUNT route changes of
MIB mebibytes each.
"""
from __future__ import annotations

import asyncio
import json
import sys

import msgpack
import websockets

from tests.flet_wire import EVENT, REGISTER, UPDATE_PROPS, WireClient, pack, register_body

NO_SUCH_PAGE = "There is no such page"


def _nested(depth: int):
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


def _raw(action_and_body: bytes) -> bytes:
    return b"\x00" + action_and_body


def _register_with(**page) -> dict:
    body = register_body("/")
    body["page"].update(page)
    return body


def _invalid_utf8_register() -> bytes:
    # A msgpack str (0xa2, 2 bytes) holding bytes that are not UTF-8, as the route.
    body = msgpack.packb(register_body("/"))
    return _raw(b"\x92\x01" + body.replace(msgpack.packb("/"), b"\xa2\xff\xfe", 1))


# name -> (frames sent after connecting: "REGISTER" stands for a good register first)
MALFORMED: dict[str, list] = {
    "a route that is not text": [pack(REGISTER, _register_with(route=[1, 2]))],
    "a route change whose route is not text": ["REGISTER", "ROUTE:" + json.dumps(12)],
    "a route change with more than a route": ["REGISTER", "ROUTE_EXTRA"],
    "invalid UTF-8": [_invalid_utf8_register()],
    "an unknown action": [pack(99, {"x": 1})],
    "an unknown action after the register": ["REGISTER", pack(7, {})],
    "nesting past msgpack's stack": [_raw(b"\x92\x01" + b"\x91" * 5000 + b"\xc0")],
    "nesting past Python's stack in the page": [pack(REGISTER, _register_with(media=_nested(900)))],
    "a body with a field Flet does not know": [pack(REGISTER, {**register_body("/"), "extra": 1})],
    "a body that is not a map": [pack(REGISTER, [1, 2, 3])],
    "an event before the register": [pack(EVENT, {"target": 1, "name": "click", "data": None})],
    "a second register": ["REGISTER", pack(REGISTER, register_body("/"))],
    "a truncated frame": [pack(REGISTER, register_body("/"))[:20]],
    "a text frame": ["TEXT"],
    "a data-channel packet": [b"\x01\x00\x00\x00\x00hello"],
    "a packet of an unknown type": [b"\x07abc"],
    "raw bytes in a property": ["REGISTER", "PROPS_BYTES"],
    "a frame larger than any the app reads": [pack(REGISTER, _register_with(blob="x" * (3 * 1024 * 1024)))],
    "an update whose id is not a number": ["REGISTER", pack(UPDATE_PROPS, {"id": "page", "props": {}})],
    "a width of infinity": ["REGISTER", "PROPS_INFINITY"],
    "an event whose target is not a number": ["REGISTER", pack(EVENT, {"target": [1], "name": "click"})],
}


async def _send(tab: WireClient, frame) -> None:
    if frame == "REGISTER":
        await tab.register("/rules")
        await tab.settle(0.2)
    elif frame == "TEXT":
        await tab.socket.send("hello")
    elif frame == "ROUTE_EXTRA":
        await tab.send(EVENT, {"target": tab.page_id, "name": "route_change", "data": {"route": "/", "x": 1}})
    elif frame == "PROPS_INFINITY":
        await tab.send(UPDATE_PROPS, {"id": tab.page_id, "props": {"width": float("inf")}})
    elif frame == "PROPS_BYTES":
        await tab.send(UPDATE_PROPS, {"id": tab.page_id, "props": {"width": b"\x00" * 10}})
    elif isinstance(frame, str) and frame.startswith("ROUTE:"):
        await tab.send(EVENT, {"target": tab.page_id, "name": "route_change",
                               "data": {"route": json.loads(frame[6:])}})
    else:
        await tab.socket.send(frame)


async def closed_by_server(ws_url: str, origin: str, frames: list, timeout: float = 10) -> bool:
    """Send `frames` on a new socket; True if the server then closed it."""
    tab = WireClient(ws_url, origin=origin)
    await tab.connect()
    try:
        for frame in frames:
            await _send(tab, frame)
        try:
            async with asyncio.timeout(timeout):
                while True:
                    await tab.socket.recv()
        except websockets.ConnectionClosed:
            return True
        except TimeoutError:
            return False
    except websockets.ConnectionClosed:
        return True
    finally:
        await tab.close()


async def fuzz(base: str) -> dict[str, bool]:
    """Each malformed kind on its own socket: was that socket closed by the server?"""
    ws_url = base.replace("http", "ws", 1) + "/ws"
    return {name: await closed_by_server(ws_url, base, frames) for name, frames in MALFORMED.items()}


# Routes the app never makes, opened from the host's own machine: the screen each shows.
ODD_ROUTES = {
    "/game/" + "7" * 5000: NO_SUCH_PAGE,  # a game id of 5,000 digits: longer than any route of ours
    "/game/" + "7" * 40 + "/round/" + "9" * 40: "Score Xylotar and XYbrid at the table",  # no such game: home
    "/" + "%" * 900: "Score Xylotar and XYbrid at the table",
}


async def odd_routes(base: str) -> dict[str, bool]:
    """Each of ODD_ROUTES opened on its own tab: did it show its screen?"""
    ws_url = base.replace("http", "ws", 1) + "/ws"
    shown = {}
    for route, text in ODD_ROUTES.items():
        async with WireClient(ws_url, origin=base) as tab:
            await tab.register(route)
            shown[route[:20]] = await tab.wait_for(text) is not None
    return shown


async def long_routes(base: str, count: int, mib: float) -> dict:
    """One tab, `count` route changes of `mib` MiB each (a different route every time), then closed."""
    ws_url = base.replace("http", "ws", 1) + "/ws"
    size = int(mib * 1024 * 1024)
    async with WireClient(ws_url, origin=base) as tab:
        await tab.register("/rules")
        await tab.settle(0.3)
        for number in range(count):
            route = f"/players/{number}-" + "x" * size
            await tab.send(EVENT, {"target": tab.page_id, "name": "route_change", "data": {"route": route}})
            await tab.settle(0.05, limit=2)
        shown = await tab.wait_for(NO_SUCH_PAGE, timeout=10)
        await tab.send(EVENT, {"target": tab.page_id, "name": "route_change", "data": {"route": "/rules"}})
        await tab.settle(0.3)
        texts = len(tab.texts)
        tab.texts.clear()  # what the guest's own process holds is not the host's
    return {"no_such_page_shown": shown == NO_SUCH_PAGE, "texts": texts}


if __name__ == "__main__":
    _, what, url, count, mib = sys.argv
    print(json.dumps(asyncio.run(long_routes(url, int(count), float(mib)))))
