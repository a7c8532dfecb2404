"""Compress the web client's files once per run, not once per phone.

The client is ~14 MB (wasm, js, fonts); GZipMiddleware compresses every
response again, at level 9: about 1.7 s of the host's CPU for each phone's
first load. The files do not change while the app runs, so this keeps each
one gzipped in memory the first time it is asked for and serves that to every
browser that accepts gzip. Other requests pass through untouched.

Each file is kept once, whatever the spelling of its path: `//main.dart.wasm`
and `/x/../main.dart.wasm` are the same file to the static files (Starlette
collapses `//` and resolves `..` before it looks a file up), so they are one
entry here too, fetched by that one spelling. A path that climbs out of the
web root (`/../x.js`) is passed to the app untouched and never kept. What is
kept is capped (`cap`, total gzipped bytes; the least recently served file
goes first), and compressing runs in a thread, once per file however many
phones ask for it at the same moment, so no other browser waits on it.
"""
from __future__ import annotations

import asyncio
import gzip
from collections import OrderedDict

STATIC = (".wasm", ".js", ".mjs", ".otf", ".ttf", ".woff2", ".json", ".css", ".svg", ".ico", ".png")
MINIMUM = 1000  # bytes; smaller files are not worth compressing
CAP = 32 * 1024 * 1024  # gzipped bytes kept; one load of the client is ~6 MB gzipped, both renderers ~9 MB


def compress(body: bytes) -> bytes:
    """Run in a thread (zlib lets go of the GIL while it works)."""
    return gzip.compress(body, compresslevel=9, mtime=0)


def normal_path(path: str) -> str | None:
    """The one spelling of `path` ('/a//b/../c.js' -> '/a/c.js'), as the
    static files resolve it; None if it climbs above the web root."""
    parts: list[str] = []
    for part in path.split("/"):
        if part in ("", "."):
            continue
        if part == "..":
            if not parts:
                return None
            parts.pop()
        else:
            parts.append(part)
    return "/" + "/".join(parts)


class StaticGzipCache:
    """ASGI middleware: gzip each static file once, keyed by its normal path.

    Used from one event loop (the server's): the cache and the compressions
    in progress are touched only there; the threads only compress."""

    def __init__(self, app, paths: tuple[str, ...] = STATIC, cap: int = CAP) -> None:
        self.app = app
        self.paths = paths
        self.cap = cap
        self._cache: OrderedDict[str, tuple[int, list, bytes]] = OrderedDict()
        self._size = 0  # bytes of gzipped bodies in _cache
        self._pending: dict[str, asyncio.Future] = {}  # path -> its fetch and compression in progress

    async def __call__(self, scope, receive, send) -> None:
        key = normal_path(scope.get("path", "")) if scope["type"] == "http" else None
        if (key is None or scope.get("method") != "GET" or not key.endswith(self.paths)
                or b"gzip" not in dict(scope.get("headers", [])).get(b"accept-encoding", b"")):
            await self.app(scope, receive, send)
            return
        cached = self._cache.get(key)
        if cached is not None:
            self._cache.move_to_end(key)
        else:
            cached = await self._compressed(key, scope)
            if cached is None:  # not a plain 200: let the app answer as usual
                await self.app(scope, receive, send)
                return
        status, headers, body = cached
        etag = dict(headers).get(b"etag")
        if etag and etag == dict(scope["headers"]).get(b"if-none-match"):  # the browser has it already
            await send({"type": "http.response.start", "status": 304, "headers": [(b"etag", etag)]})
            await send({"type": "http.response.body", "body": b""})
            return
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    async def _compressed(self, key: str, scope):
        """The file at `key` gzipped: one fetch and compression for all who ask
        meanwhile. Shielded: a browser that leaves does not cancel it for the others."""
        task = self._pending.get(key)
        if task is None:
            task = asyncio.ensure_future(self._fetch(key, scope))
            self._pending[key] = task
            task.add_done_callback(lambda _: self._pending.pop(key, None))
        return await asyncio.shield(task)

    async def _fetch(self, key: str, scope):
        """The app's own answer for `key`, uncompressed, gzipped (in a thread) and kept."""
        plain_headers = [(k, v) for k, v in scope["headers"] if k not in (b"accept-encoding", b"if-none-match",
                                                                           b"if-modified-since", b"range")]
        start, chunks = {}, []

        async def capture(message) -> None:
            if message["type"] == "http.response.start":
                start.update(message)
            elif message["type"] == "http.response.body":
                chunks.append(message.get("body", b""))

        requested = []

        async def receive():  # a GET with no body, then no disconnect: this fetch serves all who ask, not one browser
            if not requested:
                requested.append(True)
                return {"type": "http.request", "body": b"", "more_body": False}
            await asyncio.Event().wait()

        await self.app({**scope, "path": key, "raw_path": key.encode(), "query_string": b"",
                        "headers": plain_headers}, receive, capture)
        body = b"".join(chunks)
        if start.get("status") != 200 or len(body) < MINIMUM:
            return None
        compressed = await asyncio.to_thread(compress, body)
        headers = [(k, v) for k, v in start.get("headers", []) if k.lower() not in (b"content-length",
                                                                                    b"content-encoding", b"vary")]
        headers += [(b"content-encoding", b"gzip"), (b"content-length", str(len(compressed)).encode()),
                    (b"vary", b"Accept-Encoding")]
        entry = (200, headers, compressed)
        self._keep(key, entry)
        return entry

    def _keep(self, key: str, entry) -> None:
        size = len(entry[2])
        if size > self.cap:
            return  # served, not kept
        while self._cache and self._size + size > self.cap:
            _, (_, _, dropped) = self._cache.popitem(last=False)
            self._size -= len(dropped)
        self._cache[key] = entry
        self._size += size

    @property
    def size(self) -> int:
        """Bytes kept."""
        return self._size

    def __len__(self) -> int:
        return len(self._cache)
