"""Reading many games at once (models.bulk) gives the same games as reading them one by one."""
from __future__ import annotations

import pytest

from companion import services
from companion.record import to_dict
from companion.stats import table_stats
from models import bulk

from .conftest import hand, monster_round, start


@pytest.fixture
def history(store):
    """Five games: both Xylotar expansions, two players, XYbrid in full, a corrected and a deleted game."""
    rich = start(store, expansions=["bonus_beats", "off_key"], dealer="Bob",
                 bonus_beats_dealt={"Ann": ["over_by_one", "view_two"], "Bob": ["no_bid_match", "zero_card"]})
    services.record_round(rich, hand((2, 3), (None, 4), (0, 0), (6, 7),
                                     Ann={"bonus_beat": "over_by_one", "off_key_won": 1},
                                     Bob={"bonus_beat": "no_bid_match"}), store.uow())
    services.record_round(rich, hand((3, 3), (4, 5), (2, 2), (4, 4), Cat={"off_key_won": 2}), store.uow())
    pair = start(store, players=("Ann", "Bob"))
    two = hand((3, 4), (5, 4), names=("Ann", "Bob"))
    two["side_players"] = {"left": {"bid": 7, "tricks": 3}, "right": {"bid": 2, "tricks": 3}}
    services.record_round(pair, two, store.uow())
    monsters = start(store, "xybrid", ("Cat", "Ann", "Dev"))
    services.record_round(monsters, monster_round(
        {"Cat": [0, 2, 3, 1, 4], "Ann": [0, 1], "Dev": []}, hand_sizes={"Ann": 2}, first_player="Ann",
        entries={"Cat": {"part_types": ["core", "head", "left_arm", "right_arm", "legs"],
                         "adjustments": [3, -2], "notes": ["DEPLOY", "mission"]},
                 "Ann": {"adjustments": [1], "notes": ["breakthrough", "spare note"]}}), store.uow())
    services.record_round(monsters, monster_round({"Cat": [0, 1], "Ann": [0, 2], "Dev": [0, 3]}), store.uow())
    corrected = start(store, players=("Dev", "Cat", "Bob"))
    services.record_round(corrected, hand((1, 1), (5, 5), (4, 6), names=("Dev", "Cat", "Bob")), store.uow())
    services.correct_round(corrected, 1, hand((1, 2), (5, 5), (4, 5), names=("Dev", "Cat", "Bob")), store.uow())
    deleted = start(store, players=("Ann", "Cat"))
    with store.uow() as uow:
        uow.games.delete(deleted)
        uow.commit()
    return store


def summary(games) -> list:
    return [(stored.id, stored.started_at, to_dict(stored.game)) for stored in games]


@pytest.mark.parametrize("kind, player", [(None, None), ("xylotar", None), ("xybrid", None), (None, "aNN"),
                                          ("xylotar", "Dev")])
def test_a_bulk_read_gives_the_games_a_read_one_by_one_gives(history, kind, player):
    with history.uow() as uow:
        one_by_one = uow.stored_games(kind, player)
        at_once = bulk.stored_games(uow.games.session, kind, player)
    assert summary(at_once) == summary(one_by_one)
    assert at_once  # every filter above matches some game


def test_bulk_read_games_score_and_count_the_same(history):
    # Scores, leaders and outcomes are recomputed alike, so statistics agree.
    with history.uow() as uow:
        one_by_one, at_once = uow.stored_games(), bulk.stored_games(uow.games.session)
    assert [s.game.outcome() for s in at_once] == [s.game.outcome() for s in one_by_one]
    assert table_stats(at_once) == table_stats(one_by_one)


def test_a_deleted_game_is_not_read(history):
    with history.uow() as uow:
        players = [stored.game.players for stored in bulk.stored_games(uow.games.session, player="Cat")]
    assert ("Ann", "Cat") not in players and len(players) == 3
