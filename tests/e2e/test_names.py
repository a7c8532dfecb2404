"""Names as people write them (issue 11): a 40-character name never covers a
score, emoji and CJK names draw with the host's own fallback fonts (no request
leaves the host), and New game says why it refuses a name."""
import re
from io import BytesIO
from urllib.parse import urlparse

import pytest
from PIL import Image

from companion import services
from companion import table_services as table
from companion.access import Access, TableSettings
from tests.e2e.table import Player

pytestmark = pytest.mark.e2e

LONG = "Maximiliana Wolfeschlegelsteinhausenberg"  # 40 characters
FIVE = [LONG, "Bo", "Cy", "Di", "Ed"]


def stored_xylotar(served, players):
    game_id = services.start_game(services.new_game("xylotar", players), served.store.uow())
    served.app.state.shared.hub.changed()
    return game_id


def apart(a, b) -> bool:
    return (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
            or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


def name_nodes(page, name: str):
    """A name with its tooltip: its node reads the name twice (the tooltip, then the text)."""
    return page.get_by_text(re.compile(rf"^{re.escape(name)}\s+{re.escape(name)}(\s|$)"))


INK = 80  # a pixel this far (in one channel) from the row's background is drawn: text, an icon, a badge
GAP = 6  # px of background between the name (its ellipsis) and the score, at least: the Row's spacing is 10


def ink_columns(png: bytes) -> list[bool]:
    """Which columns of a row's screenshot have something drawn in them: a pixel
    far from the row's background (its most common colour). A rounded corner's
    page colour is close to it, and is no ink."""
    image = Image.open(BytesIO(png)).convert("RGB")
    width, height = image.size
    background = max(image.getcolors(width * height), key=lambda count_colour: count_colour[0])[1]
    pixels = image.load()
    return [any(max(abs(a - b) for a, b in zip(pixels[x, y], background)) > INK for y in range(height))
            for x in range(width)]


def runs(columns: list[bool]) -> list[tuple[int, int]]:
    """The drawn columns as [start, end) runs, left to right."""
    out, start = [], None
    for x, ink in enumerate([*columns, False]):
        if ink and start is None:
            start = x
        elif not ink and start is not None:
            out.append((start, x))
            start = None
    return out


def score_and_name(png: bytes) -> tuple[tuple[int, int], int, int]:
    """In a standings row's screenshot: the score's columns (the rightmost drawn
    run, with the runs GAP or less to its left: a score's digits), where what is
    left of it (the rank, the name) ends, and the row's width."""
    columns = ink_columns(png)
    drawn = runs(columns)
    assert drawn, "nothing drawn in the row"
    score = list(drawn.pop())
    while drawn and score[0] - drawn[-1][1] <= GAP:
        score[0] = drawn.pop()[0]
    return (score[0], score[1]), (drawn[-1][1] if drawn else 0), len(columns)


def settled_shot(locator) -> bytes:
    """The row's screenshot once it is drawn and stays so (after a new text size, a fallback font)."""
    shot = locator.screenshot()
    for _ in range(10):
        locator.page.wait_for_timeout(300)
        again = locator.screenshot()
        if again == shot:
            return shot
        shot = again
    return shot


def name_clear_of_its_score(me: Player, width: int = 390) -> None:
    """A long name's standings row (one semantics node, one phrase), as a player
    sees it: within the screen, the name drawn (cut) up to a gap before its
    score, and the score drawn whole, where a short name's row draws its own
    (both are 0 here). A name over its score leaves no gap, or changes what the
    score's columns show. Measured again, as a player looks again, while the
    row is still being drawn anew (a new text size, a scroll into view): a
    name that covers its score fails every time."""
    for attempt in range(4):
        try:
            measure_name_and_score(me, width)
            return
        except AssertionError:
            if attempt == 3:
                raise
            me.page.wait_for_timeout(1000)


def measure_name_and_score(me: Player, width: int) -> None:
    long_row, short_row = me.total_row(LONG, 0), me.total_row("Bo", 0)
    long_row.wait_for()
    # Each row where a player reads it, in view and clear of the form's footer: a screenshot of a row
    # the footer covers measures the footer (the hand's entry sits above the standings on a phone).
    me.reach(long_row)
    me.page.mouse.move(1, 300)  # the wheel's pointer off the rows: over the long name it shows the name's tooltip
    row = long_row.bounding_box()
    assert row["x"] >= 0 and row["x"] + row["width"] <= width, row
    (start, end), name_end, wide = score_and_name(settled_shot(long_row))
    me.reach(short_row)
    me.page.mouse.move(1, 300)
    (short_start, short_end), short_name_end, short_wide = score_and_name(settled_shot(short_row))
    assert wide == short_wide, (wide, short_wide)
    assert abs(start - short_start) <= 1 and abs(end - short_end) <= 1, ((start, end), (short_start, short_end))
    assert start - name_end >= GAP, (name_end, start)  # the name's ellipsis ends before the score
    assert name_end > wide * 0.6 > short_name_end, (name_end, short_name_end, wide)  # the long name is drawn, cut


def test_a_forty_character_name_never_covers_its_score(app_page, served):
    assert len(LONG) == 40
    game_id = stored_xylotar(served, FIVE)
    me = Player(app_page(f"/game/{game_id}", width=390, height=844))
    for scale in ("100%", "120%", "145%"):
        me.see_total(LONG, 0)  # the row reads the whole name and its score: "Maximiliana ..., joint first, 0 points"
        name_clear_of_its_score(me)
        if scale != "145%":
            me.tap(f"Text size {scale}")
            me.control(f"Text size {'120%' if scale == '100%' else '145%'}").wait_for()
    display = Player(app_page(f"/display/{game_id}", width=390, height=844))
    display.see_total(LONG, 0)
    name_clear_of_its_score(display)


def boxes(page, locator):
    locator.first.wait_for()
    return [locator.nth(i).bounding_box() for i in range(locator.count())]


def test_a_forty_character_name_stays_in_its_column_of_the_score_table(app_page, served):
    game_id = stored_xylotar(served, FIVE)
    tricks = dict(zip(FIVE, [(2, 3), (2, 2), (1, 2), (3, 2), (2, 2)]))  # 11 tricks at 5 players
    services.record_round(game_id, {"results": {name: {"bid": bid, "tricks": won}
                                                for name, (bid, won) in tricks.items()}}, served.store.uow())
    served.app.state.shared.hub.changed()
    me = Player(app_page(f"/game/{game_id}", width=390, height=844))
    me.set_text_size(145)
    cell = me.page.get_by_text(re.compile(rf"hand 1, {LONG}: -?\d+; tap for why")).first
    me.bring_into_view(cell)
    cell = cell.bounding_box()
    others = [*boxes(me.page, name_nodes(me.page, "Bo")), cell,
              *boxes(me.page, me.page.get_by_text(f"{LONG} total", exact=False))]
    names = boxes(me.page, name_nodes(me.page, LONG))
    assert len(names) >= 2 and cell["width"] < 100  # the standings' and the table header's; one cell
    for name in names:
        assert name["x"] + name["width"] <= 390
        for other in others:
            assert apart(name, other), (name, other)


FANCY = "Zoë 🎲 李"


def name_shot(page, name: str) -> bytes:
    """The name's standings row as drawn (one semantics node: the name is no node of its own)."""
    page.wait_for_timeout(1500)  # the fallback font arrives, and the name is drawn again
    return settled_shot(Player(page).total_row(name, 0))


def recorded(page) -> list:
    asked = []
    page.on("request", lambda request: asked.append(request.url))
    return asked


def fonts_asked(asked) -> set:
    paths = {re.sub(r"^/v-\w+/", "/", urlparse(url).path) for url in asked}  # the client's version aside
    return {path for path in paths if path.startswith("/fonts/")}


def test_emoji_and_cjk_draw_with_the_hosts_fallback_fonts(app_page, served):
    latin = stored_xylotar(served, ["Zoë", "Bo"])
    host = urlparse(served.url).netloc
    page = app_page("/", width=390, height=844)
    asked = recorded(page)
    me = Player(page)
    me.go(f"/game/{latin}")
    me.see_total("Zoë", 0)
    page.wait_for_timeout(1000)
    assert fonts_asked(asked) == set()  # fetched only when a name needs them
    game_id = stored_xylotar(served, [FANCY, "Bo"])
    me.go(f"/game/{game_id}")
    me.see_total(FANCY, 0)
    with_fonts = name_shot(page, FANCY)
    assert {"/fonts/NotoColorEmoji.woff2", "/fonts/DroidSansFallback-CJK.woff2"} <= fonts_asked(asked)
    # The same name with the host's fonts refused: what a phone showed before (boxes).
    bare = app_page("/", width=390, height=844)
    bare.route(re.compile(r".*/fonts/.*\.woff2$"), lambda route: route.abort())
    Player(bare).go(f"/game/{game_id}")
    Player(bare).see_total(FANCY, 0)
    assert with_fonts != name_shot(bare, FANCY)
    away = [url for url in asked if urlparse(url).netloc not in (host, "") and not url.startswith(FLET_RIVE)]
    assert asked and not away, away


# Flet 1.0.5's web client asks a CDN for Rive's runtime on every load, whatever
# the app shows (it fails offline, and nothing here uses Rive): not a font, and
# outside this app's code; the fonts and everything else come from the host.
FLET_RIVE = "https://cdn.jsdelivr.net/npm/@rive-app/flutter-native-wasm@"


def test_new_game_says_why_a_name_is_not_seated(app_page):
    me = Player(app_page("/new"))
    me.tap("Xylotar")
    me.type_name("Ann")
    box_ = me.page.get_by_role("textbox", name="New player's name")
    me.type_into(box_, "ann")
    box_.press("Enter")
    me.see("Ann is already seated")
    assert me.page.get_by_label("Remove ann", exact=True).count() == 0


def name_run(row_png: bytes) -> int:
    """How wide the name is drawn in a seat's row: the widest stretch of ink
    with no gap wider than a space in it (the row's spacing is 10; the tick,
    a badge and the bid are each narrower than a name that shows more than
    its first letters)."""
    groups, gap = [], 9
    for start, stop in runs(ink_columns(row_png)):
        if groups and start - groups[-1][1] <= gap:
            groups[-1][1] = stop
        else:
            groups.append([start, stop])
    return max(stop - start for start, stop in groups)


def settled_boxes(locators) -> list[dict]:
    """Where the rows are once the screen stops laying them out anew."""
    boxes = [locator.bounding_box() for locator in locators]
    for _ in range(10):
        locators[0].page.wait_for_timeout(300)
        again = [locator.bounding_box() for locator in locators]
        if again == boxes:
            break
        boxes = again
    return boxes


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 800), (800, 1280)])
def test_a_phone_as_the_display_shows_the_whole_hand_in_play_on_one_screen(app_page, served, width, height):
    """A phone set in the middle as the display: every seat of the hand in
    play, its bid, the Bonus Beats it holds and the tricks it took, is seen
    without a scroll, and the 40-character name shows more than its first
    letter (it was cut to "M…", the rows four lines tall, two of them off
    the screen). A tablet, held either way, keeps the large type that is read
    across the table."""
    game = services.new_game("xylotar", FIVE, dealer="Ed", expansions=["bonus_beats"])
    game_id = services.start_game(game, served.store.uow())
    host = Access.host(game_id)
    table.change_settings(game_id, TableSettings(track_tricks=True), served.store.uow(), by=host)
    for name, bid in zip(FIVE, (3, 2, 1, 10, 2)):
        table.submit_bid(game_id, name, bid, None, served.store.uow(), by=host, expected_version=0)
    table.record_trick(game_id, LONG, served.store.uow(), by=host, expected_version=0)
    served.app.state.shared.hub.changed()
    display = Player(app_page(f"/display/{game_id}", width=width, height=height))
    rows = [display.page.get_by_text(re.compile(rf"^{re.escape(name)}, bid \d+, 2 Bonus Beats left, took"))
            .first for name in FIVE]
    for row in rows:
        row.wait_for()
    boxes = settled_boxes(rows)  # the board has measured its width and chosen its type
    for name, box in zip(FIVE, boxes):
        assert box["y"] >= 0 and box["y"] + box["height"] <= height, (name, box)  # on screen, no scroll
    if width < 600:
        assert name_run(settled_shot(rows[0])) > 110  # "Maximiliana Wolfes…", not "M…"
    else:
        assert boxes[0]["height"] >= 60, boxes[0]  # the tablet's large type, read across the table


def test_new_games_dealt_cards_choice_fits_a_phone_with_text_at_145_percent(app_page):
    """A choice's label is drawn on one line: "Record each player's 2 dealt
    Bonus Beats" ran off a 390-pixel screen at 145%. The labels are short now,
    and what each does is said under them."""
    me = Player(app_page("/new", width=390, height=844))
    me.tap("Xylotar")
    for name in ("Ann", "Bob", "Cy"):
        me.type_name(name)
    me.tick(me.page.get_by_role("checkbox", name="Bonus Beats"))
    me.set_text_size(145)
    choice = me.page.get_by_role("radio", name="On each phone (secret)")
    me.bring_into_view(choice)
    box = settled_boxes([choice])[0]
    # A radio's row takes the column's width: the label, short, is on one line within the screen.
    assert box["x"] + box["width"] <= 390 and box["height"] < 56, box
    me.see("enters the 2 Bonus Beats they were dealt on their own phone")
