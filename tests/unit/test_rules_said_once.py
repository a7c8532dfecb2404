"""Each rule said once (issue 10): the screens take a rule from the engine
that holds it, so a second copy that could drift is caught here."""
import pathlib
import re

from companion import Xybrid, record
from views import logic, monster_entry
from tests.builders import hand, played

VIEWS = pathlib.Path(logic.__file__).parent

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
             for path in sorted(VIEWS.glob("*.py"))
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
             if counting.search(line)]
    assert found == []
