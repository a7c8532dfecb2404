"""A note on a hand (XYbrid: a round), issue 28, in the real store, on SQLite
and on PostgreSQL (the `store` fixture): kept with its round through a
correction, in the record an export writes (`rounds[].note`) and an import
reads back, in BG Stats' comments; refused, storing nothing, when it cannot
be kept; and a store made before schema 0016 takes notes once upgraded."""
from __future__ import annotations

import json

import pytest
from alembic.script import ScriptDirectory

from companion import notes, services
from companion.exports import bg_stats_play
from models.engine import alembic_config
from models.store import open_store
from models.transfer import ImportRefused, export_game, import_text

from .conftest import hand, monster_round, rows_of, start, table_counts, whole

NOTE = "Bob dealt twice\nreplayed after a power cut"


def played(store, game_id: int, hands: int = 3) -> None:
    for _ in range(hands):
        services.record_round(game_id, hand((3, 3), (4, 4), (2, 2), (5, 5)), store.uow())


def test_a_hands_note_is_kept_through_a_correction_and_goes_in_the_record(store):
    game_id = start(store)
    played(store, game_id, 2)
    fingerprint = rows_of(store, f"SELECT record_hash FROM game WHERE id = {game_id}")
    assert notes.set_round_note(game_id, 1, f"  {NOTE}  ", store.uow()) == NOTE
    stored = services.load(game_id, store.reader())
    assert stored.round_notes == {1: NOTE} and stored.game.totals() == {"Ann": 16, "Bob": 18, "Cat": 14, "Dev": 20}
    assert [entered.get("note") for entered in export_game(store, game_id)["rounds"]] == [NOTE, None]
    # Never a score, nor what makes the game the same game on an import.
    assert rows_of(store, f"SELECT record_hash FROM game WHERE id = {game_id}") == fingerprint
    services.correct_round(game_id, 1, hand((3, 4), (4, 3), (2, 2), (5, 5)), store.uow())
    services.undo(game_id, store.uow())
    services.redo(game_id, store.uow())
    assert services.load(game_id, store.reader()).round_notes == {1: NOTE}  # the hand corrected, its note kept
    assert export_game(store, game_id)["rounds"][0]["results"]["Ann"] == {"bid": 3, "tricks": 4}
    services.undo(game_id, store.uow())  # the correction taken back...
    services.undo(game_id, store.uow())  # ...and hand 2: hand 1 keeps its note
    assert services.load(game_id, store.reader()).round_notes == {1: NOTE}
    assert len(export_game(store, game_id)["rounds"]) == 1


def test_an_export_with_hand_notes_imports_into_another_store_as_it_was(store, tmp_path):
    game_id = start(store)
    played(store, game_id, 3)
    notes.set_round_note(game_id, 3, "power cut, replayed", store.uow())
    notes.set_round_note(game_id, 2, NOTE, store.uow())
    exported = export_game(store, game_id)
    assert [entered.get("note") for entered in exported["rounds"]] == [None, NOTE, "power cut, replayed"]
    with open_store(tmp_path / "other.db") as other:
        (moved,) = import_text(other, json.dumps(exported)).added
        assert export_game(other, moved) == exported  # the same record, notes and all
        comments = bg_stats_play(services.load(moved, other.reader()))["comments"]
    assert comments.split("\n")[1:] == ["Hand 2: Bob dealt twice", "replayed after a power cut",
                                        "Hand 3: power cut, replayed"]
    # The same game with its notes is the game the store has: nothing is added.
    assert import_text(store, json.dumps({**exported, "uid": None, "player_uids": None})).already_had == [game_id]


def test_an_xybrid_rounds_note_goes_through_an_import_too(store):
    game_id = start(store, "xybrid", ("Ann", "Bob"))
    services.record_round(game_id, monster_round({"Ann": whole(3), "Bob": whole(5)}, first_player="Ann"), store.uow())
    notes.set_round_note(game_id, 1, "Ann's first monster", store.uow())
    exported = export_game(store, game_id)
    assert exported["rounds"][0]["note"] == "Ann's first monster"
    services.delete_game(game_id, store.uow())
    (again,) = import_text(store, json.dumps({**exported, "uid": None})).already_had  # brought back
    assert services.load(again, store.reader()).round_notes == {1: "Ann's first monster"}


def test_a_note_that_cannot_be_kept_stores_nothing(store):
    game_id = start(store)
    played(store, game_id, 2)
    notes.set_round_note(game_id, 2, NOTE, store.uow())
    with pytest.raises(ValueError, match="at most 500 characters; this one has 501"):
        notes.set_round_note(game_id, 2, "x" * 501, store.uow())
    with pytest.raises(notes.NoSuchRound, match="There is no hand 3 in this game"):
        notes.set_round_note(game_id, 3, "the next hand", store.uow())
    with pytest.raises(services.GameNotFound):
        notes.set_round_note(game_id + 1, 1, "another game", store.uow())
    assert services.load(game_id, store.reader()).round_notes == {2: NOTE}
    counts = table_counts(store)
    bad = export_game(store, game_id)
    bad["rounds"][0]["note"] = "the bell \x07 rang"
    with pytest.raises(ImportRefused) as refused:
        import_text(store, json.dumps({**bad, "uid": None, "player_uids": None, "started_at": None}))
    assert str(refused.value) == ("round 1: A note may hold words and new lines, not other control characters. "
                                  "(record)\nnothing was imported")
    assert table_counts(store) == counts and len(services.list_games(store.reader())) == 1


def head() -> str:
    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def test_a_store_from_before_round_notes_is_upgraded_and_keeps_its_games(db_url):
    with open_store(db_url) as store:
        game_id = start(store)
        played(store, game_id, 2)
        before = export_game(store, game_id)
        fingerprint = rows_of(store, "SELECT record_hash FROM game")
        with store.engine.begin() as connection:  # as schema 0015 left it: rounds without a note
            if connection.dialect.name == "postgresql":
                connection.exec_driver_sql('DROP TRIGGER xyscore_round_note ON "round"')
            connection.exec_driver_sql('ALTER TABLE "round" DROP COLUMN note')
            connection.exec_driver_sql("UPDATE alembic_version SET version_num = '0015'")
    with open_store(db_url) as store:
        assert rows_of(store, "SELECT version_num FROM alembic_version") == [(head(),)] == [("0016",)]
        assert export_game(store, game_id) == before and rows_of(store, "SELECT record_hash FROM game") == fingerprint
        assert rows_of(store, 'SELECT number, note FROM "round" ORDER BY number') == [(1, None), (2, None)]
        notes.set_round_note(game_id, 2, NOTE, store.uow())
        assert export_game(store, game_id)["rounds"][1]["note"] == NOTE
