"""Issue 28: the setup guide on a new game's scoreboard folds away once read,
and stays folded in this browser (a reload, the next game); a tap opens it."""
import pytest

from companion import services
from tests.e2e.conftest import show_semantics
from tests.e2e.table import Player

pytestmark = pytest.mark.e2e

STEP = "1. Give each player 1 high note card and return the extras to the box."


def test_the_setup_guide_folds_away_once_read_and_stays_folded(app_page, served):
    games = [services.start_game(services.new_game("xylotar", ["Ann", "Bob", "Cat", "Dan"], dealer="Dan"),
                                 served.store.uow()) for _ in range(2)]
    served.app.state.shared.hub.changed()
    me = Player(app_page(f"/game/{games[0]}"))
    me.see(STEP)
    me.tap("Fold the setup guide away")
    me.control("Show the setup guide").wait_for()
    assert not me.has_text(STEP)

    me.page.reload()  # a new session: only the browser remembers
    show_semantics(me.page)
    me.control("Show the setup guide").wait_for()
    assert not me.has_text(STEP)
    me.go(f"/game/{games[1]}")  # the next game too
    me.control("Show the setup guide").wait_for()
    assert not me.has_text(STEP)

    me.tap("Show the setup guide")
    me.see(STEP)
