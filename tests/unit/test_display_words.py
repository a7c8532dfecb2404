"""What the table display says so the table knows why (views/shown/display_words.py):
each score's reason on one line, a tiebreak hand and who tied, who won it and
how, who plays first next, in Xylotar and XYbrid. Players' words only."""
import json
import pathlib
import re

import pytest

from companion import MonsterEntry, Xybrid, XybridRound
from companion.games import find_game
from tests.builders import hand, played
from tests.unit.test_xybrid import deployed, game_of, typed
from views.shown import display_words as dw
from views.shown import logic

FIXTURES = pathlib.Path(__file__).parents[1] / "fixtures"
RULE_ID = re.compile(r"\b[XYBOP]\d\b")
CARD_IDS = ("over_by_one", "plus_one_per_miss", "zero_bid_eight", "no_bid_match", "red_eleven", "lead_next",
            "off_key_no_penalty", "off_key")


def fixture(name: str, rounds: int | None = None):
    data = json.loads((FIXTURES / name).read_text())
    return find_game(data["game"]).from_record(data, data["players"], data["rounds"][:rounds])


def reasons(game) -> dict[str, str]:
    return {row.seat: row.reason for row in dw.last_round_rows(game)}


def assert_players_words(*texts: str) -> None:
    for text in texts:
        assert not RULE_ID.search(text), text
        assert not any(card in text for card in CARD_IDS), text


# X5: a bid matched earns the bid bonus, a bid missed only its tricks.
def test_a_score_says_whether_the_bid_was_made_and_what_it_earned_X5():
    game = played("Ann Bob Cat Dan", hand(Ann=(3, 3), Bob=(2, 4), Cat=(5, 5), Dan=(1, 2)))
    rows = dw.last_round_rows(game)
    assert [(row.seat, row.what, row.score) for row in rows] == [
        ("Ann", "bid 3, took 3", 8), ("Bob", "bid 2, took 4", 4), ("Cat", "bid 5, took 5", 10), ("Dan", "bid 1, took 2", 2)]
    assert reasons(game) == {"Ann": "made it: 3 tricks +3, bid bonus +5", "Bob": "missed: 4 tricks +4, no bid bonus",
                             "Cat": "made it: 5 tricks +5, bid bonus +5", "Dan": "missed: 2 tricks +2, no bid bonus"}
    assert dw.last_round_title(game) == "Hand 1: the bids"


# B4: a Bonus Beat's effect is said by its face, never by its id.
def test_a_bonus_beat_is_said_by_its_face_B4():
    game = played("Ann Bob Cat Dan", hand(Ann=(3, 4, "over_by_one"), Bob=(2, 4, "plus_one_per_miss"),
                                          Cat=(0, 0, "zero_bid_eight"), Dan=(None, 6, "no_bid_match")),
                  expansions=["bonus_beats"])
    said = reasons(game)
    assert said == {
        "Ann": "made it: 4 tricks +4, bid bonus +5; # card: bonus for 1 trick over the bid",
        "Bob": "missed: 4 tricks +4, no bid bonus, +1 Bonus Beat +1; +1 card: 1 other seat missed",
        "Cat": "made it: 0 tricks +0, bid bonus +8; 8 for 0: a successful 0 bid scores 8",
        "Dan": "6 tricks +6, no bid bonus; no bid card: no other seat bid 6",  # B5: no bid, so nothing made or missed
    }
    assert_players_words(*said.values())


# O3, B4: Off-Key cards won cost a point each; a card that changes play says so, without its id.
def test_off_key_cards_and_a_card_that_changes_play_O3_B4():
    game = played("Ann Bob Cat Dan", hand(Ann=(3, 3, None, 1), Bob=(2, 4, "off_key_no_penalty", 2),
                                          Cat=(1, 1, "lead_next"), Dan=(2, 6, "red_eleven")),
                  expansions=["bonus_beats", "off_key"])
    said = reasons(game)
    assert said["Ann"] == "made it: 3 tricks +3, bid bonus +5, Off-Key cards won -1"
    assert said["Bob"] == "missed: 4 tricks +4, no bid bonus; ½ card: no penalty for 2 Off-Key cards"
    assert said["Cat"] == "made it: 1 trick +1, bid bonus +5; the lead next card used; it changes play, not the score"
    assert said["Dan"].endswith("11 card used; it changes play, not the score")
    assert_players_words(*said.values())


# B3: hand 3's point for a player who flipped no Bonus Beat, and a card flipped that earned nothing.
def test_the_point_for_unused_bonus_beats_B3():
    game = played("Ann Bob Cat", *[hand(Ann=(2, 2), Bob=(3, 3), Cat=(7, 7))] * 2,
                  hand(Ann=(2, 2), Bob=(3, 3, "over_by_one"), Cat=(6, 7)), expansions=["bonus_beats"])
    said = reasons(game)
    assert said["Ann"] == "made it: 2 tricks +2, bid bonus +5, no Bonus Beat flipped in 3 hands +1"
    assert said["Bob"] == "made it: 3 tricks +3, bid bonus +5; # card flipped: no points from it this hand"


# X9: at two players the side players' bids are shown too; they score nothing.
def test_side_players_are_shown_and_score_nothing_X9():
    game = played("Ann Bob", hand(Ann=(3, 3), Bob=(2, 4), sides={"left": (3, 4), "right": (2, 3)}))
    rows = {row.seat: row for row in dw.last_round_rows(game)}
    assert rows["left side player"].reason == dw.SIDE_PLAYER and rows["left side player"].score == 0
    assert rows["Ann"].reason == "made it: 3 tricks +3, bid bonus +5"


# The reasons condense the scoreboard's own breakdown: each number it shows is in the one line.
def test_the_reason_is_the_scoreboards_breakdown_on_one_line_X5():
    game = fixture("xylotar-4p-unhinged.json")
    for number in range(1, len(game.rounds) + 1):
        for name in game.players:
            reason = dw.score_reason(game, number, name)
            assert "\n" not in reason and reason
            for line in logic.breakdown_lines(game, number, name)[1:-1]:
                value = re.search(r": ([+-]\d+)$", line)
                if value and value.group(1) != "+0":
                    assert value.group(1) in reason, (line, reason)
            assert_players_words(reason)


def test_before_any_hand_there_is_no_last_round():
    game = played("Ann Bob Cat")
    assert dw.last_round_rows(game) == [] and dw.last_round_title(game) == ""
    assert dw.headline(game) == ("Hand 1", "")
    assert dw.turn(game) == "Ann leads hand 1: left of the dealer, Cat"  # X6


# X7: who leads next, in the engine's words.
def test_who_leads_next_X7():
    game = fixture("xylotar-3p-tiebreak-hand.json", 1)
    assert dw.headline(game) == ("Hand 2", "")
    assert dw.turn(game) == "Bob leads hand 2: lowest total, 5; tied with Cat, first clockwise after the last leader"


# X8: a tie nobody matched their bid in needs a tiebreak hand; the headline says who tied and on what.
def test_a_tiebreak_hand_says_who_tied_and_why_X8():
    game = fixture("xylotar-3p-tiebreak-hand.json", 3)
    assert game.outcome().next_is_tiebreak
    headline, detail = dw.headline(game)
    assert headline == "Tiebreak hand 4: Bob and Cat tied on 20"
    assert detail == "Neither matched their bid in hand 3: everyone plays another hand"
    assert dw.turn(game) == "Ann leads hand 4: lowest total, 11"  # X7 picks the tiebreak hand's leader


# X8: after the tiebreak hand, who won it and how.
def test_after_a_tiebreak_hand_who_won_and_how_X8():
    game = fixture("xylotar-3p-tiebreak-hand.json")
    assert dw.headline(game) == ("Bob wins the tiebreak!",
                                 "Bob and Cat tied on 20 after hand 3. Tiebreak hand 4: Bob wins with 30 points")
    assert dw.turn(game) == ""
    assert reasons(game)["Bob"] == "made it: 5 tricks +5, bid bonus +5"


# X8: a tie decided by the last hand itself is no tiebreak hand: the winner and how, as the scoreboard says it.
def test_a_tie_decided_in_hand_3_is_said_as_the_outcome_says_it_X8():
    game = played("Ann Bob Cat Dev", hand(Ann=(4, 4), Bob=(5, 5), Cat=(0, 3), Dev=(0, 2)),
                  hand(Ann=(4, 4), Bob=(5, 5), Cat=(0, 3), Dev=(0, 2)),
                  hand(Ann=(4, 4), Bob=(2, 2), Cat=(0, 4), Dev=(0, 4)))
    assert dw.headline(game) == logic.display_headline(game)
    assert dw.headline(game)[0] == "Bob wins!"
    assert "Bob matched their bid with 2 tricks" in dw.headline(game)[1]


# X8: a second tiebreak hand names the tie as it stands now (Cat caught up).
def test_a_second_tiebreak_hand_X8():
    no_match = hand(Ann=(0, 3), Bob=(0, 3), Cat=(0, 4), Dev=(0, 4))
    game = played("Ann Bob Cat Dev", *[hand(Ann=(3, 3), Bob=(3, 3), Cat=(2, 2), Dev=(0, 6))] * 2, no_match, no_match)
    assert dw.headline(game)[0] == "Tiebreak hand 5: Ann, Bob and Cat tied on 22"


# Y4: XYbrid's infamy, part by part, with adjustments and their notes.
def test_xybrid_infamy_reasons_Y4():
    game = game_of(deployed("Ann", Ann=5, Bob=3, Cat=3))
    entry = MonsterEntry(parts=typed(2, 1, 1, 1).parts, hand=2, adjustments=(-2, 1), notes=("lost an arm",))
    game.push(XybridRound({"Ann": entry, "Bob": typed(), "Cat": typed()}))
    assert dw.last_round_title(game) == "Round 2: the scores"
    assert [(row.seat, row.what, row.score, row.reason) for row in dw.last_round_rows(game)] == [
        ("Ann", "", 6, "parts 5, parts in hand +2, adjustment -2 (lost an arm), adjustment +1"),
        ("Bob", "", 4, "parts 4"), ("Cat", "", 4, "parts 4")]


# Y4: a quick entry knows only its total; Y3: an incomplete monster is said by its missing parts' names.
def test_xybrid_quick_entry_and_incomplete_monster_Y3_Y4():
    game = Xybrid(("Ann", "Bob"))
    game.push(XybridRound({"Ann": MonsterEntry(total=7), "Bob": MonsterEntry(total=-3)}))
    assert reasons(game) == {"Ann": "entered as a total: 7 infamy", "Bob": "entered as a total: -3 infamy"}
    game = fixture("xybrid-3p-shared-win.json")
    for name in game.players:
        assert_players_words(dw.score_reason(game, len(game.rounds), name))
        assert "left_arm" not in dw.score_reason(game, len(game.rounds), name)


# Y5: who may start the next round; Y6: a shared win.
def test_xybrid_who_starts_and_the_shared_win_Y5_Y6():
    game = game_of(deployed("Ann", Ann=5, Bob=3, Cat=4))
    assert dw.headline(game) == ("Round 2", "")
    assert dw.turn(game) == "Bob starts round 2: least infamous"
    game = fixture("xybrid-3p-shared-win.json")
    headline, detail = dw.headline(game)
    assert headline.endswith(" win!") and "share the win" in detail
    assert_players_words(headline, detail)
    assert dw.turn(game) == ""


# X1: a name may be 40 characters; the display draws each one whole or cut, never broken inside a word.
def test_a_sentence_is_cut_into_words_and_whole_names():
    long = "Maximiliana Wolfeschlegelsteinhausenberg"
    assert dw.chunks(f"Tiebreak hand 4: {long} and Cat tied on 19", [long, "Cat", "Al"]) == [
        [("Tiebreak", False)], [("hand", False)], [("4:", False)], [(long, True)], [("and", False)],
        [("Cat", True)], [("tied", False)], [("on", False)], [("19", False)]]
    assert dw.chunks("tied with Cat, first", ["Cat"])[2] == [("Cat", True), (",", False)]  # no space: one piece
    assert dw.chunks("Also Al", ["Al"]) == [[("Also", False)], [("Al", True)]]  # a name only as a whole word
    assert dw.chunks("Hand 2", []) == [[("Hand", False)], [("2", False)]]
