"""What a screen reader says for each standings row: one phrase, in players'
words, with the game's own unit and shared ranks said as such."""
import re

from companion import Xybrid
from tests.builders import hand, played
from views.shown import logic, spoken


def test_ordinals_are_words():
    assert [spoken.ordinal(n) for n in range(1, 6)] == ["first", "second", "third", "fourth", "fifth"]
    assert spoken.ordinal(10) == "tenth"
    assert [spoken.ordinal(n) for n in (11, 21, 22, 23)] == ["11th", "21st", "22nd", "23rd"]


def test_a_row_is_one_phrase_with_its_rank_word_and_unit():
    assert spoken.standing_said("Ann", 1, 42, "points") == "Ann, first, 42 points"
    assert spoken.standing_said("Bob", 2, 1, "points") == "Bob, second, 1 point"
    assert spoken.standing_said("Cat", 3, -1, "points") == "Cat, third, -1 point"
    assert spoken.standing_said("Jo", 1, 5, "infamy", tied=True) == "Jo, joint first, 5 infamy"
    assert spoken.standing_said("Jo", 1, 1, "infamy", winner=True) == "Jo, first, 1 infamy, winner"


def test_a_xylotar_games_standings_say_points_and_share_a_tied_rank():
    game = played("Ann Bob Cat Dev", hand(Ann=(3, 3), Bob=(3, 3), Cat=(2, 2), Dev=(0, 6)))
    ranks = logic.standings(game)
    said = spoken.standings_said(game)
    assert len(said) == len(ranks) == 4
    assert said[0].startswith(("Ann, joint first, ", "Bob, joint first, "))
    assert said[1].startswith(("Ann, joint first, ", "Bob, joint first, "))
    assert said[2] == f"Cat, third, {ranks[2][2]} points"
    assert said[3] == f"Dev, fourth, {ranks[3][2]} points"


def test_the_winner_is_said_once_the_game_is_won():
    # X8: tied on top after hand 3, Bob matched his bid with fewer tricks: he wins, Ann is second at 27.
    game = played("Ann Bob Cat Dev",
                  hand(Ann=(4, 4), Bob=(5, 5), Cat=(0, 3), Dev=(0, 2)),
                  hand(Ann=(4, 4), Bob=(5, 5), Cat=(0, 3), Dev=(0, 2)),
                  hand(Ann=(4, 4), Bob=(2, 2), Cat=(0, 4), Dev=(0, 4)))
    assert spoken.standings_said(game) == ["Bob, first, 27 points, winner", "Ann, second, 27 points",
                                           "Cat, third, 10 points", "Dev, fourth, 8 points"]


def test_xybrid_says_infamy():
    game = Xybrid(["Jo", "Kit", "Lu"])
    assert spoken.standings_said(game) == ["Jo, joint first, 0 infamy", "Kit, joint first, 0 infamy",
                                           "Lu, joint first, 0 infamy"]


def test_no_rule_ids_or_internal_ids_are_said():
    game = played("Ann Bob Cat Dev", hand(Ann=(3, 3), Bob=(3, 3), Cat=(2, 2), Dev=(0, 6)))
    for phrase in spoken.standings_said(game):
        assert not re.search(r"\b[XBOYP]\d\b|\bid\b|_", phrase), phrase
