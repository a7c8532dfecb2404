"""The host's own moves of a browser's address and their echoes (views/state.py
Moves, issue 24's lost link): a player's move made while the host's is on its
way stands; the host's own echo changes nothing; a move never echoed is not
waited for."""
from __future__ import annotations

from views.state import Moves


def test_the_echo_of_the_hosts_own_move_is_taken_as_it():
    moves = Moves("/")
    moves.pushed("/rules", now=0)
    assert moves.heard("/rules", now=0.1) == "echo"
    assert moves.heard("/new", now=5) == "player"


def test_a_players_move_before_the_echo_makes_the_echo_stale():
    moves = Moves("/")
    moves.pushed("/rules", now=0)  # a tap on "Rules": the host's move is on its way
    assert moves.heard("/new", now=0.1) == "player"  # a link followed meanwhile
    assert moves.heard("/rules", now=0.2) == "stale"  # the host's move, arriving after it
    assert moves.heard("/rules", now=9) == "player"  # later, the player going there is theirs


def test_two_moves_on_their_way_overtaken_are_both_stale():
    moves = Moves("/")
    moves.pushed("/game/1", now=0)
    moves.pushed("/game/1/round", now=0)
    assert moves.heard("/history", now=0.1) == "player"
    assert [moves.heard("/game/1", now=0.2), moves.heard("/game/1/round", now=0.3)] == ["stale", "stale"]
    assert moves.heard("/game/1", now=1) == "player"


def test_a_move_to_where_the_browser_is_is_not_waited_for():
    moves = Moves("/game/1")
    moves.pushed("/game/1", now=0)  # the browser stays where it is and says nothing
    assert moves.heard("/rules", now=1) == "player"
    assert moves.heard("/game/1", now=2) == "player"


def test_an_echo_that_never_came_is_forgotten():
    moves = Moves("/")
    moves.pushed("/rules", now=0)  # the page went before it moved
    assert moves.heard("/new", now=Moves.WAIT + 1) == "player"
    assert moves.heard("/rules", now=Moves.WAIT + 2) == "player"


def test_a_session_starts_with_the_browsers_first_address_as_its_own():
    """The first echo of a session opened at /game/1 is not taken for a move of the host's."""
    from views.state import Session
    session = Session(route="/game/1")
    assert session.moves.address == "/game/1"
    assert session.moves.heard("/game/1", 0.0) == "player"
