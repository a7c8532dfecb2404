"""The host's table screen in parts, without a browser: its routes, what the
"this hand" part says when no hand is in play, and what ending a phone or a
code asks first, in players' words."""
import re

from companion import Xybrid
from companion.access import Access, Role
from tests.builders import hand, played
from views.parts.share_panel import copied_words, end_question, new_code_question
from views.router import parse
from views.screens.table_host import PARTS, no_hand_words, part_route

PLAYERS = ("Ann", "Bob", "Cat")


def test_each_part_of_the_host_table_is_its_own_route():
    assert parse("/game/3/table") == ("table", {"id": 3})  # this hand, the default
    assert parse("/game/3/table/codes") == ("table", {"id": 3, "part": "codes"})
    assert parse("/game/3/table/settings") == ("table", {"id": 3, "part": "settings"})
    assert parse("//game/3/table/codes/?from=qr") == ("table", {"id": 3, "part": "codes"})
    for wrong in ("/game/3/table/x", "/game/3/table/codes/x", "/game/3/table/Codes", "/game/x/table/codes"):
        assert parse(wrong) == ("home", {}), wrong
    for part, _ in PARTS:  # every part the bar offers goes back to itself
        assert parse(part_route(3, part)) == ("table", {"id": 3, **({"part": part} if part else {})})


def test_the_bar_labels_are_short_enough_for_a_phone_at_large_text():
    assert [label for _, label in PARTS] == ["This hand", "Codes", "Settings"]
    assert all(len(label) <= 9 for _, label in PARTS)


def test_no_hand_in_play_is_said_in_players_words():
    over = played("Ann Bob Cat Dev",
                  hand(Ann=(4, 4), Bob=(5, 5), Cat=(0, 3), Dev=(0, 2)),
                  hand(Ann=(4, 4), Bob=(5, 5), Cat=(0, 3), Dev=(0, 2)),
                  hand(Ann=(4, 4), Bob=(2, 2), Cat=(0, 4), Dev=(0, 4)))
    assert over.outcome().is_over
    assert no_hand_words(over).startswith("This game is over: there is no hand to play.")
    said = no_hand_words(Xybrid(("Ann", "Bob")))
    assert "entered on the scoreboard" in said and "round" in said
    for words in (no_hand_words(over), said):
        assert not re.search(r"\b[XYBOP]\d\b", words)  # no rule IDs


def link(role: Role, seat: int | None = None) -> Access:
    return Access(id=7, game_id=1, role=role, seat=seat)


def test_ending_a_phone_or_a_code_says_what_will_happen():
    assert end_question(link(Role.PLAYER, seat=2), PLAYERS) == (
        "End Bob's phone?", "Bob's phone stops working for this game and Bob's seat is free for another phone.")
    title, text = end_question(link(Role.PLAYER), PLAYERS)
    assert title == "End the players' code?" and "Phones already at a seat keep working" in text
    title, text = end_question(link(Role.DISPLAY), PLAYERS)
    assert title == "End the display code?" and "tablet" in text
    title, text = new_code_question(Role.PLAYER)
    assert title == "Make a new players' code?" and "old players' code stops working" in text
    assert new_code_question(Role.DISPLAY)[0] == "Make a new display code?"
    assert copied_words(Role.PLAYER).startswith("Link copied") and copied_words(Role.DISPLAY).startswith("Link copied")
    for words in (*end_question(link(Role.PLAYER, seat=1), PLAYERS), *new_code_question(Role.DISPLAY)):
        assert "7" not in words and "token" not in words.lower()  # no internal ids
