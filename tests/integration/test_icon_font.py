"""The icon font a phone downloads is cut to the app's icons (views/web/icon_font.py):
every icon a screen names draws from it, and an icon added to a screen is in
the next cut. The screens' icons are found here by their text, apart from the
cutter's own reading of the source; their codepoints come from the installed
web client, as the browser looks them up."""
from __future__ import annotations

import io
import pathlib
import re

import flet_web
import pytest
from fontTools.ttLib import TTFont

from views.web.icon_font import VIEWS, ClientIcons, cut_font, flet_icon_numbers

WEB = pathlib.Path(flet_web.get_package_web_dir())


@pytest.fixture(scope="module")
def client() -> str:
    return (WEB / "main.dart.js").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def whole_font() -> bytes:
    return (WEB / "assets" / "fonts" / "MaterialIcons-Regular.otf").read_bytes()


def drawn(font: bytes) -> set[int]:
    """The codepoints `font` has a glyph with an outline for."""
    loaded = TTFont(io.BytesIO(font))
    glyphs = loaded.getGlyphSet()
    out = set()
    for codepoint, name in loaded.getBestCmap().items():
        pen_calls = []

        class Pen:
            def __getattr__(self, _):
                return lambda *a, **k: pen_calls.append(a)
        glyphs[name].draw(Pen())
        if pen_calls:
            out.add(codepoint)
    return out


def icons_named_in(views: pathlib.Path) -> set[str]:
    text = "\n".join(path.read_text(encoding="utf-8") for path in views.rglob("*.py"))
    assert not re.search(r"Icons\s*\[|getattr\(\s*(ft\.)?Icons", text), "an icon chosen by name at run time"
    return set(re.findall(r"\bIcons\.([A-Z0-9_]+)", text))


def test_every_icon_the_screens_name_draws_from_the_cut_font(client, whole_font):
    icons, numbers = ClientIcons(client), flet_icon_numbers()
    named = icons_named_in(VIEWS)
    assert {"ADD", "QR_CODE", "UNDO"} <= named  # the scan sees the screens' icons
    cut = cut_font(whole_font, client, None)
    kept = drawn(cut)
    missing = sorted(name for name in named if icons.codepoint(numbers[name]) not in kept)
    assert missing == []
    assert icons.codepoint(numbers["ABC"]) not in kept  # and it is cut: an icon no screen uses is not there
    assert len(cut) < len(whole_font) // 10


def test_an_icon_added_to_a_screen_is_in_the_next_cut(client, whole_font, tmp_path):
    (tmp_path / "screen.py").write_text("import flet as ft\n\nICON = ft.Icons.ALARM_ON\n", encoding="utf-8")
    icons, numbers = ClientIcons(client), flet_icon_numbers()
    alarm = icons.codepoint(numbers["ALARM_ON"])
    assert alarm not in drawn(cut_font(whole_font, client, None))  # no screen of the app shows it today
    assert alarm in drawn(cut_font(whole_font, client, None, views=tmp_path))


def test_the_icons_the_client_draws_by_itself_stay(client, whole_font):
    icons, numbers = ClientIcons(client), flet_icon_numbers()
    kept = drawn(cut_font(whole_font, client, None))
    # a text field's clear button, a dropdown's arrow, a menu's dots
    for name in ("ARROW_BACK", "CLOSE", "ARROW_DROP_DOWN", "MORE_VERT"):
        assert icons.codepoint(numbers[name]) in kept, name
