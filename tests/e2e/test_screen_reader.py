"""A screen reader user gets what the app says without hunting for Flutter's
hidden "Enable accessibility" button (views/web/reconnect.py switches it on at
load), and each standings row reads as one phrase: "Ann, first, 8 points"."""
import pytest

from companion import services
from tests.builders import hand

pytestmark = pytest.mark.e2e

PLAYED = hand(Ann=(3, 3), Bob=(4, 2), Cat=(2, 5), Dan=(0, 4))
SAID = ["Ann, first, 8 points", "Cat, second, 5 points", "Dan, third, 4 points", "Bob, fourth, 2 points"]


def stored_xylotar(served) -> int:
    game_id = services.start_game(services.new_game("xylotar", ["Ann", "Bob", "Cat", "Dan"], dealer="Dan"),
                                  served.store.uow())
    services.record_round(game_id, PLAYED.to_record(), served.store.uow())
    served.app.state.shared.hub.changed()
    return game_id


def untouched_page(browser, url: str, viewport: dict):
    """A page no test script touches: nothing clicks Flutter's placeholder
    (`open_app`'s init script would)."""
    page = browser.new_context(viewport=viewport).new_page()
    page.set_default_timeout(20000)
    page.goto(url)
    return page


@pytest.mark.parametrize("path, viewport", [("/game/{id}", {"width": 390, "height": 844}),
                                            ("/display/{id}", {"width": 1280, "height": 800})],
                         ids=["scoreboard", "display"])
def test_the_semantics_tree_is_on_by_itself_and_a_standings_row_is_one_phrase(browser, served, path, viewport):
    game_id = stored_xylotar(served)
    page = untouched_page(browser, served.url + path.format(id=game_id), viewport)
    try:
        page.wait_for_function("() => document.querySelector('flt-semantics') !== null")
        for said in SAID:
            page.get_by_text(said, exact=True).first.wait_for()
        # One phrase: the row's rank, name and total are not read out again one by one.
        assert page.get_by_text("Ann total 8 points", exact=True).count() == 0
        assert page.locator("flt-semantics-placeholder").count() == 0  # gone once switched on
    finally:
        page.context.close()
