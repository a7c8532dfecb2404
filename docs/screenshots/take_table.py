"""Regenerate the shared table's screenshots (table-*.png): players' phones
at 390x844, the table display and the host's table at 1280x800 and 390x844,
with 5 players, one of them with a 40-character name.

    .venv/bin/python docs/screenshots/take_table.py
"""
from __future__ import annotations

import pathlib
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from playwright.sync_api import sync_playwright  # noqa: E402

from companion import services  # noqa: E402
from companion import table_services as ts  # noqa: E402
from companion.access import Access, Role, TableSettings  # noqa: E402
from models.store import open_store  # noqa: E402
from tests.e2e.conftest import CHROMIUM_ARGS, Served, chromium_path, free_port, open_app  # noqa: E402
from tests.e2e.table import Player  # noqa: E402
from views.app import build_app  # noqa: E402
from views.hosting import HostRun  # noqa: E402

from take import painted  # noqa: E402  (beside this file)

OUT = pathlib.Path(__file__).resolve().parent
PHONE, TABLET = (390, 844), (1280, 800)
LONG = "Maximiliana Wolkenstein-Harrowgate Junior"[:40]  # a 40-character name


def table_in_play(store, run: HostRun) -> dict:
    """A 5-player game with both expansions after one hand. In hand 2, Ann,
    Bob and Cat sit at phones; Bob entered his 2 dealt Bonus Beats and bid
    with one of them; Cat and the long name have bid; Ann has not entered
    her cards yet. Tricks are typed at the end of the hand."""
    players = ["Ann", "Bob", "Cat", "Dan", LONG]
    game_id = services.start_game(services.new_game("xylotar", players, dealer=LONG,
                                                    expansions=["bonus_beats", "off_key"]), store.uow())
    services.record_round(game_id, {"results": {
        "Ann": {"bid": 3, "tricks": 3, "off_key_won": 1}, "Bob": {"bid": 2, "tricks": 0},
        "Cat": {"bid": 2, "tricks": 2}, "Dan": {"bid": 0, "tricks": 2, "off_key_won": 2},
        LONG: {"bid": 4, "tricks": 4}}}, store.uow())
    host = Access.host(game_id)
    links = {}
    for role in (Role.PLAYER, Role.DISPLAY):
        links[role] = ts.issue_link(game_id, role, store.uow(), by=host)
        run.remember(game_id, role.value, links[role])
    join = ts.resolve(links[Role.PLAYER], store.uow())
    seats = {name: ts.join_seat(name, store.uow(), by=join) for name in ("Ann", "Bob", "Cat")}
    ts.change_settings(game_id, TableSettings(players_score_hands=True), store.uow(), by=host)
    bob = ts.resolve(seats["Bob"], store.uow())
    ts.enter_dealt(game_id, ["over_by_one", "view_two"], store.uow(), by=bob)
    ts.submit_bid(game_id, "Bob", 2, "over_by_one", store.uow(), by=bob, expected_version=0)
    ts.submit_bid(game_id, "Cat", 4, None, store.uow(), by=ts.resolve(seats["Cat"], store.uow()), expected_version=0)
    ts.submit_bid(game_id, LONG, 1, None, store.uow(), by=host, expected_version=0)
    return {"game": game_id, "join": links[Role.PLAYER], "display": links[Role.DISPLAY], **seats}


def everyone_bid(store, ids: dict) -> None:
    """The rest bid, and two phones have typed their tricks."""
    game_id, host = ids["game"], Access.host(ids["game"])
    ts.submit_bid(game_id, "Dan", 3, None, store.uow(), by=host, expected_version=0)
    ts.submit_bid(game_id, "Ann", 1, None, store.uow(), by=ts.resolve(ids["Ann"], store.uow()), expected_version=0)
    ts.enter_count(game_id, "Bob", 3, store.uow(), by=ts.resolve(ids["Bob"], store.uow()), expected_version=0)
    ts.enter_count(game_id, "Cat", 4, store.uow(), by=ts.resolve(ids["Cat"], store.uow()), expected_version=0)


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = open_store(pathlib.Path(folder) / "shots.db")
        run = HostRun()
        app = build_app(store, run)
        server = Served(app, free_port()).start()
        ids = table_in_play(store, run)
        game = ids["game"]
        bidding = [  # name, path, size, text to wait for, dark
            ("table-join-phone", f"/join/{ids['join']}", PHONE, "Who are you?", False),
            ("table-seat-cards-phone", f"/seat/{ids['Ann']}", PHONE, "Your Bonus Beats", False),
            ("table-seat-phone", f"/seat/{ids['Bob']}", PHONE, "Your bid", False),
            ("table-seat-phone-dark", f"/seat/{ids['Bob']}", PHONE, "Your bid", True),
            ("table-display-tablet", f"/display/{ids['display']}", TABLET, "have bid", False),
            ("table-display-tablet-dark", f"/display/{ids['display']}", TABLET, "have bid", True),
            ("table-display-phone", f"/display/{ids['display']}", PHONE, "have bid", False),
            ("table-host-tablet", f"/game/{game}/table", TABLET, "have bid", False),
            ("table-host-phone", f"/game/{game}/table", PHONE, "have bid", False),
            ("table-host-codes-tablet", f"/game/{game}/table/codes", TABLET, "Players' code", False),
            ("table-host-codes-phone", f"/game/{game}/table/codes", PHONE, "Players' code", False),
            ("table-host-settings-phone", f"/game/{game}/table/settings", PHONE, "What players may do", False),
            ("table-ended-phone", "/seat/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", PHONE, "no longer works", False),
        ]
        typing = [
            ("table-seat-tricks-phone", f"/seat/{ids['Cat']}", PHONE, "tricks taken of", False),
            ("table-display-tricks-tablet", f"/display/{ids['display']}", TABLET, "tricks taken of", False),
            ("table-host-tricks-tablet", f"/game/{game}/table", TABLET, "tricks taken of", False),
        ]
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
                for shots in (bidding, typing):
                    if shots is typing:
                        everyone_bid(store, ids)
                        app.state.shared.hub.changed()
                    for name, path, (width, height), wait_for, dark in shots:
                        page = open_app(browser, server.url + path, width=width, height=height, dark=dark)
                        Player(page).see(wait_for)
                        page.wait_for_timeout(1200)  # let images and fonts settle
                        painted(page, OUT / f"{name}.png")
                        page.context.close()
                        print("wrote", name)
                browser.close()
        finally:
            server.stop()
            store.close()


if __name__ == "__main__":
    main()
