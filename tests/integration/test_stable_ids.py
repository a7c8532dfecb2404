"""Stable ids (issue 27): a player keeps theirs through a rename and a merge,
a game keeps its own when it moves to another host (export, then import),
and BG Stats gets them, with an imported game's own date and duration.
Each store test runs on SQLite and on PostgreSQL (the `store` fixture)."""
from __future__ import annotations

import json
import sqlite3
import uuid
from urllib.parse import parse_qs, urlsplit

import pytest

from companion import exports, record, services
from models import transfer
from models.store import open_store

from .conftest import start

# A finished XYbrid game played on 1 June 2025 from 19:00 to 20:30 UTC: Ann 11 + 6 + 16 = 33 and
# Bob 11 + 6 + 16 = 33, a shared win, as tests/unit/test_exports.py works it out.
JUNE = {"format": "companion.game/1", "game": "xybrid", "players": ["Ann", "Bob"],
        "started_at": "2025-06-01T19:00:00+00:00", "rounds": [
            {"first_player": "Bob", "results": {"Ann": {"parts": [0, 2, 3, 1, 4], "hand": 1},
                                                "Bob": {"parts": [0, 3, 3, 2, 2], "hand": 0, "adjustments": [2, -1]}}},
            {"results": {"Ann": {"parts": [0, 1, 1, 1, 1], "hand": 2},
                         "Bob": {"parts": [0, 2, 2, 2, 2], "hand": 0, "adjustments": [-2]}}},
            {"results": {"Ann": {"parts": [0, 4, 4, 4, 4], "hand": 0},
                         "Bob": {"parts": [0, 4, 4, 4, 4], "hand": 0}}}]}
ENDED = "2025-06-01T20:30:00+00:00"


def play(store, game_id: int) -> dict:
    """The play the game's BG Stats link sends, as BG Stats reads it."""
    link = exports.bg_stats_link(services.load(game_id, store.reader()))
    return json.loads(parse_qs(urlsplit(link).query)["data"][0])


def player_ids(store, game_id: int) -> dict[str, str]:
    return {player["name"]: player["sourcePlayerId"] for player in play(store, game_id)["players"]}


def imported(store, data: dict) -> int:
    (game_id,) = transfer.import_text(store, json.dumps(data)).added
    return game_id


def test_a_rename_keeps_the_players_bg_stats_id(store):
    game_id = imported(store, JUNE)
    before = player_ids(store, game_id)
    services.rename_player("Ann", "Annie", store.uow())
    after = player_ids(store, game_id)
    assert after["Annie"] == before["Ann"] and after["Bob"] == before["Bob"]
    assert after == {"Annie": transfer.export_game(store, game_id)["player_uids"][0],
                     "Bob": transfer.export_game(store, game_id)["player_uids"][1]}


def test_a_merge_gives_the_merged_games_the_kept_players_id(store):
    kept_game = imported(store, JUNE)
    other = imported(store, JUNE | {"players": ["Annie", "Bob"], "rounds": [
        {**entered, "results": {("Annie" if name == "Ann" else name): value
                                for name, value in entered["results"].items()}} for entered in JUNE["rounds"]]})
    ann = transfer.export_game(store, kept_game)["player_uids"][0]
    assert player_ids(store, kept_game)["Ann"] == ann
    services.merge_player("Annie", "Ann", store.uow())
    assert player_ids(store, kept_game)["Ann"] == ann
    assert player_ids(store, other)["Ann"] == ann  # the merged player's games now carry Ann's id
    assert transfer.export_game(store, other)["player_uids"][0] == ann


def test_a_game_moved_to_another_host_keeps_its_play_id_and_its_players_ids(store, tmp_path):
    game_id = start(store, "xybrid", ("Ann", "Bob"))  # played on this host: its end is its history's
    for entered in JUNE["rounds"]:
        services.record_round(game_id, entered, store.uow())
    sent = play(store, game_id)
    exported = transfer.export_all(store)
    with open_store(tmp_path / "other.db") as other:
        start(other, players=("Eve", "Fay"))  # the other host has games of its own: the ids differ
        (moved,) = transfer.import_text(other, json.dumps(exported)).added
        assert moved != game_id
        assert play(other, moved) == sent  # the same play id, players' ids, date and duration
        assert transfer.export_game(other, moved) == exported[0]  # ids and end as the first host wrote them


def test_an_imported_game_is_sent_to_bg_stats_with_its_own_date_and_duration(store):
    game_id = imported(store, JUNE | {"ended_at": ENDED})
    sent = play(store, game_id)
    assert (sent["playDate"], sent["durationMin"]) == ("2025-06-01 20:30:00", 90)


def test_an_imported_record_without_an_end_is_sent_on_its_own_day(store):
    # A file exported before ends were written: the import's own time is not the game's.
    sent = play(store, imported(store, JUNE))
    assert sent["playDate"] == "2025-06-01 19:00:00" and "durationMin" not in sent


def test_a_record_without_the_new_fields_scores_and_imports_as_the_same_game(store):
    full = transfer.export_game(store, imported(store, JUNE | {"ended_at": ENDED, "uid": str(uuid.uuid4())}))
    assert {"ended_at", "uid", "player_uids"} <= set(full)
    bare = {key: value for key, value in full.items() if key not in ("ended_at", "uid", "player_uids")}
    assert record.score(record.from_dict(bare)) == record.score(record.from_dict(full))
    assert transfer.import_text(store, json.dumps(bare)).added == []  # the same game: nothing new


@pytest.mark.parametrize("fields, said", [
    ({"uid": "x" * 129}, "uid must hold ids like"),
    ({"uid": 7}, "uid must hold ids like"),
    ({"player_uids": ["ann\nbob", str(uuid.uuid4())]}, "player_uids must hold ids like"),
    ({"player_uids": [str(uuid.uuid4())]}, "player_uids must be a list of 2 ids"),
    ({"player_uids": ["5d5f3c4e-5a8f-4a37-9d21-6f1c2f3e4d5a"] * 2}, "one id to two players"),
    ({"ended_at": "last June"}, "ended_at must be a date and time"),
])
def test_a_broken_id_or_end_is_refused_and_nothing_is_stored(store, fields, said):
    with pytest.raises(transfer.ImportRefused, match=said):
        transfer.import_text(store, json.dumps(JUNE | fields))
    assert services.list_games(store.reader()) == [] and services.roster(store.reader()) == []


def test_the_migration_gives_every_stored_player_and_game_the_id_bg_stats_was_sent(tmp_path):
    path = tmp_path / "old.db"
    with open_store(path) as store:
        for day in (1, 2):
            imported(store, JUNE | {"started_at": f"2025-06-0{day}T19:00:00+00:00", "ended_at": ENDED})
        sent = [play(store, game_id) for game_id in (1, 2)]
    with sqlite3.connect(path) as raw:  # as a 0012 database held them: no ids
        raw.execute("DROP INDEX ix_player_uid")
        raw.execute("DROP INDEX ix_game_uid")
        raw.execute("ALTER TABLE player DROP COLUMN uid")
        raw.execute("ALTER TABLE game DROP COLUMN uid")
        raw.execute("ALTER TABLE game DROP COLUMN ended_at")
        raw.execute("ALTER TABLE game DROP COLUMN note")  # schema 0014's (issue 28)
        raw.execute("ALTER TABLE game DROP COLUMN played_on")
        raw.execute("ALTER TABLE round DROP COLUMN note")  # schema 0016's (issue 28)
        raw.execute("UPDATE alembic_version SET version_num = '0012'")
    with open_store(path) as store:
        after = [play(store, game_id) for game_id in (1, 2)]
        games = {game["uid"] for game in transfer.export_all(store)}
    # What the app sent before ids existed: BG Stats keeps matching the plays and players it has.
    assert [p["sourcePlayId"] for p in after] == ["xyscore-1-2025-06-01T19:00:00+00:00",
                                                  "xyscore-2-2025-06-02T19:00:00+00:00"]
    assert [[player["sourcePlayerId"] for player in p["players"]] for p in after] == [["ann", "bob"]] * 2
    assert [p["sourcePlayId"] for p in sent] != [p["sourcePlayId"] for p in after]  # new games: their own ids
    assert len(games) == 2
