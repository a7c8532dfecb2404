"""A screen full of text keeps answering through a burst of text size changes.

Flet's app makes its page cross-origin isolated; on the serving machine's own
browser (a secure origin) Flutter then draws with two threads that share a
glyph cache unguarded, and a few new text sizes in a row corrupted it: the
page froze at 100% CPU (5 of 42 tries of this test's taps on the tablet's
hand screen), or stopped on "memory access out of bounds". The app's pages
are not isolated now, so every browser draws on one thread, as a phone on the
table's Wi-Fi always did (views/web/client_files.py, OneDrawingThread)."""
import pytest

from companion import services
from tests.e2e.conftest import answers
from tests.e2e.table import Player

pytestmark = pytest.mark.e2e

LONG = "Maximiliana Wolfeschlegelsteinhausenberg"  # 40 characters


def test_the_tablets_hand_screen_keeps_answering_through_nine_text_sizes_in_a_row(app_page, served):
    game = services.new_game("xylotar", [LONG, "Bob", "Cat", "Dan", "Eve"], dealer="Eve",
                             expansions=("bonus_beats", "off_key"))
    game_id = services.start_game(game, served.store.uow())
    me = Player(app_page(f"/game/{game_id}/round", width=1280, height=800, dark=True))
    me.see("Confirm hand")
    assert me.page.evaluate("crossOriginIsolated") is False  # Flutter draws on one thread
    sizes = [100, 120, 145] * 3
    for shown, then in zip(sizes, sizes[1:] + [100]):
        me.tap(f"Text size {shown}%")
        me.control(f"Text size {then}%").wait_for()  # drawn again at the new size
    assert answers(me.page), "the page froze"
    me.pick(LONG, "bid", 2)  # and a tap still does what it says
    assert not [line for line in me.page.said if line.startswith("page error")], me.page.said
