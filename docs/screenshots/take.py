"""Regenerate the screenshots in this folder: the main screens at 390x844
(phone) and 1280x800 (tablet), light and dark, text at 100% and 145%, over
sample games with five players, one of them a 40-character name, and a game
decided by a tiebreak hand.

    .venv/bin/python docs/screenshots/take.py [SCREEN ...]   (all screens, or only those named)
"""
from __future__ import annotations

import pathlib
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from companion import draw_starter, services  # noqa: E402
from models.store import open_store  # noqa: E402
from tests.e2e.conftest import CHROMIUM_ARGS, Served, chromium_path, free_port, open_app  # noqa: E402
from tests.e2e.table import Player  # noqa: E402
from views.app import build_app  # noqa: E402

OUT = pathlib.Path(__file__).resolve().parent
SIZES = {"phone": (390, 844), "tablet": (1280, 800)}


LONG = "Maximiliana Wolfeschlegelsteinhausenberg"  # 40 characters: the longest name a player may have
FIVE = [LONG, "Bob", "Cat", "Dan", "Eve"]


def hand(results: dict) -> dict:
    return {"results": {name: dict(zip(("bid", "tricks", "off_key_won", "bonus_beat"), values))
                        for name, values in results.items()}}


def sample_games(store) -> dict[str, int]:
    """Five players with a 40-character name and both expansions, two hands
    in; an XYbrid game a round in, entered as totals, whose next starter was
    drawn from a tie; a game decided by a tiebreak hand."""
    game = services.new_game("xylotar", FIVE, dealer="Eve", expansions=["bonus_beats", "off_key"])
    xylotar = services.start_game(game, store.uow())
    services.record_round(xylotar, hand({LONG: (3, 3, 1, "over_by_one"), "Bob": (4, 2, 0, None),
                                         "Cat": (2, 2, 0, None), "Dan": (0, 1, 2, None), "Eve": (3, 3, 0, None)}),
                          store.uow())
    services.record_round(xylotar, hand({LONG: (2, 2, 0, None), "Bob": (5, 5, 0, None), "Cat": (1, 1, 1, None),
                                         "Dan": (1, 2, 0, "plus_one_per_miss"), "Eve": (0, 1, 0, None)}),
                          store.uow())
    drawn = draw_starter(("Fay", "Gus", "Hal"))  # round 1's starter, drawn at set-up
    xybrid = services.start_game(services.new_game("xybrid", ["Fay", "Gus", "Hal"], starter_draw=drawn), store.uow())
    services.record_round(xybrid, {"first_player": drawn.chosen, "draw_seed": drawn.seed, "results": {
        "Fay": {"parts": [0, 3, 2, 1, 2], "part_types": ["core", "head", "left_arm", "right_arm", "legs"],
                "hand": 1, "adjustments": [2], "notes": ["mission"]},
        "Gus": {"infamy": 7}, "Hal": {"infamy": 7}}}, store.uow())  # Gus and Hal tie: one is drawn to start
    tiebreak = services.start_game(services.new_game("xylotar", ["Ann", "Bob", "Cat"], dealer="Cat"), store.uow())
    for values in ({"Ann": (2, 2, 0, None), "Bob": (4, 5, 0, None), "Cat": (3, 5, 0, None)},
                   {"Ann": (0, 3, 0, None), "Bob": (5, 5, 0, None), "Cat": (4, 4, 0, None)},
                   {"Ann": (0, 1, 0, None), "Bob": (0, 5, 0, None), "Cat": (0, 6, 0, None)},  # Bob and Cat tie
                   {"Ann": (3, 2, 0, None), "Bob": (5, 5, 0, None), "Cat": (0, 5, 0, None)}):  # the tiebreak hand
        services.record_round(tiebreak, hand(values), store.uow())
    return {"xylotar": xylotar, "xybrid": xybrid, "finished": tiebreak}


def painted(page, path: pathlib.Path) -> None:
    """A screenshot once the page is painted: Flutter's text for tests (its
    semantics) can be there a moment before the first frame is drawn, and a
    blank or "Working..." picture is a few kilobytes."""
    for _ in range(20):
        page.wait_for_timeout(800)
        picture = page.screenshot()
        if len(picture) > 12_000:
            break
    path.write_bytes(picture)


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = open_store(pathlib.Path(folder) / "shots.db")
        ids = sample_games(store)
        server = Served(build_app(store), free_port()).start()
        screens = {  # name: (path, a text to wait for)
            "home": ("/", "New game"), "new-game": ("/new", "Start game"),
            "hand-entry": (f"/game/{ids['xylotar']}/round", "Confirm hand"),
            "scoreboard": (f"/game/{ids['xylotar']}", "Hand 3"),
            "xybrid-round": (f"/game/{ids['xybrid']}/round", "Confirm round"),
            "xybrid-scoreboard": (f"/game/{ids['xybrid']}", "round 2"),
            "game-over": (f"/game/{ids['finished']}", "wins"),
            "history": ("/history", "STATISTICS"), "display": (f"/display/{ids['xylotar']}", "Totals by hand"),
            "rules": ("/rules", "Rules"), "rules-tiebreak": ("/rules/tiebreak", "tie"),
        }
        wanted = set(sys.argv[1:]) or set(screens)
        screens = {name: screen for name, screen in screens.items() if name in wanted}
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            for size, (width, height) in SIZES.items():
                for dark in (False, True):
                    for large in (False, True):
                        for name, (path, ready) in screens.items():
                            if large and name == "display":
                                continue  # the table display has large type already, and no app bar to change it
                            page = open_app(browser, server.url + path, width=width, height=height, dark=dark)
                            me = Player(page)
                            me.see(ready)
                            if large:
                                me.set_text_size(145)  # as a player sets it, with the app bar's button
                            if name == "new-game":
                                for player in ("Ann", "Bob", "Cat"):
                                    me.type_name(player)
                                page.get_by_role("checkbox", name="Bonus Beats").click()
                            if name == "hand-entry":
                                me.pick("Bob", "bid", 3)
                                me.pick("Bob", "tricks", 4)
                                me.tap("Bob flips a Bonus Beat")
                            page.mouse.move(1, height - 1)  # no tooltip in the picture
                            shot = f"{name}-{size}-{'dark' if dark else 'light'}{'-large-text' if large else ''}.png"
                            painted(page, OUT / shot)
                            page.context.close()
            browser.close()
        server.stop()


if __name__ == "__main__":
    main()
