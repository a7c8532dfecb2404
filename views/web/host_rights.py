"""Who may be the host, decided from the connection itself.

Host screens can do everything (read every bid, end phones), so host rights
come only from the host link (a key made for this run, see views/hosting.py) or
from the serving machine's own browser. The latter is decided here, from the
WebSocket's connection as the server's socket and the browser's own headers
give it, before any frame of the client's is read:

- the peer is a loopback address (the browser runs on this machine),
- the page was loaded from a loopback name (`Host` is localhost, 127.x or
  [::1]; a page of another site whose name was made to point at 127.0.0.1
  has its own name there),
- and the browser says the page is ours (`Origin` is present and names the
  same host and port). Browsers always send `Origin` with a WebSocket.

Nothing the client sends later can change it: Flet lets a client set any of
the page's properties (`page.client_ip` among them) with an update frame,
so the decision is kept in a context variable that the session's `main()`
reads (Flet runs `main()` in a task made from this connection's context).

A WebSocket whose `Origin` names another site is refused before it opens:
a page from elsewhere, open in any browser on the network, must not drive
the app (it could otherwise act as that browser's player, or as the host).
"""
from __future__ import annotations

import contextvars
import ipaddress
from urllib.parse import urlsplit

_ON_HOST_MACHINE: contextvars.ContextVar[bool] = contextvars.ContextVar("xyscore_on_host_machine", default=False)
LOOPBACK_NAMES = {"localhost", "localhost.", "ip6-localhost"}


def is_loopback(host: str | None) -> bool:
    """Is `host` (an address or a name, brackets allowed) this machine?"""
    host = (host or "").strip().strip("[]").lower()
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _netloc(value: str) -> tuple[str, int | None] | None:
    """('host', port) of 'host:port' or of an origin 'http://host:port'; None if it isn't one."""
    parts = urlsplit(value if "//" in value else f"//{value}")
    try:
        port = parts.port
    except ValueError:
        return None
    if not parts.hostname:
        return None
    if port is None and parts.scheme:
        port = {"http": 80, "https": 443, "ws": 80, "wss": 443}.get(parts.scheme)
    return parts.hostname.lower(), port


def same_site(origin: str | None, host: str | None) -> bool:
    """Does the browser's `Origin` name the host and port the request went to?"""
    if not origin or not host:
        return False
    scheme = urlsplit(origin).scheme
    seen, asked = _netloc(origin), _netloc(f"{scheme}://{host}" if scheme else host)
    return seen is not None and seen == asked


def on_host_machine(peer: str | None, host: str | None, origin: str | None) -> bool:
    """Is this connection the serving machine's own browser showing our page?"""
    target = _netloc(host or "")
    return (is_loopback(peer) and target is not None and is_loopback(target[0])
            and origin is not None and same_site(origin, host))


def from_host_machine() -> bool:
    """For the session being started: did its connection come from the serving machine's own browser?"""
    return _ON_HOST_MACHINE.get()


# FastAPI's pages about the app's insides: Flet's own app (mounted at "/") serves them too, so they
# are answered "not found" here rather than only switched off in views/app.py's FastAPI().
API_DOCS = frozenset({"/docs", "/redoc", "/openapi.json", "/docs/oauth2-redirect"})


def api_docs(path: str) -> bool:
    """Is `path` one of FastAPI's docs pages, however spelled ('//docs/', '/redoc/')?"""
    return "/" + "/".join(part for part in path.split("/") if part) in API_DOCS


class HostGate:
    """ASGI middleware: refuses foreign-origin WebSockets and decides, from
    the connection, whether it comes from the serving machine's own browser;
    answers "not found" to FastAPI's API docs."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "http" and api_docs(scope.get("path", "")):
            await send({"type": "http.response.start", "status": 404,
                        "headers": [(b"content-type", b"text/plain; charset=utf-8")]})
            await send({"type": "http.response.body", "body": b"Not found"})
            return
        if scope["type"] != "websocket":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        origin, host = headers.get("origin"), headers.get("host")
        if origin is not None and not same_site(origin, host):
            await send({"type": "websocket.close", "code": 1008, "reason": "foreign origin"})
            return
        peer = (scope.get("client") or ("", 0))[0]
        mark = _ON_HOST_MACHINE.set(on_host_machine(peer, host, origin))
        try:
            await self.app(scope, receive, send)
        finally:
            _ON_HOST_MACHINE.reset(mark)
