"""A note on a hand (issue 28): in a past game's history the host taps a
hand's number, types the players' own words on it and saves; the note shows
under the hand, and it is in the game's record and in BG Stats' comments."""
import pytest
from playwright.sync_api import expect

from companion import services
from companion.exports import bg_stats_play
from models.transfer import export_game
from tests.e2e.table import Player, stored_game

pytestmark = pytest.mark.e2e

SEATS = ("Lena", "Moss", "Nico")
HANDS = [((4, 4), (3, 3), (5, 5)), ((2, 2), (5, 5), (4, 5)), ((8, 8), (2, 3), (1, 1))]  # 12 tricks a hand (X3)


def test_the_host_notes_a_hand_in_a_past_games_history(app_page, served):
    game_id = stored_game(served, SEATS, HANDS, dealer="Nico")
    assert services.load(game_id, served.store.reader()).game.outcome().is_over
    me = Player(app_page(f"/history/{game_id}", width=390, height=844))
    me.see("Lena")
    assert me.page.get_by_role("textbox", name="Note on hand 1").count() == 0  # closed until asked for

    me.tap_text("Note on hand 1")  # the hand's number
    box = me.page.get_by_role("textbox", name="Note on hand 1")
    me.bring_into_view(box)
    me.type_into(box, "Moss dealt twice")
    me.tap("Save the note on hand 1")
    box.wait_for(state="detached")  # kept: the box closes, the note shows under its hand
    me.see_label("Note on hand 1: Moss dealt twice")
    expect(me.page.get_by_text("Moss dealt twice").first).to_be_visible()

    assert [entered.get("note") for entered in export_game(served.store, game_id)["rounds"]] == [
        "Moss dealt twice", None, None]
    comments = bg_stats_play(services.load(game_id, served.store.reader()))["comments"]
    assert comments.endswith("\nHand 1: Moss dealt twice")
