"""What a screen says, in players' words (issue 11): no rule IDs ("(X7)", "(Y4)")
and no internal ids ("yellow_nine", "left_arm", "bonus_beats"). The rules keep
their IDs in the problems, the record and the command line's `score` output."""
import re

import pytest

from companion import GameError, Xybrid, Xylotar, record, setup_guide
from companion.history import Change, describe, differences
from companion.live_hand import LiveHand, StaleEntry
from companion.xybrid import Part, PartType, gap_problems
from tests.builders import entries, four_players, hand, played
from views.shown import hand_entry, logic
from views.shown.rules_topics import TOPICS
from views.shown.words import plain, words

RULE_ID = re.compile(r"\((?:X|B|O|Y|P)\d\)|\b[XBOYP][1-9]\b")
SNAKE_ID = re.compile(r"\b[a-z]+_[a-z_]+\b")


def shown_plainly(text: str) -> str:
    assert not RULE_ID.search(text) and not SNAKE_ID.search(text), text
    return text


# X3: the round screen says why a hand is refused, without "(X3)"; the command line still cites it.
def test_a_problem_is_said_without_its_rule():
    game = four_players()
    found = hand_entry.problems(game, entries(game, {"Ann": (3, 3), "Bob": (2, 2), "Cat": (1, 1), "Dan": (0, 6)}))
    assert [str(p) for p in found] == ["round 1: tricks add up to 12, expected 14 (X3)"]  # the CLI's contract
    assert [words(p) for p in found] == ["round 1: tricks add up to 12, expected 14"]
    assert [words(p, where=False) for p in found] == ["tricks add up to 12, expected 14"]


# B1: a card not in the deck at 3 players is named by its face, not its id.
def test_a_bonus_beat_is_said_by_its_face():
    game = Xylotar(["Ann", "Bob", "Cat"], dealer="Cat", expansions=["bonus_beats"])
    found = hand_entry.problems(game, entries(game, {"Ann": (3, 4, 0, "red_eleven"), "Bob": (4, 4),
                                                     "Cat": (4, 4)}))
    assert str(found[0]) == "round 1, Ann: the 11 card (red_eleven) is only used with 2, 4, 5 players (B1)"
    assert hand_entry.say(found[0]) == "Ann: the 11 card is only used with 2, 4, 5 players"


# B2: a card flipped by two seats in one hand; a bare id becomes "the # card".
def test_a_bare_card_id_becomes_its_face():
    game = four_players(expansions=["bonus_beats"])
    found = hand_entry.problems(game, entries(game, {"Ann": (3, 4, 0, "over_by_one"), "Bob": (2, 3, 0, "over_by_one"),
                                                     "Cat": (3, 3), "Dan": (4, 4)}))
    said = [hand_entry.say(p) for p in found if p.rule == "B2"]
    assert said == ["Ann: the # card was flipped by another player this hand too; there is one of each card",
                    "Bob: the # card was flipped by another player this hand too; there is one of each card"]


# Y3, Y4: an incomplete monster and its hint, with neither rule cited.
def test_a_hint_is_said_without_its_rule():
    parts = [Part(0, PartType.CORE), Part(2, PartType.HEAD), Part(1, PartType.LEFT_ARM), Part(1, PartType.RIGHT_ARM)]
    [found] = gap_problems(parts, round=1, player="Ann")
    assert str(found) == ("round 1, Ann: the monster has no legs (Y3); "
                          "a destroyed part counts as a negative adjustment (Y4)")
    assert words(found) == "round 1, Ann: the monster has no legs; a destroyed part counts as a negative adjustment"


def test_plain_words_for_every_kind_of_id():
    assert plain("Bob and Cat share the win with 13 infamy each (Y6)") == "Bob and Cat share the win with 13 infamy each"
    assert plain("a rule (X1-X4) and two (B1, B2)") == "a rule and two"
    assert plain("unknown expansion 'encore'; choose from bonus_beats, off_key") == (
        "unknown expansion 'encore'; choose from Bonus Beats, Off-Key")
    assert plain("has no left_arm") == "has no left arm"
    assert plain("bonus_beats_dealt") == "bonus_beats_dealt"  # only whole ids are said differently
    assert plain("view 2 card used (view_two); it changes play, not the score") == (
        "view 2 card used; it changes play, not the score")


# X6, X7, X9, Y5: who leads or starts next says why in words only.
def test_who_leads_next_cites_no_rule():
    assert Xylotar(["Ann", "Bob"], dealer="Bob").next_turn() == "Ann leads hand 1: Bob dealt, so the other player leads"
    game = played("Ann Bob Cat", hand(Ann=(3, 4), Bob=(4, 4), Cat=(3, 4)), dealer="Cat")
    assert game.next_turn() == ("Cat leads hand 2: lowest total, 4; tied with Ann, "
                                "first clockwise after the last leader")
    assert Xybrid(("Ann", "Bob")).next_turn() == "Round 1: draw a random player to start"


# B1: the setup guide names the Bonus Beats to take out by the faces printed on them.
def test_the_setup_guide_names_cards_by_their_faces():
    steps = setup_guide("xylotar", 4, ["bonus_beats"]).steps
    assert "Bonus Beats: take out the 9, swap, Off-Key bid and ½ cards; shuffle the other 16 and deal 2 face " \
           "down to each player after the normal deal." in steps
    assert ("Bonus Beats: take out the 11 card; shuffle the other 19 and deal 2 face down to each player after the "
            "normal deal.") in setup_guide("xylotar", 3, ["bonus_beats", "off_key"]).steps
    for players in (2, 3, 4, 5):
        for expansions in ([], ["bonus_beats"], ["off_key"], ["bonus_beats", "off_key"]):
            guide = setup_guide("xylotar", players, expansions)
            for line in (guide.title, *guide.steps):
                shown_plainly(line)


# B2 at a shared table: a stale bid names the card now stored by its face.
def test_a_stale_bid_names_the_card_by_its_face():
    live = LiveHand(Xylotar(["Ann", "Bob", "Cat", "Dan"], dealer="Dan", expansions=["bonus_beats"]))
    live.enter_bid("Ann", 3, "over_by_one", expected_version=0)
    with pytest.raises(StaleEntry) as raised:
        live.enter_bid("Ann", 4, None, expected_version=0)
    assert str(raised.value) == ("Ann's bid was changed on another phone meanwhile; it is now bid 3 with the # card")


# A correction's changes list says fields and values as players call them.
def test_a_change_is_said_in_players_words():
    before = {"results": {"Ann": {"bid": 2, "tricks": 3, "bonus_beat": "over_by_one"}, "Bob": {"bid": 1, "tricks": 1}}}
    after = {"results": {"Ann": {"bid": 2, "tricks": 3}, "Bob": {"bid": 1, "tricks": 1, "off_key_won": 1}}}
    assert differences(Change("correct", 1, before, after)) == ["Ann: Bonus Beat # -> none",
                                                                "Bob: Off-Key cards won none -> 1"]
    types = ["core", "head", "left_arm"]
    assert differences(Change("correct", 2, {"results": {"Jo": {"parts": [0, 1], "part_types": types[:2], "hand": 0}}},
                              {"results": {"Jo": {"parts": [0, 1, 2], "part_types": types, "hand": 1}}})) == [
        "Jo: parts 0, 1 -> 0, 1, 2", "Jo: part types core, head -> core, head, left arm", "Jo: parts in hand 0 -> 1"]
    assert describe(Change("correct", 2, before, after, author="Cat"), "hand") == "Cat corrected hand 2"  # Xylotar's word
    assert describe(Change("add", 1, None, after)) == "someone entered round 1"


# B4: a card that changes play says so on tap, by its face.
def test_a_play_card_breakdown_names_it_by_its_face():
    game = four_players(expansions=["bonus_beats"])
    game.push(record.round_from_dict(game, hand_entry.to_round(game, entries(game, {
        "Ann": (3, 3, 0, "view_two"), "Bob": (4, 2), "Cat": (2, 5), "Dan": (0, 4)})), 1))
    lines = logic.breakdown_lines(game, 1, "Ann")
    assert "the view 2 card used; it changes play, not the score" in lines
    for line in lines:
        shown_plainly(line)
    assert "(view_two)" in " ".join(game.results()[0].scores["Ann"].lines())  # the record's breakdown keeps it


# A refused set-up, as the New game screen says it.
def test_a_refused_set_up_is_said_in_words():
    with pytest.raises(GameError) as refused:
        Xylotar.set_up(["Ann", "Bob", "Cat"], dealer="Eve")
    assert [words(p) for p in refused.value.problems] == ["the dealer 'Eve' is not one of the players"]
    with pytest.raises(GameError) as refused:
        Xylotar.set_up(["Ann", "Bob", "Cat", "Dan"], dealer="Dan", expansions=["bonus_beats"],
                       bonus_beats_dealt={"Ann": ["yellow_nine", "view_two"]})
    assert [str(p) for p in refused.value.problems] == [
        "Ann: dealt yellow_nine, which is not in the deck at this table (B1)"]
    assert [words(p) for p in refused.value.problems] == ["Ann: dealt the 9 card, which is not in the deck at this table"]


# The rules page's topics (our own summary of the rulebooks): no rule ID and no internal id in a heading,
# a title or a line; the IDs a topic covers stay in its `rules`, for tests.
def test_the_rules_topics_are_said_plainly():
    for topic in TOPICS:
        for line in (topic.part, topic.title, *topic.lines):
            shown_plainly(line)
    assert all(RULE_ID.fullmatch(rule) for topic in TOPICS for rule in topic.rules)


def test_x3_o1_o3_counts_that_do_not_add_up_say_what_is_missing_or_over():
    from companion.xylotar.deal import deal_for
    from views.shown.words import off_key_won, tricks_taken
    three, four = deal_for(3), deal_for(4)
    assert tricks_taken(three, 13) == "13 tricks taken of 12: one too many"
    assert tricks_taken(three, 10) == "10 tricks taken of 12: two missing"
    assert tricks_taken(three, 12) == "12 tricks taken of 12"
    assert tricks_taken(four, 0) == "0 tricks taken of 14: 14 missing"
    assert off_key_won(three, 6) is None and off_key_won(four, 8) is None  # O1: 6 at 3 players, 8 else
    assert off_key_won(four, 9) == "9 Off-Key cards won of 8 in play: one too many"
