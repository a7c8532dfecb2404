"""Regenerate the screenshots in this folder: the main screens at 390x844
(phone) and 1280x800 (tablet), light and dark, over a sample game.

    .venv/bin/python docs/screenshots/take.py [SCREEN ...]   (all screens, or only those named)
"""
from __future__ import annotations

import pathlib
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from companion import services  # noqa: E402
from models.store import open_store  # noqa: E402
from tests.e2e.conftest import CHROMIUM_ARGS, Served, chromium_path, free_port, open_app  # noqa: E402
from tests.e2e.table import Player  # noqa: E402
from views.app import build_app  # noqa: E402

OUT = pathlib.Path(__file__).resolve().parent
SIZES = {"phone": (390, 844), "tablet": (1280, 800)}


def hand(results: dict) -> dict:
    return {"results": {name: dict(zip(("bid", "tricks", "off_key_won", "bonus_beat"), values))
                        for name, values in results.items()}}


def sample_games(store) -> dict[str, int]:
    game = services.new_game("xylotar", ["Ann", "Bob", "Cat", "Dan"], dealer="Dan",
                             expansions=["bonus_beats", "off_key"])
    xylotar = services.start_game(game, store.uow())
    services.record_round(xylotar, hand({"Ann": (3, 3, 1, "over_by_one"), "Bob": (4, 2, 0, None),
                                         "Cat": (2, 5, 0, None), "Dan": (0, 4, 2, None)}), store.uow())
    services.record_round(xylotar, hand({"Ann": (2, 2, 0, None), "Bob": (5, 5, 0, None), "Cat": (3, 3, 1, None),
                                         "Dan": (1, 4, 0, "plus_one_per_miss")}), store.uow())
    xybrid = services.start_game(services.new_game("xybrid", ["Eve", "Fay", "Gus"]), store.uow())
    services.record_round(xybrid, {"first_player": "Eve", "results": {
        "Eve": {"parts": [0, 3, 2, 1, 2], "part_types": ["core", "head", "left_arm", "right_arm", "legs"],
                "hand": 1, "adjustments": [2], "notes": ["mission"]},
        "Fay": {"parts": [0, 2, 0, 0, 1], "part_types": ["core", "head", "left_arm", "right_arm", "legs"],
                "hand": 2, "adjustments": []},  # complete (Y3), as every deployed monster is
        "Gus": {"parts": [0, 1, 1, 1, 1], "part_types": ["core", "head", "left_arm", "right_arm", "legs"],
                "hand": 0, "adjustments": []}}}, store.uow())
    finished = services.start_game(services.new_game("xylotar", ["Ann", "Bob", "Cat"], dealer="Cat"), store.uow())
    for values in ({"Ann": (3, 4, 0, None), "Bob": (2, 2, 0, None), "Cat": (5, 6, 0, None)},
                   {"Ann": (4, 4, 0, None), "Bob": (3, 5, 0, None), "Cat": (2, 3, 0, None)},
                   {"Ann": (1, 2, 0, None), "Bob": (6, 6, 0, None), "Cat": (4, 4, 0, None)}):
        services.record_round(finished, hand(values), store.uow())
    return {"xylotar": xylotar, "xybrid": xybrid, "finished": finished}


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = open_store(pathlib.Path(folder) / "shots.db")
        ids = sample_games(store)
        server = Served(build_app(store), free_port()).start()
        screens = {  # name: (path, a text to wait for)
            "home": ("/", "New game"), "new-game": ("/new", "Start game"),
            "hand-entry": (f"/game/{ids['xylotar']}/round", "Confirm hand"),
            "scoreboard": (f"/game/{ids['xylotar']}", "Enter hand 3"),
            "xybrid-round": (f"/game/{ids['xybrid']}/round", "Confirm round"),
            "game-over": (f"/game/{ids['finished']}", "wins"),
            "history": ("/history", "STATISTICS"), "display": (f"/display/{ids['xylotar']}", "Totals by hand"),
        }
        wanted = set(sys.argv[1:]) or set(screens)
        screens = {name: screen for name, screen in screens.items() if name in wanted}
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            for size, (width, height) in SIZES.items():
                for dark in (False, True):
                    for name, (path, ready) in screens.items():
                        page = open_app(browser, server.url + path, width=width, height=height, dark=dark)
                        me = Player(page)
                        me.see(ready)
                        if name == "new-game":
                            for player in ("Ann", "Bob", "Cat"):
                                me.type_name(player)
                            page.get_by_role("checkbox", name="Bonus Beats").click()
                        if name == "hand-entry":
                            me.tap("Ann flips a Bonus Beat")
                            me.step("Bob", "Bid", 3)
                            me.step("Bob", "Tricks", 4)
                        if name == "scoreboard" and size == "phone":
                            me.tap("Text size 100%")
                            me.tap("Text size 120%")
                            page.mouse.move(1, height - 1)
                            page.wait_for_timeout(600)
                            page.screenshot(path=str(OUT / f"scoreboard-phone-{'dark' if dark else 'light'}-large-text.png"))
                            me.tap("Text size 145%")
                        page.mouse.move(1, height - 1)  # no tooltip in the picture
                        page.wait_for_timeout(600)
                        page.screenshot(path=str(OUT / f"{name}-{size}-{'dark' if dark else 'light'}.png"))
                        page.context.close()
            browser.close()
        server.stop()


if __name__ == "__main__":
    main()
