"""The December 2026 Xylotar rules (X4, B1/B5, O3) as `xyscore score` and
`python -m companion score` apply them to a game record: a record that breaks
one exits 2 with one line per problem, naming the round, the player and the
rule; the same record made legal scores."""
import json

import pytest

from tests.cli_runs import companion

BAD_INPUT = 2


def xylotar(*rounds: dict, players=("Ann", "Bob", "Cat", "Dev"), **extra) -> dict:
    return {"format": "companion.game/1", "game": "xylotar", "players": list(players), **extra, "rounds": list(rounds)}


def seats(sides: dict | None = None, **entries) -> dict:
    """A round: name -> (bid, tricks[, Bonus Beat[, Off-Key cards won]])."""
    def entry(value):
        bid, tricks, *rest = value
        out = {"bid": bid, "tricks": tricks}
        if rest and rest[0]:
            out["bonus_beat"] = rest[0]
        if len(rest) > 1:
            out["off_key_won"] = rest[1]
        return out
    raw = {"results": {name: entry(value) for name, value in entries.items()}}
    if sides:
        raw["side_players"] = {side: entry(value) for side, value in sides.items()}
    return raw


BB = {"expansions": ["bonus_beats"]}
BB_OK = {"expansions": ["bonus_beats", "off_key"]}

# (record, the lines refused, the same record made legal)
CASES = {
    "X4 bid 11 without Red 11": (
        xylotar(seats(Ann=(11, 11), Bob=(0, 1), Cat=(0, 1), Dev=(0, 1)), **BB),
        ["round 1, Ann: bid 11 needs the 11 card (Red 11) flipped this hand; without it bids run 0-10 (X4)"],
        xylotar(seats(Ann=(11, 11, "red_eleven"), Bob=(0, 1), Cat=(0, 1), Dev=(0, 1)), **BB)),
    "X4 bid 9 at 3 players without Yellow 9": (
        xylotar(seats(Ann=(9, 9), Bob=(0, 2), Cat=(0, 1)), players=("Ann", "Bob", "Cat"), **BB),
        ["round 1, Ann: bid 9 needs the 9 card (Yellow 9) flipped this hand; without it bids run 0-8 (X4)"],
        xylotar(seats(Ann=(9, 9, "yellow_nine"), Bob=(0, 2), Cat=(0, 1)), players=("Ann", "Bob", "Cat"), **BB)),
    "X4 bid 11 with the Off-Key bid card": (
        xylotar(seats(Ann=(11, 11, "off_key_bid"), Bob=(0, 1), Cat=(0, 1), Dev=(0, 1)), **BB_OK),
        ["round 1, Ann: bid 11 needs the 11 card (Red 11) flipped this hand; without it bids run 0-10 (X4)"],
        xylotar(seats(Ann=(10, 11, "off_key_bid"), Bob=(0, 1), Cat=(0, 1), Dev=(0, 1)), **BB_OK)),
    "X9 side player bids 8 without Off-Key": (
        xylotar(seats(Ann=(3, 3), Bob=(3, 3), sides={"left": (8, 8), "right": (0, 0)}), players=("Ann", "Bob")),
        ["round 1, left side player: bid 8 is outside 0-7: a side player bids the 8th of its 15 sorted cards, "
         "which is at most 7 (8 only with the Off-Key cards in the deck) (X9)"],
        xylotar(seats(Ann=(3, 3), Bob=(3, 3), sides={"left": (8, 8), "right": (0, 0)}), players=("Ann", "Bob"),
                expansions=["off_key"])),
    "B1 a card dealt to another player": (
        xylotar(seats(Ann=(3, 3, "view_two"), Bob=(3, 3), Cat=(2, 2), Dev=(0, 6)),
                bonus_beats_dealt={"Dev": ["view_two", "lead_next"]}, **BB),
        ["round 1, Ann: can't flip the view 2 card: it was dealt to another player; there is one of each card (B1)"],
        xylotar(seats(Ann=(3, 3), Bob=(3, 3), Cat=(2, 2), Dev=(0, 6, "view_two")),
                bonus_beats_dealt={"Dev": ["view_two", "lead_next"]}, **BB)),
    "O3 Off-Key cards won without a trick": (
        xylotar(seats(Ann=(0, 0, None, 1), Bob=(3, 3), Cat=(2, 2), Dev=(0, 9)), **BB_OK),
        ["round 1, Ann: won 1 Off-Key card in 0 tricks (O3)"],
        xylotar(seats(Ann=(0, 0), Bob=(3, 3), Cat=(2, 2), Dev=(0, 9, None, 1)), **BB_OK)),
    "O3 more Off-Key cards than the tricks hold": (
        xylotar(seats(Ann=(1, 1, None, 5), Bob=(3, 3), Cat=(2, 2), Dev=(0, 8)), **BB_OK),
        ["round 1, Ann: won 5 Off-Key cards in 1 trick (O3)"],
        xylotar(seats(Ann=(1, 1, None, 4), Bob=(3, 3), Cat=(2, 2), Dev=(0, 8)), **BB_OK)),
}


def write(tmp_path, name: str, record: dict) -> str:
    path = tmp_path / f"{name.replace(' ', '-')}.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return str(path)


# X4, X9, B1/B5, O3: `python -m companion score` and `xyscore score`, as functions in this process.
@pytest.mark.parametrize("command", ["companion", "xyscore"])
@pytest.mark.parametrize("case", list(CASES))
def test_the_cli_functions_refuse_a_december_rule_with_exit_2(command, case, tmp_path, capsys):
    from companion import cli
    from views import cli as xyscore
    main = cli.main if command == "companion" else xyscore.main
    bad, lines, good = CASES[case]
    assert main(["score", write(tmp_path, "bad", bad)]) == BAD_INPUT
    out, err = capsys.readouterr()
    assert (out, err.splitlines()) == ("", lines)
    assert main(["score", write(tmp_path, "good", good)]) == 0
    assert json.loads(capsys.readouterr().out)["status"] == "in_progress"


# The same as a player runs it, the record on standard input (in this process: tests/cli_runs.py; the
# command as its own process is tests/integration/test_cli_score.py's): every problem of a record, one line
# each, exit 2, nothing on stdout.
def test_python_m_companion_score_lists_every_december_problem():
    record = xylotar(seats(Ann=(3, 3, "view_two"), Bob=(3, 3), Cat=(2, 2), Dev=(0, 6)),
                     seats(Ann=(11, 11), Bob=(0, 1), Cat=(0, 0, None, 2), Dev=(0, 2)),
                     bonus_beats_dealt={"Dev": ["view_two", "lead_next"]}, **BB_OK)
    done = companion("score", "-", stdin=json.dumps(record))
    assert (done.returncode, done.stdout) == (BAD_INPUT, "")
    assert done.stderr.splitlines() == [
        "round 1, Ann: can't flip the view 2 card: it was dealt to another player; there is one of each card (B1)",
        "round 2, Ann: bid 11 needs the 11 card (Red 11) flipped this hand; without it bids run 0-10 (X4)",
        "round 2, Cat: won 2 Off-Key cards in 0 tricks (O3)"]
