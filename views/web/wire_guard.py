"""Every frame a browser sends is checked before Flet reads it.

Anyone on the Wi-Fi can open the app's WebSocket and send frames no browser
would. Flet 1.0.5's connection (flet_web.fastapi.flet_app.FletApp) reads
them as they come: an unknown action, a body with unknown fields, invalid
UTF-8, a structure nested past msgpack's or Python's stack, an event before
the client registered, all raise inside its receive loop and leave a
traceback in the host's log; a second register frame on one socket makes a
session that is never disconnected, so never freed; a socket closed before it
registers leaves Flet's send loop waiting forever; and a route of megabytes
is kept in the page, our session and the router.

`WireGuard` sits under Flet, on the WebSocket's receive side. Each frame is
decoded once (msgpack, with its own limits) and its shape checked against
what Flet's web client sends: one register first, then events, property
updates and method results, each with the fields Flet reads and values of
the kinds it expects, nested no deeper than `MAX_DEPTH`. A route longer
than any the app makes (`router.MAX_ROUTE`) is replaced by the route of the
"no such page" screen before anything keeps it. Any other malformed frame
ends that connection quietly: one log line, no traceback, the socket closed
with a policy code, and Flet is told the client left.
"""
from __future__ import annotations

import asyncio
import logging
import math
from typing import Any

import msgpack
from flet.messaging.protocol import decode_ext_from_msgpack

log = logging.getLogger(__name__)

REGISTER, EVENT, UPDATE_PROPS, INVOKE = 1, 3, 4, 5  # the actions a client sends (flet.messaging.protocol)
MAX_FRAME = 2 * 1024 * 1024  # bytes; Flet's own frames from a browser are a few KiB at most
MAX_DEPTH = 12  # nesting of lists and maps in one frame; a browser's deepest is 4
MAX_TEXT = 64 * 1024  # characters in one string (a route is bounded much lower, see router.MAX_ROUTE)
MAX_ITEMS = 10_000  # values in one frame
ROUTE_KEY = "route"
EXT_CODES = (1, 2, 3, 4)  # a date-time, a time, a duration, a text (flet.messaging.protocol)
FIELDS = {
    REGISTER: {"session_id", "page_name", "page"},
    EVENT: {"target", "name", "data"},
    UPDATE_PROPS: {"id", "props"},
    INVOKE: {"control_id", "call_id", "result", "error"},
}
REQUIRED = {REGISTER: {"page"}, EVENT: {"target", "name"}, UPDATE_PROPS: {"id", "props"}, INVOKE: {"call_id"}}
POLICY_VIOLATION = 1008
GONE = {"type": "websocket.disconnect", "code": POLICY_VIOLATION}
STUCK_SECONDS = 1.0  # how long Flet may take to end a connection that never registered before it is ended


class Malformed(ValueError):
    """A frame no browser running our page would send; the message says why, in a few words."""


def _check_values(value: Any, max_route: int, no_such_page: str) -> tuple[Any, bool]:
    """`value` with over-long routes replaced, and whether it changed; raises Malformed.

    Walked with a stack of its own: a deep structure costs no Python recursion."""
    changed = False
    items = 0
    root = [value]
    stack: list[tuple[Any, int]] = [(root, 0)]
    while stack:
        container, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise Malformed("nested too deep")
        entries = container.items() if isinstance(container, dict) else enumerate(container)
        for key, item in list(entries):
            items += 1
            if items > MAX_ITEMS:
                raise Malformed("too many values")
            if isinstance(container, dict) and not isinstance(key, (str, int)):
                raise Malformed("a key that is not text")
            if isinstance(item, str):
                if key == ROUTE_KEY and len(item) > max_route:
                    container[key] = no_such_page
                    changed = True
                elif len(item) > MAX_TEXT:
                    raise Malformed("a text too long")
            elif isinstance(item, (dict, list)):
                stack.append((item, depth + 1))
            elif isinstance(item, msgpack.ExtType):
                _check_ext(item)
            elif isinstance(item, bytes):
                raise Malformed("raw bytes")
            elif not (item is None or isinstance(item, (bool, int, float))):
                raise Malformed(f"a value of kind {type(item).__name__}")
            elif isinstance(item, int) and not isinstance(item, bool) and abs(item) > 2 ** 53:
                raise Malformed("a number too large")
            elif isinstance(item, float) and not math.isfinite(item):
                raise Malformed("a number that is not one")  # a width of infinity would reach int()
    return root[0], changed


def _check_ext(value: msgpack.ExtType) -> None:
    """A date, a time or a duration, as Flet's client sends them (Flet decodes them itself)."""
    if value.code not in EXT_CODES or len(value.data) > 64:
        raise Malformed("an unknown extension")
    try:
        decode_ext_from_msgpack(value.code, value.data)
    except Exception:  # noqa: BLE001 - what Flet could not read, it is not sent
        raise Malformed("a date or time that is not one") from None


def check_frame(data: bytes, *, registered: bool, max_route: int, no_such_page: str) -> tuple[bytes, int]:
    """The frame to hand Flet (the same bytes, or re-packed with a long route
    replaced) and its action; raises Malformed. `registered`: has this socket registered?"""
    if len(data) > MAX_FRAME:
        raise Malformed("a frame too large")
    if data[0] != 0x00:  # 0x01 is a data channel, which the app opens none of
        raise Malformed(f"a packet of unknown type {data[0]}")
    try:
        message = msgpack.unpackb(data[1:], raw=False, strict_map_key=True, use_list=True)
    except Exception as error:  # noqa: BLE001 - whatever msgpack says, it is not a frame of ours
        raise Malformed(f"not a message ({type(error).__name__})") from None
    if not (isinstance(message, list) and len(message) == 2):
        raise Malformed("not an [action, body] pair")
    action, body = message
    if action not in FIELDS or isinstance(action, bool):
        raise Malformed("an unknown action")
    if not isinstance(body, dict) or not set(body) <= FIELDS[action] or not REQUIRED[action] <= set(body):
        raise Malformed("a body of the wrong shape")
    if (action == REGISTER) == registered:
        raise Malformed("a second register" if registered else "an event before the register")
    body, changed = _check_values(body, max_route, no_such_page)
    _check_body(action, body)
    return (b"\x00" + msgpack.packb([action, body]) if changed else data), action


def _text(value: Any, limit: int = 256, *, optional: bool = False) -> None:
    if value is None and optional:
        return
    if not isinstance(value, str) or len(value) > limit:
        raise Malformed("a name that is not a short text")


def _number(value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise Malformed("an id that is not a number")


def _check_body(action: int, body: dict) -> None:
    """The fields Flet reads, of the kinds it reads them as."""
    if action == REGISTER:
        _text(body.get("session_id"), 64, optional=True)
        _text(body.get("page_name"), 256, optional=True)
        page = body["page"]
        if not isinstance(page, dict):
            raise Malformed("a page that is not a map")
        _page_props(page)
    elif action == EVENT:
        _number(body["target"])
        _text(body["name"], 64)
        data = body.get("data")
        if body["name"] == "route_change" and not (isinstance(data, dict) and set(data) == {ROUTE_KEY}):
            raise Malformed("a route change without a route")
        if isinstance(data, dict) and ROUTE_KEY in data and not isinstance(data[ROUTE_KEY], str):
            raise Malformed("a route that is not text")
    elif action == UPDATE_PROPS:
        _number(body["id"])
        if not isinstance(body["props"], dict):
            raise Malformed("properties that are not a map")
        _page_props(body["props"])
    else:
        _text(body["call_id"], 64)
        _text(body.get("error"), MAX_TEXT, optional=True)


def _page_props(props: dict) -> None:
    if ROUTE_KEY in props and not isinstance(props[ROUTE_KEY], str):
        raise Malformed("a route that is not text")
    for key in ("width", "height"):
        if key in props and (isinstance(props[key], bool) or not isinstance(props[key], (int, float, type(None)))):
            raise Malformed(f"a {key} that is not a number")


NAME_MAX = 255  # bytes in one name of a path on the host's disk: a longer one cannot be a file the app serves


def page_for_odd_path(scope: dict, max_route: int, no_such_page: str) -> dict:
    """An address no file can have (a part of it over NAME_MAX bytes, or the
    whole longer than any route the app makes) is served the app's page at
    `no_such_page`, which says "There is no such page" (the static files
    would answer a bare "Not Found" in JSON, as the host's disk refuses the
    name); any other request is left as it came."""
    path = scope.get("path", "")
    raw = scope.get("raw_path") or path.encode("utf-8", "surrogateescape")
    if len(raw) <= max_route and all(len(part.encode("utf-8", "surrogateescape")) <= NAME_MAX
                                     for part in path.split("/")):
        return scope
    return {**scope, "path": no_such_page, "raw_path": no_such_page.encode(), "query_string": b""}


class WireGuard:
    """ASGI middleware for WebSockets; HTTP passes through untouched.

    `max_route` and `no_such_page` come from the router (views/router.py)."""

    def __init__(self, app, *, max_route: int, no_such_page: str) -> None:
        self.app = app
        self.max_route = max_route
        self.no_such_page = no_such_page

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "http":
            await self.app(page_for_odd_path(scope, self.max_route, self.no_such_page), receive, send)
            return
        if scope["type"] != "websocket":
            await self.app(scope, receive, send)
            return
        registered = False
        ended = asyncio.Event()  # the client left, or was ended, before it registered
        closed = False

        async def checked_receive():
            nonlocal registered
            while True:
                message = await receive()
                if message["type"] != "websocket.receive":
                    if message["type"] == "websocket.disconnect" and not registered:
                        ended.set()
                    return message
                data = message.get("bytes")
                if data is None:  # a text frame: Flet's client sends only binary ones
                    return await end("a text frame")
                if not data:
                    continue  # an empty frame: Flet skips it too
                try:
                    data, action = check_frame(data, registered=registered, max_route=self.max_route,
                                               no_such_page=self.no_such_page)
                except Malformed as why:
                    return await end(str(why))
                registered = registered or action == REGISTER
                return {"type": "websocket.receive", "bytes": data}

        async def end(why: str) -> dict:
            nonlocal closed
            client = scope.get("client") or ("?", 0)
            log.warning("Ended the connection from %s: it sent %s", client[0], why)
            if not closed:
                closed = True
                try:
                    await send({"type": "websocket.close", "code": POLICY_VIOLATION})
                except Exception:  # noqa: BLE001 - already gone: nothing more to tell it
                    pass
            if not registered:
                ended.set()
            return GONE

        async def guarded_send(message) -> None:
            if closed and message["type"] in ("websocket.send", "websocket.close"):
                return  # this side closed it already
            await send(message)

        flet = asyncio.ensure_future(self.app(scope, checked_receive, guarded_send))
        waiting = asyncio.ensure_future(ended.wait())
        try:
            await asyncio.wait((flet, waiting), return_when=asyncio.FIRST_COMPLETED)
            if not flet.done():
                # Flet ends a connection that never registered only when its send loop
                # is told to, which it does for a session alone: end it here instead.
                done, _ = await asyncio.wait((flet,), timeout=STUCK_SECONDS)
                if not done:
                    flet.cancel()
                    try:
                        await flet
                    except asyncio.CancelledError:
                        pass
            else:
                flet.result()
        finally:
            waiting.cancel()
            if not flet.done():
                flet.cancel()
