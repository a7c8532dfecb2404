"""`xyscore score` refuses what a record must not hold (issue 25, GAME_RECORD.md
"Decisions (3 December 2026)"): a field the format does not know, at any
level, or the other game's; a key given twice in one object; a player listed
twice in `bonus_beats_dealt`; a monster's second core, head, arm or legs (Y3).
Each exits 2 with one line naming the field or the rule, nothing scored."""
from __future__ import annotations

import json

import pytest

from .test_cli_score import GOOD, refused, run, seats, xybrid_rounds, xylotar

MONSTER = {"parts": [0, 3, 0, 0, 0], "hand": 1}
XYBRID_GOOD = {"results": {"Ann": MONSTER, "Bob": MONSTER}}
# 2 players (X9): 4 + 4 tricks, and the side players' 3 + 3, make 14.
TWO = {**seats(Ann=(3, 4), Bob=(5, 4)), "side_players": {"left": {"bid": 7, "tricks": 3},
                                                          "right": {"bid": 2, "tricks": 3}}}


def scores(record: dict) -> dict:
    done = run("score", "-", stdin=json.dumps(record))
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    return json.loads(done.stdout)


# X6: "dealler" (for "dealer") once scored quietly with the default dealer, so the wrong player led hand 1.
def test_a_misspelt_dealer_is_refused_not_scored_with_another_leader_x6():
    assert scores(xylotar(GOOD, dealer="Bob"))["rounds"][0]["leader"] == "Cat"
    assert refused(xylotar(GOOD, dealler="Bob")) == ["'dealler' is not a field of a Xylotar record (record)"]


@pytest.mark.parametrize("record, line", [
    (xylotar(GOOD, Dealer="Bob"), "'Dealer' is not a field of a Xylotar record (record)"),
    (xylotar(GOOD, date="2026-12-03"), "'date' is not a field of a Xylotar record (record)"),
    (xylotar(GOOD, Expansions=["off_key"]), "'Expansions' is not a field of a Xylotar record (record)"),
    (xylotar({**GOOD, "lead": "Bob"}), "round 1: 'lead' is not a field of a Xylotar hand (record)"),
    (xylotar(seats(Ann={"bid": 2, "tricks": 2, "off_kye_won": 1}, Bob=(5, 5), Cat=(0, 5)), expansions=["off_key"]),
     "round 1, Ann: 'off_kye_won' is not a field of a result (record)"),
    (xylotar({**TWO, "side_players": {**TWO["side_players"], "right": {"bid": 2, "tricks": 3, "bonus": 1}}},
             players=["Ann", "Bob"]),
     "round 1, right side player: 'bonus' is not a field of a result (record)"),
    (xybrid_rounds(XYBRID_GOOD) | {"date": "2026-12-03"}, "'date' is not a field of an XYbrid record (record)"),
    (xybrid_rounds({**XYBRID_GOOD, "leader": "Bob"}), "round 1: 'leader' is not a field of an XYbrid round (record)"),
], ids=["Dealer", "date", "Expansions", "hand lead", "off_kye_won", "side player", "xybrid date", "round leader"])
def test_an_unknown_field_is_refused_naming_it_and_where_it_stands(record, line):
    assert refused(record) == [line]


# X7 (issue 25): a hand may record who led it as played (a correction to an earlier hand named another);
# it must be a player, and it changes who the record says led, never a score.
def test_a_hands_recorded_leader_is_kept_and_must_be_a_player_x7():
    led = scores(xylotar({**GOOD, "leader": "bob"}))
    assert led["rounds"][0]["leader"] == "Bob" and led["totals"] == scores(xylotar(GOOD))["totals"]
    assert refused(xylotar({**GOOD, "leader": "Zed"})) == [
        "round 1: 'Zed' is recorded as leading this hand but is not a player in this game (X7)"]
    assert refused(xylotar({**GOOD, "starter_kept": True})) == [
        "round 1: 'starter_kept' is not a field of a Xylotar hand (record)"]


# B1, X9, Y5: each game's own fields are refused in the other game's record.
@pytest.mark.parametrize("record, line", [
    (xybrid_rounds(XYBRID_GOOD) | {"dealer": "Bob"}, "'dealer' is not a field of an XYbrid record (record)"),
    (xybrid_rounds(XYBRID_GOOD) | {"bonus_beats_dealt": {"Ann": ["over_by_one", "view_two"]}},
     "'bonus_beats_dealt' is not a field of an XYbrid record (record)"),
    (xybrid_rounds({**XYBRID_GOOD, "side_players": TWO["side_players"]}),
     "round 1: 'side_players' is not a field of an XYbrid round (record)"),
    (xylotar(GOOD, starter_draw={"first_player": "Ann", "draw_seed": 1}),
     "'starter_draw' is not a field of a Xylotar record (record)"),
    (xylotar({**GOOD, "first_player": "Ann"}), "round 1: 'first_player' is not a field of a Xylotar hand (record)"),
], ids=["xybrid dealer", "xybrid bonus_beats_dealt", "xybrid side_players", "xylotar starter_draw",
        "xylotar first_player"])
def test_the_other_games_fields_are_refused_b1_x9_y5(record, line):
    assert refused(record) == [line]


# O3: with a key given twice, the last one ("off_key_won": 0) once won quietly and the penalty was lost.
def test_a_key_given_twice_in_one_object_is_refused_o3():
    text = json.dumps(xylotar(seats(Ann={"bid": 2, "tricks": 2, "off_key_won": 2}, Bob=(5, 5), Cat=(0, 5)),
                              expansions=["off_key"]))
    assert scores(json.loads(text))["rounds"][0]["scores"]["Ann"] == 2 + 5 - 2
    twice = text.replace('"off_key_won": 2', '"off_key_won": 2, "off_key_won": 0')
    assert refused(twice) == ["the file gives 'off_key_won' twice in one object; give each field once (record)"]


# B1, B5: "Ann" and "ann " name one player; the second list once replaced the first, so Bob could flip
# a card dealt to Ann. Listed once, the same flip is refused.
def test_a_player_listed_twice_in_bonus_beats_dealt_is_refused_b1_b5():
    flip = seats(Ann=(2, 2), Bob={"bid": 5, "tricks": 5, "bonus_beat": "over_by_one"}, Cat=(0, 5))
    once = {"Ann": ["over_by_one", "view_two"]}
    assert refused(xylotar(flip, expansions=["bonus_beats"], bonus_beats_dealt=once)) == [
        "round 1, Bob: can't flip the # card: it was dealt to another player; there is one of each card (B1)"]
    twice = {**once, "ann ": ["zero_card", "flip_suit"]}
    assert refused(xylotar(flip, expansions=["bonus_beats"], bonus_beats_dealt=twice)) == [
        "Ann: bonus_beats_dealt lists this player twice ('Ann' and 'ann '); give each player's two cards once (B1)"]


# Y3: with part types given, a monster has exactly one core, head, left arm, right arm and legs.
def test_a_second_core_head_or_legs_is_refused_y3():
    typed = ["core", "head", "left_arm", "right_arm", "legs"]
    two_heads = {"parts": [0, 3, 1, 1, 2, 4], "part_types": typed + ["head"], "hand": 0}
    two_cores_two_legs = {"parts": [0, 3, 1, 1, 2, 0, 2], "part_types": typed + ["core", "legs"], "hand": 0}
    hint = "a second one is kept in hand or swapped for the first, never attached (Y3)"
    assert refused(xybrid_rounds({"results": {"Ann": two_heads, "Bob": two_cores_two_legs}})) == [
        f"round 1, Ann: the monster has 2 heads; it may have only one (Y3); {hint}",
        f"round 1, Bob: the monster has 2 cores; it may have only one (Y3); {hint}",
        f"round 1, Bob: the monster has 2 sets of legs; it may have only one (Y3); {hint}"]
    # An auxiliary part of any number is fine, and so is the same monster without part types.
    with_auxiliaries = {"parts": [0, 3, 1, 1, 2, 4, 4], "part_types": typed + ["auxiliary"] * 2, "hand": 0}
    untyped = {"parts": [0, 3, 1, 1, 2, 4], "hand": 0}
    assert scores(xybrid_rounds({"results": {"Ann": with_auxiliaries, "Bob": untyped}}))["totals"] == {
        "Ann": 15, "Bob": 11}


# An unknown field and a broken rule elsewhere are both said in one run; many unknown fields are counted.
def test_unknown_fields_come_with_the_other_problems_and_many_are_counted():
    record = xylotar(seats(Ann=(2, 2), Bob=(5, 5), Cat=(0, 4)), dealler="Bob")
    assert refused(record) == ["'dealler' is not a field of a Xylotar record (record)",
                               "round 1: tricks add up to 11, expected 12 (X3)"]
    many = xylotar(GOOD, **{f"field{n}": n for n in range(8)})
    assert refused(many) == [f"'field{n}' is not a field of a Xylotar record (record)" for n in range(5)] + [
        "and 3 more fields that are not fields of a Xylotar record (record)"]
