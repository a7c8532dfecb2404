"""One write path and one read path (issue 10): every write the app makes
(a game started, a round entered or corrected, undo and redo, a game
deleted, a player added or renamed, games imported) and every read its
screens and commands make is a function of companion.services, the same on
the store and on the fake the view tests use."""
from __future__ import annotations

import pytest

from companion import services
from companion.errors import GameError
from tests.fakes import FakeStore

from .conftest import hand, start


@pytest.fixture(params=["sqlite", "fake"])
def any_store(request, store):
    return store if request.param == "sqlite" else FakeStore()


def test_a_game_written_and_read_through_the_services(any_store):
    store = any_store
    game_id = start(store)
    game = services.record_round(game_id, hand((2, 2), (3, 4), (4, 4), (5, 4)), store.uow(), author="Ann")
    assert len(game.rounds) == 1
    with pytest.raises(GameError, match="already entered"):
        services.record_round(game_id, hand((2, 2), (3, 4), (4, 4), (5, 4)), store.uow(), expected=1)
    services.correct_round(game_id, 1, hand((2, 3), (3, 3), (4, 4), (5, 4)), store.uow(), author="Bob")
    assert [c.action for c in services.history(game_id, store.reader())] == ["add", "correct"]
    assert services.undo(game_id, store.uow()).rounds[0].results["Ann"].tricks == 2
    assert services.redo(game_id, store.uow()).rounds[0].results["Ann"].tricks == 3
    assert services.undo(start(store), store.uow()) is None  # nothing to undo
    loaded = services.load(game_id, store.reader())
    assert loaded.id == game_id and len(loaded.history) == 4 and services.uow_game(game_id, store.reader()).rounds
    assert [s.id for s in services.list_games(store.reader())] == [game_id + 1, game_id]
    assert [f.id for f in services.game_facts(store.reader(), game="xylotar", player="ann")] == [game_id + 1, game_id]
    assert [s.id for s in services.stored_games(store.reader(), game="xybrid")] == []
    assert services.export_record(game_id, store.reader())["rounds"][0]["results"]["Ann"]["tricks"] == 3
    assert len(services.export_records(store.reader())) == 2
    services.delete_game(game_id + 1, store.uow())
    with pytest.raises(services.GameNotFound):
        services.load(game_id + 1, store.reader())
    assert [s.id for s in services.list_games(store.reader())] == [game_id]


def test_the_roster_is_written_through_the_services(any_store):
    store = any_store
    game_id = start(store)
    assert services.add_player("  Eve ", store.uow()) == "Eve"
    with pytest.raises(ValueError, match="already taken"):
        services.add_player("eve", store.uow())
    assert services.rename_player("ann", "Anne", store.uow()) == "Anne"
    with pytest.raises(ValueError, match="Anne is already on the roster: merge them instead"):
        services.rename_player("Bob", "anne", store.uow())
    assert services.roster(store.reader()) == ["Anne", "Bob", "Cat", "Dev", "Eve"]
    assert services.load(game_id, store.reader()).game.players[0] == "Anne"


def test_an_import_stores_new_games_and_finds_those_it_has(any_store):
    store = any_store
    game_id = start(store)
    services.record_round(game_id, hand((2, 2), (3, 4), (4, 4), (5, 4)), store.uow())
    kept = services.export_record(game_id, store.reader())
    stored = services.load(game_id, store.reader()).game
    again = services.import_games([(stored, kept["rounds"], kept["started_at"]),
                                   (stored, kept["rounds"], "2026-01-01T00:00:00+00:00")], store.uow())
    (found, known), (added, new) = again
    assert (found, known, new) == (game_id, False, True) and added > game_id  # a new game (PostgreSQL's ids may skip)
    assert [c.author for c in services.history(added, store.reader())] == [services.IMPORTED]
    services.delete_game(game_id, store.uow())
    assert services.import_games([(stored, kept["rounds"], kept["started_at"])], store.uow()) == [(game_id, False)]
    assert services.load(game_id, store.reader()).id == game_id  # brought back
