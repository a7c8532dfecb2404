"""The rules page's topics and its "why?" links, without a browser (issue 11):
every rule of the rules summary has a topic, each note and score on the
scoreboard opens the topic that explains it, and Back returns where the
player was."""
import pytest

from companion import Part, PartType, Xybrid, XybridRound, record
from companion.xybrid import MonsterEntry, gap_problems
from companion.xylotar import BONUS_BEATS
from tests.builders import entries, four_players, hand, played
from views.router import LINK_SCREENS, OPEN_SCREENS, ROUTES, parse
from views.shown import hand_entry, why
from views.shown.rules_topics import BY_SLUG, TOPICS
from views.shown.words import plain

# Every rule ID of the rules summary (its X, B, O, Y and P lists, the December 2026 changes included).
SUMMARY = ({f"X{n}" for n in range(1, 10)} | {f"B{n}" for n in range(1, 6)} | {f"O{n}" for n in range(1, 4)}
           | {f"Y{n}" for n in range(1, 7)} | {f"P{n}" for n in range(1, 5)})


def test_every_rule_of_the_summary_has_one_topic():
    covered = [rule for topic in TOPICS for rule in topic.rules]
    assert sorted(covered) == sorted(SUMMARY)  # each once, none left out, none made up
    assert {why.topic_for_rule(rule) for rule in SUMMARY} <= set(BY_SLUG)
    assert why.topic_for_rule("Z9") is None and why.topic_for_rule(None) is None


def test_the_topics_asked_for_are_there_by_game():
    assert [(topic.slug, topic.game) for topic in TOPICS] == [
        ("hand", "xylotar"), ("bidding", "xylotar"), ("scoring", "xylotar"), ("leading", "xylotar"),
        ("tiebreak", "xylotar"), ("two-players", "xylotar"), ("bonus-beats", "xylotar"),
        ("unused-bonus-beats", "xylotar"), ("off-key", "xylotar"), ("monsters", "xybrid"), ("infamy", "xybrid"),
        ("starting", "xybrid"), ("winner", "xybrid")]
    assert len(BY_SLUG) == len(TOPICS)  # slugs are unique
    assert all(slug == slug.lower() and " " not in slug for slug in BY_SLUG)


# X3: the deal table is the engine's, at every player count.
def test_the_deal_table_is_the_engines():
    said = [text for bullet, text in why.lines(BY_SLUG["hand"]) if bullet]
    assert said == ["2 players: 4 seats: the 2 players and 2 side players; 15 cards each, 14 tricks a hand",
                    "3 players: 3 seats, without the red and orange cards; 13 cards each, 12 tricks a hand",
                    "4 players: 4 seats; 15 cards each, 14 tricks a hand",
                    "5 players: 5 seats; 12 cards each, 11 tricks a hand"]


# B4: each Bonus Beat is said by its face, with its text and when it may be flipped, as companion has them.
def test_each_bonus_beat_is_said_with_its_text_and_timing():
    lines = [text for bullet, text in why.lines(BY_SLUG["bonus-beats"]) if bullet]
    for card in BONUS_BEATS.values():
        [line] = [line for line in lines if line.startswith(f"The {card.face} card: {card.text}")]
        assert f"When: {card.timing}" in line
    assert ("The 9 card: Replace your leftmost card with this Yellow (trump) 9, which always wins a trick. "
            "When: Before you play your 1st card. (only at 3 players)") in lines
    assert any(line.startswith("The \u00bd card: ") and line.endswith("(only with Off-Key)") for line in lines)
    scoring = why.lines(BY_SLUG["bonus-beats"]).index((False, "These change the score:"))
    play = why.lines(BY_SLUG["bonus-beats"]).index((False, "These change how you play, not the score:"))
    assert [text.split(":")[0] for _, text in why.lines(BY_SLUG["bonus-beats"])[scoring + 1:play]] == [
        "The # card", "The b card", "The +1 card", "The 8 for 0 card", "The no bid card", "The \u00bd card"]


def test_a_topic_is_said_in_players_words():
    for topic in TOPICS:
        for text in (topic.title, *topic.lines):
            assert plain(text) == text, text  # no rule ID, no card id, no expansion or part id


# X7, Y5, X8, Y6: the scoreboard's notes open the topic of the rule they follow.
def test_each_note_opens_its_topic():
    assert why.turn_topic("xylotar") == "leading" and why.turn_topic("xybrid") == "starting"
    assert why.end_topic("xylotar") == "tiebreak" and why.end_topic("xybrid") == "winner"


# X5, B4, O3, B3: a Xylotar score's breakdown opens scoring first, then what else made it.
def test_a_scores_breakdown_opens_its_topics():
    game = four_players(expansions=["bonus_beats", "off_key"])
    game.push(record.round_from_dict(game, hand_entry.to_round(game, entries(game, {
        "Ann": (3, 4, 1, "over_by_one"), "Bob": (2, 2), "Cat": (2, 5, 0), "Dan": (0, 3, 2)})), 1))
    assert why.score_topics(game, 1, "Ann") == ("scoring", "bonus-beats", "off-key")
    assert why.score_topics(game, 1, "Bob") == ("scoring",)
    assert why.score_topics(game, 1, "Dan") == ("scoring", "off-key")
    plain_game = played("Ann Bob Cat", hand(Ann=(3, 4), Bob=(4, 4), Cat=(3, 4)), dealer="Cat")
    assert why.score_topics(plain_game, 1, "Ann") == ("scoring",)


# B3: hand 3's point for unused Bonus Beats opens its topic.
def test_the_unused_cards_point_opens_its_topic():
    game = four_players(expansions=["bonus_beats"])
    for _ in range(3):
        game.push(hand(Ann=(3, 3), Bob=(4, 4), Cat=(3, 3), Dan=(4, 4)))
    assert why.score_topics(game, 3, "Ann") == ("scoring", "unused-bonus-beats")
    assert why.score_topics(game, 2, "Ann") == ("scoring",)


# Y4: an XYbrid score opens infamy.
def test_an_infamy_score_opens_infamy():
    parts = (Part(0, PartType.CORE), Part(2, PartType.HEAD), Part(1, PartType.LEFT_ARM),
             Part(1, PartType.RIGHT_ARM), Part(1, PartType.LEGS))
    game = Xybrid(("Ann", "Bob"), [XybridRound({"Ann": MonsterEntry(parts, hand=1), "Bob": MonsterEntry(parts)})])
    assert why.score_topics(game, 1, "Ann") == ("infamy",)
    totals = Xybrid(("Ann", "Bob"))  # a round entered as each player's total
    totals.push(record.round_from_dict(totals, {"results": {"Ann": {"infamy": 23}, "Bob": {"infamy": 9}},
                                                "first_player": "Ann"}, 1))
    assert why.score_topics(totals, 1, "Ann") == ("infamy",)


def test_back_returns_where_the_player_was():
    route = why.rules_route("tiebreak", came_from="/game/3", game="xylotar")
    assert route == "/rules/tiebreak?from=%2Fgame%2F3&game=xylotar"
    assert parse(route) == ("rules", {"topic": "tiebreak"})
    assert why.came_from(route) == "/game/3" and why.opened_for(route) == "xylotar"
    # From the list, a topic's Back is the list, whose own Back is the scoreboard.
    listed = why.rules_route(came_from="/game/3", game="xylotar")
    assert parse(listed) == ("rules", {})
    assert why.came_from(why.rules_route("bidding", came_from=listed)) == listed
    assert why.came_from("/rules") is None and why.rules_route() == "/rules"


@pytest.mark.parametrize("elsewhere", ["//evil.example/x", "https://evil.example/", "game/3", "/\\evil.example"])
def test_back_never_leaves_the_app(elsewhere):
    assert why.came_from(why.rules_route("bidding", came_from=elsewhere)) is None


def test_a_games_topics_come_first():
    assert [head for head, _ in why.grouped()] == ["Xylotar", "Xylotar: Unhinged", "XYbrid"]
    assert [head for head, _ in why.grouped("xylotar")] == ["Xylotar", "Xylotar: Unhinged", "XYbrid"]
    assert [head for head, _ in why.grouped("xybrid")] == ["XYbrid", "Xylotar", "Xylotar: Unhinged"]
    assert [t.slug for t in why.grouped("xybrid")[0][1]] == ["monsters", "infamy", "starting", "winner"]
    assert sum(len(topics) for _, topics in why.grouped("xybrid")) == len(TOPICS)


def test_the_rules_page_opens_on_any_device_and_nothing_else_does_besides_the_links():
    assert OPEN_SCREENS == ("rules", "missing")  # "no such page" shows no game either
    assert {name for name, _, _ in ROUTES} - set(LINK_SCREENS) - set(OPEN_SCREENS) == {
        "home", "new", "players", "player", "history", "display", "game", "round", "table"}


# X3, B2, Y3: a refusal on a round form names its rule; that rule opens the topic explaining it.
def test_a_refusal_opens_the_topic_of_its_rule():
    game = four_players(expansions=["bonus_beats"])
    short = hand_entry.problems(game, entries(game, {"Ann": (3, 3), "Bob": (2, 2), "Cat": (1, 1), "Dan": (0, 6)}))
    assert [(p.rule, why.topic_for_rule(p.rule)) for p in short] == [("X3", "hand")]
    twice = hand_entry.problems(game, entries(game, {"Ann": (3, 4, 0, "over_by_one"), "Bob": (2, 3, 0, "over_by_one"),
                                                     "Cat": (3, 3), "Dan": (4, 4)}))
    assert {(p.rule, why.topic_for_rule(p.rule)) for p in twice} == {("B2", "bonus-beats")}
    parts = [Part(0, PartType.CORE), Part(2, PartType.HEAD)]
    assert {why.topic_for_rule(p.rule) for p in gap_problems(parts, round=1, player="Ann")} == {"monsters"}
