"""A browser that is gone ends its Flet session, however it went.

Flet 1.0.5's connection (flet_web.fastapi.flet_app.FletApp.handle) tells its
session that the browser left only after both its loops end cleanly: its
receive loop ends on the close, then stops the send loop. When a browser
drops while the server is sending to it (a phone leaves the Wi-Fi, a tab is
killed), the send fails first: the send loop dies with that error, `handle`
re-raises it, and `disconnect_session` never runs. Such a session never
disconnects nor expires: it stays subscribed to the hub, re-renders on
every change and queues every patch for a socket that is gone (9 of 200
dropped clients, in issue 9's run).

`EndDroppedSessions` wraps the WebSocket below Flet so that cannot happen:
the first frame that cannot be sent marks the connection gone; that frame
and every later one are dropped instead of raising, and the receive side
is told the client disconnected. Flet's own loops then end the usual way
and the session is disconnected (its `on_disconnect` runs, see views/web/live.py)
and expires like any other. A frame that the network has not taken after
SEND_TIMEOUT seconds (a client that stopped reading) counts as gone too.
"""
from __future__ import annotations

import asyncio
import logging

log = logging.getLogger(__name__)

SEND_TIMEOUT = 60.0  # seconds one frame may wait for the network; uvicorn's own keepalive gives up after 40
GONE = {"type": "websocket.disconnect", "code": 1006}


class EndDroppedSessions:
    """ASGI middleware for WebSockets; HTTP passes through untouched."""

    def __init__(self, app, send_timeout: float = SEND_TIMEOUT) -> None:
        self.app = app
        self.send_timeout = send_timeout

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "websocket":
            await self.app(scope, receive, send)
            return
        gone = asyncio.Event()

        async def send_or_drop(message) -> None:
            if message["type"] != "websocket.send":
                await send(message)  # accept, close: errors there are Flet's to see
                return
            if gone.is_set():
                return
            try:
                async with asyncio.timeout(self.send_timeout):
                    await send(message)
            except Exception as error:  # noqa: BLE001 - whatever failed, this client gets nothing more
                log.info("WebSocket client %s is gone (%s): ending its session", scope.get("client"),
                         type(error).__name__)
                gone.set()

        async def receive_until_gone():
            if gone.is_set():
                return GONE
            incoming = asyncio.ensure_future(receive())
            waiting = asyncio.ensure_future(gone.wait())
            try:
                await asyncio.wait((incoming, waiting), return_when=asyncio.FIRST_COMPLETED)
            finally:
                waiting.cancel()
                if not incoming.done():
                    incoming.cancel()
            return incoming.result() if incoming.done() else GONE

        await self.app(scope, receive_until_gone, send_or_drop)
