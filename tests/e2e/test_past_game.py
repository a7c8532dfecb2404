"""A game played earlier, entered afterwards with the day it was played, and
a note on it (issue 28: neither was possible but through a JSON import)."""
import re

import pytest
from playwright.sync_api import expect

from companion import services
from tests.e2e.table import Player

pytestmark = pytest.mark.e2e


def test_a_game_played_earlier_is_entered_with_its_day_and_a_note_shown_in_its_history(app_page, served):
    me = Player(app_page("/new", width=390, height=844))
    me.tap("Xylotar")
    me.page.get_by_text(re.compile(r"players, clockwise \(2-5\)", re.IGNORECASE)).first.wait_for()
    for name in ("Ann", "Bob", "Cat"):
        me.type_name(name)
    day = me.page.get_by_role("textbox", name="Played on")
    me.bring_into_view(day)
    me.type_into(day, "2026-11-28")
    me.tap("Start game")
    me.page.wait_for_url(re.compile(r"/game/\d+$"))
    game_id = int(me.page.url.rsplit("/", 1)[1])

    box = me.page.get_by_role("textbox", name="Note on this game")
    me.bring_into_view(box)
    me.type_into(box, "Played at the cottage")
    me.tap("Save note")
    expect(me.control("Save note")).to_be_disabled()  # kept: nothing left to save
    stored = services.load(game_id, served.store.reader())
    assert (stored.started_at, stored.note) == ("2026-11-28T12:00:00+00:00", "Played at the cottage")

    me.go("/history")
    me.see("28 Nov")  # the game is listed on the day it was played
    me.go(f"/history/{game_id}")
    me.see("Played at the cottage")  # its note, read only
    assert me.page.get_by_role("textbox", name="Note on this game").count() == 0
