"""A small client of Flet 1.0's web protocol, for tests that need raw
WebSocket clients: many of them, from another address, or sending frames no
browser would (a guest trying to pass for the host).

One WebSocket per tab at `/ws`; each binary frame is a 0x00 byte, then
MessagePack `[action, body]`. The actions: 1 register, 2 patch, 3 control
event, 4 update control props, 5 invoke method (answered by the client),
6 session crashed. A register is answered `[1, {session_id, page_patch,
error}]`, then the screen comes as `[2, {id, patch}]` patches.

This client keeps no control tree: it keeps every string the server sent
(`texts`), which is what these tests ask about ("did this tab ever see a
host screen?"), and the page's control id, to send page updates.
"""
from __future__ import annotations

import asyncio
from typing import Any, Iterable

import msgpack
import websockets

REGISTER, PATCH, EVENT, UPDATE_PROPS, INVOKE, CRASHED = 1, 2, 3, 4, 5, 6


def pack(action: int, body: Any) -> bytes:
    return b"\x00" + msgpack.packb([action, body])


def unpack(frame: bytes) -> tuple[int, Any] | None:
    if not frame or frame[0] != 0:
        return None
    action, body = msgpack.unpackb(frame[1:], strict_map_key=False)
    return action, body


def strings(value: Any) -> Iterable[str]:
    """Every string anywhere in a decoded message."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from strings(key)
            yield from strings(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from strings(item)


def register_body(route: str = "/", *, session_id: str | None = None, width: int = 390, height: int = 844,
                  **page: Any) -> dict:
    """What Chromium sends when a tab opens `route` (`page`: more page properties, as a client may claim)."""
    return {"session_id": session_id, "page_name": "", "page": {
        "route": route, "width": width, "height": height, "platform": "android", "web": True, "wasm": False,
        "pwa": False, "debug": False, "platform_brightness": "light", "media": {}, "multi_view": False, **page}}


class WireClient:
    """One tab. `async with WireClient(url) as tab: await tab.register("/")`."""

    def __init__(self, ws_url: str, *, origin: str | None = None, headers: dict | None = None,
                 open_timeout: float = 10) -> None:
        self.ws_url = ws_url
        self.origin = origin
        self.headers = headers or {}
        self.open_timeout = open_timeout
        self.socket = None
        self.session_id: str | None = None
        self.page_id: int | None = None
        self.texts: list[str] = []
        self.crashed: str | None = None

    async def __aenter__(self) -> "WireClient":
        await self.connect()
        return self

    async def __aexit__(self, *exc) -> None:
        await self.close()

    async def connect(self) -> None:
        self.socket = await websockets.connect(self.ws_url, origin=self.origin, additional_headers=self.headers,
                                               open_timeout=self.open_timeout, max_size=None, compression=None)

    async def send(self, action: int, body: Any) -> None:
        await self.socket.send(pack(action, body))

    async def register(self, route: str = "/", *, then: list[tuple[int, Any]] = (), **page) -> dict:
        """Open `route`; `then` frames are sent right behind the register,
        before its answer is read (as a hostile client would race main())."""
        await self.socket.send(pack(REGISTER, register_body(route, **page)))
        for action, body in then:
            await self.socket.send(pack(action, body))
        while True:
            action, body = await self.receive()
            if action == REGISTER:
                self.session_id = body.get("session_id")
                self.page_id = (body.get("page_patch") or {}).get("_i")
                return body

    async def receive(self, timeout: float = 10) -> tuple[int, Any]:
        while True:
            frame = await asyncio.wait_for(self.socket.recv(), timeout)
            decoded = unpack(frame) if isinstance(frame, bytes) else None
            if decoded is None:
                continue
            action, body = decoded
            self.texts.extend(strings(body))
            if action == CRASHED:
                self.crashed = str(body)
            if action == INVOKE and isinstance(body, dict):  # answer the page's method calls as a browser would
                await self.send(INVOKE, {"control_id": body.get("control_id"), "call_id": body.get("call_id"),
                                         "result": None, "error": None})
                if body.get("name") == "push_route":  # the browser goes there and says so
                    route = (body.get("args") or {}).get("route", "/")
                    await self.send(EVENT, {"target": self.page_id, "name": "route_change", "data": {"route": route}})
            return action, body

    async def settle(self, quiet: float = 0.5, limit: float = 10) -> None:
        """Read frames until none comes for `quiet` seconds (or `limit` runs out)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + limit
        while loop.time() < deadline:
            try:
                await self.receive(timeout=min(quiet, max(deadline - loop.time(), 0.01)))
            except asyncio.TimeoutError:
                return
            except websockets.ConnectionClosed:
                return

    async def wait_for(self, *texts: str, timeout: float = 15) -> str | None:
        """Read frames until one of `texts` has been seen; which one, or None when `timeout` runs out."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            for text in texts:
                if self.saw(text):
                    return text
            left = deadline - loop.time()
            if left <= 0:
                return None
            try:
                await self.receive(timeout=left)
            except (asyncio.TimeoutError, websockets.ConnectionClosed):
                return None

    def saw(self, text: str) -> bool:
        return any(text in t for t in self.texts)

    async def close(self) -> None:
        if self.socket is not None:
            await self.socket.close()

    def drop(self) -> None:
        """Vanish without a close frame, as a phone that loses the Wi-Fi would."""
        if self.socket is not None:
            self.socket.transport.abort()


async def keep_reading(tab: WireClient) -> None:
    """Read what the server sends, as a browser does (a tab that stops reading stops answering pings)."""
    try:
        while True:
            await tab.receive(timeout=3600)
    except (websockets.ConnectionClosed, asyncio.TimeoutError):
        pass


async def open_tabs(base_url: str, count: int, route: str = "/") -> list[WireClient]:
    """`count` tabs of the app at `base_url` ("http://host:port") open on `route`, 20 at a time,
    each sending the page's own Origin (from this machine: the host's browser)."""
    ws = base_url.replace("http", "ws", 1) + "/ws"
    tabs = [WireClient(ws, origin=base_url) for _ in range(count)]
    for start in range(0, count, 20):
        batch = tabs[start:start + 20]
        await asyncio.gather(*(tab.connect() for tab in batch))
        await asyncio.gather(*(tab.register(route) for tab in batch))
    await asyncio.gather(*(tab.settle(0.3) for tab in tabs))
    return tabs
