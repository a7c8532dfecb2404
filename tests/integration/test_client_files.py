"""What a phone's browser is told about the client's files (views/web/client_files.py),
asked of the served app as ASGI calls: the page, on any route, is asked for
again on every visit; every file it loads has an address that changes with the
files and is cached for good; the fonts listed are the ones the app draws with."""
from __future__ import annotations

import json
import pathlib
import re
import shutil

import flet_web
import pytest
from starlette.applications import Starlette
from starlette.responses import HTMLResponse

from tests.loops import run_apart
from views.app import build_app
from views.web.client_files import ClientFiles

# A player's page whose name ends like a file's ("J.R.", "Ann.B") is the page too, not a missing file.
PAGE_ROUTES = ["/", "/game/42", "/join/abcDEF123", "/display", "/players", "/players/J.R.", "/players/Ann.B"]


def scope(path: str) -> dict:
    return {"type": "http", "asgi": {"version": "3.0", "spec_version": "2.4"}, "http_version": "1.1",
            "method": "GET", "scheme": "http", "path": path, "raw_path": path.encode(), "root_path": "",
            "query_string": b"", "headers": [(b"host", b"xyscore.test:8550"), (b"accept-encoding", b"identity")],
            "server": ("127.0.0.1", 8550), "client": ("192.168.1.23", 50000)}


async def get(app, path: str) -> tuple[int, dict, bytes]:
    messages = []

    async def receive():
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message):
        messages.append(message)

    await app(scope(path), receive, send)
    return messages[0]["status"], dict(messages[0]["headers"]), b"".join(m.get("body", b"") for m in messages[1:])


def fetch_all(app, paths: list[str]) -> list[tuple[int, dict, bytes]]:
    async def run():
        return [await get(app, path) for path in paths]
    return run_apart(run())


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    from models.store import open_store
    return build_app(open_store(tmp_path_factory.mktemp("store") / "x.db"))


def loaded_by(page: bytes) -> list[str]:
    """The files the page's tags and Flet's loader config point at."""
    text = page.decode()
    tags = re.findall(r'<(?:script|link|img)\b[^>]*?\b(?:src|href)="([^"]+)"', text)
    config = re.findall(r'flet\.(?:entrypointBaseUrl|assetBase|canvasKitBaseUrl)\s*=\s*"([^"]+)"', text)
    return tags + config


def test_the_page_on_every_route_is_asked_for_again_and_points_at_versioned_files(app):
    answers = fetch_all(app, PAGE_ROUTES)
    prefixes = set()
    for route, (status, headers, page) in zip(PAGE_ROUTES, answers):
        assert status == 200 and headers[b"content-type"].startswith(b"text/html"), route
        assert headers[b"cache-control"] == b"no-cache", route
        assert b'<base href="/">' in page, route  # routes resolve as before
        loaded = loaded_by(page)
        assert "/v-" in " ".join(loaded)
        prefixes |= {url.split("/")[1] for url in loaded}
    assert len(prefixes) == 1 and prefixes.pop().startswith("v-")  # one version, for every file and route
    (missing, _, _), = fetch_all(app, ["/assets/no-such-file.json"])
    assert missing == 404  # a file that is not there is still not found


def test_every_file_the_page_loads_is_cached_for_good_and_the_same_file_unversioned_is_not(app):
    (_, _, page), = fetch_all(app, ["/"])
    files = [url for url in loaded_by(page) if not url.endswith("/")]
    base = min((url for url in loaded_by(page) if url.endswith("/")), key=len)  # the entrypoint's, the assets'
    files += [base + "main.dart.wasm", base + "main.dart.mjs", base + "assets/FontManifest.json",
              base + "canvaskit/skwasm_heavy.wasm", base + "assets/fonts/MaterialIcons-Regular.otf"]
    for path, (status, headers, _) in zip(files, fetch_all(app, files)):
        assert status == 200, path
        assert b"immutable" in headers[b"cache-control"] and b"max-age=31536000" in headers[b"cache-control"], path
    (status, headers, _), = fetch_all(app, ["/main.dart.mjs"])
    assert status == 200 and headers[b"cache-control"] == b"no-cache"  # no version in its address: asked again


def test_the_fonts_listed_are_the_ones_the_app_draws_with(app):
    (_, _, page), = fetch_all(app, ["/"])
    base = min((url for url in loaded_by(page) if url.endswith("/")), key=len)
    (status, _, body), = fetch_all(app, [base + "assets/FontManifest.json"])
    families = {family["family"] for family in json.loads(body)}
    assert status == 200 and families == {"MaterialIcons", "Roboto"}  # no KaTeX (maths), no Cupertino icons


def web_copy(tmp_path, name: str):
    """A small web client tree, as flet_web ships one."""
    root = tmp_path / name
    shutil.copytree(flet_web.get_package_web_dir(), root, ignore=shutil.ignore_patterns(
        "canvaskit", "pyodide", "*.wasm", "main.dart.js", "*.map", "assets"))
    return root


def versioned_page(web_dir) -> bytes:
    page = (web_dir / "index.html").read_bytes().decode()
    files = ClientFiles(Starlette(routes=[]), keep_dir=None, web_dir=web_dir)
    files.app = lambda scope, receive, send: HTMLResponse(page)(scope, receive, send)
    (_, _, body), = fetch_all(files, ["/game/7"])
    return body


def test_a_new_flet_gives_every_file_a_new_address(tmp_path):
    old, new = web_copy(tmp_path, "old"), web_copy(tmp_path, "new")
    (new / "version.json").write_text('{"app_name":"flet_client","version":"1.1.1","package_name":"flet_client"}')
    before, after, again = versioned_page(old), versioned_page(new), versioned_page(old)
    assert set(loaded_by(before)) == set(loaded_by(again))  # the same files: the same addresses
    assert not set(loaded_by(before)) & set(loaded_by(after))  # a changed file: every address new


def test_a_client_whose_icons_cannot_be_read_gets_the_whole_icon_font(tmp_path):
    web = web_copy(tmp_path, "other")
    (web / "assets" / "fonts").mkdir(parents=True)
    whole = pathlib.Path(flet_web.get_package_web_dir()) / "assets" / "fonts" / "MaterialIcons-Regular.otf"
    shutil.copy(whole, web / "assets" / "fonts")
    (web / "main.dart.js").write_text("// a client that lists its icons some other way\n")
    files = ClientFiles(Starlette(routes=[]), keep_dir=None, web_dir=web)
    (status, _, body), = fetch_all(files, [files.prefix + "assets/fonts/MaterialIcons-Regular.otf"])
    assert status == 200 and body == whole.read_bytes()  # every icon still draws


def test_an_emoji_names_font_is_fetched_under_the_version_and_kept(app):
    (_, _, page), = fetch_all(app, ["/"])
    pieces = re.search(r'flet\.fontFallbackBaseUrl\s*=\s*"([^"]+)"', page.decode())[1]
    version = "/" + pieces.split("/")[1] + "/"
    assert version.startswith("/v-") and pieces == version + "assets/fonts/"
    (status, headers, _), = fetch_all(app, [pieces + "notocoloremoji/v32/x.4.woff2"])
    assert status == 302 and headers[b"location"] == (version + "fonts/NotoColorEmoji.woff2").encode()
    assert b"immutable" in headers[b"cache-control"]
    (status, headers, font), = fetch_all(app, [headers[b"location"].decode()])
    assert status == 200 and font[:4] == b"wOF2" and b"immutable" in headers[b"cache-control"]
    (status, headers, _), = fetch_all(app, ["/assets/fonts/notocoloremoji/v32/x.4.woff2"])  # unversioned
    assert status == 302 and headers[b"location"] == b"/fonts/NotoColorEmoji.woff2"
    assert headers[b"cache-control"] == b"no-cache"


def test_no_api_docs_are_served_only_the_app(app):
    """A guest who guesses FastAPI's docs addresses learns nothing of the app's insides:
    each answers not found, or the app's own page as any unknown route does."""
    docs = ["/docs", "/redoc", "/openapi.json", "/docs/oauth2-redirect", "/docs/", "//redoc", "/openapi.json/"]
    for path, (status, headers, body) in zip(docs, fetch_all(app, docs)):
        text = body.decode("utf-8", "replace").lower()
        assert not any(word in text for word in ("swagger", "redoc", '"openapi"', '"paths"')), path
        assert status == 404 or (status == 200 and b'<base href="/">' in body), (path, status)
