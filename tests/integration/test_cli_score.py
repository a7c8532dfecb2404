"""`python -m companion score|setup` as a player runs it: JSON out, or exit 2 with one line per problem.
Run in this process (tests/cli_runs.py); the tests marked so run it as its own process."""
import json
import pathlib

import pytest

from tests.cli_runs import Ran, as_process, companion, xyscore

FIXTURES = pathlib.Path(__file__).parent.parent / "fixtures"
BAD_INPUT = 2


def run(*args: str, stdin: str | None = None) -> Ran:
    return companion(*args, stdin=stdin)


def score_file(name: str) -> dict:
    done = run("score", str(FIXTURES / name))
    assert (done.returncode, done.stderr) == (0, "")
    return json.loads(done.stdout)


def summary(scored: dict) -> dict:
    """The required output fields, with each round's leader, scores and totals."""
    return {"rounds": [(r["number"], r["leader"], r["scores"], r["totals"]) for r in scored["rounds"]],
            **{key: scored[key] for key in ("game", "totals", "status", "next_leaders", "winners")}}


def refused(record: dict | str) -> list[str]:
    done = run("score", "-", stdin=record if isinstance(record, str) else json.dumps(record))
    assert done.returncode == BAD_INPUT
    assert done.stdout == ""
    assert "Traceback" not in done.stderr
    return done.stderr.splitlines()


def xylotar(*rounds: dict, players=("Ann", "Bob", "Cat"), **extra) -> dict:
    return {"format": "companion.game/1", "game": "xylotar", "players": list(players), **extra, "rounds": list(rounds)}


def seats(**entries) -> dict:
    return {"results": {name: dict(zip(("bid", "tricks"), value)) if isinstance(value, tuple) else value
                        for name, value in entries.items()}}


GOOD = seats(Ann=(2, 2), Bob=(5, 5), Cat=(0, 5))


# Reference games, scored by hand from the rulebooks ----------------------------------------------

# X5-X7, B3, B4 (#, no bid, +1, 8 for 0), O3: a 4-player game with both expansions; Dev wins.
def test_four_player_game_with_bonus_beats_and_off_key():
    assert summary(score_file("xylotar-4p-unhinged.json")) == {
        "game": "xylotar",
        "rounds": [
            # Ann 3 tricks + 5 (# card) - 1 Off-Key; Bob's 4 tricks match nobody's bid; Cat 0 for 0.
            (1, "Ann", {"Ann": 7, "Bob": 4, "Cat": 5, "Dev": 7}, {"Ann": 7, "Bob": 4, "Cat": 5, "Dev": 7}),
            # Bob: 2 tricks + 1 (Dev missed) - 1 Off-Key; Cat: 8 for 0; Dev: 9 tricks - 2 Off-Key.
            (2, "Bob", {"Ann": 8, "Bob": 2, "Cat": 8, "Dev": 7}, {"Ann": 15, "Bob": 6, "Cat": 13, "Dev": 14}),
            # Dev never flipped a card: 5 + 5 - 2 + 1 (B3).
            (3, "Bob", {"Ann": 5, "Bob": 7, "Cat": 1, "Dev": 9}, {"Ann": 20, "Bob": 13, "Cat": 14, "Dev": 23}),
        ],
        "totals": {"Ann": 20, "Bob": 13, "Cat": 14, "Dev": 23},
        "status": "finished", "next_leaders": [], "winners": ["Dev"],
    }


# X9, X8: 2 players with side players; Ann and Bob tie at 18 and Ann matched with fewer tricks.
def test_two_player_game_decided_by_the_tiebreak():
    scored = score_file("xylotar-2p-tie.json")
    assert summary(scored) == {
        "game": "xylotar",
        "rounds": [(1, "Bob", {"Ann": 9, "Bob": 2}, {"Ann": 9, "Bob": 2}),
                   (2, "Bob", {"Ann": 3, "Bob": 7}, {"Ann": 12, "Bob": 9}),
                   (3, "Bob", {"Ann": 6, "Bob": 9}, {"Ann": 18, "Bob": 18})],
        "totals": {"Ann": 18, "Bob": 18},
        "status": "finished", "next_leaders": [], "winners": ["Ann"],
    }
    assert "Ann matched their bid with 1 trick" in scored["explanation"]


# X7, X8: 3 players; Bob and Cat tie at 20 with no matched bid, a fourth hand is played, Bob wins.
def test_three_player_game_with_a_tiebreak_hand():
    assert summary(score_file("xylotar-3p-tiebreak-hand.json")) == {
        "game": "xylotar",
        "rounds": [(1, "Ann", {"Ann": 7, "Bob": 5, "Cat": 5}, {"Ann": 7, "Bob": 5, "Cat": 5}),
                   (2, "Bob", {"Ann": 3, "Bob": 10, "Cat": 9}, {"Ann": 10, "Bob": 15, "Cat": 14}),
                   (3, "Ann", {"Ann": 1, "Bob": 5, "Cat": 6}, {"Ann": 11, "Bob": 20, "Cat": 20}),
                   (4, "Ann", {"Ann": 2, "Bob": 10, "Cat": 5}, {"Ann": 13, "Bob": 30, "Cat": 25})],
        "totals": {"Ann": 13, "Bob": 30, "Cat": 25},
        "status": "finished", "next_leaders": [], "winners": ["Bob"],
    }


# X8: the same game stopped after hand 3 asks for a tiebreak hand, led by Ann (lowest, X7).
def test_a_tie_after_hand_three_asks_for_another_hand():
    record = json.loads((FIXTURES / "xylotar-3p-tiebreak-hand.json").read_text(encoding="utf-8"))
    record["rounds"] = record["rounds"][:3]
    done = run("score", "-", stdin=json.dumps(record))
    scored = json.loads(done.stdout)
    assert (scored["status"], scored["next_leaders"], scored["winners"]) == ("tiebreak_round_needed", ["Ann"], [])


# X3 (11 tricks), B4 (b, +1, no bid, #): 5 players, two hands in, Ann leads next.
def test_five_player_game_in_progress():
    assert summary(score_file("xylotar-5p-in-progress.json")) == {
        "game": "xylotar",
        "rounds": [(1, "Cat", {"Ann": 7, "Bob": 7, "Cat": 3, "Dev": 2, "Eve": 8},
                    {"Ann": 7, "Bob": 7, "Cat": 3, "Dev": 2, "Eve": 8}),
                   (2, "Dev", {"Ann": 1, "Bob": 5, "Cat": 8, "Dev": 9, "Eve": 3},
                    {"Ann": 8, "Bob": 12, "Cat": 11, "Dev": 11, "Eve": 11})],
        "totals": {"Ann": 8, "Bob": 12, "Cat": 11, "Dev": 11, "Eve": 11},
        "status": "in_progress", "next_leaders": ["Ann"], "winners": [],
    }


# Y4, Y5, Y6: XYbrid at 3 players; Bob and Cat share the win at 30.
def test_xybrid_game_with_a_shared_win():
    assert summary(score_file("xybrid-3p-shared-win.json")) == {
        "game": "xybrid",
        "rounds": [(1, "Bob", {"Ann": 11, "Bob": 9, "Cat": 8}, {"Ann": 11, "Bob": 9, "Cat": 8}),
                   (2, "Cat", {"Ann": 2, "Bob": 10, "Cat": 10}, {"Ann": 13, "Bob": 19, "Cat": 18}),
                   (3, "Ann", {"Ann": 15, "Bob": 11, "Cat": 12}, {"Ann": 28, "Bob": 30, "Cat": 30})],
        "totals": {"Ann": 28, "Bob": 30, "Cat": 30},
        "status": "finished", "next_leaders": [], "winners": ["Bob", "Cat"],
    }


def xybrid_rounds(*rounds: dict) -> dict:
    return {"format": "companion.game/1", "game": "xybrid", "players": ["Ann", "Bob"], "rounds": list(rounds)}


COMPLETE = {"parts": [0, 3, 1, 1, 2], "part_types": ["core", "head", "left_arm", "right_arm", "legs"], "hand": 0}
NO_LEFT_ARM = {"parts": [0, 3, 1, 2], "part_types": ["core", "head", "right_arm", "legs"], "hand": 1}
INCOMPLETE_RECORDS = [
    (xybrid_rounds({"results": {"Ann": COMPLETE, "Bob": COMPLETE}},
                   {"first_player": "Ann", "results": {"Ann": NO_LEFT_ARM, "Bob": COMPLETE}}),
     ["round 2, Ann: the monster has no left arm (Y3); a destroyed part counts as a negative adjustment (Y4)"]),
    (xybrid_rounds({"results": {"Ann": {"parts": [0, 7], "hand": 2}, "Bob": {"parts": [4, 1, 1, 1, 1], "hand": 0}}}),
     ["round 1, Ann: the monster has 2 parts; a complete monster has at least 5: a core, a head, a left arm, "
      "a right arm and legs (Y3); a destroyed part counts as a negative adjustment (Y4)",
      "round 1, Bob: the monster has no core: none of its parts is worth 0 (Y3)"]),
]


# Y3: a record whose monster lacks a part, or (without part types) has under 5 parts or no core, exits 2.
@pytest.mark.parametrize("record, lines", INCOMPLETE_RECORDS, ids=["no left arm", "untyped"])
def test_an_incomplete_xybrid_monster_is_refused(record, lines):
    assert refused(record) == lines


# Y3: the same through the CLI functions, `python -m companion score` and `xyscore score`, in this process.
@pytest.mark.parametrize("command", ["companion", "xyscore"])
def test_the_cli_functions_refuse_an_incomplete_monster_with_exit_2(command, tmp_path, capsys):
    from companion import cli
    from views import cli as xyscore
    main = cli.main if command == "companion" else xyscore.main
    for number, (record, lines) in enumerate(INCOMPLETE_RECORDS):
        path = tmp_path / f"game-{number}.json"
        path.write_text(json.dumps(record), encoding="utf-8")
        assert main(["score", str(path)]) == BAD_INPUT
        out, err = capsys.readouterr()
        assert (out, err.splitlines()) == ("", lines)
    # Y3, Y4: the destroyed left arm entered as the rule says, kept with a negative adjustment, scores.
    destroyed = {**COMPLETE, "hand": 1, "adjustments": [-1], "notes": ["DEPLOY: Bob destroys Ann's left arm"]}
    path = tmp_path / "legal.json"
    path.write_text(json.dumps(xybrid_rounds({"results": {"Ann": COMPLETE, "Bob": COMPLETE}},
                                             {"first_player": "Ann", "results": {"Ann": destroyed, "Bob": COMPLETE}})),
                    encoding="utf-8")
    assert main(["score", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["totals"] == {"Ann": 7 + 7, "Bob": 14}


# Standard input gives the same answer as the file.
def test_standard_input_scores_like_the_file():
    path = FIXTURES / "xylotar-4p-unhinged.json"
    done = run("score", "-", stdin=path.read_text(encoding="utf-8"))
    assert done.returncode == 0
    assert json.loads(done.stdout) == score_file(path.name)


# Names in any script come out as valid JSON, even on a terminal that cannot show them.
# As its own process: the interpreter's standard output is what cannot show them.
def test_names_outside_ascii_survive_an_ascii_terminal():
    record = xylotar(seats(**{"Zoë": (2, 2), "Bob🎲": (5, 5), "Cat": (0, 5)}), players=["Zoë", "Bob🎲", "Cat"])
    done = as_process("companion", "score", "-", stdin=json.dumps(record), env={"PYTHONIOENCODING": "ascii"})
    assert done.returncode == 0
    assert json.loads(done.stdout)["totals"] == {"Zoë": 7, "Bob🎲": 10, "Cat": 5}


# Bad records: exit 2, nothing on stdout, one line per problem naming round, player and rule ---------

@pytest.mark.parametrize("record, lines", [
    (xylotar(GOOD, seats(Ann=(2, 2), Bob=(5, 5), Cat=(0, 4))),
     ["round 2: tricks add up to 11, expected 12 (X3)"]),
    (xylotar(seats(Ann={"bid": 2, "tricks": 2, "bonus_beat": "red_eleven"}, Bob=(5, 5), Cat=(0, 5)),
             expansions=["bonus_beats"]),
     ["round 1, Ann: the 11 card (red_eleven) is only used with 2, 4, 5 players (B1)"]),
    (xylotar(seats(Ann={"bid": 2, "tricks": 2, "bonus_beat": "zero_bid_eight"}, Bob=(5, 5), Cat=(0, 5)),
             expansions=["bonus_beats"]),
     ["round 1, Ann: '8 for 0' needs a bid of 0, not 2 (B5)"]),
    (xylotar(players=["Ann", " ", "Cat"]), ["a player's name cannot be blank (X1)"]),
    (xylotar(players=["Ann", "Bob", "ANN"]), ["'ANN' and 'Ann' are the same name (X1)"]),
    (xylotar(GOOD, GOOD, GOOD, GOOD),
     ["round 4: the game already finished after hand 3; no more hands are played (X8)"]),
    (xylotar(seats(Ann=(2, 2), Bob=(5, 5), Cat=(0, 4), Zed=(0, 1))),
     ["round 1, Zed: not a player in this game (X1)"]),
    (xylotar(seats(Ann=(2, 2), Bob=(12, 5), Cat=(0, 5))), ["round 1, Bob: bid 12 is outside 0-8 (X4)"]),
    (xylotar(seats(Ann=(None, 2), Bob=(5, 5), Cat=(0, 5))),
     ["round 1, Ann: no bid entered; only the 'no bid' Bonus Beat lets a seat skip bidding (B5)"]),
    (xylotar(seats(Ann={"bid": 2, "tricks": 2, "off_key_won": 1}, Bob=(5, 5), Cat=(0, 5))),
     ["round 1, Ann: Off-Key cards won, but this game is played without Off-Key (O3)"]),
    (xylotar(seats(Ann=(3, 3), Bob=(3, 3), Cat=(2, 2), Dev=(0, 6)), players=["Ann", "Bob", "Cat", "Dev"],
             dealer="Eve"),
     ["the dealer 'Eve' is not one of the players (X6)"]),
    (xylotar(seats(Ann=(7, 7), Bob=(7, 7)), players=["Ann", "Bob"]),
     ["round 1: a 2-player hand needs the left and right side players' bids and tricks (X9)"]),
    ({"format": "companion.game/1", "game": "xybrid", "players": ["Ann", "Bob"],
      "rounds": [{"first_player": "Cat", "results": {"Ann": {"parts": [0, 4, 0, 0, 0], "hand": 0},
                                                      "Bob": {"parts": [0, 3, 0, 0, 0], "hand": 0}}}]},
     ["round 1: 'Cat' may not start this round; the starter is drawn from Ann and Bob (Y5)"]),
    ({"format": "companion.game/1", "game": "xybrid", "players": ["Ann", "Bob"],
      "rounds": [{"results": {"Ann": {"parts": [0, 4, 0, 0, 0], "hand": 0},
                              "Bob": {"parts": [0, 3, 0, 0, 0], "hand": 0}}},
                 {"first_player": "Ann", "results": {"Ann": {"parts": [0, 4, 0, 0, 0], "hand": 0},
                                                     "Bob": {"parts": [0, 3, 0, 0, 0], "hand": 0}}}]},
     ["round 2: 'Ann' may not start this round; the starter is drawn from Bob (Y5)"]),
    ('{"format": "companion.game/1", "game": "xylotar",', ["the file is not valid JSON (line 1, column 50: "
                                                          "Expecting property name enclosed in double quotes) (record)"]),
    ("[" * 100000, ["the file is nested too deeply to be a game record (record)"]),
], ids=["trick sum", "bonus beat at wrong table", "8 for 0 without 0", "blank name", "duplicate names",
        "round after finish", "unknown player", "bid out of range", "missing bid", "off-key without expansion",
        "unknown dealer", "2p without side players", "xybrid first player round 1", "xybrid first player round 2",
        "malformed json", "deeply nested json"])
def test_a_bad_record_is_refused_with_one_line_per_problem(record, lines):
    assert refused(record) == lines


# Several problems give several lines, in round order.
def test_each_problem_gets_its_own_line():
    record = xylotar(seats(Ann=(2, 2), Bob=(10, 5), Cat=(0, 4)), players=["Ann", "Bob", "Cat"])
    record["rounds"].append(seats(Ann=(-1, 2), Bob=(5, 5)))
    assert refused(record) == ["round 1, Bob: bid 10 is outside 0-8 (X4)",
                               "round 2, Cat: no result entered (X3)",
                               "round 2, Ann: bid -1 is outside 0-8 (X4)"]


# A missing file is a bad input too, not a crash.
def test_a_missing_file_is_refused(tmp_path):
    done = run("score", str(tmp_path / "nope.json"))
    assert (done.returncode, done.stdout) == (BAD_INPUT, "")
    assert done.stderr == f"cannot read {tmp_path / 'nope.json'}: No such file or directory (record)\n"


# A file with a UTF-8 byte-order mark (as some editors save) still reads.
def test_a_record_with_a_byte_order_mark_is_read(tmp_path):
    path = tmp_path / "game.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(xylotar(GOOD)).encode())
    done = run("score", str(path))
    assert done.returncode == 0 and json.loads(done.stdout)["totals"] == {"Ann": 7, "Bob": 10, "Cat": 5}


# Setup and help --------------------------------------------------------------------------------------

# X2, X3, B1, O1: the setup guide for 3 players with both expansions.
def test_setup_prints_the_guide():
    done = run("setup", "xylotar", "--players", "3", "--expansions", "bonus_beats,off_key")
    assert done.returncode == 0 and done.stderr == ""
    lines = done.stdout.splitlines()
    assert lines[0] == "Xylotar for 3 players with Bonus Beats and Off-Key"
    assert "2. Remove the red and orange cards: 21 cards leave the game and yellow is trump." in lines
    assert ("5. Each hand has 12 tricks (each seat keeps 1 card as its bid); bids run from 0 to 8 "
            "(9 for a player who flipped Yellow 9 that hand)." in lines)  # X4


# Y2: the XYbrid guide gives the lab size.
def test_setup_xybrid_gives_the_lab_size():
    done = run("setup", "xybrid", "-p", "2")
    assert done.returncode == 0
    assert "lay out the lab: 5 parts (2 x 2 players + 1)" in done.stdout


# X1: a table that cannot play is refused like a bad record.
def test_setup_for_six_players_is_refused():
    done = run("setup", "xylotar", "--players", "6")
    assert (done.returncode, done.stdout, done.stderr) == (BAD_INPUT, "", "Xylotar is for 2 to 5 players, not 6 (X1)\n")


# --help describes both commands; a usage mistake exits 2 without a traceback.
def test_help_and_usage_errors():
    done = run("--help")
    assert done.returncode == 0
    assert "score" in done.stdout and "setup" in done.stdout
    assert "xyscore score game.json" in done.stdout
    score_help = run("score", "--help")
    assert "FILE" in score_help.stdout and "standard input" in score_help.stdout
    wrong = run("score")
    assert wrong.returncode == BAD_INPUT and wrong.stdout == ""
    assert "the following arguments are required: FILE" in wrong.stderr and "Traceback" not in wrong.stderr


# `python -m companion score|setup` and `xyscore score|setup` are the same commands: the same output
# and exit status, byte for byte, for a good record, a bad one, a usage mistake and the help; a score
# and a setup also as their own processes, the entry points themselves.
def test_xyscore_gives_what_python_m_companion_gives():
    bad = json.dumps(xylotar(GOOD, seats(Ann=(2, 2), Bob=(5, 5), Cat=(0, 4))))
    cases = [(("score", str(FIXTURES / "xylotar-4p-unhinged.json")), None), (("score", "-"), bad),
             (("score",), None), (("score", "--help"), None), (("setup", "xybrid", "-p", "3"), None),
             (("setup", "xylotar", "-p", "6"), None)]
    for args, stdin in cases:
        said = companion(*args, stdin=stdin)
        assert xyscore(*args, stdin=stdin) == said, args
        assert said.returncode in (0, BAD_INPUT) and (said.stdout or said.stderr), args
    for args, stdin in (cases[0], cases[1], cases[4]):
        said = companion(*args, stdin=stdin)
        for module in ("companion", "views.cli"):
            ran = as_process(module, *args, stdin=stdin)
            assert (ran.returncode, ran.stdout, ran.stderr) == (said.returncode, said.stdout, said.stderr), args
