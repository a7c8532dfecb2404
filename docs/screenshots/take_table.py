"""Regenerate the shared table's screenshots (table-*.png): a player's phone
at 360x780, the table display and the host's Share screen at 1280x800.

    .venv/bin/python docs/screenshots/take_table.py
"""
from __future__ import annotations

import pathlib
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from companion import services  # noqa: E402
from companion import table_services as ts  # noqa: E402
from companion.access import Access, Role, TableSettings  # noqa: E402
from models.store import open_store  # noqa: E402
from tests.e2e.conftest import CHROMIUM_ARGS, Served, chromium_path, free_port, open_app  # noqa: E402
from tests.e2e.table import Player  # noqa: E402
from views.app import build_app  # noqa: E402
from views.hosting import HostRun  # noqa: E402

OUT = pathlib.Path(__file__).resolve().parent
PHONE, TABLET = (360, 780), (1280, 800)


def table_in_play(store, run: HostRun) -> dict:
    """A 4-player game with both expansions after one hand; in hand 2, Ann and
    Bob sit at phones, Ann and Cat have bid and 3 tricks are tracked."""
    game_id = services.start_game(services.new_game("xylotar", ["Ann", "Bob", "Cat", "Dan"], dealer="Dan",
                                                    expansions=["bonus_beats", "off_key"]), store.uow())
    services.record_round(game_id, {"results": {
        "Ann": {"bid": 3, "tricks": 3, "off_key_won": 1}, "Bob": {"bid": 4, "tricks": 2},
        "Cat": {"bid": 2, "tricks": 5}, "Dan": {"bid": 0, "tricks": 4, "off_key_won": 2}}}, store.uow())
    host = Access.host(game_id)
    links = {}
    for role in (Role.PLAYER, Role.DISPLAY):
        links[role] = ts.issue_link(game_id, role, store.uow(), by=host)
        run.remember(game_id, role.value, links[role])
    join = ts.resolve(links[Role.PLAYER], store.uow())
    seats = {name: ts.join_seat(name, store.uow(), by=join) for name in ("Ann", "Bob")}
    ts.change_settings(game_id, TableSettings(track_tricks=True, players_track_tricks=True), store.uow(), by=host)
    ts.submit_bid(game_id, "Ann", 3, None, store.uow(), by=ts.resolve(seats["Ann"], store.uow()), expected_version=0)
    ts.submit_bid(game_id, "Cat", 4, None, store.uow(), by=host, expected_version=0)
    for version, winner in enumerate(("Bob", "Bob", "Ann")):
        ts.record_trick(game_id, winner, store.uow(), by=host, expected_version=version, off_key=version % 2)
    return {"game": game_id, "join": links[Role.PLAYER], "display": links[Role.DISPLAY], **seats}


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = open_store(pathlib.Path(folder) / "shots.db")
        run = HostRun()
        app = build_app(store, run)
        server = Served(app, free_port()).start()
        ids = table_in_play(store, run)
        shots = [  # name, path, size, text to wait for, dark
            ("table-join-phone", f"/join/{ids['join']}", PHONE, "Who are you?", False),
            ("table-seat-phone", f"/seat/{ids['Ann']}", PHONE, "Your bid", False),
            ("table-seat-phone-dark", f"/seat/{ids['Bob']}", PHONE, "Your bid", True),
            ("table-display-tablet", f"/display/{ids['display']}", TABLET, "Trick 4 of 14", False),
            ("table-display-tablet-dark", f"/display/{ids['display']}", TABLET, "Trick 4 of 14", True),
            ("table-host-tablet", f"/game/{ids['game']}/table", TABLET, "Players' code", False),
            ("table-host-phone", f"/game/{ids['game']}/table", PHONE, "Players' code", False),
            ("table-ended-phone", "/seat/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", PHONE, "no longer works", False),
        ]
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
                for name, path, (width, height), wait_for, dark in shots:
                    page = open_app(browser, server.url + path, width=width, height=height, dark=dark)
                    Player(page).see(wait_for)
                    page.wait_for_timeout(2000)  # let images and fonts settle
                    page.screenshot(path=str(OUT / f"{name}.png"))
                    page.context.close()
                    print("wrote", name)
                browser.close()
        finally:
            server.stop()
            store.close()


if __name__ == "__main__":
    main()
