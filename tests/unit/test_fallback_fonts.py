"""The host answers Flutter's fallback font pieces with its own fonts (issue 11)."""
import pathlib

from tests.loops import run_apart
from views.web import fallback_fonts

ASSETS = pathlib.Path(__file__).resolve().parents[2] / "assets"


def test_emoji_and_cjk_pieces_have_a_font_on_the_host():
    assert fallback_fonts.served_for("notocoloremoji") == fallback_fonts.EMOJI
    for family in ("notosanssc", "notosanstc", "notosanshk", "notosansjp", "notosanskr"):
        assert fallback_fonts.served_for(family) == fallback_fonts.CJK
    assert fallback_fonts.served_for("notosansarabic") is None
    for asset in (fallback_fonts.EMOJI, fallback_fonts.CJK):
        font = ASSETS / asset
        assert font.read_bytes()[:4] == b"wOF2"
        assert font.stat().st_size < 6_000_000


def piece(family: str):
    from starlette.requests import Request
    scope = {"type": "http", "method": "GET", "path": f"/assets/fonts/{family}/v32/x.4.woff2", "headers": [],
             "path_params": {"family": family, "rest": "v32/x.4.woff2"}, "root_path": "", "query_string": b""}
    # In a loop of its own: after the browser tests, Playwright's loop holds this thread (tests/loops.py).
    return run_apart(fallback_fonts.fallback_font(Request(scope)), 30)


def test_a_piece_redirects_to_the_whole_font_and_others_stay_missing():
    answer = piece("notocoloremoji")
    assert answer.status_code == 302 and answer.headers["location"] == "/fonts/NotoColorEmoji.woff2"
    assert piece("notosansjp").headers["location"] == "/fonts/DroidSansFallback-CJK.woff2"
    assert piece("notosansthai").status_code == 404


def test_the_route_comes_before_flets_static_files():
    from views.app import build_app

    class Store:
        pass
    app = build_app(Store())
    paths = [getattr(route, "path", None) for route in app.routes]
    assert paths.index(fallback_fonts.PATH) < paths.index("")  # "" is the mount at "/"
