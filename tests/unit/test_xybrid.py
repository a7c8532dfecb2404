"""XYbrid: players, lab, monsters, infamy, who starts, and the shared win (Y1-Y6)."""
import pytest

from companion import GameError, MonsterEntry, Part, PartType, Xybrid, XybridRound, draw_starter
from companion.xybrid import lab_size, missing_parts

CORE, HEAD, LEFT, RIGHT, LEGS, AUX = PartType


def monster(*values: int, hand: int = 0, adjustments: tuple[int, ...] = ()) -> MonsterEntry:
    """Untyped parts, the core (worth 0) included."""
    return MonsterEntry(parts=tuple(Part(v) for v in values), hand=hand, adjustments=adjustments)


def deployed(first: str | None = None, **infamy: int) -> XybridRound:
    """A round in which each player's monster is worth exactly `infamy` (core 0 + one part)."""
    return XybridRound({name: monster(0, points) for name, points in infamy.items()}, first)


def game_of(*rounds: XybridRound, players: str = "Ann Bob Cat") -> Xybrid:
    return Xybrid(tuple(players.split()), list(rounds))


def refused(game: Xybrid, entered: XybridRound) -> list[tuple]:
    with pytest.raises(GameError) as error:
        game.push(entered)
    return [(p.round, p.player, p.rule) for p in error.value.problems]


# Y1: XYbrid is for 2 to 4 players.
@pytest.mark.parametrize("names", ["Ann", "Ann Bob Cat Dev Eve"])
def test_one_or_five_players_are_refused(names):
    with pytest.raises(GameError, match=r"XYbrid is for 2 to 4 players, not \d \(Y1\)"):
        Xybrid(tuple(names.split()))


# Y1: the game is 3 rounds; a fourth is refused.
def test_the_game_ends_after_three_rounds():
    game = game_of(deployed(Ann=5, Bob=6, Cat=7), deployed(Ann=5, Bob=6, Cat=7))
    assert game.outcome().status.value == "in_progress"
    game.push(deployed(Ann=5, Bob=6, Cat=7))
    assert game.outcome().status.value == "finished"
    assert refused(game, deployed(Ann=5, Bob=6, Cat=7)) == [(4, None, "Y1")]


# Y2: the lab holds 2 x players + 1 parts.
@pytest.mark.parametrize("players, parts", [(2, 5), (3, 7), (4, 9)])
def test_the_lab_holds_twice_the_players_plus_one(players, parts):
    assert lab_size(players) == parts


# Y3: core parts are worth 0.
def test_a_core_worth_points_is_refused():
    entry = MonsterEntry(parts=(Part(2, CORE), Part(3, HEAD), Part(1, LEFT), Part(1, RIGHT), Part(2, LEGS)))
    game = Xybrid(("Ann", "Bob"))
    with pytest.raises(GameError, match=r"round 1, Ann: a core part is worth 0, not 2 \(Y3\)"):
        game.push(XybridRound({"Ann": entry, "Bob": monster(0, 4)}))


# Y3: a typed monster shows which required parts it lacks; auxiliary parts are optional.
def test_a_typed_monster_lists_its_missing_parts():
    complete = (Part(0, CORE), Part(3, HEAD), Part(1, LEFT), Part(1, RIGHT), Part(2, LEGS))
    assert missing_parts(complete) == []
    assert missing_parts(complete + (Part(2, AUX), Part(1, AUX))) == []
    assert missing_parts((Part(0, CORE), Part(3, HEAD), Part(1, LEFT), Part(1, AUX))) == [RIGHT, LEGS]
    entry = MonsterEntry(parts=(Part(0, CORE), Part(3, HEAD), Part(1, LEFT), Part(1, RIGHT)))
    assert entry.breakdown()["missing_parts"] == ["legs"]


# Y3: when part types are not entered, completeness is not judged.
def test_untyped_parts_are_not_judged_incomplete():
    assert missing_parts((Part(0), Part(3))) == []


# Y4: infamy is the parts' values, plus 1 per part in hand, plus the signed adjustments.
def test_infamy_adds_parts_hand_and_adjustments():
    entry = monster(0, 3, 2, 2, 1, hand=2, adjustments=(2, -3))
    assert entry.infamy == 8 + 2 + 2 - 3
    assert entry.breakdown() == {"parts": 8, "hand": 2, "adjustments": -1, "total": 9, "missing_parts": []}


# Y4: infamy adds up round by round.
def test_totals_add_up_round_by_round():
    game = game_of(deployed(Ann=5, Bob=6, Cat=7), deployed(Ann=9, Bob=2, Cat=3))
    assert game.totals_by_round() == [{"Ann": 5, "Bob": 6, "Cat": 7}, {"Ann": 14, "Bob": 8, "Cat": 10}]


# Y4: negative part values, a negative hand or a fractional adjustment are refused.
def test_impossible_numbers_are_refused_by_player():
    game = Xybrid(("Ann", "Bob"))
    bad = XybridRound({"Ann": monster(0, -1), "Bob": monster(0, 2, hand=-1, adjustments=(1.5,))})
    assert refused(game, bad) == [(1, "Ann", "Y4"), (1, "Bob", "Y4"), (1, "Bob", "Y4")]


# Y4: every player deploys; a missing one is named.
def test_a_round_missing_a_player_is_refused():
    assert refused(Xybrid(("Ann", "Bob", "Cat")), deployed(Ann=5, Bob=6)) == [(1, "Cat", "Y4")]


# Y5: in round 1 anyone may start.
def test_anyone_may_start_round_one():
    game = Xybrid(("Ann", "Bob", "Cat"))
    assert game.next_starters() == ("Ann", "Bob", "Cat")
    game.push(deployed("Cat", Ann=5, Bob=6, Cat=7))
    assert game.rounds[0].first_player == "Cat"


# Y5: in later rounds the least infamous player starts.
def test_the_least_infamous_player_starts_later_rounds():
    game = game_of(deployed(Ann=5, Bob=4, Cat=7))
    assert game.next_starters() == ("Bob",)
    assert refused(game, deployed("Ann", Ann=5, Bob=6, Cat=7)) == [(2, None, "Y5")]
    game.push(deployed("Bob", Ann=5, Bob=6, Cat=7))


# Y5: tied least infamous players may each start; anyone else may not.
def test_tied_least_infamous_players_may_each_start():
    game = game_of(deployed(Ann=5, Bob=7, Cat=5))
    assert game.next_starters() == ("Ann", "Cat")
    assert game.outcome().next_leaders == ("Ann", "Cat")
    with pytest.raises(GameError, match=r"round 2: 'Bob' may not start this round; the starter is drawn from Ann and Cat"):
        game.push(deployed("Bob", Ann=5, Bob=6, Cat=7))
    game.push(deployed("Cat", Ann=5, Bob=6, Cat=7))


# Y5: the draw picks among the tied players, and the recorded seed repeats it.
def test_the_starter_draw_is_fair_and_repeatable():
    draws = [draw_starter(("Ann", "Cat"), seed=seed) for seed in range(40)]
    assert {draw.chosen for draw in draws} == {"Ann", "Cat"}
    assert all(draw_starter(("Ann", "Cat"), seed=draw.seed).chosen == draw.chosen for draw in draws)
    unseeded = draw_starter(("Ann", "Bob", "Cat"))
    assert unseeded.chosen in ("Ann", "Bob", "Cat")
    assert draw_starter(("Ann", "Bob", "Cat"), seed=unseeded.seed).chosen == unseeded.chosen


# Y6: the most infamous after round 3 wins.
def test_the_most_infamous_player_wins():
    game = game_of(deployed(Ann=5, Bob=6, Cat=7), deployed("Ann", Ann=9, Bob=2, Cat=3),
                   deployed("Bob", Ann=1, Bob=4, Cat=2))
    assert game.totals() == {"Ann": 15, "Bob": 12, "Cat": 12}
    assert game.outcome().winners == ("Ann",)
    assert game.outcome().next_leaders == ()


# Y6 interpretation: players tied for most infamy share the win.
def test_tied_most_infamous_players_share_the_win():
    game = game_of(deployed(Ann=5, Bob=6, Cat=7), deployed(Ann=9, Bob=2, Cat=3), deployed(Ann=1, Bob=4, Cat=5))
    assert game.totals() == {"Ann": 15, "Bob": 12, "Cat": 15}
    outcome = game.outcome()
    assert (outcome.status.value, outcome.winners) == ("finished", ("Ann", "Cat"))
    assert "share the win" in outcome.explanation


# Y5: correcting round 1 re-checks who was allowed to start round 2.
def test_a_correction_that_changes_the_least_infamous_is_refused():
    game = game_of(deployed(Ann=5, Bob=4, Cat=7), deployed("Bob", Ann=5, Bob=6, Cat=7))
    with pytest.raises(GameError, match=r"round 2: 'Bob' may not start this round; the starter is drawn from Ann"):
        game.replace(1, deployed(Ann=3, Bob=4, Cat=7))
    assert game.totals() == {"Ann": 10, "Bob": 10, "Cat": 14}
