"""History (filter, open read-only, delete after confirming) and the table display."""
import pytest

from companion import services
from tests.e2e.table import Player
from views.shown import game_rows

pytestmark = pytest.mark.e2e


def stored_xybrid(served, players):
    game = services.new_game("xybrid", players)
    game_id = services.start_game(game, served.store.uow())
    served.app.state.shared.hub.changed()
    return game_id


def test_history_opens_a_game_read_only_and_deletes_after_confirming(app_page, served):
    game_id = stored_xybrid(served, ["Hal", "Ida"])
    (summary,) = [s for s in services.list_games(served.store.reader()) if s.id == game_id]
    me = Player(app_page("/history"))
    me.tap("Show games: XYbrid")
    me.tap("Show games of Hal")
    me.see_label("not finished: no round played yet")
    me.tap(f"Open the {game_rows.said(summary)}")  # a row is told apart by its game, start and players
    me.see_label("Round 1: draw a random player to start")  # Y5 in words, the whole line: no "(Y5)"
    assert me.page.get_by_text("Enter round 1").count() == 0  # read-only: nothing to enter
    me.tap("Back")
    me.tap(f"Delete the {game_rows.said(summary)}")
    me.see("Delete this game for good?")
    me.tap("Yes, delete")
    me.page.get_by_label(f"Open the {game_rows.said(summary)}", exact=True).wait_for(state="detached")


TYPES = ["core", "head", "left_arm", "right_arm", "legs"]  # a complete monster (Y3)


def test_table_display_follows_the_game_without_editing_controls(app_page, served):
    game_id = stored_xybrid(served, ["Jo", "Kit"])
    screen = Player(app_page(f"/display/{game_id}", width=1280, height=800))
    screen.see("Round 1")
    screen.see_label("Jo, joint first, 0 infamy")  # the standings row, read as one phrase
    screen.control("Back to the scoreboard").wait_for()  # the host's way back...
    assert screen.page.get_by_role("button").count() == 1  # ...and nothing that edits
    services.record_round(game_id, {"first_player": "Jo", "results": {
        "Jo": {"parts": [0, 4, 0, 0, 0], "part_types": TYPES, "hand": 1, "adjustments": []},
        "Kit": {"parts": [0, 0, 0, 0, 0], "part_types": TYPES, "hand": 0, "adjustments": []}}}, served.store.uow())
    served.app.state.shared.hub.changed()
    screen.see_label("Jo, first, 5 infamy")
    screen.see("Kit starts round 2")
    screen.see("Round 1: the scores")  # each player's infamy and why (Y4), in words
    screen.see("parts 4, parts in hand +1")
