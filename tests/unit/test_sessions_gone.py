"""views/web/sessions.py (a WebSocket whose send fails or hangs ends as a
disconnect, not as an error) and views/web/live.follow (a session is subscribed
only while its browser is connected), without a server."""
from __future__ import annotations

import asyncio

from views.web.live import Hub, follow
from views.web.sessions import GONE, EndDroppedSessions
from tests.loops import run_apart


class FlakySocket:
    """The server's side of a WebSocket: `send` fails (or hangs) once `broken`."""

    def __init__(self, broken: str = "") -> None:
        self.broken = broken
        self.sent: list = []
        self.incoming: asyncio.Queue = asyncio.Queue()

    async def send(self, message) -> None:
        if message["type"] == "websocket.send" and self.broken == "raise":
            raise OSError("the client is gone")
        if message["type"] == "websocket.send" and self.broken == "hang":
            await asyncio.Event().wait()
        self.sent.append(message)

    async def receive(self):
        return await self.incoming.get()


def frame(n: int) -> dict:
    return {"type": "websocket.send", "bytes": bytes([n])}


async def run_app(app_body, socket: FlakySocket, **options):
    """Run `app_body(receive, send)` as the ASGI app behind EndDroppedSessions; its result."""
    result = []

    async def app(scope, receive, send):
        result.append(await app_body(receive, send))

    await EndDroppedSessions(app, **options)({"type": "websocket", "client": ("127.0.0.1", 5000)},
                                             socket.receive, socket.send)
    return result[0]


def test_frames_go_through_while_the_client_is_there():
    async def main():
        socket = FlakySocket()
        await socket.incoming.put({"type": "websocket.receive", "bytes": b"hi"})

        async def body(receive, send):
            await send({"type": "websocket.accept"})
            await send(frame(1))
            return await receive()

        got = await run_app(body, socket)
        assert got == {"type": "websocket.receive", "bytes": b"hi"}
        assert socket.sent == [{"type": "websocket.accept"}, frame(1)]

    run_apart(main())


def test_a_send_that_fails_drops_that_frame_and_the_rest_and_receive_says_disconnect():
    async def main():
        socket = FlakySocket()

        async def body(receive, send):
            await send(frame(1))
            socket.broken = "raise"
            waiting = asyncio.create_task(receive())  # Flet's receive loop, waiting for the client
            await asyncio.sleep(0)
            await send(frame(2))  # fails: no error for the send loop...
            await send(frame(3))
            return await waiting, await receive()  # ...and the receive loop hears the client left

        assert await run_app(body, socket) == (GONE, GONE)
        assert socket.sent == [frame(1)]

    run_apart(main())


def test_a_send_the_network_never_takes_counts_as_gone_after_the_timeout():
    async def main():
        socket = FlakySocket(broken="hang")

        async def body(receive, send):
            await send(frame(1))
            return await receive()

        assert await asyncio.wait_for(run_app(body, socket, send_timeout=0.05), 5) == GONE

    run_apart(main())


def test_http_passes_through_untouched():
    async def main():
        seen = []

        async def app(scope, receive, send):
            seen.append((scope["type"], receive, send))

        receive, send = object(), object()
        await EndDroppedSessions(app)({"type": "http"}, receive, send)
        assert seen == [("http", receive, send)]

    run_apart(main())


class FakePage:
    on_connect = on_disconnect = on_close = None


def test_a_session_is_subscribed_only_while_its_browser_is_connected():
    async def main():
        hub, page, calls = Hub(), FakePage(), []
        follow(hub, page, lambda: calls.append("changed"))
        assert len(hub) == 1
        page.on_disconnect()  # the tab closed, or the connection dropped
        assert len(hub) == 0
        hub.changed()
        await asyncio.sleep(0)
        assert calls == []  # a change costs nothing for it
        page.on_connect()  # back on its session: subscribed again, and shown what it missed
        assert len(hub) == 1 and calls == ["changed"]
        page.on_connect()  # a second connect does not subscribe twice
        assert len(hub) == 1
        hub.changed()
        await asyncio.sleep(0)
        assert calls == ["changed"] * 3
        page.on_disconnect()
        page.on_close()  # the session expires: nothing left to undo
        assert len(hub) == 0

    run_apart(main())
