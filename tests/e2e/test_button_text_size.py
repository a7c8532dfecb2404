"""Issue 28: a button's own words grow with the text size, as every other
text does (at 145% they stayed at 100%). Measured on the pixels drawn: the
width of the ink of the "New game" button's icon and words."""
import io
import time

import pytest
from PIL import Image

from tests.e2e.table import Player

pytestmark = pytest.mark.e2e


def ink_width(me: Player, name: str) -> int:
    """How wide what is drawn on the button `name` is (its icon and words),
    in pixels: the columns holding a pixel far from the button's own colour."""
    button = me.control(name)
    box = button.bounding_box()
    picture = Image.open(io.BytesIO(me.page.screenshot(clip=box))).convert("L")
    width, height = picture.size
    ground = picture.getpixel((20, height // 2))  # the button's colour, inside its rounded end
    columns = [x for x in range(20, width - 20) if any(abs(picture.getpixel((x, y)) - ground) > 60
                                                       for y in range(10, height - 10))]
    return columns[-1] - columns[0] + 1 if columns else 0


def settled_ink(me: Player, name: str, *, at_least: float = 0, seconds: float = 15) -> int:
    """The ink's width once the button is drawn as it will stay: two looks
    0.2 s apart agree (and reach `at_least`), or the last look after `seconds`
    (a busy machine draws a new text size later; this is a second look, never
    a second tap)."""
    last, deadline = -1, time.monotonic() + seconds
    while True:
        now = ink_width(me, name)
        if (now == last and now >= at_least) or time.monotonic() > deadline:
            return now
        last = now
        me.page.wait_for_timeout(200)


def test_a_buttons_words_grow_with_the_text_size(app_page):
    me = Player(app_page("/", width=390, height=844))
    me.control("New game").wait_for()
    at_100 = settled_ink(me, "New game", at_least=41)
    for shown in (100, 120):
        me.tap(f"Text size {shown}%")
    me.control("Text size 145%").wait_for()
    at_145 = settled_ink(me, "New game", at_least=1.25 * at_100)
    assert at_100 > 40, at_100  # the icon and the words were found
    assert at_145 >= 1.25 * at_100, (at_100, at_145)
