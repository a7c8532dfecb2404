"""An XYbrid round entered quickly, as each player's infamy total (issue 11),
is stored, read back the same by every read path (one game, the bulk lists,
the facts, the export), corrected part by part and back, and undone."""
from __future__ import annotations

from companion import services

from .conftest import monster_round, start, whole

NAMES = ("Ann", "Bob", "Cat")


def quick(ann: int, bob: int, cat: int) -> dict:
    return {"results": {"Ann": {"infamy": ann}, "Bob": {"infamy": bob}, "Cat": {"infamy": cat}}}


def test_a_round_of_totals_is_stored_and_read_back_by_every_path_Y4(store):
    game_id = start(store, "xybrid", NAMES)
    services.record_round(game_id, {**quick(23, 17, 0), "first_player": "Ann"}, store.uow())
    stored = services.load(game_id, store.reader())
    assert stored.game.totals() == {"Ann": 23, "Bob": 17, "Cat": 0}
    assert stored.history[-1].after["results"]["Ann"] == {"infamy": 23}
    listed = services.stored_games(store.reader(), game="xybrid")
    assert listed[0].game.totals() == {"Ann": 23, "Bob": 17, "Cat": 0}
    assert [s.id for s in services.list_games(store.reader())] == [game_id]
    assert services.game_facts(store.reader(), game="xybrid")[0].id == game_id
    exported = services.export_record(game_id, store.reader())
    assert exported["rounds"][0]["results"] == {"Ann": {"infamy": 23}, "Bob": {"infamy": 17}, "Cat": {"infamy": 0}}


def test_a_total_corrected_part_by_part_and_undone_Y4(store):
    game_id = start(store, "xybrid", NAMES)
    services.record_round(game_id, {**quick(23, 17, 0), "first_player": "Ann"}, store.uow())
    by_parts = monster_round({"Ann": whole(9), "Bob": whole(17), "Cat": whole(1)}, first_player="Ann")
    corrected = services.correct_round(game_id, 1, by_parts, store.uow())
    assert corrected.totals() == {"Ann": 9, "Bob": 17, "Cat": 1}
    assert services.load(game_id, store.reader()).game.totals() == {"Ann": 9, "Bob": 17, "Cat": 1}
    undone = services.undo(game_id, store.uow())
    assert undone.totals() == {"Ann": 23, "Bob": 17, "Cat": 0}
    assert services.load(game_id, store.reader()).game.rounds[0].results["Ann"].is_total
