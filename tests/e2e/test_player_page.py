"""A player's own page (/players/NAME), opened from History's statistics: the
head-to-head with each rival, the nemesis and the favourite victim in
words, and the final totals drawn as a line (flet-charts)."""
import pytest
from playwright.sync_api import Error as PlaywrightError

from companion import services
from tests.e2e.table import Player
from views.parts.chart import PALETTE

pytestmark = pytest.mark.e2e

# Known-legal hands (tests/unit/test_stats.py) with the totals they give (X5: tricks, +5 for a bid met).
# Totals 27, 20, 24: the first seat wins.
FIRST_WINS = ({"bid": 4, "tricks": 4}, {"bid": 3, "tricks": 3}, {"bid": 5, "tricks": 5}), \
             ({"bid": 5, "tricks": 5}, {"bid": 2, "tricks": 3}, {"bid": 4, "tricks": 4}), \
             ({"bid": 3, "tricks": 3}, {"bid": 4, "tricks": 4}, {"bid": 6, "tricks": 5})
# Totals 16, 20, 25: the third seat wins, the first comes last.
FIRST_LAST = ({"bid": 3, "tricks": 3}, {"bid": 4, "tricks": 5}, {"bid": 2, "tricks": 4}), \
             ({"bid": 0, "tricks": 1}, {"bid": 6, "tricks": 6}, {"bid": 5, "tricks": 5}), \
             ({"bid": 2, "tricks": 2}, {"bid": 3, "tricks": 4}, {"bid": 6, "tricks": 6})
ANSEL = "Ansel"  # names no other browser test uses: the served store is shared by the whole session


def play(served, players: list[str], hands) -> None:
    game_id = services.start_game(services.new_game("xylotar", players), served.store.uow())
    for seats in hands:
        services.record_round(game_id, {"results": dict(zip(players, seats))}, served.store.uow())


def four_games(served) -> None:
    """Ansel beats Bruno and Cosima twice, then comes last behind both, then behind Cosima and Dario:
    2 won, 1 lost against Bruno; 2 won, 2 lost against Cosima (the nemesis); Bruno the favourite
    victim (as often beaten as Cosima, but Bruno beat Ansel less often)."""
    play(served, [ANSEL, "Bruno", "Cosima"], FIRST_WINS)
    play(served, [ANSEL, "Bruno", "Cosima"], FIRST_WINS)
    play(served, [ANSEL, "Bruno", "Cosima"], FIRST_LAST)
    play(served, [ANSEL, "Dario", "Cosima"], FIRST_LAST)
    served.app.state.shared.hub.changed()


def scroll_to(me: Player, locator, tries: int = 12) -> None:
    """Scroll the screen down until `locator` is there, as a player scrolls to find it."""
    for _ in range(tries):
        if locator.count():
            try:
                me.bring_into_view(locator.first)
                return
            except PlaywrightError:  # the screen was drawn again meanwhile (a change came): look again
                me.page.wait_for_timeout(300)
                continue
        me.page.mouse.move(195, 500)
        me.page.mouse.wheel(0, 500)
        me.page.wait_for_timeout(300)
    locator.first.wait_for(timeout=5000)


def drawn(me: Player, box: dict, colour: str) -> int:
    """How many pixels inside `box` of the screen are `colour` (give or take antialiasing)."""
    import io

    from PIL import Image

    data = Image.open(io.BytesIO(me.page.screenshot(clip=box))).convert("RGB").tobytes()
    want = tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return sum(1 for pixel in zip(data[0::3], data[1::3], data[2::3])
               if all(abs(a - b) <= 24 for a, b in zip(pixel, want)))


def test_history_opens_a_players_page_with_head_to_head_nemesis_and_the_totals_drawn_X5_X8(app_page, served):
    four_games(served)
    me = Player(app_page("/history"))
    me.tap(f"Show games of {ANSEL}")
    page_link = me.page.get_by_role("button", name=f"Open {ANSEL}'s page", exact=True)
    scroll_to(me, page_link)
    page_link.first.click()
    me.page.wait_for_url(f"**/players/{ANSEL}/*")  # with the stable id: a rename keeps the page
    # The head-to-head from Ansel's side, each rival apart; read as a sentence by a screen reader.
    for rival, said in (("Bruno", "You beat Bruno twice, Bruno beat you once, in 3 games"),
                        ("Cosima", "You beat Cosima twice, Cosima beat you twice, in 4 games"),
                        ("Dario", "You beat Dario 0 times, Dario beat you once, in 1 game")):
        scroll_to(me, me.page.get_by_text(said, exact=True))
    scroll_to(me, me.page.get_by_text("Your nemesis: Cosima (beat you 2 of 4)", exact=True))
    scroll_to(me, me.page.get_by_text("Your favourite victim: Bruno (you beat them 2 of 3)", exact=True))
    # The line of final totals: 27, 27, 16, 16, two of them won, and drawn in the page's colour.
    me.page.mouse.wheel(0, -5000)
    chart = me.page.get_by_role("img", name="Final totals, game by game: 4 games, from 16 to 27 points, "
                                            "the latest 16, won 2", exact=True)
    scroll_to(me, chart)
    chart.first.wait_for()
    me.page.wait_for_timeout(500)  # the chart is drawn a frame after its semantics
    pixels = drawn(me, chart.first.bounding_box(), PALETTE[0])
    assert pixels > 150, f"the line is not drawn: {pixels} pixels of its colour"


def test_a_name_nobody_plays_under_says_so_with_a_way_back(app_page, served):
    me = Player(app_page("/players/Nobody%20Atall"))
    me.see_label("Nobody called Nobody Atall has played here")
    me.tap("See everyone who plays here")
    me.page.wait_for_url("**/players")
    # A name on the roster with no game yet has its page, waiting for the first game.
    services.add_player("Quilla Moss", served.store.uow())
    me.go("/players/Quilla%20Moss")
    me.see_label("No games yet: every game played here shows up on this page.")
    assert not me.has_text("Nobody called")
    # A name that ends like a file's opens its page too, on a fresh load (a bookmark, a reload).
    services.add_player("J.R.", served.store.uow())
    me.go("/players/J.R.")
    me.see_label("No games yet: every game played here shows up on this page.")
