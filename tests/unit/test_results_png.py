"""The results picture (issue 13): a 1080 x 1350 PNG of a finished game's
standings, the winner's row in their colour, and the totals by round; long
names cut with an ellipsis, accented and CJK names drawn, 5 players fit."""
import io

import pytest
from PIL import Image

from companion import record, services
from views.parts.chart import PALETTE
from views.shown import logic
from views.web import results_png as png

STARTED = "2026-12-01T21:30:00+00:00"
FINISHED = [((4, 4), (3, 2), (5, 6)), ((2, 2), (5, 5), (4, 5)), ((6, 6), (2, 3), (3, 3))]  # 12 tricks a hand (X2)


def played(players, hands, game="xylotar", **setup):
    game = services.new_game(game, players, **setup)
    for number, hand in enumerate(hands, start=1):
        game.push(record.round_from_dict(game, {"results": {name: {"bid": bid, "tricks": tricks}
                                                            for name, (bid, tricks) in zip(players, hand)}},
                                         number))
    return game


def drawn(game) -> Image.Image:
    picture = Image.open(io.BytesIO(png.results_png(game, STARTED, PALETTE)))
    assert picture.format == "PNG"
    return picture.convert("RGB")


def rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))


def band(picture: Image.Image, players: int, row: int) -> tuple[int, int, int]:
    """The colour at the left of standings row `row`, where the winner's band is."""
    tall = png.row_height(players)
    return picture.getpixel(((png.BAND[0] + png.BAND[1]) // 2, png.STANDINGS_TOP + row * tall + tall // 2))


def test_the_picture_is_a_phones_portrait_picture_with_the_winner_marked_in_their_colour():
    game = played(("Ann", "Bob", "Cat"), FINISHED, dealer="Cat")
    (winner,) = game.outcome().winners
    picture = drawn(game)
    assert picture.size == (1080, 1350)
    assert band(picture, 3, 0) == rgb(PALETTE[game.players.index(winner)])  # first row: the winner's band
    assert band(picture, 3, 1) == band(picture, 3, 2) == (255, 255, 255)  # the others: unmarked
    colours = {colour for _, colour in picture.getcolors(1080 * 1350)}
    assert {rgb(PALETTE[seat]) for seat in range(3)} <= colours  # a line in each player's colour
    # Not blank: the standings' text is inked across the rows.
    rows = picture.crop((0, png.STANDINGS_TOP, 1080, png.STANDINGS_TOP + 3 * png.row_height(3)))
    dark = sum(count for count, (r, g, b) in rows.getcolors(1080 * 400) if r + g + b < 200)
    assert dark > 5000


def test_a_shared_win_marks_every_winner():
    game = services.new_game("xybrid", ("Jo", "Kit"))
    parts = {"parts": [0, 0, 0, 0, 0], "part_types": ["core", "head", "left_arm", "right_arm", "legs"],
             "hand": 1, "adjustments": []}
    for number in (1, 2, 3):  # Y6: equal infamy at the end, a shared win
        game.push(record.round_from_dict(game, {"first_player": "Jo", "results": {"Jo": parts, "Kit": parts}},
                                         number))
    assert set(game.outcome().winners) == {"Jo", "Kit"}
    picture = drawn(game)
    assert band(picture, 2, 0) == rgb(PALETTE[0]) and band(picture, 2, 1) == rgb(PALETTE[1])


def test_five_players_with_a_long_name_fit():
    names = ("W" * 40, "Zoë", "李雷 Wang", "José María", "Ed")
    game = played(names, [((2, 2), (3, 3), (1, 2), (2, 2), (3, 2))] * 3, dealer="Ed")
    picture = drawn(game)
    assert picture.size == (1080, 1350)
    assert all(band(picture, 5, row) == (255, 255, 255) for row in range(1, 5))


@pytest.mark.parametrize("name", ["W" * 40, "Maximiliana Alexandrina Fitzgerald-Ørste"])
def test_a_name_too_long_for_its_row_ends_in_an_ellipsis(name):
    room = 500
    cut = png.fitted(name, 46, room)
    assert png._width(cut, 46) <= room
    assert png._width(name, 46) > room  # too long whole...
    assert cut.endswith("…") and name.startswith(cut[:-1].rstrip())  # ...so cut
    assert png.fitted("Ann", 46, room) == "Ann"


def test_accented_and_cjk_names_are_drawn_with_fonts_that_have_them():
    runs = png._runs("Zoë 李雷", 40)
    assert [piece for piece, _ in runs] == ["Zoë ", "李雷"]
    assert runs[0][1].getname()[0] == "Roboto" and runs[1][1].getname()[0] == "Droid Sans Fallback"
    assert [piece for piece, _ in png._runs("Ann 🎲", 40)] == ["Ann "]  # an emoji no font has is left out


def test_equal_totals_draw_both_lines_side_by_side_not_one_under_the_other():
    """Bob and Cat bid and take the same each hand (equal totals all game): both
    lines show in the chart, each in its own colour, along their whole length."""
    game = played(("Ann", "Bob", "Cat"), [((4, 4), (4, 4), (4, 4)), ((2, 2), (5, 5), (5, 5)),
                                          ((6, 6), (3, 3), (3, 3))], dealer="Cat")
    totals = [list(t.values()) for t in logic.running_totals(game)]
    assert all(t[1] == t[2] for t in totals)  # Bob and Cat level after every hand
    picture = drawn(game)
    chart = picture.crop((0, 700, 1080, 1230))  # below the standings, above the round numbers
    counts = {colour: count for count, colour in chart.getcolors(1080 * 530)}
    bob, cat = (counts.get(rgb(PALETTE[seat]), 0) for seat in (1, 2))
    assert bob > 2000 and cat > 2000, (bob, cat)  # each line seen over its length, not a few edge pixels
