"""Export and import of game records, and backup and restore of the whole store."""
from __future__ import annotations

import argparse
import io
import json
import re
import sqlite3

import pytest

from companion import services
from companion.record import FORMAT
from models.backup import backup, restore
from models.engine import StoreError
from models.store import open_store
from models.cli import run_export
from models.transfer import ImportRefused, export_all, export_game, import_text, write_records

from .conftest import hand, monster_round, start, table_counts, whole


@pytest.fixture
def two_games(store):
    xylotar = start(store, expansions=["bonus_beats"], bonus_beats_dealt={"Cat": ["under_by_one", "flip_suit"]})
    services.record_round(xylotar, hand((2, 3), (4, 4), (1, 0), (6, 7), Cat={"bonus_beat": "under_by_one"}),
                          store.uow())
    xybrid = start(store, "xybrid", ("Eve", "Fay"))
    services.record_round(xybrid, monster_round({"Eve": whole(4), "Fay": whole(2)}, first_player="Fay", draw_seed=7,
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
              "rounds": [{"results": {"ann": {"parts": [0, 3, 0, 0, 0], "hand": 1},
                                      "Bob": {"parts": [0, 2, 0, 0, 0], "hand": 0}}}]}
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
     '"results": {"Ann": {"parts": [0, 1, 0, 0, 0], "hand": 0}, "Bob": {"parts": [0, 1, 0, 0, 0], "hand": 0}}}]}',
     "round 1: draw_seed must be a whole number"),
    ('[{"format": "companion.game/1", "game": "xybrid", "players": ["Ann", "Bob"], "players": ["Cat", "Dev"]}]',
     "the file gives 'players' twice in one object; give each field once (record); nothing was imported"),
    ('{"format": "companion.game/1", "game": "xybrid", "players": ["Ann", "Bob"], "dealer": "Ann"}',
     "'dealer' is not a field of an XYbrid record (record)\nnothing was imported"),
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


@pytest.mark.sqlite_only  # SQLite's backup; a server's: test_store_postgresql.py
def test_a_backup_is_one_self_contained_file(store, two_games, tmp_path):
    saved = backup(store, tmp_path / "saved.db")
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("saved")) == ["saved.db"]
    with sqlite3.connect(saved) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone() == ("delete",)


@pytest.mark.sqlite_only  # SQLite's backup; a server's: test_store_postgresql.py
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


# --- the full export, read in bulk, is what exporting each game gives ------
@pytest.fixture
def history(store):
    """Games of every kind and fate: expansions and dealt Bonus Beats, a correction,
    undo and redo, two players with side players, XYbrid with part types, notes
    and draw seeds, a game with no rounds, a rename, deleted games, and imported
    games started long ago (so ids and start times run in different orders)."""
    rich = start(store, expansions=["bonus_beats", "off_key"], dealer="Bob",
                 bonus_beats_dealt={"Ann": ["over_by_one", "view_two"], "Bob": ["no_bid_match", "zero_card"]})
    services.record_round(rich, hand((2, 3), (None, 4), (0, 0), (6, 7),
                                     Ann={"bonus_beat": "over_by_one", "off_key_won": 1},
                                     Bob={"bonus_beat": "no_bid_match"}), store.uow(), author="Ann")
    services.record_round(rich, hand((3, 3), (4, 5), (2, 2), (4, 4), Cat={"off_key_won": 2}), store.uow())
    services.correct_round(rich, 2, hand((3, 3), (4, 4), (2, 3), (4, 4), Cat={"off_key_won": 2}), store.uow(),
                           author="Bob")
    pair = start(store, players=("Ann", "Bob"))
    two = hand((3, 4), (5, 4), names=("Ann", "Bob"))
    two["side_players"] = {"left": {"bid": 7, "tricks": 3}, "right": {"bid": 2, "tricks": 3}}
    services.record_round(pair, two, store.uow())
    monsters = start(store, "xybrid", ("Cat", "Ann", "Dev"))
    services.record_round(monsters, monster_round(
        {"Cat": [0, 2, 3, 1, 4], "Ann": whole(1), "Dev": whole(0)}, hand_sizes={"Ann": 2}, first_player="Ann",
        draw_seed=2**64 - 1,
        entries={"Cat": {"part_types": ["core", "head", "left_arm", "right_arm", "legs"],
                         "adjustments": [3, -2], "notes": ["DEPLOY", 'said "line one\nline two" – ✓']},
                 "Ann": {"adjustments": [1], "notes": ["breakthrough", "spare note"]},
                 "Dev": {"adjustments": [-1, 2]}}), store.uow())
    services.record_round(monsters, monster_round({"Cat": whole(1), "Ann": whole(2), "Dev": whole(3)}, draw_seed=0),
                          store.uow())
    services.correct_round(monsters, 2, monster_round({"Cat": whole(1), "Ann": whole(2), "Dev": whole(4)},
                                                      first_player="Dev"), store.uow())
    undone = start(store, players=("Dev", "Cat", "Bob"))
    services.record_round(undone, hand((1, 1), (5, 5), (4, 6), names=("Dev", "Cat", "Bob")), store.uow())
    services.record_round(undone, hand((2, 2), (5, 5), (5, 5), names=("Dev", "Cat", "Bob")), store.uow())
    services.undo(undone, store.uow())
    services.undo(undone, store.uow())
    services.redo(undone, store.uow())
    start(store, "xybrid", ("Eve", "Fay"))  # no rounds yet
    deleted = start(store, players=("Ann", "Cat"))
    services.record_round(deleted, hand((3, 4), (5, 4), names=("Ann", "Cat")) | {
        "side_players": {"left": {"bid": 7, "tricks": 3}, "right": {"bid": 2, "tricks": 3}}}, store.uow())
    with store.uow() as uow:
        uow.rename_player("Cat", "Zoë")
        uow.games.delete(deleted)
        uow.commit()
    long_ago = "2020-01-01T20:00:00+00:00"  # two games started at the same moment, before all the others
    import_text(store, json.dumps([
        {"format": FORMAT, "game": "xybrid", "players": ["Gus", "Hal"], "started_at": long_ago,
         "rounds": [{"results": {"Gus": {"parts": [0, 3, 0, 0, 0], "hand": 1},
                                 "Hal": {"parts": [0, 2, 0, 0, 0], "hand": 0}},
                     "first_player": "Hal", "draw_seed": 12345}]},
        {"format": FORMAT, "game": "xylotar", "players": ["Hal", "Gus", "Ann"], "started_at": long_ago,
         "rounds": []}]))
    gone = import_text(store, json.dumps({"format": FORMAT, "game": "xybrid", "players": ["Ivy", "Jo"],
                                          "started_at": "2019-01-01T00:00:00+00:00"})).added[0]
    with store.uow() as uow:
        uow.games.delete(gone)
        uow.commit()
    return store


def one_at_a_time(store, game=None, player=None) -> list[dict]:
    """The export as it was made before the bulk read: each game listed, oldest
    first, read on its own through the repository."""
    with store.uow() as uow:
        ids = [summary.id for summary in uow.list_games(game, player)]
        return [uow.games.record(game_id) for game_id in reversed(ids)]


def as_exported(data) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def test_the_bulk_export_is_byte_for_byte_the_export_of_each_game(history):
    exported = export_all(history)
    expected = one_at_a_time(history)
    assert exported == expected and as_exported(exported) == as_exported(expected)
    assert exported == [export_game(history, game_id) for game_id in ids_of(history)]
    # Oldest first, ties by id; deleted games left out, as before.
    assert [(g["game"], g["players"]) for g in exported[:2]] == [("xybrid", ["Gus", "Hal"]),
                                                                 ("xylotar", ["Hal", "Gus", "Ann"])]
    assert len(exported) == 7 and ["Ivy", "Jo"] not in [g["players"] for g in exported]
    assert ["Ann", "Zoë"] not in [g["players"] for g in exported]
    # What the history above was meant to exercise is really in the export.
    text = as_exported(exported)
    for piece in ('"draw_seed": 18446744073709551615', '"draw_seed": 12345', '"part_types"', '"side_players"',
                  '"bonus_beats_dealt"', '"Zoë"', '"rounds": []', r'\"line one\nline two\" – ✓'):
        assert piece in text, piece


def ids_of(store) -> list[int]:
    with store.uow() as uow:
        return [summary.id for summary in reversed(uow.list_games())]


@pytest.mark.parametrize("game, player", [("xylotar", None), ("xybrid", None), (None, "zoë"), ("xybrid", "Ann")])
def test_a_bulk_read_of_some_records_is_theirs_one_at_a_time(history, game, player):
    with history.uow() as uow:
        chosen = uow.games.records(game, player)
    assert chosen == one_at_a_time(history, game, player) and chosen


def test_xyscore_export_writes_the_text_it_wrote_before(history, tmp_path):
    expected = as_exported(one_at_a_time(history))
    written = tmp_path / "all.json"
    assert run_export(history, argparse.Namespace(game_id=None, output=str(written), csv=False, bgstats=False)) == 0
    assert written.read_bytes() == expected.encode("utf-8")
    one = tmp_path / "one.json"
    game_id = ids_of(history)[0]
    assert run_export(history, argparse.Namespace(game_id=game_id, output=str(one), csv=False, bgstats=False)) == 0
    assert one.read_text(encoding="utf-8") == as_exported(export_game(history, game_id))


def test_an_empty_store_exports_an_empty_list(store, tmp_path):
    written = tmp_path / "none.json"
    run_export(store, argparse.Namespace(game_id=None, output=str(written), csv=False, bgstats=False))
    assert export_all(store) == [] and written.read_text(encoding="utf-8") == "[]\n"


@pytest.mark.parametrize("value", [
    [], {}, [[]], [{}], {"a": {}}, "", 0, -7, 2**64, None, True, 1.5, float("1e300"),
    {"a": [1, "b", None, True, False, 0.1, [], {}, {"c": [[[2]]]}], "d": "é\n\t\"\\\u2028\x00"},
    {"tuple": (1, 2), "nested": {1: "int key", "x": None}}, [("a", {"b": ()})], {"ünï": "cödé ✓"},
])
def test_records_are_written_as_json_writes_them(value):
    out = io.StringIO()
    write_records([value], out)
    assert out.getvalue() == json.dumps([value], indent=2, ensure_ascii=False) + "\n"
