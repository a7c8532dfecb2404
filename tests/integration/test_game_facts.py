"""The game facts cache (models/game_facts.py): derived from the entries, kept
fresh by every change to a game, and safe to damage or drop."""
from __future__ import annotations

import json
import sqlite3

import pytest

from companion import services
from companion.facts import FACTS_VERSION, game_facts
from companion.stats import player_stats, table_stats
from models.store import open_store
from models.transfer import export_all, import_text

from .conftest import hand, monster_round, rows_of, start, whole


@pytest.fixture
def history(store):
    """Three games: Xylotar with both expansions (finished), XYbrid (finished), Xylotar in progress."""
    rich = start(store, expansions=["bonus_beats", "off_key"], dealer="Bob",
                 bonus_beats_dealt={"Ann": ["over_by_one", "view_two"], "Bob": ["no_bid_match", "zero_card"]})
    services.record_round(rich, hand((2, 3), (None, 4), (0, 0), (6, 7), Ann={"bonus_beat": "over_by_one",
                                                                          "off_key_won": 1},
                                     Bob={"bonus_beat": "no_bid_match"}), store.uow())
    services.record_round(rich, hand((3, 3), (4, 5), (2, 2), (4, 4), Cat={"off_key_won": 2}), store.uow())
    services.record_round(rich, hand((1, 1), (5, 5), (4, 6), (3, 2)), store.uow())
    monsters = start(store, "xybrid", ("Cat", "Ann", "Dev"))
    for values in ([0, 2, 3, 0, 0], [0, 1, 1, 0, 0], [0, 4, 0, 0, 0]):
        services.record_round(monsters, monster_round({"Cat": values, "Ann": whole(1), "Dev": whole(3)}), store.uow())
    going = start(store, players=("Dev", "Cat", "Ann"))
    services.record_round(going, hand((1, 1), (5, 5), (4, 6), names=("Dev", "Cat", "Ann")), store.uow())
    return store


def cached_stats(store) -> dict:
    """Everyone's statistics as `xyscore stats` reads them: from the cache, keeping what it works out."""
    with store.uow() as uow:
        facts = uow.game_facts()
        uow.commit()
    return table_stats(facts)


def worked_out_stats(store) -> dict:
    """Everyone's statistics from each game read one at a time and checked again: no cache involved."""
    with store.uow() as uow:
        games = [uow.games.get(summary.id) for summary in uow.list_games()]
    return table_stats(map(game_facts, games))


def cache_rows(where) -> dict[int, tuple]:
    """game id -> (facts fingerprint, version, whether it is the game's record_hash); of a store, or a SQLite file."""
    query = "SELECT game_id, fingerprint, version, record_hash FROM game_facts JOIN game ON game.id = game_id"
    if hasattr(where, "engine"):
        found = rows_of(where, query)
    else:
        with sqlite3.connect(where) as raw:
            found = raw.execute(query).fetchall()
    return {game_id: (fingerprint, version, fingerprint == record_hash)
            for game_id, fingerprint, version, record_hash in found}


def damage(db_path, *statements: str) -> None:
    with sqlite3.connect(db_path) as raw:
        for statement in statements:
            raw.execute(statement)


def test_every_change_writes_the_games_facts_in_its_own_transaction(history):
    # Fresh right after the writes, before any statistics were read.
    rows = cache_rows(history)
    assert sorted(rows) == [1, 2, 3]
    assert all(version == FACTS_VERSION and fresh for _, version, fresh in rows.values())
    assert cached_stats(history) == worked_out_stats(history)


@pytest.mark.parametrize("statements", [
    ["DELETE FROM game_facts"],  # the whole cache dropped
    ["DELETE FROM game_facts WHERE game_id = 2"],
    ["UPDATE game_facts SET fingerprint = 'not the game any more' WHERE game_id = 1"],
    ["UPDATE game_facts SET version = version - 1"],  # written by an older XY Score
    ["UPDATE game_facts SET facts = '{\"game\": \"xylotar\", \"stat' WHERE game_id = 1"],  # cut short
    ["UPDATE game_facts SET facts = '{\"totals\": []}' WHERE game_id = 2",
     "UPDATE game_facts SET facts = '[1, 2, 3]' WHERE game_id = 3"],  # JSON, but not facts
    # All games' facts are parsed as one JSON array: damage that would shift the others' places in it
    ["UPDATE game_facts SET facts = '{}, {}' WHERE game_id = 1"],  # two values in one row
    ["UPDATE game_facts SET facts = '[1' WHERE game_id = 1",
     "UPDATE game_facts SET facts = '2]' WHERE game_id = 2"],  # two rows that would make one value
])
def test_damaged_or_missing_facts_are_worked_out_again_and_stats_do_not_change(history, db_path, statements):
    before = cached_stats(history)
    damage(db_path, *statements)
    with open_store(db_path) as reopened:
        assert cached_stats(reopened) == before == worked_out_stats(reopened)
    # ... and written back: the cache is whole and fresh again.
    assert sorted(cache_rows(db_path)) == [1, 2, 3]
    assert all(version == FACTS_VERSION and fresh for _, version, fresh in cache_rows(db_path).values())


def test_a_correction_and_its_undo_and_redo_show_in_the_stats(history):
    # Game 1, hand 3: Dev bid 3 and took 2 (7 + 9 + 3 = 19; Ann wins on 21). Corrected to a bid
    # of 2, met: +5, so Dev ends on 24 and wins. Dev also met a bid of 1 in game 3.
    def dev():
        with history.uow() as uow:
            xylotar = player_stats(uow.game_facts(player="Dev"), "Dev").xylotar
        return xylotar.bids.hits, xylotar.results.best, xylotar.results.won

    assert dev() == (2, 19, 0)
    services.correct_round(1, 3, hand((1, 1), (5, 5), (4, 6), (2, 2)), history.uow(), author="Dev")
    assert cache_rows(history)[1][2]  # fresh at once, written with the correction
    assert dev() == (3, 24, 1)
    services.undo(1, history.uow())
    assert dev() == (2, 19, 0)
    services.redo(1, history.uow())
    assert dev() == (3, 24, 1)
    assert cached_stats(history) == worked_out_stats(history)


def test_a_round_that_is_refused_leaves_the_facts_as_they_were(history):
    before = cache_rows(history)
    with pytest.raises(services.GameError):
        services.record_round(3, hand((1, 20), (5, 5), (4, 6), names=("Dev", "Cat", "Ann")), history.uow())
    assert cache_rows(history) == before


def test_a_rename_keeps_the_facts_fresh_and_the_stats_follow_the_new_name(history):
    before = cached_stats(history)
    with history.uow() as uow:
        uow.rename_player("Ann", "Anna")
        uow.commit()
    # Facts name seats, not players: the rename carries them over, nothing is worked out again.
    assert all(fresh for _, _, fresh in cache_rows(history).values())
    after = cached_stats(history)
    assert after["Anna"].xylotar == before["Ann"].xylotar and "Ann" not in after
    assert after == worked_out_stats(history)


def test_a_deleted_game_leaves_the_cache_and_the_stats(history):
    with history.uow() as uow:
        uow.games.delete(2)
        uow.commit()
    assert sorted(cache_rows(history)) == [1, 3]
    assert cached_stats(history)["Ann"].xybrid.rounds == 0


def test_imported_games_come_with_their_facts_and_a_duplicate_adds_none(history, tmp_path):
    exported = json.dumps(export_all(history))
    with open_store(tmp_path / "other.db") as other:
        assert len(import_text(other, exported).added) == 3
        assert sorted(cache_rows(tmp_path / "other.db")) == [1, 2, 3]
        assert import_text(other, exported).added == []
        assert sorted(cache_rows(tmp_path / "other.db")) == [1, 2, 3]
        assert cached_stats(other) == cached_stats(history)
