"""A phone that slept comes back to the table as it is now.

When a browser's connection drops (a phone's screen turns off, the Wi-Fi
blinks), Flet's web client reconnects to the same server session, but in
Flet 1.0.5 the screen it shows then stays frozen: the server's full page
replaces the client's controls while the widgets on screen stay bound to the
old ones, so every later update arrives and is never drawn (issue 5's report
has the trace). A fresh page load has no such problem, and the session (and
so the screen it shows) lives on the server. So each page watches its own
connection, and once a dropped one is back (the server answers again) it
reloads: the same seat, the same screen, everything changed meanwhile shown.
A server that is still away is left to the client's own retries.

`ReloadOnReconnect` adds that script to every HTML page the app serves.
"""
from __future__ import annotations

SCRIPT = b"""<script>
// XY Score: reload once a dropped connection is back (views/web/reconnect.py).
(() => {
  const Native = window.WebSocket;
  let connectedOnce = false;
  function Socket(url, protocols) {
    const socket = protocols === undefined ? new Native(url) : new Native(url, protocols);
    if (/\\/ws$/.test(String(url))) {
      const reconnecting = connectedOnce;
      socket.addEventListener('open', () => {
        if (reconnecting) { window.location.reload(); }
        connectedOnce = true;
      });
    }
    return socket;
  }
  Socket.prototype = Native.prototype;
  Object.assign(Socket, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
  window.WebSocket = Socket;
})();
</script>
"""
MARK = b"</head>"


class ReloadOnReconnect:
    """ASGI middleware: put SCRIPT into each HTML page, before `</head>`."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http" or scope.get("method") != "GET":
            await self.app(scope, receive, send)
            return
        start: dict = {}
        page: dict = {"html": False}  # is this response an HTML page? decided once, at its start
        chunks: list[bytes] = []

        async def capture(message) -> None:
            if message["type"] == "http.response.start":
                start.update(message)
                page["html"] = is_html(message)
                if not page["html"]:
                    await send(message)
            elif not page["html"]:  # every other file streams through untouched
                await send(message)
            else:
                chunks.append(message.get("body", b""))
                if not message.get("more_body", False):
                    await send_page(start, b"".join(chunks), send)

        await self.app(scope, receive, capture)


def is_html(start: dict) -> bool:
    headers = dict(start.get("headers", []))
    return (headers.get(b"content-type", b"").startswith(b"text/html")
            and b"content-encoding" not in headers and start.get("status") == 200)


async def send_page(start: dict, body: bytes, send) -> None:
    if MARK in body and SCRIPT not in body:
        body = body.replace(MARK, SCRIPT + MARK, 1)
    headers = [(k, v) for k, v in start.get("headers", []) if k.lower() != b"content-length"]
    headers.append((b"content-length", str(len(body)).encode()))
    await send({**start, "headers": headers})
    await send({"type": "http.response.body", "body": body})
