"""The BG Stats code on the game-over card and the table display: it holds the
game's createPlay link and still scans at the size drawn, for the longest
names and place; a link too long for any code says so instead of a broken one."""
from __future__ import annotations

import io

import pytest
import zxingcpp
from PIL import Image

from companion.exports import bg_stats_link
from companion.host_settings import MAX_LOCATION_LENGTH
from companion.players import MAX_NAME_LENGTH
from companion.services import StoredGame
from tests.builders import hand, played
from views.parts import bg_stats_card
from views.web import qr


def five_long_names(letters: str) -> StoredGame:
    """A finished 5-player game (11 tricks a hand, X3) whose names are as long as a name may be."""
    names = [letter * MAX_NAME_LENGTH for letter in letters]
    tricks = (2, 2, 2, 2, 3)  # seat 3 makes its bid of 2 every hand (7 a hand, X5): it wins
    game = played(" ".join(names), *[hand(**{n: (bid, t) for bid, (n, t) in enumerate(zip(names, tricks))})
                                     for _ in range(3)])
    assert game.outcome().is_over
    return StoredGame(4, game, "2026-12-01T19:00:00+00:00")


def drawn(png: bytes, width: int) -> Image.Image:
    """The code as the screen draws it: `width` pixels wide (one pixel a logical pixel)."""
    return Image.open(io.BytesIO(png)).convert("L").resize((width, width), Image.Resampling.BILINEAR)


@pytest.mark.parametrize("largest", [300, bg_stats_card.ON_CARD, bg_stats_card.ON_DISPLAY])  # a phone, a tablet, the display
def test_the_longest_names_and_place_still_scan_at_the_size_drawn(largest):
    link = bg_stats_link(five_long_names("ABCDE"), location="P" * MAX_LOCATION_LENGTH)
    png, modules = bg_stats_card.code(link)
    width = bg_stats_card.qr_width(modules, largest)
    assert modules * 1.5 < width <= largest  # each module at least 1.5 pixels where a phone draws it
    assert [found.text for found in zxingcpp.read_barcodes(drawn(png, width))] == [link]


def test_the_code_is_drawn_four_pixels_a_module_where_it_fits():
    assert bg_stats_card.qr_width(73, largest=600) == 292
    assert bg_stats_card.qr_width(133, largest=340) == 340  # a narrow place: as wide as it gives


@pytest.mark.parametrize("largest", [bg_stats_card.ON_CARD, bg_stats_card.ON_DISPLAY])
def test_a_five_player_code_is_drawn_large_on_a_tablet_and_on_the_display(largest):
    """Issue 28: a 5-player game's code was drawn 316 pixels wide on a tablet, under 3 pixels a module."""
    link = bg_stats_link(five_long_names("ABCDE"), location="P" * MAX_LOCATION_LENGTH)
    _, modules = bg_stats_card.code(link)
    width = bg_stats_card.qr_width(modules, largest)
    assert width >= 4 * modules and width > 500


def test_a_link_too_long_for_any_code_gives_none_and_the_card_says_what_to_do():
    link = bg_stats_link(five_long_names("螺旋階段夢"))  # each character 9 bytes in the link, 3 times over
    with pytest.raises(qr.TooLongForCode):
        qr.qr_code(link, level=bg_stats_card.LEVEL)
    assert bg_stats_card.code(link) is None
    assert "Copy link" in bg_stats_card.TOO_LONG and "Open in BG Stats" in bg_stats_card.TOO_LONG


def test_save_says_the_place_every_code_now_sends():
    assert bg_stats_card.saved_words("The Rec Room") == "Saved: every game's code now says you played at The Rec Room."
    assert bg_stats_card.saved_words(None) == "Saved: the codes no longer say where you played."
