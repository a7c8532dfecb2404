"""An Undo or Redo notice stays on the scoreboard it was shown on (issue 28):
it followed the host onto the next correction screen, where its button would
have undone a hand other than the one on screen."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.e2e.table import Player, stored_game
from tests.e2e.test_drafts import told

pytestmark = pytest.mark.e2e


def test_the_undo_notice_does_not_follow_the_host_onto_a_correction_screen(app_page, served):
    game_id = stored_game(served, ("Ann", "Bob", "Cat"), [((1, 1), (5, 5), (6, 6)), ((3, 3), (4, 4), (5, 5))],
                          dealer="Cat")
    me = Player(app_page(f"/game/{game_id}"))
    me.tap("Undo hand 2")
    told(me, "Undid: hand 2")
    redo = me.page.get_by_role("button", name="Redo", exact=True)
    expect(redo).to_be_visible()
    me.tap("Correct hand 1")
    me.page.wait_for_url(re.compile(r"/game/\d+/round/1$"))
    me.see("Correct hand 1")
    expect(redo).to_have_count(0, timeout=2000)  # the notice (shown for 8 s) went with its scoreboard
    # On the screen, not in the words once read out to a screen reader (Flutter keeps them a moment
    # in a live region of the page, out of sight).
    on_screen = me.page.locator("flt-semantics-host")
    assert not on_screen.get_by_text("Undid: hand 2").or_(on_screen.get_by_label("Undid: hand 2")).count()
