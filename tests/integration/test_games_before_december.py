"""A game stored before the December 2026 rules (X4 bid caps, Y3 complete
monsters) still opens and plays on: its rounds were checked when they were
entered, under the rules of their day, and are read back as stored. Every
round entered from now on is checked under today's rules."""
from __future__ import annotations

import pytest

from companion import GameError, services
from companion.history import Change
from tests.integration.conftest import start


def stored_as_then(store, game_id: int, after: dict) -> None:
    """Put a round in the store as the app of November did: checked by the rules of then, not today's."""
    with store.uow() as uow:
        uow.games.apply(game_id, Change("add", 1, None, after, "Host", services.now()))
        uow.commit()


def test_an_incomplete_monster_stored_before_y3_still_opens_and_the_game_plays_on(store):
    game_id = start(store, "xybrid", players=("Ann", "Bob"))
    stored_as_then(store, game_id, {"results": {"Ann": {"parts": [0, 2], "hand": 1, "adjustments": []},
                                                "Bob": {"parts": [0, 1, 1, 1, 1], "hand": 0, "adjustments": []}},
                                    "first_player": "Ann"})
    with store.reader() as uow:
        assert uow.games.get(game_id).game.totals() == {"Ann": 3, "Bob": 4}
    complete = {"parts": [0, 2, 1, 1, 1], "part_types": ["core", "head", "left_arm", "right_arm", "legs"],
                "hand": 0, "adjustments": []}
    game = services.record_round(game_id, {"results": {"Ann": complete, "Bob": complete}, "first_player": "Ann"},
                                 store.uow())
    assert game.totals() == {"Ann": 8, "Bob": 9}
    with pytest.raises(GameError, match=r"round 3, Ann: the monster has 2 parts.*\(Y3\)"):  # today's rule, for new rounds
        services.record_round(game_id, {"results": {"Ann": {"parts": [0, 2], "hand": 0, "adjustments": []},
                                                    "Bob": complete}, "first_player": "Ann"}, store.uow())


def test_a_bid_of_11_stored_before_the_x4_caps_still_opens_and_the_game_plays_on(store):
    game_id = start(store, players=("Ann", "Bob", "Cat", "Dev"), dealer="Dev")
    stored_as_then(store, game_id, {"results": {"Ann": {"bid": 11, "tricks": 11}, "Bob": {"bid": 1, "tricks": 1},
                                                "Cat": {"bid": 1, "tricks": 1}, "Dev": {"bid": 1, "tricks": 1}}})
    with store.reader() as uow:
        assert uow.games.get(game_id).game.totals() == {"Ann": 16, "Bob": 6, "Cat": 6, "Dev": 6}
    hand = {"Ann": {"bid": 2, "tricks": 2}, "Bob": {"bid": 1, "tricks": 4}, "Cat": {"bid": 1, "tricks": 4},
            "Dev": {"bid": 1, "tricks": 4}}
    assert services.record_round(game_id, {"results": hand}, store.uow()).totals()["Ann"] == 23
    with pytest.raises(GameError, match=r"round 3, Ann: bid 11 .*\(X4\)"):
        services.record_round(game_id, {"results": {**hand, "Ann": {"bid": 11, "tricks": 2}}}, store.uow())
