"""The web client's files as a phone on the table's Wi-Fi should get them (issue 14).

- Nothing from the internet. Flet's client loads Rive's runtime from
  cdn.jsdelivr.net at every start (its address is compiled into the client;
  `no_cdn` does not cover it), though the app shows no Rive animation: on a
  Wi-Fi with no internet that request hangs in the background. The page
  answers it itself (RIVE, a script put into the page): the script Flutter
  asks for is an empty `data:` one and `RiveNative()` says "not here", which
  the client takes as Rive being unavailable, as when the CDN fails.
- No fonts the app does not use: FontManifest.json lists the KaTeX fonts
  (for maths in Markdown) and Cupertino icons, and Flutter downloads every
  font listed at start-up; the manifest served lists only the others
  (Material icons, Roboto). The Material icon font is served cut to the
  icons the app draws (icon_font.py).
- Caching that survives a sleeping phone and a Flet upgrade: every file the
  page loads is under `/v-KEY/`, KEY a digest of the client's files (their
  names, sizes and times, the app's assets, and what this module changes in
  them), and is cached for a year, `immutable`; a new Flet or a changed file
  gives new addresses. The page itself (any route: `/`, `/game/42`,
  `/join/TOKEN`) is `no-cache`, so a reload asks for the page alone and
  gets the current KEY. `<base href>` stays "/": routes are unchanged.
  A file asked for without the prefix is still served, `no-cache`.
- Fonts asked for at once: the client asks for its font list and its two
  fonts (Roboto, the cut icons) only once its code has downloaded and
  compiled, seconds in on a slow phone; the page preloads them (PRELOADED,
  `<link rel="preload" as="fetch">`, under `/v-KEY/`), so they are there when asked for.
- A player's page, /players/NAME, is the page even when the name ends like
  a file's ("J.R.", "Ann.B"), which Flet's static files would answer with 404.

`ClientFiles` is ASGI middleware; put it inside the compression (it reads and
rewrites the page) and around the app's routes and static files.
"""
from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import os
import pathlib
import re

import flet_web
import platformdirs

from ..state import PLAYER_PAGES
from . import fallback_fonts
from .icon_font import VIEWS, cut_font, used_icons
from .reconnect import is_html

VERSIONED = fallback_fonts.VERSIONED
LONG = b"public, max-age=31536000, immutable"
REVALIDATE = b"no-cache"
REVISION = b"1"  # bump when what this module serves changes for the same files
UNUSED_FONTS = ("packages/flutter_math_fork/", "packages/cupertino_icons/")
FONT_MANIFEST = "/assets/FontManifest.json"
ICON_FONT = "/assets/fonts/MaterialIcons-Regular.otf"
WEB = pathlib.Path(flet_web.get_package_web_dir())  # Flet's web client, as installed
KEEP = platformdirs.user_cache_path("xyscore") / "client"  # what is made once and kept (the cut icon font)

RIVE = b"""<script>
// XY Score: Flet's client fetches Rive's runtime from a CDN though the app
// never shows a Rive animation; answer it here, so no phone asks the internet
// (views/web/client_files.py).
(() => {
  const CDN = 'https://cdn.jsdelivr.net/npm/@rive-app/';
  const src = Object.getOwnPropertyDescriptor(HTMLScriptElement.prototype, 'src');
  window.RiveNative = () => Promise.reject(new Error('Rive is not used here'));
  Object.defineProperty(HTMLScriptElement.prototype, 'src', {
    get() { return src.get.call(this); },
    set(url) { src.set.call(this, String(url).startsWith(CDN) ? 'data:text/javascript,' : url); },
    configurable: true, enumerable: src.enumerable,
  });
})();
</script>
"""
# What every start of the client fetches once its code runs (seconds in, at 4x CPU): asked for by the
# page itself, they come while the code downloads and compiles (issue 28: the first frame 0.5-1 s sooner).
PRELOADED = (FONT_MANIFEST.removeprefix("/"), ICON_FONT.removeprefix("/"), "assets/fonts/roboto.woff2")
_CONFIG = re.compile(rb'(flet\.(?:entrypointBaseUrl|assetBase|canvasKitBaseUrl)\s*=\s*")/')
_FALLBACK = re.compile(rb'(flet\.fontFallbackBaseUrl\s*=\s*")(?![a-zA-Z][a-zA-Z0-9+.-]*:|/)')
_REFERENCE = re.compile(rb'(<(?:script|link|img)\b[^>]*?\b(?:src|href)=")(?![a-zA-Z][a-zA-Z0-9+.-]*:|/|#)')


def client_key(*roots: pathlib.Path | None, extra: bytes = b"") -> str:
    """A digest of every file under `roots` (path, size, time) and `extra`."""
    digest = hashlib.sha256(REVISION + extra)
    for root in roots:
        if root is None or not root.is_dir():
            continue
        for folder, dirs, files in os.walk(root):
            dirs.sort()
            for name in sorted(files):
                stat = os.stat(os.path.join(folder, name))
                digest.update(f"{os.path.relpath(os.path.join(folder, name), root)}\0{stat.st_size}\0"
                              f"{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()[:16]


def trimmed_manifest(manifest: bytes) -> bytes:
    """FontManifest.json without the fonts the app never draws with."""
    families = json.loads(manifest)
    kept = [family for family in families if not family["family"].startswith(UNUSED_FONTS)]
    return json.dumps(kept).encode()


def versioned_page(page: bytes, prefix: bytes) -> bytes:
    """The page with its files and the client's base URLs under `prefix` ('/v-KEY/')."""
    page = _CONFIG.sub(lambda m: m[1] + prefix, page)
    page = _FALLBACK.sub(lambda m: m[1] + prefix, page)  # the emoji and CJK fonts' pieces (fallback_fonts.py)
    page = _REFERENCE.sub(lambda m: m[1] + prefix, page)
    if b"</head>" in page and RIVE not in page:
        preload = b"".join(b'<link rel="preload" href="' + prefix + name.encode() + b'" as="fetch" crossorigin>\n'
                           for name in PRELOADED)
        page = page.replace(b"</head>", RIVE + preload + b"</head>", 1)
    return page


class ClientFiles:
    """ASGI middleware serving the client's files versioned, cached and trimmed."""

    def __init__(self, app, assets_dir: pathlib.Path | None = None, keep_dir: pathlib.Path | None = KEEP,
                 web_dir: pathlib.Path = WEB, views: pathlib.Path = VIEWS) -> None:
        self.app = app
        self.web_dir = web_dir
        self.keep_dir = keep_dir
        self.views = views
        icons = sorted(used_icons(views))
        self.key = client_key(web_dir, assets_dir, extra=json.dumps([icons, fallback_fonts.FAMILIES]).encode())
        self.prefix = f"/v-{self.key}/"
        self._icon_font: asyncio.Future | None = None

    def _cut_icon_font(self) -> bytes:
        """The cut font; the whole one if it cannot be cut (a Flet whose client
        reads differently): every icon still draws."""
        font = (self.web_dir / "assets" / "fonts" / "MaterialIcons-Regular.otf").read_bytes()
        try:
            client = (self.web_dir / "main.dart.js").read_text(encoding="utf-8")
            return cut_font(font, client, self.keep_dir, self.views)
        except Exception:  # noqa: BLE001 - any failure to cut serves the whole font
            logging.getLogger(__name__).warning("the icon font could not be cut; serving all of it", exc_info=True)
            return font

    async def icon_font(self) -> bytes:
        """Cut once, in a thread (about a second the first time, then read
        from `keep_dir`), for every phone that asks meanwhile."""
        if self._icon_font is None:
            self._icon_font = asyncio.ensure_future(asyncio.to_thread(self._cut_icon_font))
        return await asyncio.shield(self._icon_font)

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http" or scope.get("method") not in ("GET", "HEAD"):
            await self.app(scope, receive, send)
            return
        path = scope.get("path", "")
        versioned = path.startswith(self.prefix)
        if versioned:
            path = path[len(self.prefix) - 1:]
            scope = {**scope, "path": path, "raw_path": path.encode(), VERSIONED: self.prefix}
        caching = LONG if versioned else REVALIDATE
        if not versioned and path.startswith(PLAYER_PAGES) and "." in path.rsplit("/", 1)[-1]:
            # A player's page whose name looks like a file ("J.R."): Flet's
            # static files answer 404 to a missing file with an extension; it is the app's page.
            scope = {**scope, "path": PLAYER_PAGES, "raw_path": PLAYER_PAGES.encode()}
        if path == ICON_FONT:
            await self._answer(scope, send, await self.icon_font(), b"font/otf", caching)
            return
        start: dict = {}
        chunks: list[bytes] = []
        held = {"page": False, "manifest": path == FONT_MANIFEST}

        async def respond(message) -> None:
            if message["type"] == "http.response.start":
                start.update(message)
                held["page"] = is_html(message)
                held["manifest"] = held["manifest"] and message.get("status") == 200
                if not (held["page"] or held["manifest"]):
                    await send(with_caching(message, caching, self.prefix if versioned else None))
            elif not (held["page"] or held["manifest"]):
                await send(message)
            else:
                chunks.append(message.get("body", b""))
                if not message.get("more_body", False):
                    body = b"".join(chunks)
                    if held["page"]:  # the page, on whatever route: always asked for again
                        body, own = versioned_page(body, self.prefix.encode()), REVALIDATE
                    else:
                        body, own = trimmed_manifest(body), caching
                    await send(with_caching(replace_body(start, body), own))
                    await send({"type": "http.response.body", "body": body if scope["method"] == "GET" else b""})

        await self.app(scope, receive, respond)

    async def _answer(self, scope, send, body: bytes, content_type: bytes, caching: bytes) -> None:
        etag = b'"' + hashlib.sha256(body).hexdigest()[:24].encode() + b'"'
        headers = [(b"content-type", content_type), (b"etag", etag), (b"cache-control", caching)]
        if dict(scope.get("headers", [])).get(b"if-none-match") == etag:
            await send({"type": "http.response.start", "status": 304, "headers": headers})
            await send({"type": "http.response.body", "body": b""})
            return
        headers.append((b"content-length", str(len(body)).encode()))
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": body if scope["method"] == "GET" else b""})


def with_caching(start: dict, caching: bytes, prefix: str | None = None) -> dict:
    """The response's start with `caching` as its Cache-Control, unless it has
    one (an app route's). A redirect within this version (`prefix`) is as
    lasting as the files; any other, or a missing file, is asked for again."""
    headers = list(start.get("headers", []))
    if any(k.lower() == b"cache-control" for k, _ in headers):
        return start
    location = dict(headers).get(b"location", b"")
    within = prefix is not None and start.get("status") in (301, 302, 307, 308) and location.startswith(
        prefix.encode())
    if start.get("status") not in (200, 304) and not within:
        caching = REVALIDATE
    return {**start, "headers": headers + [(b"cache-control", caching)]}


def replace_body(start: dict, body: bytes) -> dict:
    headers = [(k, v) for k, v in start.get("headers", []) if k.lower() != b"content-length"]
    headers.append((b"content-length", str(len(body)).encode()))
    return {**start, "headers": headers}


# Flet's app sends these two on every answer. On a secure origin (the serving machine's own
# browser at localhost) they make the page cross-origin isolated, and Flutter then draws with
# skwasm on two threads, whose text layout and raster worker share one glyph cache unguarded:
# under a burst of new text sizes the heap is corrupted and the page spins at 100% CPU, frozen
# (flutter/flutter#190039, fixed in Flutter 3.47; seen here after a tap on the text size, and as
# "memory access out of bounds"). Without them every browser draws on one thread, as a phone on
# the table's Wi-Fi (plain HTTP, never isolated) always did.
ISOLATING = (b"cross-origin-opener-policy", b"cross-origin-embedder-policy")


class OneDrawingThread:
    """ASGI middleware: the page is not cross-origin isolated (see ISOLATING)."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def without(message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [(k, v) for k, v in message.get("headers", [])
                                                  if k.lower() not in ISOLATING]}
            await send(message)

        await self.app(scope, receive, without)
