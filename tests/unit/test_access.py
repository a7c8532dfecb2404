"""Who may do what at a shared table: host, a player's phone, the display (issue 5)."""
import re

import pytest

from companion.access import (SIDE_SEATS, Access, Action, NotAllowed, Role, TableSettings, check_join, free_seats,
                              looks_like_token, may, new_token, require, same_hash, token_hash)

HOST, PLAYER, DISPLAY = Role.HOST, Role.PLAYER, Role.DISPLAY
WRITES = [Action.JOIN_SEAT, Action.ENTER_BID, Action.TRACK_TRICKS, Action.SCORE_HAND, Action.EDIT_ROUNDS,
          Action.MANAGE_TABLE]
GENEROUS = TableSettings(track_tricks=True, players_track_tricks=True, players_score_hands=True)


# The display is read-only, whatever the table lets players do.
@pytest.mark.parametrize("action", WRITES)
def test_the_display_cannot_write(action):
    decision = may(DISPLAY, action, seat="Ann", settings=GENEROUS)
    assert not decision
    assert decision.reason == "The table display only shows the game; enter things from a phone or the host."


def test_everyone_may_look():
    assert all(may(role, Action.VIEW) for role in Role)


# The host can do everything but take a seat (that is what phones do).
@pytest.mark.parametrize("action", [a for a in WRITES if a is not Action.JOIN_SEAT])
def test_the_host_may_do_everything(action):
    assert may(HOST, action, seat="Bob", settings=TableSettings(track_tricks=True))


def test_a_player_enters_only_their_own_bid():
    assert may(PLAYER, Action.ENTER_BID, own_seat="Ann", seat="Ann")
    refused = may(PLAYER, Action.ENTER_BID, own_seat="Ann", seat="Bob", settings=GENEROUS)
    assert not refused and refused.reason == "You can only enter your own bid."


def test_a_phone_that_has_not_picked_a_seat_may_only_pick_one():
    assert may(PLAYER, Action.JOIN_SEAT)
    assert may(PLAYER, Action.ENTER_BID, seat="Ann").reason == "Pick your seat first."


def test_a_seated_phone_cannot_take_a_second_seat():
    assert may(PLAYER, Action.JOIN_SEAT, own_seat="Ann").reason == "This phone already sits as Ann."


# The scorekeeper setting decides whether players tap tricks and score the hand.
def test_players_track_tricks_and_score_only_when_the_host_allows():
    tracked = TableSettings(track_tricks=True)
    assert may(PLAYER, Action.TRACK_TRICKS, own_seat="Ann", settings=tracked).reason == \
        "The host takes care of the tricks at this table."
    assert may(PLAYER, Action.SCORE_HAND, own_seat="Ann", settings=tracked).reason == \
        "The host takes care of scoring the hand at this table."
    assert may(PLAYER, Action.TRACK_TRICKS, own_seat="Ann", settings=GENEROUS)
    assert may(PLAYER, Action.SCORE_HAND, own_seat="Ann", settings=GENEROUS)


def test_nobody_taps_tricks_in_a_game_that_does_not_track_them():
    decision = may(HOST, Action.TRACK_TRICKS)
    assert not decision and "not tracked" in decision.reason


# X9: side players have no phone; whoever keeps the tricks enters their bids.
def test_side_players_bids_follow_the_trick_setting():
    assert SIDE_SEATS == ("left side player", "right side player")
    assert not may(PLAYER, Action.ENTER_BID, own_seat="Ann", seat="left side player")
    assert may(PLAYER, Action.ENTER_BID, own_seat="Ann", seat="left side player", settings=GENEROUS)


@pytest.mark.parametrize("action", [Action.EDIT_ROUNDS, Action.MANAGE_TABLE])
def test_only_the_host_edits_rounds_and_manages_links(action):
    assert may(PLAYER, action, own_seat="Ann", settings=GENEROUS).reason == "Only the host can do that."


def test_require_raises_the_reason_in_words():
    with pytest.raises(NotAllowed, match="You can only enter your own bid") as raised:
        require(may(PLAYER, Action.ENTER_BID, own_seat="Ann", seat="Bob"))
    assert isinstance(raised.value, PermissionError)


def test_a_phone_picks_only_a_free_seat_of_this_game():
    seats = ("Ann", "Bob", "Cat")
    assert free_seats(seats, ["Bob"]) == ["Ann", "Cat"]
    assert check_join("Ann", seats, ["Bob"])
    assert check_join("Bob", seats, ["Bob"]).reason == \
        "Bob's seat is already taken by another phone; the host can free it."
    assert check_join("Zed", seats, []).reason == "Zed is not playing in this game."


def test_the_hosts_own_app_is_a_host_without_a_token():
    assert Access.host(7) == Access(7, HOST)
    assert Access(7, PLAYER).is_join_link and not Access(7, PLAYER, seat=2).is_join_link


# Tokens: at least 128 bits from secrets, URL-safe, no dots (a dotted route segment 404s).
def test_tokens_are_long_url_safe_dot_free_and_never_repeat():
    tokens = {new_token() for _ in range(2000)}
    assert len(tokens) == 2000
    for token in tokens:
        assert re.fullmatch(r"[A-Za-z0-9_-]{32}", token)  # 32 base64 characters = 192 bits
        assert "." not in token and looks_like_token(token)


def test_junk_does_not_look_like_a_token():
    assert not looks_like_token("")
    assert not looks_like_token("../../etc/passwd")
    assert not looks_like_token("a" * 31 + ".")
    assert not looks_like_token(None)


def test_only_a_hash_is_kept_and_it_matches_only_its_token():
    token, other = new_token(), new_token()
    kept = token_hash(token)
    assert len(kept) == 64 and token not in kept
    assert same_hash(kept, token) and not same_hash(kept, other)
