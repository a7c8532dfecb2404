"""Each rule said once (issue 10): the screens take a rule from the engine
that holds it, so a second copy that could drift is caught here."""
import pathlib
import re

import pytest

from companion import PLAYER_LIMITS, GameError, Xybrid, Xylotar, record
from companion.players import MAX_NAME_LENGTH
from companion.xylotar import bonus_beats
import views
from views.screens import new_game
from views.shown import logic, monster_entry
from tests.builders import hand, played

VIEWS = pathlib.Path(views.__file__).parent  # every room's screens and parts, and what they show

# Two hands after which Ann has 16, Bob 16, Cat 14, Dev 12 (as in test_xylotar_tiebreak).
EVEN_START = (hand(Ann=(3, 3), Bob=(3, 3), Cat=(2, 2), Dev=(0, 6)),) * 2
NO_MATCH = hand(Ann=(0, 3), Bob=(0, 3), Cat=(0, 4), Dev=(0, 4))  # Ann and Bob still tie, neither matched


# X8: the next hand is a tiebreak hand exactly when the outcome says one is needed.
def test_a_tiebreak_hand_is_named_from_the_outcome():
    game = played("Ann Bob Cat Dev", *EVEN_START)
    assert (logic.next_round_title(game), logic.next_round_button(game)) == ("Hand 3", "Enter hand 3")
    game.push(NO_MATCH)
    assert game.outcome().next_is_tiebreak
    assert (logic.next_round_title(game), logic.next_round_button(game)) == (
        "Hand 4 (tiebreak)", "Enter tiebreak hand 4")
    game.push(NO_MATCH)  # still tied, nobody matched: another tiebreak hand
    assert (logic.next_round_title(game), logic.next_round_button(game)) == (
        "Hand 5 (tiebreak)", "Enter tiebreak hand 5")
    assert logic.progress_line(game).endswith("; tiebreak hand next")


# Y1: XYbrid has no tiebreak round; its rounds are named plainly.
def test_xybrid_rounds_are_never_tiebreaks():
    game = Xybrid(("Ann", "Bob"))
    assert (logic.next_round_title(game), logic.next_round_button(game)) == ("Round 1", "Enter round 1")
    whole = {"core": 0, "head": 0, "left_arm": 0, "right_arm": 0, "legs": 0}
    typed = {name: {**entry, "parts": whole} for name, entry in monster_entry.blank(game).items()}
    game.push(record.round_from_dict(game, monster_entry.to_round(game, typed, "Ann"), 1))
    assert not game.outcome().next_is_tiebreak
    assert (logic.next_round_title(game), logic.next_round_button(game)) == ("Round 2", "Enter round 2")


def test_no_screen_counts_rounds_to_decide_a_tiebreak():
    # The outcome knows (X8); a screen testing `played >= 3` or `len(rounds) >= 3` restates the rule.
    counting = re.compile(r"(played|len\([\w.]*(hands|rounds)[\w.()]*\))\s*(>=|>|==)\s*\d")
    found = [f"{path.name}:{number}: {line.strip()}"
             for path in sorted(VIEWS.rglob("*.py"))
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
             if counting.search(line)]
    assert found == []


CODE = [path for folder in ("companion", "views", "models") for path in sorted((VIEWS.parent / folder).rglob("*.py"))]


def lines_matching(pattern: str, paths=CODE) -> list[str]:
    found = re.compile(pattern)
    return [f"{path.relative_to(VIEWS.parent)}: {line.strip()}"
            for path in paths for line in path.read_text(encoding="utf-8").splitlines() if found.search(line)]


# B5: the 'no bid' card's id is written once, beside the card; everyone else imports NO_BID.
def test_the_no_bid_card_is_named_once():
    assert bonus_beats.BY_ID[bonus_beats.NO_BID].face == "no bid"
    assert lines_matching(r"[\"']no_bid_match[\"']") == [
        'companion/xylotar/bonus_beats.py: NO_BID = "no_bid_match"  # B5: the card whose seat does not bid']


# X1, Y1: the limits the new-game form offers are the engines' own.
def test_player_limits_are_the_engines():
    assert PLAYER_LIMITS == {"xylotar": (2, 5), "xybrid": (2, 4)}
    start = {"xylotar": lambda names: Xylotar(names), "xybrid": lambda names: Xybrid(tuple(names))}
    names = ["Ann", "Bob", "Cat", "Dev", "Eve", "Fay"]
    for game, (low, high) in PLAYER_LIMITS.items():
        for count in (low, high):
            assert len(start[game](names[:count]).players) == count
        for count in (low - 1, high + 1):
            with pytest.raises(GameError, match=r"is for \d to \d players"):
                start[game](names[:count])
    assert new_game.PLAYER_LIMITS is PLAYER_LIMITS  # the new-game form seats exactly these
    assert lines_matching(r"\(2, [45]\)|\blow=\d+, high=\d", [p for p in CODE if "migrations" not in p.parts]) == []


# Every name field (new game, the roster) takes no more than the name rule allows.
def test_name_fields_take_the_rules_length():
    assert lines_matching(r"max_length=\d", sorted(VIEWS.rglob("*.py"))) == []



# The name rule (companion.players) says how long a name may be; the store's columns take its length.
def test_the_store_takes_the_name_rules_length():
    from models import tables
    assert tables.NAME_LENGTH == MAX_NAME_LENGTH
    assert tables.Player.__table__.c.name.type.length == MAX_NAME_LENGTH
    assert lines_matching(r"NAME_LENGTH\s*=\s*\d") == ["companion/players.py: MAX_NAME_LENGTH = 40"]
