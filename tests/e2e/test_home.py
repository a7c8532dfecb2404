import pytest

pytestmark = pytest.mark.e2e


def test_home_offers_a_new_game(app_page):
    page = app_page("/")
    page.get_by_role("button", name="New game").wait_for()
    assert page.get_by_text("XY Score").count() >= 1
