"""History's rows and downloads, and the results picture (issue 13): a
finished game's row says when, who scored what and who won; the host
downloads the game's record (the stored one), its rounds as CSV, every game,
and a picture of the results to post."""
import csv
import io
import json
import re

import pytest

from PIL import Image

from companion import services
from views.parts.chart import player_colour
from tests.e2e.table import Player, stored_game
from views.shown import game_rows
from views.web import results_png

pytestmark = pytest.mark.e2e

SEATS = ("Quinn", "Rosa", "Sami")
HANDS = [((4, 4), (3, 2), (5, 6)), ((2, 2), (5, 5), (4, 5)), ((6, 6), (2, 3), (3, 3))]  # 12 tricks a hand at 3 (X2)


@pytest.fixture
def finished(served):
    """A finished game of Xylotar at 3, and its summary as History lists it."""
    game_id = stored_game(served, SEATS, HANDS, dealer="Sami")
    (summary,) = [s for s in services.list_games(served.store.reader()) if s.id == game_id]
    return game_id, summary


def downloaded(me: Player, button: str):
    """Tap `button` and take the file it hands over: its name and bytes."""
    with me.page.expect_download() as waiting:
        me.tap(button)
    download = waiting.value
    with open(download.path(), "rb") as file:
        return download.suggested_filename, file.read()


def test_a_finished_games_row_says_when_the_scores_and_the_winner(app_page, served, finished):
    game_id, summary = finished
    stored = services.load(game_id, served.store.reader())
    totals = stored.game.totals()
    (winner,) = stored.game.outcome().winners
    me = Player(app_page("/history"))
    me.tap("Show games of Quinn")
    me.see("Xylotar, 3 players")
    me.see(game_rows.when_said(summary.started_at))
    ranked = sorted(SEATS, key=lambda name: (name != winner, -totals[name]))
    me.see_label(" · ".join(f"{name} {totals[name]}" for name in ranked))  # best first, every final score
    me.see_label(f"{winner} won")
    assert not me.has_text(f"#{game_id}")  # no internal id on the screen
    me.tap(f"Open the {game_rows.said(summary)}")
    me.see("Xylotar (read only)")



def test_the_host_downloads_a_games_record_and_its_rounds(app_page, served, finished):
    game_id, summary = finished
    me = Player(app_page("/history"))
    me.tap("Show games of Quinn")
    name, data = downloaded(me, f"Download the {game_rows.said(summary)} as JSON")
    assert name == game_rows.file_name("xylotar", summary.started_at, SEATS, "json")
    assert re.fullmatch(r"xylotar-\d{4}-\d\d-\d\d-quinn-rosa-sami\.json", name)
    assert json.loads(data) == services.export_record(game_id, served.store.reader())  # the stored record
    name, data = downloaded(me, f"Download the {game_rows.said(summary)} as CSV")
    assert name.endswith("-quinn-rosa-sami.csv")
    rows = list(csv.DictReader(io.StringIO(data.decode("utf-8"))))
    assert [(int(r["round"]), r["player"]) for r in rows] == [(n, p) for n in (1, 2, 3) for p in SEATS]
    stored = services.load(game_id, served.store.reader())
    assert {r["player"]: int(r["running_total"]) for r in rows if r["round"] == "3"} == stored.game.totals()
    # Every game Quinn played, as the filter shows them.
    name, data = downloaded(me, "Download this game as JSON")
    assert re.fullmatch(r"xy-score-games-of-quinn-\d{4}-\d\d-\d\d\.json", name)
    assert json.loads(data) == [services.export_record(game_id, served.store.reader())]


def test_the_results_picture_downloads_as_a_png_of_the_standings(app_page, served, finished):
    game_id, summary = finished
    stored = services.load(game_id, served.store.reader())
    (winner,) = stored.game.outcome().winners
    me = Player(app_page(f"/history/{game_id}"))
    me.page.get_by_label("A preview of the results picture").wait_for()
    name, data = downloaded(me, "Results picture")
    assert name == game_rows.file_name("xylotar", summary.started_at, SEATS, "png")
    picture = Image.open(io.BytesIO(data))
    assert picture.format == "PNG" and picture.size == (1080, 1350)
    colour = player_colour(SEATS.index(winner))
    tall = results_png.row_height(len(SEATS))
    band = picture.convert("RGB").getpixel((sum(results_png.BAND) // 2, results_png.STANDINGS_TOP + tall // 2))
    assert band == tuple(int(colour[i:i + 2], 16) for i in (1, 3, 5))  # the first row is the winner's, marked
