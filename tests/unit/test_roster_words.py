"""What the players screen says about the roster (issue 13): games played,
the questions asked first, the store's refusals as sentences, and when a
rename should offer a merge instead (X1: one name, one player)."""
from __future__ import annotations

from views.shown import roster_words as words


def test_how_many_games_a_player_played_reads_as_words():
    assert [words.games(n) for n in (0, 1, 3)] == ["No games yet", "1 game", "3 games"]


def test_a_merge_asks_first_saying_whose_games_move_and_that_it_cannot_be_undone():
    assert words.merge_question("Robert", "Bob", 3) == (
        "Merge Robert into Bob? Robert's 3 games become Bob's. This can't be undone.")
    assert words.merge_question("Robert", "Bob", 1) == (
        "Merge Robert into Bob? Robert's game becomes Bob's. This can't be undone.")
    assert words.merge_question("Robert", "Bob", 0) == (
        "Merge Robert into Bob? Robert has no games; the name goes. This can't be undone.")


def test_a_refusal_from_the_store_is_said_as_a_sentence():
    assert words.sentence(ValueError("a player's name cannot be blank")) == "A player's name cannot be blank."
    assert words.sentence("Bob is already on the roster: merge them instead?") == (
        "Bob is already on the roster: merge them instead?")


def test_a_rename_onto_another_players_name_offers_to_merge_into_them_X1():
    roster = ["Ann", "Bob", "Zo\u00eb"]
    assert words.already_there("bob", "Ann", roster) == "Bob"
    assert words.already_there("B\u200bob ", "Ann", roster) == "Bob"  # an invisible space is the same name
    assert words.already_there("Zoe\u0308", "Ann", roster) == "Zo\u00eb"  # typed as e + diaeresis
    assert words.already_there("ANN", "Ann", roster) is None  # a player may change the case of their own name
    assert words.already_there("Anna", "Ann", roster) is None
