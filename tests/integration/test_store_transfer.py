"""Export and import of game records, and backup and restore of the whole store."""
from __future__ import annotations

import json
import re
import sqlite3

import pytest

from companion import services
from companion.record import FORMAT
from models.backup import backup, restore
from models.engine import StoreError
from models.store import open_store
from models.transfer import ImportRefused, export_all, export_game, import_text

from .conftest import hand, monster_round, start, table_counts


@pytest.fixture
def two_games(store):
    xylotar = start(store, expansions=["bonus_beats"], bonus_beats_dealt={"Cat": ["under_by_one", "flip_suit"]})
    services.record_round(xylotar, hand((2, 3), (4, 4), (1, 0), (6, 7), Cat={"bonus_beat": "under_by_one"}),
                          store.uow())
    xybrid = start(store, "xybrid", ("Eve", "Fay"))
    services.record_round(xybrid, monster_round({"Eve": [0, 4], "Fay": [0, 2]}, first_player="Fay", draw_seed=7,
                                                entries={"Eve": {"adjustments": [-1], "notes": ["MISSION"]}}),
                          store.uow())
    return xylotar, xybrid


def test_an_exported_game_imports_into_another_store_as_it_was(store, two_games, tmp_path):
    xylotar, xybrid = two_games
    exported = export_all(store)
    assert [g["game"] for g in exported] == ["xylotar", "xybrid"] and exported[0]["format"] == FORMAT
    with open_store(tmp_path / "other.db") as other:
        result = import_text(other, json.dumps(exported))
        assert len(result.added) == 2 and result.already_had == []
        assert export_all(other) == exported
        with other.uow() as uow:
            assert [c.author for c in uow.history(result.added[1])] == ["import"]


def test_importing_the_same_game_twice_does_not_duplicate_it(store, two_games):
    xylotar, _ = two_games
    one = json.dumps(export_game(store, xylotar))
    assert import_text(store, one).already_had == [xylotar]
    assert import_text(store, json.dumps(export_all(store))).added == []
    with store.uow() as uow:
        assert len(uow.list_games()) == 2


def test_a_hand_written_record_imported_twice_is_stored_once(store):
    # Without started_at, the content alone recognises the game; names match in any case.
    record = {"format": FORMAT, "game": "xybrid", "players": ["ann", "Bob"],
              "rounds": [{"results": {"ann": {"parts": [3], "hand": 1}, "Bob": {"parts": [2], "hand": 0}}}]}
    with store.uow() as uow:
        uow.add_player("Ann")
        uow.commit()
    first = import_text(store, json.dumps(record)).added
    assert import_text(store, json.dumps(record)).already_had == first
    with store.uow() as uow:
        assert [g.players for g in uow.list_games()] == [("Ann", "Bob")]


def test_after_a_rename_a_new_export_is_still_recognised(store, two_games):
    xylotar, _ = two_games
    with store.uow() as uow:
        uow.rename_player("Ann", "Anna")
        uow.commit()
    assert import_text(store, json.dumps(export_game(store, xylotar))).already_had == [xylotar]


def test_the_same_content_started_at_another_time_is_another_game(store, two_games):
    _, xybrid = two_games
    record = export_game(store, xybrid)
    record["started_at"] = "2020-01-01T20:00:00+00:00"
    assert len(import_text(store, json.dumps(record)).added) == 1


def test_importing_a_deleted_game_brings_it_back(store, two_games):
    xylotar, _ = two_games
    record = json.dumps(export_game(store, xylotar))
    with store.uow() as uow:
        uow.games.delete(xylotar)
        uow.commit()
    assert import_text(store, record).already_had == [xylotar]
    with store.uow() as uow:
        assert xylotar in [g.id for g in uow.list_games()]


@pytest.mark.parametrize("text, message", [
    ("{not json", "the file is not valid JSON (line 1, column 2"),
    ("[]", "an empty list"),
    ('{"format": "companion.game/1", "game": "chess", "players": ["Ann", "Bob"]}', "game must be 'xylotar' or"),
    ('{"format": "companion.game/1", "game": "xybrid", "players": ["Ann", "Bob"], "started_at": "noon"}',
     "started_at must be a date and time"),
    ('{"format": "companion.game/1", "game": "xybrid", "players": ["Ann", "Bob"], "rounds": [{"draw_seed": -1, '
     '"results": {"Ann": {"parts": [1], "hand": 0}, "Bob": {"parts": [1], "hand": 0}}}]}',
     "round 1: draw_seed must be a whole number"),
])
def test_a_malformed_import_is_refused_with_a_clear_message(store, db_path, text, message):
    before = table_counts(db_path)
    with pytest.raises(ImportRefused, match=re.escape(message)):
        import_text(store, text)
    assert table_counts(db_path) == before


def test_one_bad_game_in_a_list_refuses_the_whole_import(store, db_path, two_games):
    # Game 1 is fine, game 2 breaks X3: nothing at all is written, not even new players.
    good = {"format": FORMAT, "game": "xybrid", "players": ["Gus", "Hal"], "rounds": []}
    bad = {"format": FORMAT, "game": "xylotar", "players": ["Ivy", "Jo", "Kim"],
           "rounds": [{"results": {"Ivy": {"bid": 1, "tricks": 1}, "Jo": {"bid": 1, "tricks": 1},
                                   "Kim": {"bid": 1, "tricks": 1}}}]}
    before = table_counts(db_path)
    with pytest.raises(ImportRefused) as refused:
        import_text(store, json.dumps([good, bad]))
    assert str(refused.value).splitlines() == ["game 2: round 1: tricks add up to 3, expected 12 (X3)",
                                               "nothing was imported"]
    assert table_counts(db_path) == before


def test_a_backup_restores_the_games_as_they_were(store, db_path, two_games, tmp_path):
    xylotar, _ = two_games
    saved = backup(store, tmp_path / "saved.db")
    services.record_round(xylotar, hand((0, 0), (4, 4), (5, 5), (5, 5)), store.uow())
    with store.uow() as uow:
        uow.rename_player("Ann", "Anna")
        uow.commit()
    before_restore = restore(store, saved)
    with store.uow() as uow:
        assert len(uow.games.get(xylotar).game.hands) == 1
        assert "Ann" in uow.players() and "Anna" not in uow.players()
    # The database as it was before the restore is kept beside it.
    with open_store(before_restore) as previous, previous.uow() as uow:
        assert len(uow.games.get(xylotar).game.hands) == 2
    # And the restored store keeps working.
    assert len(services.record_round(xylotar, hand((0, 0), (4, 4), (5, 5), (5, 5)), store.uow()).hands) == 2


def test_a_backup_is_one_self_contained_file(store, two_games, tmp_path):
    saved = backup(store, tmp_path / "saved.db")
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("saved")) == ["saved.db"]
    with sqlite3.connect(saved) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone() == ("delete",)


def test_a_backup_never_overwrites_a_file(store, tmp_path):
    existing = tmp_path / "precious.txt"
    existing.write_text("keep me")
    with pytest.raises(StoreError, match="already exists"):
        backup(store, existing)
    assert existing.read_text() == "keep me"


@pytest.mark.parametrize("make, message", [
    (lambda path: path.write_text("not a database at all " * 200), "is not an XY Score backup"),
    (lambda path: sqlite3.connect(path).execute("CREATE TABLE recipes (name TEXT)").connection.commit(),
     "lacks our tables"),
])
def test_restore_refuses_a_file_that_is_not_ours_and_changes_nothing(store, db_path, two_games, tmp_path,
                                                                     make, message):
    candidate = tmp_path / "candidate.db"
    make(candidate)
    before = table_counts(db_path)
    with pytest.raises(StoreError, match=message):
        restore(store, candidate)
    assert table_counts(db_path) == before
    assert not [p for p in tmp_path.iterdir() if "before-restore" in p.name]


def test_restore_refuses_a_backup_from_a_newer_xy_score(store, db_path, two_games, tmp_path):
    saved = backup(store, tmp_path / "saved.db")
    with sqlite3.connect(saved) as raw:
        raw.execute("UPDATE alembic_version SET version_num = '9999'")
    with pytest.raises(StoreError, match="newer XY Score"):
        restore(store, saved)
    with store.uow() as uow:
        assert len(uow.list_games()) == 2
