"""Every screen says the rules in players' words (issue 11): no rule ID
("(X7)", "B1") and no internal id ("yellow_nine", "left_arm") in the text a
page shows, on a phone (390x844) and on a tablet (1280x800).

The text is read from Flutter's semantics tree (switched on as in every
browser test): every text, every accessible label (a tooltip, a Txt's
label) and every typed value, scrolled to the bottom of the screen. The
games are built through companion.services on the test's store."""
from __future__ import annotations

import re
from dataclasses import replace

import pytest

from companion import draw_starter, services
from companion import table_services as ts
from companion.access import Access, Role
from tests.e2e.table import Player
from views.shown import logic, rules_topics
from views.shown.rules_topics import TOPICS

pytestmark = pytest.mark.e2e

RULE_ID = re.compile(r"\((?:X|B|O|Y|P)\d\)|\b[XBOYP][1-9]\b")
SNAKE_ID = re.compile(r"\b[a-z]+_[a-z_]+\b")
LINK = re.compile(r"\bhttps?://\S+|/(?:join|seat|display|host)/[A-Za-z0-9_-]+")  # a link's token is random
PHONE, TABLET = {"width": 390, "height": 844}, {"width": 1280, "height": 800}

# Every text of the semantics tree: text nodes, accessible labels, typed values.
READ = """() => {
  const out = [];
  for (const el of document.querySelectorAll('flt-semantics, flt-semantics *')) {
    for (const name of ['aria-label', 'aria-description', 'aria-valuetext', 'title']) {
      const value = el.getAttribute(name);
      if (value) out.push(value);
    }
    if ((el.tagName === 'INPUT' || el.tagName === 'TEXTAREA') && el.value) out.push(el.value);
    for (const node of el.childNodes) if (node.nodeType === 3 && node.textContent.trim()) out.push(node.textContent.trim());
  }
  return out;
}"""

SEATS = ("Ann", "Bob", "Cat", "Dan")
DEALT = {"Ann": ["over_by_one", "view_two"], "Bob": ["plus_one_per_miss", "zero_bid_eight"],
         "Cat": ["off_key_no_penalty", "flip_suit"], "Dan": ["under_by_one", "red_eleven"]}
TYPES = ["core", "head", "left_arm", "right_arm", "legs"]


def xylotar(*seats, **cards) -> dict:
    """A hand: each seat (bid, tricks[, Off-Key cards won]) in SEATS' order; `cards`: seat -> Bonus Beat id."""
    out = {}
    for name, (bid, tricks, *off_key) in zip(SEATS, seats):
        out[name] = {"bid": bid, "tricks": tricks, **({"off_key_won": off_key[0]} if off_key else {}),
                     **({"bonus_beat": cards[name]} if name in cards else {})}
    return {"results": out}


def two_player(ann: tuple, bob: tuple) -> dict:
    return {"results": {"Ann": {"bid": ann[0], "tricks": ann[1]}, "Bob": {"bid": bob[0], "tricks": bob[1]}},
            "side_players": {"left": {"bid": 4, "tricks": 4}, "right": {"bid": 4, "tricks": 4}}}


def monsters(first: str | None, **values: tuple[list[int], int]) -> dict:
    """A round: player -> (the five required parts' values, parts in hand)."""
    raw = {"results": {name: {"parts": parts, "part_types": TYPES, "hand": hand, "adjustments": []}
                       for name, (parts, hand) in values.items()}}
    return {**raw, "first_player": first} if first else raw


@pytest.fixture
def games(served):
    """The games every screen is read over: ids by what they are."""
    uow = served.store.uow
    ids = {}
    # Xylotar at 4 with both expansions and the Bonus Beats dealt; a card that changes play (view 2) and one
    # that scores (#) flipped; hand 2 corrected, so the changes list says a Bonus Beat.
    ids["xylotar"] = services.start_game(services.new_game("xylotar", SEATS, dealer="Dan",
                                                           expansions=["bonus_beats", "off_key"],
                                                           bonus_beats_dealt=DEALT), uow())
    services.record_round(ids["xylotar"], xylotar((3, 3), (4, 2), (2, 5), (0, 4, 2), Ann="view_two"), uow())
    services.record_round(ids["xylotar"], xylotar((2, 3), (5, 5), (3, 3), (1, 3)), uow())
    services.correct_round(ids["xylotar"], 2, xylotar((2, 3), (5, 5), (3, 3), (1, 3), Ann="over_by_one"), uow())
    # Two players with side players, tied after hand 3: a tiebreak hand is called for (X8).
    ids["tiebreak"] = services.start_game(services.new_game("xylotar", ("Ann", "Bob"), dealer="Bob"), uow())
    for _ in range(3):
        services.record_round(ids["tiebreak"], two_player((2, 3), (2, 3)), uow())
    # The same, finished by its tiebreak hand.
    ids["after_tiebreak"] = services.start_game(services.new_game("xylotar", ("Ann", "Bob"), dealer="Bob"), uow())
    for ann in ((2, 3), (2, 3), (2, 3), (3, 3)):
        services.record_round(ids["after_tiebreak"], two_player(ann, (2, 3)), uow())
    # XYbrid at 3, round 1's starter drawn at set-up; round 2 to enter.
    draw = draw_starter(("Ann", "Bob", "Cat"), seed=7)
    ids["xybrid"] = services.start_game(services.new_game("xybrid", ("Ann", "Bob", "Cat"), starter_draw=draw), uow())
    services.record_round(ids["xybrid"], {**monsters(draw.chosen, Ann=([0, 3, 2, 1, 2], 1), Bob=([0, 0, 0, 0, 0], 0),
                                                     Cat=([0, 1, 1, 1, 1], 0)), "draw_seed": draw.seed}, uow())
    # XYbrid at 2, finished in a shared win (Y6).
    ids["shared_win"] = services.start_game(services.new_game("xybrid", ("Jo", "Kit")), uow())
    for _ in range(3):
        services.record_round(ids["shared_win"], monsters("Jo", Jo=([0, 0, 0, 0, 0], 1), Kit=([0, 0, 0, 0, 0], 1)),
                              uow())
    # The shared table of the Xylotar game: a phone at Ann's seat; Bob's bid sent with a Bonus Beat.
    host = Access.host(ids["xylotar"])
    join = ts.issue_link(ids["xylotar"], Role.PLAYER, uow(), by=host)
    ids["display_token"] = ts.issue_link(ids["xylotar"], Role.DISPLAY, uow(), by=host)
    ids["seat_token"] = ts.join_seat("Ann", uow(), by=ts.resolve(join, uow()))
    ts.submit_bid(ids["xylotar"], "Bob", 3, "plus_one_per_miss", uow(), by=host, expected_version=0)
    served.app.state.shared.hub.changed()
    return ids


def texts(page) -> list[str]:
    """What the page shows, all of it: read, scroll down, read again until nothing new shows."""
    page.wait_for_timeout(300)
    seen: list[str] = []
    quiet = 0
    page.mouse.move(page.viewport_size["width"] / 2, page.viewport_size["height"] / 2)
    for _ in range(20):
        new = [text for text in page.evaluate(READ) if text not in seen]
        seen += new
        quiet = 0 if new else quiet + 1
        if quiet >= 2:
            break
        page.mouse.wheel(0, 600)
        page.wait_for_timeout(200)
    page.mouse.wheel(0, -20000)
    return seen


def offences(page) -> list[str]:
    """Each text on the page that shows a rule ID or an internal id."""
    return [text for text in texts(page) if RULE_ID.search(LINK.sub("", text)) or SNAKE_ID.search(LINK.sub("", text))]


def in_players_words(me: Player, shown: str, at: str) -> None:
    """The screen, once `shown` is on it, says nothing in rule IDs or internal ids, on a phone and on a tablet."""
    found = {}
    for size in (PHONE, TABLET):
        me.page.set_viewport_size(size)
        me.see(shown)
        found[f"{size['width']}x{size['height']}"] = offences(me.page)
    me.page.set_viewport_size(PHONE)
    assert found == {"390x844": [], "1280x800": []}, at


def seat(me: Player, name: str) -> None:
    """Seat a player from the roster (New game keeps its seats while the session lives), tapping again
    if a tap fell in a re-render."""
    if not me.control(f"Remove {name}").count():
        me.tap(f"Seat {name}")
        me.control(f"Remove {name}").wait_for()


def home_and_new_game(me: Player, games: dict) -> None:
    in_players_words(me, "New game", "home")
    # The games in progress are told apart by who plays and how far, never by the store's number for them.
    me.see("Resume this game")
    assert [text for text in texts(me.page) if re.search(r"\bgame \d+", text, re.IGNORECASE)] == []

    # New game, Xylotar: 4 seated, both expansions, the setup guide and the dealt Bonus Beats.
    me.go("/new")
    for name in SEATS:
        seat(me, name)
    for name in ("Bonus Beats", "Off-Key"):
        me.tick(me.page.get_by_role("checkbox", name=name))
    me.see("Xylotar for 4 players with Bonus Beats and Off-Key")
    me.page.get_by_role("radio", name="All on this screen").click()
    in_players_words(me, "Ann: 0 of 2", "new Xylotar game")
    # New game, XYbrid: the same 4 seated, the starter drawn.
    me.go("/new")
    me.tap("XYbrid")
    for name in SEATS:
        seat(me, name)
    me.tap("Draw who starts round 1")
    in_players_words(me, "Drawn at random from", "new XYbrid game")


def xylotar_screens(me: Player, games: dict) -> None:
    # Xylotar with both expansions and Bonus Beats: the scoreboard, the breakdown of a card that changes play,
    # the Bonus Beats held and the changes list; the round screen and a correction.
    me.go(f"/game/{games['xylotar']}")
    me.tap_text("hand 1, Ann: ")
    in_players_words(me, "view 2 card used", "Xylotar scoreboard")
    me.see("corrected hand 2: Ann: Bonus Beat none -> #")  # the changes list, in Xylotar's word for a round
    me.go(f"/game/{games['xylotar']}/round")
    in_players_words(me, "Confirm hand", "Xylotar round screen")
    me.go(f"/game/{games['xylotar']}/round/2")
    in_players_words(me, "Save correction", "Xylotar correction")

    # Two players (side players), tied: the tiebreak note, then the tiebreak hand's screen.
    me.go(f"/game/{games['tiebreak']}")
    in_players_words(me, "everyone plays another hand", "tiebreak scoreboard")
    me.go(f"/game/{games['tiebreak']}/round")
    in_players_words(me, "Hand 4 (tiebreak)", "tiebreak hand")
    me.go(f"/history/{games['after_tiebreak']}")
    in_players_words(me, "Ann wins with", "a game won by its tiebreak hand")


def xybrid_screens(me: Player, games: dict) -> None:
    # XYbrid: the scoreboard, the round screen with an incomplete monster refused, a shared win.
    me.go(f"/game/{games['xybrid']}")
    in_players_words(me, "least infamous", "XYbrid scoreboard")
    me.go(f"/game/{games['xybrid']}/round")
    in_players_words(me, "Quick: totals", "XYbrid round screen, totals")  # a new round opens as totals
    me.tap("Part by part")
    me.monster("Bob", {"core": 0, "head": 2, "right_arm": 1})
    in_players_words(me, "Bob's monster has no left arm or legs yet", "XYbrid round screen")
    me.go(f"/history/{games['shared_win']}")
    in_players_words(me, "share the win", "a shared XYbrid win")


def lists_and_table(me: Player, games: dict) -> None:
    me.go("/history")
    in_players_words(me, "History", "history")
    me.go("/players")
    in_players_words(me, "Jo", "players")
    me.go("/display")
    in_players_words(me, "Totals by", "the display")
    me.go(f"/display/{games['shared_win']}")
    in_players_words(me, "share the win", "the display of a shared win")

    # The shared table: the host's screen, the display's link and a phone's seat.
    me.load(f"/game/{games['xylotar']}/table")
    in_players_words(me, "1 of 4 have bid", "the shared table's host screen")
    me.go(f"/display/{games['display_token']}")
    in_players_words(me, "1 of 4 have bid", "the shared table's display")
    me.go(f"/seat/{games['seat_token']}")
    in_players_words(me, "Your bid", "a phone's seat")


def rules_page(me: Player, games: dict) -> None:
    # The rules page: the list of topics and every topic, in our own words.
    me.go("/rules")
    in_players_words(me, "Who starts each round", "the rules topics")
    for topic in TOPICS:
        me.go(f"/rules/{topic.slug}")
        in_players_words(me, topic.title, f"the rules topic {topic.slug}")


# Every screen, in five walks (each over its own app and store: the two test processes share them out).
WALKS = [home_and_new_game, xylotar_screens, xybrid_screens, lists_and_table, rules_page]


@pytest.mark.parametrize("walk", WALKS, ids=[walk.__name__ for walk in WALKS])
def test_every_screen_says_the_rules_in_players_words(app_page, games, walk):
    walk(Player(app_page("/")), games)


def test_a_rule_id_on_a_screen_is_caught(app_page, games, monkeypatch):
    """The check can fail: a rule ID planted in whose turn it is shows, and is found; so is one planted in a
    rules topic."""
    said = logic.next_turn
    monkeypatch.setattr(logic, "next_turn", lambda game: said(game) + " (X7)")
    me = Player(app_page(f"/game/{games['xylotar']}"))
    me.see("leads hand 3")
    found = offences(me.page)
    assert [text for text in found if text.endswith("(X7)")], found
    monkeypatch.setattr(logic, "next_turn", lambda game: said(game) + " over_by_one")
    me.go(f"/display/{games['xylotar']}")
    me.see("leads hand 3")
    assert [text for text in offences(me.page) if text.endswith("over_by_one")]
    # and on the rules page: a topic's line with a rule ID in it.
    winner = rules_topics.BY_SLUG["winner"]
    monkeypatch.setitem(rules_topics.BY_SLUG, "winner", replace(winner, lines=winner.lines + ("ties share (Y6)",)))
    me.go("/rules/winner")
    me.see("The winner and shared wins")
    assert "ties share (Y6)" in offences(me.page)
