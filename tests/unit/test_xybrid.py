"""XYbrid: players, lab, monsters, infamy, who starts, and the shared win (Y1-Y6)."""
import pytest

from companion import GameError, MonsterEntry, Part, PartType, Xybrid, XybridRound, draw_starter
from companion import record
from companion.xybrid import gaps, lab_size, missing_parts

CORE, HEAD, LEFT, RIGHT, LEGS, AUX = PartType


def monster(*values: int, hand: int = 0, adjustments: tuple[int, ...] = ()) -> MonsterEntry:
    """Untyped parts, the core (worth 0) included."""
    return MonsterEntry(parts=tuple(Part(v) for v in values), hand=hand, adjustments=adjustments)


def typed(head=1, left=1, right=1, legs=1, *auxiliaries: int, hand: int = 0,
          adjustments: tuple[int, ...] = ()) -> MonsterEntry:
    """A complete monster (Y3): core 0, head, left arm, right arm, legs, any auxiliaries."""
    parts = (Part(0, CORE), Part(head, HEAD), Part(left, LEFT), Part(right, RIGHT), Part(legs, LEGS))
    return MonsterEntry(parts=parts + tuple(Part(v, AUX) for v in auxiliaries), hand=hand, adjustments=adjustments)


def deployed(first: str | None = None, **infamy: int) -> XybridRound:
    """A round in which each player's monster, complete (Y3), is worth exactly
    `infamy`: core 0, a head worth `infamy`, arms and legs worth 0."""
    return XybridRound({name: typed(points, 0, 0, 0) for name, points in infamy.items()}, first)


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
        game.push(XybridRound({"Ann": entry, "Bob": typed(4, 0, 0, 0)}))


# Y3: a typed monster shows which required parts it lacks; auxiliary parts are optional.
def test_a_typed_monster_lists_its_missing_parts():
    complete = (Part(0, CORE), Part(3, HEAD), Part(1, LEFT), Part(1, RIGHT), Part(2, LEGS))
    assert missing_parts(complete) == []
    assert missing_parts(complete + (Part(2, AUX), Part(1, AUX))) == []
    assert missing_parts((Part(0, CORE), Part(3, HEAD), Part(1, LEFT), Part(1, AUX))) == [RIGHT, LEGS]
    entry = MonsterEntry(parts=(Part(0, CORE), Part(3, HEAD), Part(1, LEFT), Part(1, RIGHT)))
    assert entry.breakdown()["missing_parts"] == ["legs"]


# Y3: without part types, missing_parts cannot name a missing type (gaps checks what it can, below).
def test_untyped_parts_name_no_missing_type():
    assert missing_parts((Part(0), Part(3))) == []


def problems_of(game: Xybrid, entered: XybridRound) -> list[str]:
    with pytest.raises(GameError) as error:
        game.push(entered)
    return [str(p) for p in error.value.problems]


# Y3: a round whose typed monster lacks a part is refused, naming the part and how a destroyed part is entered.
def test_a_round_with_a_monster_missing_a_part_is_refused():
    game = game_of(deployed(Ann=5, Bob=6, Cat=7))
    no_left_arm = MonsterEntry(parts=(Part(0, CORE), Part(3, HEAD), Part(1, RIGHT), Part(2, LEGS), Part(1, AUX)))
    assert problems_of(game, XybridRound({"Ann": no_left_arm, "Bob": typed(), "Cat": typed()}, "Ann")) == [
        "round 2, Ann: the monster has no left arm (Y3); a destroyed part counts as a negative adjustment (Y4)"]
    assert len(game.rounds) == 1


# Y3: every part a monster lacks is named, in one line per monster; a missing core gets no hint (cores are never destroyed).
def test_every_missing_part_is_named():
    game = Xybrid(("Ann", "Bob"))
    head_only = MonsterEntry(parts=(Part(0, CORE), Part(4, HEAD)))
    no_core = MonsterEntry(parts=(Part(4, HEAD), Part(1, LEFT), Part(1, RIGHT), Part(1, LEGS)))
    assert problems_of(game, XybridRound({"Ann": head_only, "Bob": no_core})) == [
        "round 1, Ann: the monster has no left arm, right arm or legs (Y3); a destroyed part counts as a negative "
        "adjustment (Y4)",
        "round 1, Bob: the monster has no core (Y3)"]
    assert problems_of(game, XybridRound({"Ann": MonsterEntry(parts=()), "Bob": typed()})) == [
        "round 1, Ann: the monster has no parts (Y3)"]


# Y3: auxiliary parts are optional and any number may be added; a complete monster is deployed.
def test_a_complete_monster_with_or_without_auxiliaries_is_deployed():
    game = Xybrid(("Ann", "Bob"))
    game.push(XybridRound({"Ann": typed(3, 2, 1, 2), "Bob": typed(1, 1, 1, 1, 2, 0, 3)}))
    assert game.totals() == {"Ann": 8, "Bob": 9}
    assert gaps(typed().parts) == []


# Y3, Y4: a part destroyed before infamy is counted stays in the monster, taken off by a negative adjustment.
def test_a_destroyed_part_is_a_negative_adjustment():
    game = Xybrid(("Ann", "Bob"))
    entry = MonsterEntry(parts=typed(3, 2, 1, 2).parts, adjustments=(-2,), notes=("DEPLOY: Bob destroys my left arm",))
    game.push(XybridRound({"Ann": entry, "Bob": typed()}))
    assert game.totals()["Ann"] == 8 - 2
    assert entry.breakdown() == {"parts": 8, "hand": 0, "adjustments": -2, "total": 6, "missing_parts": []}


# Y3: without part types, the app checks what it can: at least 5 parts, one of them a core worth 0.
def test_untyped_monsters_need_five_parts_and_a_core_worth_0():
    game = Xybrid(("Ann", "Bob"))
    assert problems_of(game, XybridRound({"Ann": monster(0, 5), "Bob": monster(2, 1, 1, 1, 1)})) == [
        "round 1, Ann: the monster has 2 parts; a complete monster has at least 5: a core, a head, a left arm, "
        "a right arm and legs (Y3); a destroyed part counts as a negative adjustment (Y4)",
        "round 1, Bob: the monster has no core: none of its parts is worth 0 (Y3)"]
    assert problems_of(game, XybridRound({"Ann": monster(3), "Bob": monster(0, 1, 1, 1, 1)})) == [
        "round 1, Ann: the monster has 1 part; a complete monster has at least 5: a core, a head, a left arm, "
        "a right arm and legs (Y3); a destroyed part counts as a negative adjustment (Y4)",
        "round 1, Ann: the monster has no core: none of its parts is worth 0 (Y3)"]
    game.push(XybridRound({"Ann": monster(0, 5, 0, 0, 0), "Bob": monster(1, 1, 0, 1, 1, 4)}))
    assert game.totals() == {"Ann": 5, "Bob": 8}


# Y3: a correction is checked too: an earlier round cannot be corrected into an incomplete monster.
def test_a_correction_to_an_incomplete_monster_is_refused():
    game = game_of(deployed(Ann=5, Bob=4, Cat=7))
    no_legs = MonsterEntry(parts=(Part(0, CORE), Part(5, HEAD), Part(0, LEFT), Part(0, RIGHT)))
    with pytest.raises(GameError, match=r"^round 1, Ann: the monster has no legs \(Y3\); a destroyed part counts"):
        game.replace(1, XybridRound({"Ann": no_legs, "Bob": typed(4, 0, 0, 0), "Cat": typed(7, 0, 0, 0)}))
    assert game.totals() == {"Ann": 5, "Bob": 4, "Cat": 7}


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
    bad = XybridRound({"Ann": monster(0, -1, 1, 1, 1), "Bob": monster(0, 2, 1, 1, 1, hand=-1, adjustments=(1.5,))})
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


# Y5 (issue 25): correcting round 1 makes Ann least infamous, but round 2 was already played, started by
# Bob: his start is kept as played (the round says so), never a reason to refuse the correction.
def test_a_correction_that_changes_the_least_infamous_keeps_round_twos_starter_Y5():
    game = game_of(deployed(Ann=5, Bob=4, Cat=7), deployed("Bob", Ann=5, Bob=6, Cat=7))
    game.replace(1, deployed(Ann=3, Bob=4, Cat=7))
    assert game.rounds[1].first_player == "Bob" and game.rounds[1].to_record()["starter_kept"] is True
    assert game.named_starters(2) == ("Ann",)
    assert game.totals() == {"Ann": 8, "Bob": 10, "Cat": 14}
    # A record of it scores the same; without the mark, Bob's start is refused as before.
    again = record.from_dict(record.to_dict(game))
    assert again.totals() == game.totals() and again.rounds[1].first_player == "Bob"
    raw = record.to_dict(game)
    del raw["rounds"][1]["starter_kept"]
    with pytest.raises(GameError, match=r"round 2: 'Bob' may not start this round; the starter is drawn from Ann"):
        record.from_dict(raw)
