"""An XYbrid round entered as a total (the round screen's quick entry): the record's optional
`infamy` field, read, checked (Y3: only what can be; Y4), scored, written back, explained, counted
by the statistics, exported and compared, while every record entered part by part scores as before."""
import csv
import io
import json

import pytest

from companion import GameError, MonsterEntry, Xybrid, XybridRound, record
from companion.exports import write_rounds_csv
from companion.facts import game_facts
from companion.history import Change, differences
from companion.services import StoredGame
from companion.stats import player_stats
from views.shown import logic

PLAYERS = ["Ann", "Bob", "Cat"]
WHOLE = {"parts": [0, 3, 2, 1, 2], "part_types": ["core", "head", "left_arm", "right_arm", "legs"], "hand": 1,
         "adjustments": [2], "notes": ["mission"]}  # 11 infamy


def xybrid(*rounds: dict) -> dict:
    return {"format": "companion.game/1", "game": "xybrid", "players": PLAYERS, "rounds": list(rounds)}


def quick(**infamy) -> dict:
    return {"results": {name: {"infamy": value} for name, value in infamy.items()}}


def refused(data: dict) -> list[str]:
    with pytest.raises(GameError) as error:
        record.loads(json.dumps(data))
    return str(error.value).splitlines()


# Y4: a total is the round's infamy, scored as entered; a part-by-part player beside it scores as always.
def test_a_round_entered_as_totals_scores_the_totals():
    game = record.loads(json.dumps(xybrid(quick(Ann=23, Bob=7, Cat=-2),
                                          {"results": {"Ann": WHOLE, "Bob": {"infamy": 0}, "Cat": {"infamy": 40}}})))
    scored = record.score(game)
    assert [r["scores"] for r in scored["rounds"]] == [{"Ann": 23, "Bob": 7, "Cat": -2},
                                                      {"Ann": 11, "Bob": 0, "Cat": 40}]
    assert scored["totals"] == {"Ann": 34, "Bob": 7, "Cat": 38}
    assert scored["next_leaders"] == ["Bob"] and scored["status"] == "in_progress"
    # Nothing is known of a total's parts: its breakdown says only the total and how it was entered.
    assert scored["rounds"][0]["breakdowns"]["Ann"] == {"total": 23, "entered_as": "total"}
    assert scored["rounds"][1]["breakdowns"]["Ann"]["parts"] == 8
    # The score output keeps every field the format requires, in the same shape.
    assert set(scored) == {"game", "rounds", "totals", "status", "next_leaders", "winners", "explanation"}


# Record: a total round-trips through the record, as `{"infamy": n}` alone.
def test_a_total_is_written_back_as_it_was_read():
    data = xybrid({"first_player": "Cat", "results": {"Ann": {"infamy": 23}, "Bob": WHOLE, "Cat": {"infamy": -2}}})
    game = record.loads(json.dumps(data))
    written = record.to_dict(game)
    assert written["rounds"][0]["results"]["Ann"] == {"infamy": 23}
    assert written["rounds"][0]["results"]["Cat"] == {"infamy": -2}
    assert written["rounds"][0]["results"]["Bob"]["parts"] == [0, 3, 2, 1, 2]
    again = record.loads(record.dumps(game))
    assert record.to_dict(again) == written and record.score(again) == record.score(game)
    assert again.rounds[0].results["Ann"] == MonsterEntry(total=23)


@pytest.mark.parametrize("entry, said", [
    ({"infamy": 2.5}, "round 1, Ann: infamy 2.5 must be a whole number from -1,000,000 to 1,000,000 (Y4)"),
    ({"infamy": "23"}, "round 1, Ann: infamy '23' must be a whole number from -1,000,000 to 1,000,000 (Y4)"),
    ({"infamy": True}, "round 1, Ann: infamy True must be a whole number from -1,000,000 to 1,000,000 (Y4)"),
    ({"infamy": 10**6 + 1}, "round 1, Ann: infamy 1000001 must be a whole number from -1,000,000 to 1,000,000 (Y4)"),
    ({"infamy": None}, "round 1, Ann: infamy must be a whole number, not null (Y4)"),
    ({"infamy": 23, "parts": [0, 1, 1, 1, 1]},
     "round 1, Ann: gives both a total ('infamy') and 'parts': a round is entered as a total or part by part, "
     "not both (record)"),
    ({"infamy": 23, "hand": 0},
     "round 1, Ann: gives both a total ('infamy') and 'hand': a round is entered as a total or part by part, "
     "not both (record)"),
    ({"infamy": 23, "notes": ["mission"]},
     "round 1, Ann: gives both a total ('infamy') and 'notes': a round is entered as a total or part by part, "
     "not both (record)"),
    ({"infamy": 23, "infamous": 1}, "round 1, Ann: 'infamous' is not a field of a result (record)"),
])
def test_a_malformed_total_is_refused_saying_why(entry, said):
    assert refused(xybrid({"results": {"Ann": entry, "Bob": {"infamy": 1}, "Cat": {"infamy": 1}}})) == [said]


# Y3, Y4: the engine refuses a total beside parts entered in code too; a total needs no parts (Y3 checks what it can).
def test_the_engine_checks_a_total_alone():
    game = Xybrid(("Ann", "Bob"))
    game.push(XybridRound({"Ann": MonsterEntry(total=0), "Bob": MonsterEntry(total=-3)}))
    assert game.totals() == {"Ann": 0, "Bob": -3}
    both = MonsterEntry(parts=game.rounds[0].results["Ann"].parts, hand=2, total=5)
    with pytest.raises(GameError, match=r"round 2, Ann: infamy is entered as a total or part by part, not both \(Y4\)"):
        game.push(XybridRound({"Ann": both, "Bob": MonsterEntry(total=1)}))


# The reveal says how a total was entered, in players' words.
def test_a_total_explains_itself_as_a_total():
    game = record.loads(json.dumps(xybrid(quick(Ann=23, Bob=7, Cat=5))))
    assert game.explain(1, "Ann") == ["entered as a total: 23 infamy"]
    assert logic.breakdown_lines(game, 1, "Ann") == ["entered as a total: 23 infamy"]


# Statistics: a total is infamy gained that round like any other; nothing reads parts of it.
def test_the_statistics_count_a_total_as_that_rounds_infamy():
    game = record.loads(json.dumps(xybrid(quick(Ann=23, Bob=7, Cat=5), {"results": {n: WHOLE for n in PLAYERS}},
                                          quick(Ann=1, Bob=40, Cat=2))))
    facts = game_facts(StoredGame(1, game, "2026-12-01T19:00:00+00:00"))
    assert facts.seats == [[23, 11, 1], [7, 11, 40], [5, 11, 2]]  # each seat's infamy, round by round
    bob = player_stats([facts], "Bob").xybrid
    assert bob.results.won == 1 and bob.infamy_by_round == {1: 7.0, 2: 11.0, 3: 40.0}


# CSV: a total's row has its infamy in the round score and leaves the parts, hand and adjustments empty.
def test_a_totals_csv_row_leaves_the_parts_empty():
    game = record.loads(json.dumps(xybrid({"results": {"Ann": {"infamy": 23}, "Bob": WHOLE, "Cat": {"infamy": -2}}})))
    out = io.StringIO(newline="")
    write_rounds_csv([StoredGame(4, game, "2026-12-01T19:00:00+00:00")], out)
    ann, bob, cat = csv.DictReader(io.StringIO(out.getvalue()))
    assert (ann["parts"], ann["hand"], ann["adjustments"], ann["round_score"]) == ("", "", "", "23")
    assert (bob["parts"], bob["hand"], bob["adjustments"], bob["round_score"]) == ("0 3 2 1 2", "1", "2", "11")
    assert (cat["round_score"], cat["running_total"]) == ("-2", "-2")


# A correction of a total says the infamy it changed, as players call it.
def test_a_corrected_total_says_the_infamy_before_and_after():
    before, after = quick(Ann=20, Bob=7, Cat=5), quick(Ann=23, Bob=7, Cat=5)
    assert differences(Change("correct", 1, before, after)) == ["Ann: infamy 20 -> 23"]


# A correction that switches a player to a total, or back to parts, says the infamy before and after, and how.
def test_a_correction_between_parts_and_a_total_says_the_infamy():
    before, after = {"results": {"Ann": WHOLE, "Bob": {"infamy": 7}}}, {"results": {"Ann": {"infamy": 23},
                                                                                   "Bob": {"infamy": 7}}}
    assert differences(Change("correct", 1, before, after)) == ["Ann: infamy 11 -> 23, entered as a total"]
    assert differences(Change("correct", 1, after, before)) == ["Ann: infamy 23 -> 11, entered part by part"]


# The round screen's totals as plain values: tens and ones, a minus, nothing picked until a number is tapped.
def test_the_round_screens_totals_become_a_round_of_totals():
    from views.shown import monster_entry as entry

    game = Xybrid(tuple(PLAYERS))
    quick = entry.quick_blank(game)
    assert entry.quick_missing(game, quick) == ["Pick Ann's infamy", "Pick Bob's infamy", "Pick Cat's infamy"]
    quick = {**quick, "Ann": {**quick["Ann"], "tens": 2, "ones": 3}, "Bob": {**quick["Bob"], "ones": 7},
             "Cat": {"tens": 1, "ones": None, "negative": True}}
    assert [entry.quick_total(quick[n]) for n in PLAYERS] == [23, 7, -10]
    raw = entry.quick_to_round(game, quick, "Cat", 99)
    assert raw == {"results": {"Ann": {"infamy": 23}, "Bob": {"infamy": 7}, "Cat": {"infamy": -10}},
                   "first_player": "Cat", "draw_seed": 99}
    assert entry.round_problems(game, raw) == [] and entry.entered_as_totals(raw)
    game.push(record.round_from_dict(game, raw, 1))
    # A correction shows each total as it was entered; a round entered part by part shows its monsters' infamy.
    assert entry.quick_from_round(game, 1) == {"Ann": entry.quick_of(23), "Bob": entry.quick_of(7),
                                               "Cat": {"tens": 1, "ones": 0, "negative": True}}
    assert entry.from_round(game, raw) == entry.blank(game)  # no parts to show for a total
    assert not entry.entered_as_totals({"results": {"Ann": WHOLE, "Bob": {"infamy": 1}}})
