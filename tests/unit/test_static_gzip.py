"""views/web/static_gzip.py over Starlette's static files in a temporary web root,
driven as ASGI calls (no server): one entry per file whatever its spelling,
nothing kept from outside the root, a cap, compression off the event loop and
once per file, ETag/304."""
from __future__ import annotations

import asyncio
import gzip
import os
import threading

import pytest
from starlette.applications import Starlette
from starlette.routing import Mount
from starlette.staticfiles import StaticFiles

from views.web import static_gzip
from views.web.static_gzip import StaticGzipCache, normal_path
from tests.loops import run_apart


def files(root) -> Starlette:
    """The web root served as the app serves it: static files mounted at /, a missing file a 404."""
    return Starlette(routes=[Mount("/", StaticFiles(directory=root))])


def scope(path: str, headers=()) -> dict:
    return {"type": "http", "asgi": {"version": "3.0", "spec_version": "2.4"}, "http_version": "1.1",
            "method": "GET", "scheme": "http", "path": path, "raw_path": path.encode(), "root_path": "",
            "query_string": b"", "headers": [(b"accept-encoding", b"gzip, deflate"), *headers],
            "server": ("127.0.0.1", 8550), "client": ("127.0.0.1", 50000)}


async def get(app, path: str, headers=()) -> tuple[int, dict, bytes]:
    messages = []

    async def receive():
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message):
        messages.append(message)

    await app(scope(path, headers), receive, send)
    body = b"".join(m.get("body", b"") for m in messages[1:])
    return messages[0]["status"], dict(messages[0]["headers"]), body


@pytest.fixture
def web(tmp_path):
    root = tmp_path / "web"
    root.mkdir()
    (root / "main.dart.js").write_bytes(b"function main() { return 42; }\n" * 4000)
    (root / "index.html").write_bytes(b"<html><head></head><body>XY</body></html>")
    (tmp_path / "outside.js").write_bytes(b"secret();\n" * 500)
    return root


@pytest.fixture
def compressions(monkeypatch):
    calls = []
    plain = static_gzip.compress

    def counted(body):
        calls.append(len(body))
        return plain(body)

    monkeypatch.setattr(static_gzip, "compress", counted)
    return calls


def test_normal_path_collapses_slashes_and_resolves_dots_within_the_root():
    assert normal_path("//main.dart.wasm") == "/main.dart.wasm"
    assert normal_path("/x/../main.dart.js") == "/main.dart.js"
    assert normal_path("/a/./b//../c.js/") == "/a/c.js"
    assert normal_path("/../main.dart.js") is None
    assert normal_path("/a/../../main.dart.js") is None


def test_fifty_spellings_of_one_file_leave_one_entry_and_one_compression(web, compressions):
    cache = StaticGzipCache(files(web))
    spellings = {"/main.dart.js"}
    for i in range(1, 60):
        spellings |= {"/" * i + "main.dart.js", "/x/" * i + "../" * i + "main.dart.js",
                      "/./" * i + "main.dart.js", f"/{i}/..//main.dart.js"}
    spellings = sorted(spellings)[:50]
    assert len(spellings) == 50

    async def run():
        return [await get(cache, path) for path in spellings]

    for status, headers, body in run_apart(run()):
        assert status == 200 and headers[b"content-encoding"] == b"gzip"
        assert gzip.decompress(body) == (web / "main.dart.js").read_bytes()
    assert len(cache) == 1
    assert len(compressions) == 1


def test_a_path_outside_the_web_root_is_not_kept(web, compressions):
    cache = StaticGzipCache(files(web))

    async def run():
        return [await get(cache, "/../outside.js"), await get(cache, "/../web/main.dart.js")]

    (refused, _, _), (through, _, _) = run_apart(run())
    assert refused == 404  # the static files refuse it; it never reached the cache
    assert through in (200, 404)  # whatever the app makes of it, it is its own answer, not kept
    assert len(cache) == 0 and compressions == []


def test_the_loop_answers_other_requests_while_a_big_file_is_compressed(web, monkeypatch):
    (web / "big.wasm").write_bytes(os.urandom(2_000_000))
    started, release = threading.Event(), threading.Event()
    plain = static_gzip.compress

    def slow(body):  # a compression that takes as long as the test wants
        started.set()
        release.wait(5)
        return plain(body)

    monkeypatch.setattr(static_gzip, "compress", slow)
    cache = StaticGzipCache(files(web))

    async def run():
        big = asyncio.create_task(get(cache, "/big.wasm"))
        while not started.is_set():
            await asyncio.sleep(0.01)
        other = await asyncio.wait_for(get(cache, "/index.html"), 2)  # answered while big.wasm is compressed
        was_big_done = big.done()
        release.set()
        return other, was_big_done, await big

    (status, _, body), was_big_done, (big_status, _, big_body) = run_apart(run())
    assert status == 200 and b"XY" in body
    assert not was_big_done
    assert big_status == 200 and gzip.decompress(big_body) == (web / "big.wasm").read_bytes()


def test_ten_phones_asking_at_once_share_one_compression(web, compressions):
    cache = StaticGzipCache(files(web))

    async def run():
        return await asyncio.gather(*(get(cache, "/main.dart.js") for _ in range(10)))

    answers = run_apart(run())
    assert len(compressions) == 1
    assert len({body for _, _, body in answers}) == 1
    assert all(status == 200 for status, _, _ in answers)


def test_the_cache_never_exceeds_its_cap(web, compressions):
    for n in range(10):
        (web / f"font{n}.ttf").write_bytes(os.urandom(50_000 + 10_000 * n))  # random: gzip keeps their size
    (web / "huge.wasm").write_bytes(os.urandom(300_000))
    cap = 200_000
    cache = StaticGzipCache(files(web), cap=cap)

    async def run():
        for n in [*range(10), 3, 9, 0]:
            status, _, body = await get(cache, f"/font{n}.ttf")
            assert status == 200 and gzip.decompress(body) == (web / f"font{n}.ttf").read_bytes()
            assert 0 < cache.size <= cap
        status, headers, body = await get(cache, "/huge.wasm")  # bigger than the cap: served gzipped, not kept
        assert status == 200 and headers[b"content-encoding"] == b"gzip"
        assert "/huge.wasm" not in cache._cache and cache.size <= cap

    run_apart(run())


def test_a_browser_that_has_the_file_gets_a_304(web):
    cache = StaticGzipCache(files(web))

    async def run():
        first = await get(cache, "/main.dart.js")
        again = await get(cache, "//main.dart.js", [(b"if-none-match", first[1][b"etag"])])
        return first, again

    (status, headers, _), (again, again_headers, body) = run_apart(run())
    assert status == 200 and headers[b"etag"]
    assert again == 304 and again_headers[b"etag"] == headers[b"etag"] and body == b""


def test_each_file_is_zopflid_once_kept_on_disk_and_served_from_there_after_a_restart(web, tmp_path, compressions):
    keep = tmp_path / "kept"
    plain = (web / "main.dart.js").read_bytes()

    async def first_run():
        cache = StaticGzipCache(files(web), keep_dir=keep)
        _, _, meanwhile = await get(cache, "/main.dart.js")  # gzip -9 at once, zopfli in the background
        while cache.keeper.busy():
            await asyncio.sleep(0.05)
        await asyncio.sleep(0)  # the switch to the zopfli'd file is scheduled on this loop
        _, headers, later = await get(cache, "/main.dart.js")
        return meanwhile, headers, later

    meanwhile, headers, later = run_apart(first_run())
    assert gzip.decompress(meanwhile) == plain and gzip.decompress(later) == plain
    assert len(later) < len(meanwhile)  # zopfli's is smaller than gzip -9's
    assert headers[b"content-length"] == str(len(later)).encode()
    assert [path.read_bytes() for path in keep.glob("*.gz")] == [later]
    assert len(compressions) == 1

    async def after_a_restart():
        return await get(StaticGzipCache(files(web), keep_dir=keep), "/main.dart.js")

    status, _, body = run_apart(after_a_restart())
    assert status == 200 and body == later
    assert len(compressions) == 1  # read from disk, not compressed again


def test_a_second_app_over_the_same_folder_takes_the_first_ones_gzip_while_zopfli_works(web, tmp_path, compressions):
    """A first run (the folder empty): the client is gzipped once in this process, not once per app
    served over the folder (each browser test serves its own app); both get zopfli's bytes when made."""
    keep = tmp_path / "kept"
    plain = (web / "main.dart.js").read_bytes()

    async def two_apps():
        first, second = StaticGzipCache(files(web), keep_dir=keep), StaticGzipCache(files(web), keep_dir=keep)
        _, _, one = await get(first, "/main.dart.js")
        _, _, two = await get(second, "/main.dart.js")  # zopfli still at work (it takes far longer than this)
        while first.keeper.busy():
            await asyncio.sleep(0.05)
        await asyncio.sleep(0)  # the switches to the zopfli'd file are scheduled on this loop
        return one, two, (await get(first, "/main.dart.js"))[2], (await get(second, "/main.dart.js"))[2]

    one, two, first_later, second_later = run_apart(two_apps())
    assert gzip.decompress(one) == plain and two == one
    assert len(compressions) == 1  # not gzipped again for the second app
    assert first_later == second_later == next(keep.glob("*.gz")).read_bytes()
    assert len(first_later) < len(one)  # both serve zopfli's, smaller, once made


CHILD = """import sys, pathlib
from views.web import static_gzip
made = []
static_gzip.zopfli = lambda body: made.append(1) or static_gzip.compress(body)
keeper = static_gzip.Keeper(pathlib.Path(sys.argv[1]))
print("started", flush=True)
keeper._keep(sys.argv[2], b"x" * 5000)
print("zopfli ran" if made else "read from disk", flush=True)
"""


def test_a_file_another_process_is_zopfliing_is_waited_for_and_read_not_made_again(tmp_path):
    """Two processes over one folder (the two test processes on a first run) zopfli each file once between them."""
    import hashlib
    import subprocess
    import sys
    import time
    keep = tmp_path / "kept"
    digest = hashlib.sha256(b"x" * 5000).hexdigest()[:32]
    with static_gzip.one_process_at_a_time(keep):  # this process is at work on it
        child = subprocess.Popen([sys.executable, "-c", CHILD, str(keep), digest], stdout=subprocess.PIPE, text=True,
                                 cwd=os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
        assert child.stdout.readline().strip() == "started"
        time.sleep(0.5)
        waited = child.poll() is None
        (keep / f"{digest}.gz").write_bytes(gzip.compress(b"x" * 5000))
    out, _ = child.communicate(timeout=30)
    assert waited  # it waited for the lock
    assert out.strip() == "read from disk"
