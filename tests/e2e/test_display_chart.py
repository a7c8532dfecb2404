"""The display's chart fits any number of players and hands (issue 11): on a
tablet across the table nobody scrolls, so after a long tiebreak every
player's bar for the latest hand is on screen, at 1280x800 and on a phone."""
import pytest

from companion import services
from tests.e2e.table import Player

pytestmark = pytest.mark.e2e

LONG = "Maximiliana Wolfeschlegelsteinhausenberg"
FIVE = [LONG, "Bo", "Cy", "Di", "Ed"]
TRICKS = (3, 3, 2, 2, 1)  # 11 tricks at 5 players; the first two tie every hand, so tiebreaks go on (X8)


def eight_hands(served) -> int:
    game_id = services.start_game(services.new_game("xylotar", FIVE), served.store.uow())
    for _ in range(8):
        services.record_round(game_id, {"results": {name: {"bid": 0, "tricks": won}
                                                    for name, won in zip(FIVE, TRICKS)}}, served.store.uow())
    served.app.state.shared.hub.changed()
    return game_id


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_every_bar_of_the_latest_hand_is_on_the_display_X8(app_page, served, width, height):
    game_id = eight_hands(served)
    display = Player(app_page(f"/display/{game_id}", width=width, height=height))
    totals = services.load(game_id, served.store.reader()).game.totals()
    display.see("Totals by hand")
    display.page.mouse.move(width / 2, height / 2)
    display.page.mouse.wheel(0, 2000)  # on a phone the chart is below the standings; never scrolled sideways
    for name in FIVE:
        bar = display.page.get_by_text(f"{name} after hand 8: {totals[name]}", exact=True).first
        bar.wait_for()
        box = bar.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, (name, box)
    first = display.page.get_by_text("Ed after hand 1: 1", exact=True).first
    assert first.bounding_box()["x"] >= 0


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_the_display_at_145_percent_text_scrolls_to_every_bar_of_the_latest_hand(app_page, served, width, height):
    """Issue 28: the host's text size follows onto the display; at 145% the
    chart is below the fold, and the display scrolls to it (it could not)."""
    game_id = eight_hands(served)
    host = Player(app_page(f"/game/{game_id}", width=width, height=height))
    host.set_text_size(145)
    host.tap("Show on the table display")
    host.see("Totals by hand")
    totals = services.load(game_id, served.store.reader()).game.totals()
    for name in FIVE:
        bar = host.page.get_by_text(f"{name} after hand 8: {totals[name]}", exact=True).first
        host.reach(bar)  # the wheel, as a player scrolls
        box = bar.bounding_box()
        assert 0 <= box["x"] and box["x"] + box["width"] <= width, (name, box)
        assert 0 <= box["y"] and box["y"] + box["height"] <= height, (name, box)  # scrolled into view
