import pytest

from tests.e2e.table import Player

pytestmark = pytest.mark.e2e


def test_home_offers_a_new_game_and_switches_theme_and_text_size(app_page):
    me = Player(app_page("/"))
    me.control("New game").wait_for()
    me.see("Score Xylotar and XYbrid at the table")
    me.tap("Dark theme")
    me.control("Light theme").wait_for()
    me.tap("Text size 100%")
    me.control("Text size 120%").wait_for()


def test_players_join_the_roster(app_page):
    me = Player(app_page("/players"))
    box = me.page.get_by_role("textbox", name="New player's name")
    me.type_into(box, "Zoe")
    box.press("Enter")
    me.see_label("Zoe")
