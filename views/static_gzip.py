"""Compress the web client's files once per run, not once per phone.

The client is ~14 MB (wasm, js, fonts); GZipMiddleware compresses every
response again, at level 9: about 1.7 s of the host's CPU for each phone's
first load. The files do not change while the app runs, so this keeps each
one gzipped in memory the first time it is asked for and serves that to every
browser that accepts gzip. Other requests pass through untouched.
"""
from __future__ import annotations

import gzip
import threading

STATIC = (".wasm", ".js", ".mjs", ".otf", ".ttf", ".woff2", ".json", ".css", ".svg", ".ico", ".png")
MINIMUM = 1000  # bytes; smaller files are not worth compressing


class StaticGzipCache:
    """ASGI middleware: gzip each static file once, keyed by its path."""

    def __init__(self, app, paths: tuple[str, ...] = STATIC) -> None:
        self.app = app
        self.paths = paths
        self._cache: dict[str, tuple[int, list, bytes]] = {}
        self._lock = threading.Lock()

    async def __call__(self, scope, receive, send) -> None:
        path = scope.get("path", "")
        if (scope["type"] != "http" or scope.get("method") != "GET" or not path.endswith(self.paths)
                or b"gzip" not in dict(scope.get("headers", [])).get(b"accept-encoding", b"")):
            await self.app(scope, receive, send)
            return
        cached = self._cache.get(path)
        if cached is None:
            cached = await self._fetch(scope, receive)
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

    async def _fetch(self, scope, receive):
        """The app's own answer for `path`, uncompressed, gzipped and kept."""
        plain_headers = [(k, v) for k, v in scope["headers"] if k not in (b"accept-encoding", b"if-none-match",
                                                                           b"if-modified-since", b"range")]
        start, chunks = {}, []

        async def capture(message) -> None:
            if message["type"] == "http.response.start":
                start.update(message)
            elif message["type"] == "http.response.body":
                chunks.append(message.get("body", b""))

        await self.app({**scope, "headers": plain_headers}, receive, capture)
        body = b"".join(chunks)
        if start.get("status") != 200 or len(body) < MINIMUM:
            return None
        compressed = gzip.compress(body, compresslevel=9, mtime=0)
        headers = [(k, v) for k, v in start.get("headers", []) if k.lower() not in (b"content-length",
                                                                                    b"content-encoding", b"vary")]
        headers += [(b"content-encoding", b"gzip"), (b"content-length", str(len(compressed)).encode()),
                    (b"vary", b"Accept-Encoding")]
        entry = (200, headers, compressed)
        with self._lock:
            self._cache[scope["path"]] = entry
        return entry
