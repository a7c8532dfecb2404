"""Reading many games at once (`uow.stored_games`, models.bulk) gives the same
games as reading them one by one (`uow.games.get`, which checks every rule again)."""
from __future__ import annotations

import pytest

from companion import services
from companion.facts import game_facts
from companion.record import to_dict
from companion.stats import table_stats

from .conftest import hand, monster_round, start, whole


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
        {"Cat": [0, 2, 3, 1, 4], "Ann": whole(1), "Dev": whole(0)}, hand_sizes={"Ann": 2}, first_player="Ann",
        entries={"Cat": {"part_types": ["core", "head", "left_arm", "right_arm", "legs"],
                         "adjustments": [3, -2], "notes": ["DEPLOY", "mission"]},
                 "Ann": {"adjustments": [1], "notes": ["breakthrough", "spare note"]}}), store.uow())
    services.record_round(monsters, monster_round({"Cat": whole(1), "Ann": whole(2), "Dev": whole(3)}), store.uow())
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


# Games 1-4 as made above (5 is deleted), newest first.
@pytest.mark.parametrize("kind, player, ids", [(None, None, [4, 3, 2, 1]), ("xylotar", None, [4, 2, 1]),
                                               ("xybrid", None, [3]), (None, "aNN", [3, 2, 1]),
                                               ("xylotar", "Dev", [4, 1])])
def test_a_bulk_read_gives_the_games_a_read_one_by_one_gives(history, kind, player, ids):
    with history.uow() as uow:
        at_once = uow.stored_games(kind, player)
        one_by_one = [uow.games.get(game_id) for game_id in ids]
        listed = [summary.id for summary in uow.list_games(kind, player)]
    assert summary(at_once) == summary(one_by_one)
    assert listed == ids


def test_bulk_read_games_score_and_count_the_same(history):
    # Scores, leaders and outcomes are recomputed alike, so statistics agree, and so do the cached facts.
    with history.uow() as uow:
        at_once = uow.stored_games()
        one_by_one = [uow.games.get(stored.id) for stored in at_once]
        cached = uow.game_facts()
    assert [s.game.outcome() for s in at_once] == [s.game.outcome() for s in one_by_one]
    assert table_stats(map(game_facts, at_once)) == table_stats(map(game_facts, one_by_one)) == table_stats(cached)


def test_a_deleted_game_is_not_read(history):
    with history.uow() as uow:
        players = [stored.game.players for stored in uow.stored_games(player="Cat")]
        facts = [facts.players for facts in uow.game_facts(player="Cat")]
    assert ("Ann", "Cat") not in players and len(players) == 3
    assert facts == players
