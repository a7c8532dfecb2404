"""Which rules topic explains what a screen shows (a "why?" link), and the
rules page's routes: /rules, /rules/<topic>, with where the player came from
(Back returns there) and the game it was opened from (its topics first). No Flet.

What is explained is found by its rule (a problem's `.rule`, or the rule a
note follows), and a rule by the topic that covers it (`rules_topics`): the
topics' own rule lists are the one map."""
from __future__ import annotations

from urllib.parse import parse_qs, urlencode, urlsplit

from .rules_topics import BULLET, BY_SLUG, TOPICS, Topic

RULES = "rules"  # the route's head: /rules, /rules/<topic>
RULE_TOPIC: dict[str, str] = {rule: topic.slug for topic in TOPICS for rule in topic.rules}

# The rule each scoreboard note follows, by game (the record's name): who leads or starts
# next (X7, Y5), and how the end is decided: the winner, a tiebreak (X8, Y6).
TURN_RULE = {"xylotar": "X7", "xybrid": "Y5"}
END_RULE = {"xylotar": "X8", "xybrid": "Y6"}


def topic_for_rule(rule: str | None) -> str | None:
    """The slug of the topic covering `rule` ('X8' -> 'tiebreak'), or None."""
    return RULE_TOPIC.get(rule or "")


def turn_topic(game: str) -> str | None:
    """The topic saying who leads (Xylotar) or starts (XYbrid) the next round."""
    return topic_for_rule(TURN_RULE.get(game))


def end_topic(game: str) -> str | None:
    """The topic saying how a game of `game` is won, a tie included."""
    return topic_for_rule(END_RULE.get(game))


def breakdown_topics(breakdown: dict, entered: dict) -> tuple[str, ...]:
    """The topics behind one score's breakdown, the main one first: Xylotar's
    scoring (a breakdown with a bid bonus), else XYbrid's infamy; then a
    Bonus Beat flipped, Off-Key cards won, the unused Bonus Beats' point, an
    incomplete monster. `breakdown` is the record's scoring output for the
    player, `entered` the round as recorded for them (docs/game-record.md)."""
    found = ["X5" if "bid_bonus" in breakdown else "Y4"]
    found += ["B4"] if entered.get("bonus_beat") else []
    found += ["O3"] if breakdown.get("off_key_penalty") or entered.get("off_key_won") else []
    found += ["B3"] if breakdown.get("unused_cards_point") else []
    found += ["Y3"] if breakdown.get("missing_parts") else []
    return tuple(dict.fromkeys(RULE_TOPIC[rule] for rule in found))


def score_topics(game, number: int, name: str) -> tuple[str, ...]:
    """The topics behind `name`'s score in round `number` (a cell's breakdown on the scoreboard)."""
    return breakdown_topics(game.scored()[number - 1].breakdowns[name],
                            game.rounds[number - 1].to_record()["results"][name])


def rules_route(topic: str | None = None, *, came_from: str | None = None, game: str | None = None) -> str:
    """'/rules/tiebreak?from=%2Fgame%2F3&game=xylotar': the page to open; its
    Back returns to `came_from`, and its list puts `game`'s topics first."""
    query = {key: value for key, value in (("from", came_from), ("game", game)) if value}
    return f"/{RULES}" + (f"/{topic}" if topic else "") + (f"?{urlencode(query)}" if query else "")


def _query(route: str) -> dict[str, str]:
    return {key: values[0] for key, values in parse_qs(urlsplit(route).query).items()}


def came_from(route: str) -> str | None:
    """Where the rules page at `route` was opened from: a path of this app, else None."""
    back = _query(route).get("from", "")
    return back if back.startswith("/") and not back.startswith("//") and "\\" not in back else None


def opened_for(route: str) -> str | None:
    """The game the rules page at `route` was opened from ('xylotar'), or None."""
    return _query(route).get("game")


def grouped(game: str | None = None) -> list[tuple[str, list[Topic]]]:
    """The topics under their headings, `game`'s first (a game opened from
    its scoreboard reads its own rules first), else in the page's order."""
    first = {game: 0} if game else {}
    heads: dict[str, list[Topic]] = {}
    for topic in sorted(TOPICS, key=lambda t: first.get(t.game, 1)):
        heads.setdefault(topic.part, []).append(topic)
    return list(heads.items())


def topic(slug: str | None) -> Topic | None:
    return BY_SLUG.get(slug or "")


def lines(topic: Topic) -> list[tuple[bool, str]]:
    """(is a bullet, text) for each of the topic's lines, as the page shows them."""
    return [(line.startswith(BULLET), line.removeprefix(BULLET)) for line in topic.lines]
