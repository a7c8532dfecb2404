"""One game protocol and a registry (issue 10): both engines answer the same
questions, found by the name their records use, so nothing outside the
engines needs to ask which game it is."""
import json
import pathlib
import re

import pytest

from companion import GameError, Xybrid, Xylotar, record
from companion.games import GAMES, PLAYER_LIMITS, find_game
from companion.outcome import ScoredRound
from companion.xybrid import MonsterEntry, Part, PartType, StarterDraw, XybridRound
from tests.builders import hand, played

ROOT = pathlib.Path(__file__).resolve().parents[2]
COMPLETE = (Part(0, PartType.CORE), Part(3, PartType.HEAD), Part(2, PartType.LEFT_ARM),
            Part(2, PartType.RIGHT_ARM), Part(1, PartType.LEGS))


def monster(extra: int = 0, hand: int = 0) -> MonsterEntry:
    return MonsterEntry(COMPLETE + ((Part(extra, PartType.AUXILIARY),) if extra else ()), hand=hand)


def xybrid_game() -> Xybrid:
    game = Xybrid(("Ann", "Bob", "Cat"), starter_draw=StarterDraw(("Ann", "Bob", "Cat"), "Bob", 7))
    game.push(XybridRound({"Ann": monster(4), "Bob": monster(1, hand=2), "Cat": monster()}, "Bob"))
    return game


def xylotar_game() -> Xylotar:
    return played("Ann Bob Cat", hand(Ann=(3, 3), Bob=(2, 4), Cat=(5, 5)), dealer="Cat")


def test_each_game_is_found_by_its_record_name():
    assert find_game("xylotar") is Xylotar and find_game("xybrid") is Xybrid
    assert [engine.game for engine in GAMES] == ["xylotar", "xybrid"]
    with pytest.raises(GameError, match="unknown game 'chess'; choose xylotar or xybrid"):
        find_game("chess")


def test_each_engine_says_what_the_screens_and_exports_need():
    assert [(e.name, e.round_word, e.unit) for e in GAMES] == [("Xylotar", "hand", "points"),
                                                               ("XYbrid", "round", "infamy")]
    assert Xylotar.bgg_id == 414302 and Xybrid.bgg_id is None  # XYbrid's could not be confirmed
    # X1: 2 to 5 players; Y1: 2 to 4.
    assert PLAYER_LIMITS == {"xylotar": (2, 5), "xybrid": (2, 4)}
    assert Xylotar.all_expansions == ("bonus_beats", "off_key") and Xybrid.all_expansions == ()
    assert Xylotar.setup_guide(3).title == "Xylotar for 3 players"
    assert Xybrid.setup_guide(3).title == "XYbrid for 3 players"


@pytest.mark.parametrize("make", [xylotar_game, xybrid_game], ids=["xylotar", "xybrid"])
def test_both_engines_score_a_round_in_the_same_shape(make):
    game = make()
    (scored,) = game.scored()
    assert isinstance(scored, ScoredRound) and scored.number == 1
    assert set(scored.scores) == set(scored.totals) == set(scored.breakdowns) == set(game.players)
    assert scored.totals == game.totals()
    assert all(scored.breakdowns[name]["total"] == scored.scores[name] for name in game.players)
    assert len(game.rounds) == 1


def test_the_scored_rounds_are_what_the_record_scoring_prints():
    # X3: a bid met earns the bid bonus, 5 at 3 players: Ann 3 + 5, Bob 4 (bid 2), Cat 5 + 5.
    # Cat dealt, so Ann led (X6).
    (scored,) = xylotar_game().scored()
    assert (scored.leader, scored.scores) == ("Ann", {"Ann": 8, "Bob": 4, "Cat": 10})
    # Y4: parts plus one per part in hand; Bob was drawn and started.
    (scored,) = xybrid_game().scored()
    assert (scored.leader, scored.scores) == ("Bob", {"Ann": 12, "Bob": 11, "Cat": 8})
    out = record.score(xybrid_game())
    assert out["rounds"][0]["scores"] == scored.scores and out["rounds"][0]["leader"] == "Bob"


def test_who_played_first_comes_from_the_engine():
    assert xylotar_game().start_player() == "Ann"  # X6: left of the dealer
    assert xybrid_game().start_player() == "Bob"  # Y5: the drawn starter
    assert Xybrid(("Ann", "Bob")).start_player() is None  # nothing entered, nothing recorded


@pytest.mark.parametrize("make", [xylotar_game, xybrid_game], ids=["xylotar", "xybrid"])
def test_a_game_goes_to_its_record_and_back_unchanged(make):
    game = make()
    data = json.loads(record.dumps(game))
    again = find_game(data["game"]).from_record(data, data["players"], data["rounds"])
    assert record.to_dict(again) == data
    set_up = find_game(data["game"]).from_set_up(data["players"], game.set_up_dict())
    assert record.to_dict(set_up) == {**data, "rounds": []}


def test_each_engine_refuses_what_belongs_to_the_other():
    with pytest.raises(GameError, match="only XYbrid draws who starts"):
        Xylotar.set_up(("Ann", "Bob"), starter_draw=StarterDraw(("Ann", "Bob"), "Ann", 1))
    with pytest.raises(GameError, match="XYbrid has no expansions here"):
        Xybrid.set_up(("Ann", "Bob"), expansions=("off_key",))


# --- counted on the tree: game-kind branches outside the engines -----------
BRANCH = re.compile(r"isinstance\([^)]*\b(Xylotar|Xybrid)\b"
                    r"|[=!]= *[\"'](xylotar|xybrid)[\"']|[\"'](xylotar|xybrid)[\"'] *[=!]="
                    r"|\.game *[=!]=")
ENGINES = ("companion/xylotar/", "companion/xybrid/", "companion/games.py")


def branches(files: list[pathlib.Path]) -> list[str]:
    found = []
    for path in files:
        rel = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else path.name
        if rel.startswith(ENGINES):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if BRANCH.search(line):
                found.append(f"{rel}:{number}: {line.strip()}")
    return found


def test_at_most_six_game_kind_branches_outside_the_engines():
    found = branches([path for room in ("companion", "models", "views") for path in (ROOT / room).rglob("*.py")])
    assert len(found) <= 6, "\n".join(found)


def test_the_count_sees_each_kind_of_branch(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text('if isinstance(game, Xylotar): pass\nif kind == "xybrid": pass\n'
                   'if "xylotar" != name: pass\nif stored.game == other: pass\nunit = game.unit\n')
    assert len(branches([bad])) == 4


def test_a_correction_is_checked_without_changing_the_game():
    # Y4: a part worth -1 is refused; X3: tricks must add up. The games keep what they had.
    game = xybrid_game()
    before = record.to_dict(game)
    bad = XybridRound({"Ann": MonsterEntry(COMPLETE + (Part(-1, PartType.AUXILIARY),)), "Bob": monster(),
                       "Cat": monster()}, "Bob")
    assert [p.rule for p in game.check_replace(1, bad)] == ["Y4"]
    assert game.check_replace(1, XybridRound({n: monster() for n in game.players}, "Bob")) == []
    assert record.to_dict(game) == before
    xylotar = xylotar_game()
    before = record.to_dict(xylotar)
    assert [p.rule for p in xylotar.check_replace(1, hand(Ann=(3, 3), Bob=(2, 4), Cat=(5, 4)))] == ["X3"]
    assert xylotar.check_replace(1, hand(Ann=(3, 4), Bob=(2, 3), Cat=(5, 5))) == []
    assert record.to_dict(xylotar) == before
