"""A game's note and a game entered afterwards (issue 28), in the real store:
the note is kept, in the record an export writes and an import reads back
(an optional field: a record without one loads as before), and a game played
on an earlier day keeps that day as its start and end however late its hands
are typed."""
from __future__ import annotations

import json
from datetime import date, timedelta

import pytest

from companion import notes, services
from companion.exports import bg_stats_play
from models.store import open_store
from models.transfer import ImportRefused, export_game, import_text

from .conftest import hand, start

NOTE = "Ann's birthday, at the cottage\nBob dealt with a cold"


def finished(store, game_id: int) -> None:
    for _ in range(3):
        services.record_round(game_id, hand((3, 3), (4, 4), (2, 2), (5, 5)), store.uow())


def test_a_games_note_is_kept_and_goes_through_an_export_and_an_import(store, tmp_path):
    game_id = start(store)
    assert notes.set_note(game_id, f"  {NOTE}  ", store.uow()) == NOTE
    assert services.load(game_id, store.reader()).note == NOTE
    exported = export_game(store, game_id)
    assert exported["note"] == NOTE
    with open_store(tmp_path / "other.db") as other:
        (moved,) = import_text(other, json.dumps(exported)).added
        assert services.load(moved, other.reader()).note == NOTE
        assert export_game(other, moved) == exported  # the same record, note and all


def test_a_record_without_a_note_loads_and_exports_without_one(store):
    game_id = start(store)
    exported = export_game(store, game_id)
    assert "note" not in exported
    (again,) = import_text(store, json.dumps({**exported, "uid": None, "player_uids": None})).already_had
    assert services.load(again, store.reader()).note is None


def test_a_note_that_cannot_be_kept_is_refused_and_nothing_changes(store):
    game_id = start(store)
    notes.set_note(game_id, NOTE, store.uow())
    with pytest.raises(ValueError, match="at most 500 characters"):
        notes.set_note(game_id, "x" * 501, store.uow())
    with pytest.raises(ImportRefused, match="note"):
        import_text(store, json.dumps({**export_game(store, game_id), "note": "\x07 bell"}))
    assert services.load(game_id, store.reader()).note == NOTE
    assert notes.set_note(game_id, "   ", store.uow()) is None  # emptied: no note
    assert "note" not in export_game(store, game_id)


def test_a_game_entered_afterwards_keeps_the_day_it_was_played(store):
    game_id = services.start_game(services.new_game("xylotar", ["Ann", "Bob", "Cat", "Dev"]), store.uow(),
                                  played_on="2025-03-08")
    finished(store, game_id)  # typed today
    exported = export_game(store, game_id)
    assert (exported["started_at"], exported["ended_at"]) == ("2025-03-08T12:00:00+00:00",) * 2
    play = bg_stats_play(services.load(game_id, store.reader()))
    assert play["playDate"] == "2025-03-08 12:00:00" and "durationMin" not in play
    tomorrow = (date.today() + timedelta(days=2)).isoformat()
    for day, words in ((tomorrow, "cannot be after today"), ("8 March", "a date like")):
        with pytest.raises(ValueError, match=words):
            services.start_game(services.new_game("xylotar", ["Ann", "Bob", "Cat"]), store.uow(), played_on=day)
    assert len(services.list_games(store.reader())) == 1  # nothing stored for either
