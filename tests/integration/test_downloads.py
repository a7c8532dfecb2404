"""What the host downloads from History (issue 13), over SQLite: a game's
record as stored, its rounds as CSV, every game; and while a game is
played, no download gives away the Bonus Beats a player entered on their
own phone (P2)."""
from __future__ import annotations

import csv
import io
import json
from datetime import date

from companion import services
from companion import table_services as table
from companion.access import Access
from tests.integration.conftest import hand, start
from views.web import downloads

DAY = date(2026, 12, 1)


def phone(store, game_id: int, seat: str) -> Access:
    join = table.resolve(table.issue_link(game_id, "player", store.uow(), by=Access.host(game_id)), store.uow())
    return table.resolve(table.join_seat(seat, store.uow(), by=join), store.uow())


def test_a_games_record_is_the_stored_one_and_its_csv_a_row_per_player_per_hand(store):
    game = start(store, players=("Ann", "Bob", "Cat"), dealer="Cat")
    services.record_round(game, hand((4, 4), (3, 2), (5, 6), names=("Ann", "Bob", "Cat")), store.uow())
    got = downloads.game_json(store, game)
    assert got.name.startswith("xylotar-") and got.name.endswith("-ann-bob-cat.json")
    assert json.loads(got.data) == services.export_record(game, store.uow())
    rows = list(csv.DictReader(io.StringIO(downloads.game_csv(store, game).data.decode())))
    assert [(r["round"], r["player"], r["tricks"]) for r in rows] == [("1", "Ann", "4"), ("1", "Bob", "2"),
                                                                      ("1", "Cat", "6")]


def test_a_game_in_play_is_downloaded_without_the_cards_dealt_on_a_phone(store):
    game = start(store, players=("Ann", "Bob", "Cat"), dealer="Cat", expansions=["bonus_beats"],
                 bonus_beats_dealt={"Bob": ["plus_one_per_miss", "zero_bid_eight"]})  # entered by the host
    table.enter_dealt(game, ["over_by_one", "view_two"], store.uow(), by=phone(store, game, "Ann"))
    other = start(store, players=("Dee", "Eve", "Fay"), dealer="Fay")
    assert services.export_record(game, store.uow())["bonus_beats_dealt"]["Ann"]  # the store keeps them
    one = json.loads(downloads.game_json(store, game).data)
    assert one["bonus_beats_dealt"] == {"Bob": ["plus_one_per_miss", "zero_bid_eight"]}  # the host's own stay
    every = json.loads(downloads.games_json(store, today=DAY).data)
    assert [record["players"] for record in every] == [["Ann", "Bob", "Cat"], ["Dee", "Eve", "Fay"]]
    assert every[0]["bonus_beats_dealt"] == {"Bob": ["plus_one_per_miss", "zero_bid_eight"]}
    assert every[1] == services.export_record(other, store.uow())
    assert "over_by_one" not in downloads.games_json(store, today=DAY).data.decode()
    assert "over_by_one" not in downloads.games_csv(store, today=DAY).data.decode()


def test_a_finished_game_shows_every_card_it_was_dealt(store):
    names = ("Ann", "Bob", "Cat")
    game = start(store, players=names, dealer="Cat", expansions=["bonus_beats"])
    table.enter_dealt(game, ["over_by_one", "view_two"], store.uow(), by=phone(store, game, "Ann"))
    for seats in (((4, 4), (3, 2), (5, 6)), ((2, 2), (5, 5), (4, 5)), ((6, 6), (2, 3), (3, 3))):
        services.record_round(game, hand(*seats, names=names), store.uow())
    assert json.loads(downloads.game_json(store, game).data)["bonus_beats_dealt"] == {"Ann": ["over_by_one",
                                                                                             "view_two"]}


def test_many_games_follow_the_filter_shown(store):
    start(store, players=("Ann", "Bob", "Cat"), dealer="Cat")
    start(store, "xybrid", players=("Ann", "Dee"))
    start(store, players=("Dee", "Eve", "Fay"), dealer="Fay")
    got = downloads.games_json(store, player="Ann", today=DAY)
    assert got.name == "xy-score-games-of-ann-2026-12-01.json"
    assert [r["game"] for r in json.loads(got.data)] == ["xylotar", "xybrid"]
    got = downloads.games_csv(store, game="xylotar", today=DAY)
    assert got.name == "xy-score-xylotar-games-2026-12-01.csv"
    assert list(csv.reader(io.StringIO(got.data.decode())))[1:] == []  # no hand played yet: the header alone
