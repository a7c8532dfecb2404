"""A name typed while the host's other screens keep changing things comes out
whole (issue 24): each letter is sent as it is typed, and a redraw for
another screen's change used to send the box the letters it had heard so
far, over the ones still on their way ("Bartholomew Smith" came out
"Bartholt", or empty)."""
import threading

import pytest
from playwright.sync_api import expect

from companion import services
from tests.e2e.table import Player

pytestmark = pytest.mark.e2e

NAME = "Bartholomew Smith"


class Changing:
    """Every screen told of a change every 5 ms, as when other tables score
    and the host edits the roster, while the block runs."""

    def __init__(self, served) -> None:
        self.hub, self.stop = served.app.state.shared.hub, threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self) -> None:
        while not self.stop.wait(0.005):
            self.hub.changed()

    def __enter__(self) -> "Changing":
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop.set()
        self.thread.join()


def type_and_enter(me: Player, box, text: str) -> None:
    me.type_into(box, text)  # letter by letter, once, as a player types; the box shows every one
    me.page.wait_for_timeout(500)  # the redraws still coming do not take a letter back
    expect(box).to_have_value(text)
    box.press("Enter")


def test_names_typed_on_new_game_while_screens_change_are_seated_whole(app_page, served):
    me = Player(app_page("/new"))
    me.see("Players, clockwise (")
    box = me.page.get_by_role("textbox", name="New player's name")
    with Changing(served):
        type_and_enter(me, box, NAME)
        me.control(f"Remove {NAME}").wait_for()
        expect(box).to_have_value("")  # seated: the box is emptied for the next name
        type_and_enter(me, box, "Cat")
        me.control("Remove Cat").wait_for()
    me.see("2 players")


def test_a_name_typed_on_players_while_screens_change_joins_the_roster_whole(app_page, served):
    me = Player(app_page("/players"))
    box = me.page.get_by_role("textbox", name="New player's name")
    box.wait_for()
    with Changing(served):
        type_and_enter(me, box, NAME)
        me.control(f"Rename {NAME}").wait_for()
        expect(box).to_have_value("")
    assert services.roster(served.store.reader()) == [NAME]  # as typed, nothing else
