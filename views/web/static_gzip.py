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

Given a `keep_dir`, each file is also compressed once with zopfli (the
strongest gzip: about 4% smaller than level 9, what a plain-HTTP phone
downloads is mostly gzipped wasm) and kept there, named by the digest of the
file's bytes, so a new Flet makes new ones and a restart reuses them. Zopfli
takes about a minute for the client's 14 MB, so it runs in the background, in
a child process at the lowest priority, one file at a time: meanwhile phones
get gzip -9, and each file's entry switches to the zopfli one when it is made.
"""
from __future__ import annotations

import asyncio
import atexit
import contextlib
import gzip
import hashlib
import os
import pathlib
import queue
import subprocess
import sys
import threading
from collections import OrderedDict

STATIC = (".wasm", ".js", ".mjs", ".otf", ".ttf", ".woff2", ".json", ".css", ".svg", ".ico", ".png")
MINIMUM = 1000  # bytes; smaller files are not worth compressing
CAP = 32 * 1024 * 1024  # gzipped bytes kept; one load of the client is ~6 MB gzipped, both renderers ~9 MB


def compress(body: bytes) -> bytes:
    """Run in a thread (zlib lets go of the GIL while it works)."""
    return gzip.compress(body, compresslevel=9, mtime=0)


ZOPFLI = ("import sys, zopfli.gzip; "
          "sys.stdout.buffer.write(zopfli.gzip.compress(sys.stdin.buffer.read(), numiterations=1))")


_children: set[subprocess.Popen] = set()  # zopfli at work, stopped when the server stops


@atexit.register
def _stop_children() -> None:
    for child in list(_children):
        child.kill()


def zopfli(body: bytes) -> bytes | None:
    """`body` gzipped by zopfli in a child process at the lowest priority
    (so no phone's request waits on it); None if that failed."""
    try:
        child = subprocess.Popen([sys.executable, "-c", ZOPFLI], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                 stderr=subprocess.DEVNULL)
        _children.add(child)
        if hasattr(os, "setpriority"):
            try:
                os.setpriority(os.PRIO_PROCESS, child.pid, 19)
            except OSError:
                pass
        try:
            out, _ = child.communicate(body)
        finally:
            _children.discard(child)
        return out if child.returncode == 0 and gzip.decompress(out) == body else None
    except (OSError, EOFError, gzip.BadGzipFile):
        return None


class Keeper:
    """Zopfli'd files on disk, named by their bytes' digest; made one at a
    time by one thread per folder (however many apps this process serves).

    Until a file's zopfli'd bytes are on disk, its gzip -9 bytes are kept here
    (`meanwhile`), so a second app this process serves over the same folder
    (a restart within the process, a test's own server) does not compress the
    client again while zopfli works: on a first run, with the folder empty,
    that was ~1.7 s of CPU for each app until zopfli was done."""

    _by_folder: dict[pathlib.Path, "Keeper"] = {}
    _lock = threading.Lock()

    def __init__(self, folder: pathlib.Path) -> None:
        self.folder = folder
        self._asked: set[str] = set()
        self._meanwhile: dict[str, bytes] = {}  # digest -> gzip -9 bytes, until zopfli's are kept
        self._then: dict[str, list] = {}  # digest -> who waits for its zopfli'd bytes
        self._queue: queue.Queue = queue.Queue()
        threading.Thread(target=self._work, name="zopfli", daemon=True).start()

    @classmethod
    def of(cls, folder: pathlib.Path) -> "Keeper":
        with cls._lock:
            if folder not in cls._by_folder:
                cls._by_folder[folder] = cls(folder)
            return cls._by_folder[folder]

    def look_up(self, body: bytes) -> tuple[str, bytes | None]:
        """`body`'s digest, and its zopfli'd bytes if kept (else its gzip -9 bytes
        if made meanwhile, while zopfli works on it)."""
        digest = hashlib.sha256(body).hexdigest()[:32]
        try:
            return digest, (self.folder / f"{digest}.gz").read_bytes()
        except OSError:
            return digest, self._meanwhile.get(digest)

    def make(self, digest: str, body: bytes, then, meanwhile: bytes | None = None) -> None:
        """Zopfli `body` in the background (once, however many ask); each asker's
        `then(compressed)` is called from that thread when it is made. `meanwhile`
        (its gzip -9 bytes) is handed to whoever looks it up until then."""
        with self._lock:
            self._then.setdefault(digest, []).append(then)
            if digest in self._asked:
                return
            self._asked.add(digest)
            if meanwhile is not None:
                self._meanwhile[digest] = meanwhile
        self._queue.put((digest, body))

    def working_on(self, digest: str) -> bool:
        """Is `digest`'s file waiting for (or in) zopfli?"""
        with self._lock:
            return digest in self._then

    def busy(self) -> bool:
        """Are files still waiting for (or in) zopfli?"""
        return self._queue.unfinished_tasks > 0

    def _work(self) -> None:
        while True:
            digest, body = self._queue.get()
            try:
                self._keep(digest, body)
            except Exception:  # noqa: BLE001 - e.g. the app's loop closed meanwhile; the file is kept anyway
                pass
            finally:
                self._queue.task_done()

    def _keep(self, digest: str, body: bytes) -> None:
        kept = self.folder / f"{digest}.gz"
        with one_process_at_a_time(self.folder):
            try:
                compressed = kept.read_bytes()  # made meanwhile by another process serving this folder
            except OSError:
                compressed = zopfli(body)
                if compressed is None:  # gzip -9's bytes stay the ones served
                    with self._lock:
                        self._then.pop(digest, None)
                    return
                try:
                    self.folder.mkdir(parents=True, exist_ok=True)
                    partial = self.folder / f"{digest}.gz.{os.getpid()}"
                    partial.write_bytes(compressed)
                    partial.replace(kept)
                except OSError:
                    self._meanwhile[digest] = compressed  # served from memory this run, made again next run
        if kept.exists():
            self._meanwhile.pop(digest, None)  # read from disk from now on
        with self._lock:
            waiting = self._then.pop(digest, [])
        for then in waiting:
            then(compressed)


@contextlib.contextmanager
def one_process_at_a_time(folder: pathlib.Path):
    """Held while a file of `folder` is zopfli'd: two processes serving the same folder
    (two hosts on one machine; the test processes, each serving apps of its own) zopfli
    each file once between them, not once each (a minute of CPU each, on a first run).
    A lock the system lets go of when its process ends; none where it cannot be had."""
    try:
        import fcntl
        folder.mkdir(parents=True, exist_ok=True)
        handle = open(folder / ".zopfli.lock", "a+b")
    except (ImportError, OSError):
        yield
        return
    with handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX)
        except OSError:
            pass
        yield


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

    def __init__(self, app, paths: tuple[str, ...] = STATIC, cap: int = CAP,
                 keep_dir: pathlib.Path | None = None) -> None:
        self.app = app
        self.paths = paths
        self.cap = cap
        self.keeper = Keeper.of(keep_dir) if keep_dir is not None else None
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
            kept = [(k, v) for k, v in headers if k in (b"etag", b"cache-control", b"vary")]
            await send({"type": "http.response.start", "status": 304, "headers": kept})
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
        digest, compressed = await asyncio.to_thread(self.keeper.look_up, body) if self.keeper else ("", None)
        final = compressed is not None and not (self.keeper and self.keeper.working_on(digest))  # zopfli's
        if compressed is None:
            compressed = await asyncio.to_thread(compress, body)
        if self.keeper and not final:  # served meanwhile; zopfli's bytes take their place when made
            loop = asyncio.get_running_loop()
            self.keeper.make(digest, body, lambda better: loop.call_soon_threadsafe(
                self._better, key, compressed, better), meanwhile=compressed)
        plain = [(k, v) for k, v in start.get("headers", []) if k.lower() not in (b"content-length",
                                                                                 b"content-encoding", b"vary")]
        entry = gzipped(plain, compressed)
        self._keep(key, entry)
        return entry

    def _better(self, key: str, was: bytes, better: bytes) -> None:
        """Serve `better` (zopfli) for `key` from now on, if its entry is still the one made from `was`."""
        entry = self._cache.get(key)
        if entry is None or entry[2] is not was:
            return
        plain = [(k, v) for k, v in entry[1] if k not in (b"content-length", b"content-encoding", b"vary")]
        self._cache[key] = gzipped(plain, better)
        self._size += len(better) - len(was)

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


def gzipped(plain_headers: list, compressed: bytes) -> tuple[int, list, bytes]:
    headers = plain_headers + [(b"content-encoding", b"gzip"), (b"content-length", str(len(compressed)).encode()),
                               (b"vary", b"Accept-Encoding")]
    return 200, headers, compressed
