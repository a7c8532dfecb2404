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
    game.push(XybridRound({name: MonsterEntry(total=points) for name, points in zip(PLAYERS, (3, 2, 4))},
                          draw.chosen))
    assert game.drawn_starter() is None and game.starter_draw == draw  # Bob alone is least infamous
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
    ({"first_player": "Bob", "draw_seed": 1, "seed": 2}, "'seed' is not a field of starter_draw (record)"),
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


def totals(first: str | None = None, **infamy: int) -> XybridRound:
    """A round entered as totals (the quick entry)."""
    return XybridRound({name: MonsterEntry(total=points) for name, points in infamy.items()}, first)


# Y5: a later round's tie is drawn once, from the set-up draw's seed, the round number and who ties:
# the same player for every screen that reads the game, and after the game is read again (a reload, a restart).
def test_a_tie_for_a_later_round_is_drawn_once():
    game = Xybrid(PLAYERS, [totals("Bob", Ann=5, Bob=3, Cat=3)], starter_draw=drawn())
    draw = game.drawn_starter()
    assert draw.candidates == ("Bob", "Cat") and draw.chosen in ("Bob", "Cat")
    assert draw_starter(("Bob", "Cat"), draw.seed) == draw  # its seed repeats it, as a stored round's does
    assert all(Xybrid(PLAYERS, list(game.rounds), starter_draw=drawn()).drawn_starter() == draw for _ in range(5))
    again = record.loads(record.dumps(game))
    assert again.drawn_starter() == draw and again.next_turn() == game.next_turn()
    other = "Cat" if draw.chosen == "Bob" else "Bob"
    assert game.next_turn() == (f"{draw.chosen} starts round 2: drawn between Bob and Cat, "
                                f"who tie as least infamous")
    assert "Y5" not in game.next_turn() and other not in game.next_turn().split(":")[0]


# Y5: the draw depends on the set-up seed: other games (other seeds) draw others, not always the same name.
def test_the_tie_draw_follows_the_games_own_seed():
    chosen = {Xybrid(PLAYERS, [totals(Ann=5, Bob=3, Cat=3)], starter_draw=drawn(seed=seed)).drawn_starter().chosen
              for seed in range(40)}
    assert chosen == {"Bob", "Cat"}


# Y5: an undo or a correction that changes who ties gives the draw for the new tie, itself drawn once.
def test_a_new_tie_after_an_undo_or_a_correction_is_a_draw_of_its_own():
    game = Xybrid(PLAYERS, [totals(Ann=5, Bob=3, Cat=3), totals(Ann=1, Bob=3, Cat=3)], starter_draw=drawn())
    assert game.drawn_starter().candidates == ("Ann", "Bob", "Cat")  # 6 each
    game.pop()
    assert game.drawn_starter().candidates == ("Bob", "Cat")
    game.replace(1, totals(Ann=3, Bob=3, Cat=4))
    tie = game.drawn_starter()
    assert tie.candidates == ("Ann", "Bob")
    assert Xybrid(PLAYERS, list(game.rounds), starter_draw=drawn()).drawn_starter() == tie
    game.replace(1, totals(Ann=3, Bob=4, Cat=4))
    assert game.drawn_starter() is None and game.next_turn() == "Ann starts round 2: least infamous"


# Y5: a round recorded with another of the tied players starting (a game stored before the draw was made once,
# or a table that drew with its own cards) is still a round the game accepts: every existing record scores as it did.
def test_a_recorded_starter_among_the_tied_is_still_accepted():
    game = Xybrid(PLAYERS, [totals(Ann=5, Bob=3, Cat=3)], starter_draw=drawn())
    other = "Cat" if game.drawn_starter().chosen == "Bob" else "Bob"
    game.push(totals(other, Ann=1, Bob=1, Cat=1))
    assert game.rounds[-1].first_player == other
    with pytest.raises(GameError, match=r"'Ann' may not start this round; the starter is drawn from Bob and Cat"):
        Xybrid(PLAYERS, [totals(Ann=5, Bob=3, Cat=3), totals("Ann", Ann=1, Bob=1, Cat=1)], starter_draw=drawn())


# A game set up without a draw (as every game stored before the draw was made at set-up) still plays on:
# its round screen draws, and the scoreboard says a draw is to be made.
def test_a_game_without_a_set_up_draw_leaves_the_draw_to_its_round_screen():
    game = Xybrid(PLAYERS, [totals(Ann=5, Bob=3, Cat=3)])
    assert game.drawn_starter() is None
    assert game.next_turn() == "Bob and Cat tie as least infamous: draw who starts round 2"
    game.push(totals("Cat", Ann=0, Bob=0, Cat=0))
    assert game.outcome().next_leaders == ("Bob", "Cat")


# The draw is made for the next round only: none once the game is over, none when one player is least infamous.
def test_no_draw_once_the_game_is_over():
    game = Xybrid(PLAYERS, [totals(Ann=1, Bob=1, Cat=1)] * 3, starter_draw=drawn())
    assert game.drawn_starter() is None and game.next_turn() == ""
