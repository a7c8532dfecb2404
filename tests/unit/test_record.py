"""The companion.game/1 record: reading, checking, scoring and writing it back."""
import json

import pytest

from companion import GameError, record


def xylotar(*rounds: dict, players=("Ann", "Bob", "Cat"), **extra) -> dict:
    return {"format": "companion.game/1", "game": "xylotar", "players": list(players), **extra, "rounds": list(rounds)}


def results(**seats: tuple) -> dict:
    """A round from (bid, tricks) pairs."""
    return {"results": {name: {"bid": bid, "tricks": tricks} for name, (bid, tricks) in seats.items()}}


def refused(data) -> list[str]:
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(GameError) as error:
        record.loads(text)
    return str(error.value).splitlines()


EXAMPLE = {  # the input example of the record format, one hand of Xylotar with both expansions
    "format": "companion.game/1", "game": "xylotar", "players": ["Ann", "Bob", "Cat", "Dev"], "dealer": "Dev",
    "expansions": ["bonus_beats", "off_key"], "bonus_beats_dealt": {"Ann": ["over_by_one", "view_two"]},
    "rounds": [{"results": {
        "Ann": {"bid": 2, "tricks": 3, "bonus_beat": "over_by_one", "off_key_won": 1},
        "Bob": {"bid": None, "tricks": 4, "bonus_beat": "no_bid_match"},
        "Cat": {"bid": 0, "tricks": 0},
        "Dev": {"bid": 6, "tricks": 7}}}],
}


# X5, B4, O3, X6, X7: the record format's own example scores Ann 3+5-1, Bob 4 (no bid 4), Cat 0+5, Dev 7.
def test_the_format_example_scores_as_the_rules_say():
    scored = record.score(record.loads(json.dumps(EXAMPLE)))
    assert scored["rounds"][0]["leader"] == "Ann"
    assert scored["rounds"][0]["scores"] == {"Ann": 7, "Bob": 4, "Cat": 5, "Dev": 7}
    assert scored["totals"] == {"Ann": 7, "Bob": 4, "Cat": 5, "Dev": 7}
    assert (scored["status"], scored["next_leaders"], scored["winners"]) == ("in_progress", ["Bob"], [])


# X1: names are trimmed and matched regardless of case in the results and the dealer.
def test_names_are_trimmed_and_matched_regardless_of_case():
    game = record.loads(json.dumps(xylotar(results(ann=(2, 2), BOB=(5, 5), Cat=(0, 5)),
                                           players=[" Ann ", "Bob", "Cat"], dealer="ann")))
    assert game.players == ("Ann", "Bob", "Cat")
    assert game.results()[0].leader == "Bob"
    assert game.totals() == {"Ann": 7, "Bob": 10, "Cat": 5}


# X1: two players with the same name (whatever the case) are refused.
def test_duplicate_names_are_refused():
    assert refused(xylotar(players=["Ann", "ann", "Cat"])) == ["'ann' and 'Ann' are the same name (X1)"]


# X1: a blank name or one over 40 characters is refused.
def test_blank_and_overlong_names_are_refused():
    assert refused(xylotar(players=["Ann", "  ", "Cat"])) == ["a player's name cannot be blank (X1)"]
    assert refused(xylotar(players=["Ann", "B" * 41, "Cat"])) == [
        "the name 'BBBBBBBBBBBBBBBBBBBB'... is longer than 40 characters (X1)"]


# X1: a 40-character name is fine.
def test_a_forty_character_name_is_accepted():
    assert record.loads(json.dumps(xylotar(players=["Ann", "B" * 40, "Cat"]))).players[1] == "B" * 40


# Record: text that is not JSON is refused with where it broke.
def test_malformed_json_is_refused_with_its_position():
    assert refused('{"format": "companion.game/1",\n "players": [}') == [
        "the file is not valid JSON (line 2, column 14: Expecting value) (record)"]


# Record: the format and the game must be named.
def test_an_unknown_format_or_game_is_refused():
    data = xylotar()
    data.update(format="companion.game/2", game="chess")
    assert refused(data) == ["format must be 'companion.game/1', not 'companion.game/2' (record)",
                             "game must be 'xylotar' or 'xybrid', not 'chess' (record)"]


# Record: a seat needs both a bid and tricks, and unknown fields are pointed out.
def test_missing_and_unknown_seat_fields_are_named():
    data = xylotar({"results": {"Ann": {"bid": 2}, "Bob": {"bid": 5, "tricks": 5, "trick": 1},
                                "Cat": {"bid": 0, "tricks": 7}}})
    assert refused(data) == ["round 1, Ann: needs both 'bid' and 'tricks' (record)",
                             "round 1, Bob: 'trick' is not a field of a result (record)"]


# Record: one player entered twice in a round (names differ only in case) is refused.
def test_a_player_entered_twice_in_a_round_is_refused():
    data = xylotar({"results": {"Ann": {"bid": 2, "tricks": 2}, "ann": {"bid": 2, "tricks": 2},
                                "Cat": {"bid": 5, "tricks": 10}}})
    assert refused(data) == ["round 1, Ann: entered twice in this round (record)", "round 1, Bob: no result entered (X3)"]


# B5: two Bonus Beats for one player in one hand are refused.
def test_two_bonus_beats_in_one_hand_are_refused():
    data = xylotar({"results": {"Ann": {"bid": 2, "tricks": 2, "bonus_beat": ["over_by_one", "view_two"]},
                                "Bob": {"bid": 5, "tricks": 5}, "Cat": {"bid": 0, "tricks": 5}}},
                   expansions=["bonus_beats"])
    assert refused(data) == [
        "round 1, Ann: 2 Bonus Beats entered in one hand; a player may use at most 1 per hand (B5)"]


# X3 and X4: every broken round is reported, not only the first.
def test_every_broken_round_is_reported():
    data = xylotar(results(Ann=(2, 2), Bob=(5, 5), Cat=(0, 4)), results(Ann=(2, 2), Bob=(5, 5), Cat=(0, 5)),
                   results(Ann=(2, 2), Bob=(10, 5), Cat=(0, 5)))
    assert refused(data) == ["round 1: tricks add up to 11, expected 12 (X3)",
                             "round 3, Bob: bid 10 is outside 0-8 (X4)"]


# X8: a round after the game has finished is refused.
def test_a_round_after_the_game_finished_is_refused():
    plain = results(Ann=(2, 2), Bob=(5, 5), Cat=(0, 5))
    assert refused(xylotar(plain, plain, plain, plain)) == [
        "round 4: the game already finished after hand 3; no more hands are played (X8)"]


# Y5: the recorded starter of round 2 must be the least infamous player.
def test_a_wrong_xybrid_first_player_is_refused():
    def monster(points):
        return {"parts": [0, points, 0, 0, 0], "hand": 0}  # complete (Y3): core, then 4 parts
    data = {"format": "companion.game/1", "game": "xybrid", "players": ["Ann", "Bob"],
            "rounds": [{"first_player": "Bob", "results": {"Ann": monster(5), "Bob": monster(3)}},
                       {"first_player": "Ann", "results": {"Ann": monster(5), "Bob": monster(3)}}]}
    assert refused(data) == ["round 2: 'Ann' may not start this round; the starter is drawn from Bob (Y5)"]


# Y3: part types, where given, name one type per part.
def test_part_types_must_match_the_parts():
    data = {"format": "companion.game/1", "game": "xybrid", "players": ["Ann", "Bob"],
            "rounds": [{"results": {"Ann": {"parts": [0, 3], "part_types": ["core", "tail"], "hand": 1},
                                    "Bob": {"parts": [0, 3, 0, 0, 0], "hand": 1}}}]}
    assert refused(data) == ["round 1, Ann: part_types must name a type (core, head, left_arm, right_arm, legs, "
                             "auxiliary) for each part (Y3)"]


# Y3: a record's round whose monster lacks a part is refused, naming the round, the player and the part.
def test_an_xybrid_record_with_an_incomplete_monster_is_refused():
    whole = {"parts": [0, 3, 1, 1, 2], "part_types": ["core", "head", "left_arm", "right_arm", "legs"], "hand": 0}
    no_left_arm = {"parts": [0, 3, 1, 2, 4], "part_types": ["core", "head", "right_arm", "legs", "auxiliary"],
                   "hand": 1}
    data = {"format": "companion.game/1", "game": "xybrid", "players": ["Ann", "Bob"],
            "rounds": [{"results": {"Ann": whole, "Bob": whole}},
                       {"first_player": "Ann", "results": {"Ann": no_left_arm, "Bob": whole}}]}
    assert refused(data) == ["round 2, Ann: the monster has no left arm (Y3); "
                             "a destroyed part counts as a negative adjustment (Y4)"]
    # Entered as the rule says, the destroyed left arm stays in the monster and its value is taken off.
    data["rounds"][1]["results"]["Ann"] = {**whole, "adjustments": [-1], "notes": ["DEPLOY: Bob destroys my left arm"]}
    assert record.score(record.loads(json.dumps(data)))["totals"] == {"Ann": 7 + 6, "Bob": 14}


# Y3: without part_types, a record's monster needs at least 5 parts, one of them a core worth 0.
def test_an_untyped_xybrid_monster_needs_five_parts_and_a_core():
    data = {"format": "companion.game/1", "game": "xybrid", "players": ["Ann", "Bob"],
            "rounds": [{"results": {"Ann": {"parts": [0, 3, 1, 1], "hand": 0},
                                    "Bob": {"parts": [1, 3, 1, 1, 2], "hand": 0}}}]}
    assert refused(data) == [
        "round 1, Ann: the monster has 4 parts; a complete monster has at least 5: a core, a head, a left arm, "
        "a right arm and legs (Y3); a destroyed part counts as a negative adjustment (Y4)",
        "round 1, Bob: the monster has no core: none of its parts is worth 0 (Y3)"]


# Y1: XYbrid takes no expansions.
def test_xybrid_with_expansions_is_refused():
    data = {"format": "companion.game/1", "game": "xybrid", "players": ["Ann", "Bob"], "expansions": ["off_key"],
            "rounds": []}
    assert refused(data) == ["XYbrid has no expansions here (record)"]


# Record: writing a game and reading it back gives the same game and the same scores.
def test_a_written_record_reads_back_to_the_same_scores():
    game = record.loads(json.dumps(EXAMPLE))
    again = record.loads(record.dumps(game))
    assert record.to_dict(again) == record.to_dict(game)
    assert record.score(again) == record.score(game)
    assert record.to_dict(game)["bonus_beats_dealt"] == {"Ann": ["over_by_one", "view_two"]}


# Record: an XYbrid game with typed parts, notes and starters survives the round trip.
def test_an_xybrid_record_round_trips_with_types_and_notes():
    data = {"format": "companion.game/1", "game": "xybrid", "players": ["Ann", "Bob"],
            "rounds": [{"first_player": "Bob", "results": {
                "Ann": {"parts": [0, 3, 1, 1, 2], "part_types": ["core", "head", "left_arm", "right_arm", "legs"],
                        "hand": 1, "adjustments": [2, -1], "notes": ["DEPLOY: gain 2", "MISSION: lose 1"]},
                "Bob": {"parts": [0, 2, 2, 2, 2], "hand": 0}}}]}
    game = record.loads(json.dumps(data))
    assert record.to_dict(game)["rounds"] == [{"first_player": "Bob", "results": {
        "Ann": {"parts": [0, 3, 1, 1, 2], "hand": 1, "adjustments": [2, -1],
                "part_types": ["core", "head", "left_arm", "right_arm", "legs"],
                "notes": ["DEPLOY: gain 2", "MISSION: lose 1"]},
        "Bob": {"parts": [0, 2, 2, 2, 2], "hand": 0, "adjustments": []}}}]
    scored = record.score(game)
    assert scored["rounds"][0]["scores"] == {"Ann": 9, "Bob": 8}
    assert scored["rounds"][0]["leader"] == "Bob"
    assert scored["next_leaders"] == ["Bob"]


# Y4: a misspelt field in an XYbrid result is refused rather than silently losing infamy.
def test_a_misspelt_xybrid_field_is_refused():
    data = {"format": "companion.game/1", "game": "xybrid", "players": ["Ann", "Bob"],
            "rounds": [{"results": {"Ann": {"parts": [0, 3, 0, 0, 0], "hand": 1, "adjustment": [4]},
                                    "Bob": {"parts": [0, 3, 0, 0, 0], "hand": 1}}}]}
    assert refused(data) == ["round 1, Ann: 'adjustment' is not a field of a result (record)"]


# X3, O3: a round entered through the app (services, screens) is read as a record round: a misspelt
# field there is refused too, not stored without its Off-Key cards.
def test_a_round_entered_with_a_misspelt_field_is_refused_o3():
    game = record.loads(json.dumps(xylotar(expansions=["off_key"])))
    entered = results(Ann=(2, 2), Bob=(5, 5), Cat=(0, 5))
    entered["results"]["Ann"]["off_key_wom"] = 2
    with pytest.raises(GameError) as error:
        record.round_from_dict(game, entered, 1)
    assert str(error.value) == "round 1, Ann: 'off_key_wom' is not a field of a result (record)"
    del entered["results"]["Ann"]["off_key_wom"]
    assert record.round_from_dict(game, entered, 1).results["Ann"].off_key_won == 0


# Record: a key twice in a nested object is refused wherever it is, naming it.
def test_a_key_given_twice_anywhere_is_refused():
    text = json.dumps(xylotar(results(Ann=(2, 2), Bob=(5, 5), Cat=(0, 5))))
    assert refused(text.replace('"game": "xylotar"', '"game": "xylotar", "game": "xybrid"')) == [
        "the file gives 'game' twice in one object; give each field once (record)"]
    assert refused(text.replace('"bid": 5', '"bid": 5, "bid": 5')) == [
        "the file gives 'bid' twice in one object; give each field once (record)"]
