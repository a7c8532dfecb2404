"""New game says which way the dealt Bonus Beats are entered: on each
player's own phone (secret, P2), the default, or all on this screen, which
says first that everyone's cards show there (issue 28: a switch opened every
player's dealt-card picker on the host's screen, saying nothing)."""
import pytest
from playwright.sync_api import expect

from companion import services
from tests.e2e.table import Player

pytestmark = pytest.mark.e2e


def test_new_games_dealt_cards_are_entered_on_the_phones_unless_the_host_chooses_this_screen(app_page, served):
    me = Player(app_page("/new", width=390, height=844))
    me.tap("Xylotar")
    for name in ("Ann", "Bob", "Cy"):
        me.type_name(name)
    me.tick(me.page.get_by_role("checkbox", name="Bonus Beats"))
    phones = me.page.get_by_role("radio", name="On each phone (secret)")
    expect(phones).to_be_checked()  # the default: nobody's cards on this screen
    me.see("on their own phone when they join")
    assert not me.has_text("Ann: 0 of 2")  # no picker of anyone's cards

    me.tap(me.page.get_by_role("radio", name="All on this screen"))
    me.see("Everyone's dealt cards show on this screen")  # said with the pickers, before a card is tapped
    me.see("Ann: 0 of 2")
    me.tap(phones)
    me.see("on their own phone when they join")
    expect(me.page.get_by_text("Ann: 0 of 2")).to_have_count(0)

    me.tap("Start game")
    me.page.wait_for_url("**/game/*")
    game_id = int(me.page.url.rsplit("/", 1)[1])
    assert "bonus_beats_dealt" not in services.export_record(game_id, served.store.reader())
