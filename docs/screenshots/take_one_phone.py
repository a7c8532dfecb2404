"""Issue 28's screenshots: a 5-player Xylotar game (one 40-character name, two
names that share their first 12 letters) with two hands played, its
scoreboard (the next hand entered on it) and the hand's own screen, at
390x844 and 1280x800, light and dark, at 100% and 145% text.

    .venv/bin/python docs/screenshots/take_one_phone.py
"""
from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.e2e.conftest import CHROMIUM_ARGS, Served, chromium_path, open_app, open_test_store  # noqa: E402
from tests.e2e.table import Player  # noqa: E402

PLAYERS = ["Bartholomew Maximilian Fitzgerald-Windso", "Christopher Ames", "Christopher Bell", "Dee", "Eve"]
SIZES = {"phone": (390, 844), "tablet": (1280, 800)}


def main() -> None:
    from playwright.sync_api import sync_playwright

    from companion import services
    from views.app import build_app

    out = Path(__file__).resolve().parent
    with tempfile.TemporaryDirectory() as folder:
        store = open_test_store(Path(folder))
        game = services.new_game("xylotar", PLAYERS, dealer="Eve", expansions=("bonus_beats", "off_key"))
        game_id = services.start_game(game, store.uow())
        tricks = game.deal.tricks_per_hand
        for bids, taken in (((1, 2, 1, 0, 1), (1, 2, 1, 0)), ((2, 1, 0, 2, 1), (3, 1, 0, 2))):
            results = {name: {"bid": bid, "tricks": t} for name, bid, t in
                       zip(PLAYERS, bids, list(taken) + [tricks - sum(taken)])}
            services.record_round(game_id, {"results": results}, store.uow())
        server = Served(build_app(store)).start()
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
                for device, (width, height) in SIZES.items():
                    for dark in (False, True):
                        for screen, path in (("scoreboard", f"/game/{game_id}"), ("hand", f"/game/{game_id}/round")):
                            page = open_app(browser, server.url + path, width=width, height=height, dark=dark)
                            page.get_by_text(f"Tricks entered 0 of {tricks}", exact=True).first.wait_for()
                            for size in (100, 145):
                                Player(page).set_text_size(size)
                                page.mouse.move(1, height - 1)
                                page.wait_for_timeout(1200)
                                suffix = ("-dark" if dark else "") + ("" if size == 100 else "-large-text")
                                page.screenshot(path=str(out / f"one-phone-{screen}-{device}{suffix}.png"))
                            page.context.close()
                browser.close()
        finally:
            server.stop()
        store.close()


if __name__ == "__main__":
    main()
