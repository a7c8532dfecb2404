"""The host's LAN address, the links phones open, and their QR codes (issue 5).
Only loopback and made-up addresses: nothing here talks to a network."""
from __future__ import annotations

import io

import pytest
from PIL import Image

from companion.access import new_token
from views.web.lan import DISPLAY, JOIN, LanAddress, lan_address, path, url
from views.web.qr import BORDER, qr_code, qr_png, qr_text

TOKEN = "jWWi7q5Ws9Q8sz_p2MAbKuiFWkq4xfQm"
LINK = f"http://192.168.1.20:8550/join/{TOKEN}"


def no_route(_probe: str) -> None:
    return None


def no_names() -> list[str]:
    return []


def find(override=None, environ=None, route=no_route, hostname=no_names) -> LanAddress:
    return lan_address(override, environ=environ or {}, route=route, hostname=hostname)


# --- the address ------------------------------------------------------------
def test_the_hosts_own_choice_comes_first():
    assert find("192.168.1.20", environ={"XYSCORE_PUBLIC_HOST": "10.0.0.9"}) == LanAddress("192.168.1.20", "override")
    assert find(environ={"XYSCORE_PUBLIC_HOST": " 10.0.0.9 "}) == LanAddress("10.0.0.9", "environment")


def test_the_routed_address_is_used_when_nothing_is_given():
    assert find(route=lambda probe: "192.168.1.20") == LanAddress("192.168.1.20", "route")


def test_a_loopback_route_falls_through_to_the_host_names_addresses():
    found = find(route=lambda probe: "127.0.1.1", hostname=lambda: ["127.0.1.1", "192.168.43.7"])
    assert found == LanAddress("192.168.43.7", "hostname") and found.reachable


# Offline, the host name often resolves to 127.0.1.1: say so rather than hand phones a loopback link.
def test_loopback_only_is_reported_as_unreachable():
    found = find(route=lambda probe: "127.0.0.1", hostname=lambda: ["127.0.1.1"])
    assert found == LanAddress("127.0.0.1", "loopback") and not found.reachable


def test_the_route_probe_tries_a_private_range_when_there_is_no_default_route():
    asked = []

    def lan_without_gateway(probe):
        asked.append(probe)
        return "192.168.0.42" if probe.startswith("192.168.") else None

    assert find(route=lan_without_gateway).host == "192.168.0.42"
    assert asked[0] == "192.0.2.1"  # documentation range: no packet is sent, only the route is looked up


# --- the links ------------------------------------------------------------------
def test_join_and_display_links():
    assert url("192.168.1.20", 8550, path(JOIN, TOKEN)) == LINK
    assert url("192.168.1.20", 8550, path(DISPLAY, TOKEN)) == f"http://192.168.1.20:8550/display/{TOKEN}"
    assert path(JOIN, TOKEN) == f"/join/{TOKEN}" and path(DISPLAY, "t") == "/display/t"
    assert url("::1", 8550) == "http://[::1]:8550/"


def test_a_links_last_segment_never_holds_a_dot():
    for _ in range(200):
        assert "." not in url("192.168.1.20", 8550, path(JOIN, new_token())).rsplit("/", 1)[1]


# --- the QR codes -------------------------------------------------------------------
def test_the_qr_code_holds_exactly_the_link_and_stays_small():
    code = qr_code(LINK)
    assert b"".join(chunk.data for chunk in code.data_list) == LINK.encode()
    assert code.version <= 5  # 37 modules: a phone reads it from across the table
    assert len(code.get_matrix()) == 17 + 4 * code.version + 2 * BORDER


def png_modules(png: bytes, box: int) -> list[list[bool]]:
    """The PNG read back module by module (True = dark), sampling each box's centre."""
    image = Image.open(io.BytesIO(png)).convert("L")
    size = image.width // box
    assert image.width == image.height == size * box
    return [[image.getpixel((x * box + box // 2, y * box + box // 2)) < 128 for x in range(size)]
            for y in range(size)]


def test_the_png_draws_the_codes_modules_with_a_quiet_zone():
    assert png_modules(qr_png(LINK, box_size=6), 6) == qr_code(LINK).get_matrix()


def text_modules(text: str) -> list[list[bool]]:
    """The terminal text read back (True = a drawn, light module), two rows per line."""
    top = {" ": False, "\xa0": False, "▀": True, "▄": False, "█": True}
    bottom = {" ": False, "\xa0": False, "▀": False, "▄": True, "█": True}
    rows = []
    for line in text.splitlines():
        rows += [[top[c] for c in line], [bottom[c] for c in line]]
    return rows


def test_the_terminal_text_draws_the_light_modules_for_a_dark_terminal():
    matrix = qr_code(LINK, border=2).get_matrix()
    light = [[not dark for dark in row] for row in matrix]
    assert text_modules(qr_text(LINK))[:len(matrix)] == light


def as_image(modules: list[list[bool]], light_is_true: bool, box: int = 6) -> Image.Image:
    image = Image.new("L", (len(modules[0]) * box, len(modules) * box))
    for y, row in enumerate(modules):
        for x, on in enumerate(row):
            shade = 255 if on == light_is_true else 0
            image.paste(shade, (x * box, y * box, (x + 1) * box, (y + 1) * box))
    return image


# A real decoder (zxing-cpp, in the test extras) reads back both codes.
def test_a_scanner_reads_the_link_from_the_png_and_from_the_terminal():
    zxingcpp = pytest.importorskip("zxingcpp")
    from_png = zxingcpp.read_barcodes(Image.open(io.BytesIO(qr_png(LINK))))
    from_text = zxingcpp.read_barcodes(as_image(text_modules(qr_text(LINK)), light_is_true=True))
    assert [b.text for b in from_png] == [LINK] == [b.text for b in from_text]
