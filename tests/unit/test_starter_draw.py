"""Y5: round 1's XYbrid starter drawn at set-up is the game's, in the engine and the record."""
import json

import pytest

from companion import GameError, Xybrid, draw_starter, record, services
from companion.xybrid import MonsterEntry, Part, PartType, StarterDraw, XybridRound

PLAYERS = ("Ann", "Bob", "Cat")
COMPLETE = {"parts": [0, 2, 1, 1, 1], "part_types": ["core", "head", "left_arm", "right_arm", "legs"], "hand": 0}


def drawn(chosen: str = "Bob", seed: int = 12345) -> StarterDraw:
    return StarterDraw(PLAYERS, chosen, seed)


def xybrid(*rounds: dict, **extra) -> dict:
    return {"format": "companion.game/1", "game": "xybrid", "players": list(PLAYERS), **extra, "rounds": list(rounds)}


def refused(data: dict) -> list[str]:
    with pytest.raises(GameError) as error:
        record.loads(json.dumps(data))
    return str(error.value).splitlines()


def whole(first: str | None = None) -> XybridRound:
    parts = tuple(Part(v, PartType(k)) for v, k in zip(COMPLETE["parts"], COMPLETE["part_types"]))
    return XybridRound({name: MonsterEntry(parts) for name in PLAYERS}, first)


# Y5: the game carries the starter drawn for its next round until that round is entered (and again after an undo).
def test_the_game_carries_the_set_up_draw_until_round_one_is_in():
    draw = draw_starter(PLAYERS)
    game = Xybrid(PLAYERS, starter_draw=draw)
    assert game.drawn_starter() == draw and draw.chosen in PLAYERS
    assert draw_starter(PLAYERS, draw.seed) == draw  # the seed repeats the draw
    game.push(whole(draw.chosen))
    assert game.drawn_starter() is None and game.starter_draw == draw
    game.pop()
    assert game.drawn_starter() == draw
    assert Xybrid(PLAYERS).drawn_starter() is None


def test_a_set_up_draw_names_a_player_of_the_game_among_all_of_them():
    assert Xybrid(PLAYERS, starter_draw=StarterDraw(("ann", "BOB", "Cat"), "bob", 7)).starter_draw == drawn(seed=7)
    with pytest.raises(GameError, match=r"'Dev' was drawn to start round 1 but is not a player in this game \(Y5\)"):
        Xybrid(PLAYERS, starter_draw=StarterDraw(PLAYERS, "Dev", 7))
    with pytest.raises(GameError, match=r"round 1's starter is drawn from every player"):
        Xybrid(PLAYERS, starter_draw=StarterDraw(("Ann", "Bob"), "Bob", 7))
    with pytest.raises(GameError, match=r"the draw's seed must be a whole number from 0 to 2\*\*64 - 1, not -1"):
        Xybrid(PLAYERS, starter_draw=StarterDraw(PLAYERS, "Bob", -1))
    with pytest.raises(GameError, match="only XYbrid draws who starts"):
        services.new_game("xylotar", PLAYERS, starter_draw=drawn())


# Record: the optional `starter_draw` is read, checked, written back, and leaves what `score` prints as it was.
def test_a_record_keeps_the_set_up_draw_and_scores_as_without_it():
    with_draw = xybrid({"first_player": "Bob", "draw_seed": 12345, "results": {n: COMPLETE for n in PLAYERS}},
                       starter_draw={"first_player": "bob", "draw_seed": 12345})
    game = record.loads(json.dumps(with_draw))
    assert game.starter_draw == drawn()
    written = record.to_dict(game)
    assert written["starter_draw"] == {"first_player": "Bob", "draw_seed": 12345}
    assert record.to_dict(record.loads(record.dumps(game))) == written
    without = {k: v for k, v in with_draw.items() if k != "starter_draw"}
    assert record.score(game) == record.score(record.loads(json.dumps(without)))
    not_yet = record.loads(json.dumps(xybrid(starter_draw={"first_player": "Cat", "draw_seed": 0})))
    assert record.score(not_yet)["next_leaders"] == list(PLAYERS)  # as documented: anyone may start round 1
    assert "starter_draw" not in record.to_dict(record.loads(json.dumps(xybrid())))


@pytest.mark.parametrize("value, said", [
    ("Bob", "starter_draw must be an object with 'first_player' and 'draw_seed' (record)"),
    ({"first_player": "Bob", "draw_seed": 1, "seed": 2}, "starter_draw: unknown field 'seed' (record)"),
    ({"first_player": "Bob"}, "starter_draw needs 'draw_seed' (record)"),
    ({"first_player": "Dev", "draw_seed": 1}, "'Dev' was drawn to start round 1 but is not a player in this game (Y5)"),
    ({"first_player": 3, "draw_seed": 1}, "3 was drawn to start round 1 but is not a player in this game (Y5)"),
    ({"first_player": "Bob", "draw_seed": 2**64}, "the draw's seed must be a whole number from 0 to 2**64 - 1, "
                                                  "not 18446744073709551616 (Y5)"),
    ({"first_player": "Bob", "draw_seed": True}, "the draw's seed must be a whole number from 0 to 2**64 - 1, "
                                                 "not True (Y5)"),
])
def test_a_wrong_starter_draw_in_a_record_is_refused(value, said):
    assert refused(xybrid(starter_draw=value)) == [said]
