"""The host's own screens for games and players in German and French (issue
29): the roster's counts, questions and refusals, a note's and a day's
refusals, and the words of home, New game, History and Players, as a player
reads them. English stays word for word what it was (tests/unit/test_roster_words.py,
tests/integration/test_roster_*.py)."""
from __future__ import annotations

import pytest

from companion import notes, roster
from views import i18n
from views.shown import roster_words
from views.shown.words import say

GERMAN, FRENCH, ENGLISH = (i18n.speaker(code) for code in ("de", "fr", "en"))
NBSP = "\u00a0"


def refused(check, *args, **kwargs) -> ValueError:
    with pytest.raises(ValueError) as raised:
        check(*args, **kwargs)
    return raised.value


# X1, Y1: one name, one player; a name already on the roster is refused, in the phone's language.
def test_a_taken_name_is_refused_in_german_and_french():
    taken = refused(roster.check_add, "ann", "Ann")
    assert str(taken) == "That name is already taken: 'Ann' is already on the roster"
    assert say(taken.args[0], GERMAN) == "Dieser Name ist schon vergeben: 'Ann' steht schon auf der Spielerliste"
    assert say(taken.args[0], FRENCH) == f"Ce nom est déjà pris{NBSP}: 'Ann' est déjà dans la liste des joueurs"
    # as the players screen says it: a capital first, a full stop last
    assert roster_words.sentence(taken, GERMAN) == (
        "Dieser Name ist schon vergeben: 'Ann' steht schon auf der Spielerliste.")
    rename = refused(roster.check_rename, "bob", "Bob")
    assert roster_words.sentence(rename, GERMAN) == "Bob steht schon auf der Spielerliste: stattdessen zusammenführen?"
    assert roster_words.sentence(rename, FRENCH) == (
        f"Bob est déjà dans la liste des joueurs{NBSP}: les fusionner plutôt{NBSP}?")
    assert roster_words.sentence(roster.not_on_roster("Nobody"), GERMAN) == (
        "Es gibt keinen Spieler namens 'Nobody' auf der Spielerliste.")


# Each player's games on the roster, at 0, 1 and 2 (German has two forms, French three).
def test_how_many_games_a_player_played_at_one_and_two():
    assert [roster_words.games(n, ENGLISH) for n in (0, 1, 2)] == ["No games yet", "1 game", "2 games"]
    assert [roster_words.games(n, GERMAN) for n in (0, 1, 2)] == ["Noch keine Spiele", "1 Spiel", "2 Spiele"]
    assert [roster_words.games(n, FRENCH) for n in (0, 1, 2)] == ["Aucune partie pour l'instant", "1 partie",
                                                                 "2 parties"]


# A player with games leaves the roster only by a merge: said with 1 game and with 2.
def test_a_removal_refused_for_games_played_at_one_and_two():
    one, two = (refused(roster.check_remove, "Eve", games=n, in_deleted=False) for n in (1, 2))
    assert str(one) == "Eve has played 1 game, which need their name: merge Eve into another player instead"
    assert [roster_words.sentence(error, GERMAN) for error in (one, two)] == [
        "Eve hat 1 Spiel gespielt, das den Namen braucht: führe Eve stattdessen mit einem anderen Spieler zusammen.",
        "Eve hat 2 Spiele gespielt, die den Namen brauchen: führe Eve stattdessen mit einem anderen Spieler "
        "zusammen."]
    assert [roster_words.sentence(error, FRENCH) for error in (one, two)] == [
        f"Eve a joué 1 partie, qui a besoin de son nom{NBSP}: fusionnez plutôt Eve avec un autre joueur.",
        f"Eve a joué 2 parties, qui ont besoin de son nom{NBSP}: fusionnez plutôt Eve avec un autre joueur."]


# Two names who sat at one game stay two players: the day of that game is written as each language writes it.
def test_a_merge_refused_names_the_day_as_each_language_writes_it():
    once = refused(roster.check_merge, "Robert", "Bob", same=False, together=["2026-12-03T20:00:00+00:00"])
    assert str(once) == ("Robert and Bob both played in the game of 3 December 2026: one person can't sit twice at "
                         "one game, so they stay two players")
    assert roster_words.sentence(once, GERMAN) == (
        "Robert und Bob haben beide im Spiel vom 3. Dezember 2026 gespielt: eine Person kann nicht zweimal an "
        "einem Spiel sitzen, also bleiben es zwei Spieler.")
    assert roster_words.sentence(once, FRENCH) == (
        f"Robert et Bob ont tous deux joué la partie du 3 décembre 2026{NBSP}: une personne ne peut pas s'asseoir "
        "deux fois à une même partie, ils restent donc deux joueurs.")
    twice = refused(roster.check_merge, "Robert", "Bob", same=False,
                    together=["2026-11-28T12:00:00+00:00", "2026-12-03T20:00:00+00:00"])
    assert str(twice).startswith("Robert and Bob both played in 2 games (the last on 3 December 2026): ")
    assert roster_words.sentence(twice, GERMAN).startswith(
        "Robert und Bob haben beide in 2 Spielen gespielt (zuletzt am 3. Dezember 2026): ")
    assert roster_words.sentence(twice, FRENCH).startswith(
        f"Robert et Bob ont tous deux joué 2 parties (la dernière le 3 décembre 2026){NBSP}: ")


def test_the_questions_before_a_merge_or_a_removal_and_what_was_done():
    assert [roster_words.merge_question("Robert", "Bob", n, GERMAN) for n in (0, 1, 3)] == [
        "Robert mit Bob zusammenführen? Robert hat keine Spiele; der Name verschwindet. "
        "Das lässt sich nicht rückgängig machen.",
        "Robert mit Bob zusammenführen? Das Spiel von Robert wird zu einem von Bob. "
        "Das lässt sich nicht rückgängig machen.",
        "Robert mit Bob zusammenführen? Die 3 Spiele von Robert werden zu Spielen von Bob. "
        "Das lässt sich nicht rückgängig machen."]
    assert roster_words.merge_question("Robert", "Bob", 3, FRENCH) == (
        f"Fusionner Robert avec Bob{NBSP}? Les 3 parties de Robert deviennent celles de Bob. C'est irréversible.")
    assert roster_words.remove_question("Zed", FRENCH) == f"Retirer Zed de la liste des joueurs{NBSP}?"
    assert roster_words.renamed("Rob", "Robert", GERMAN) == "Rob heißt jetzt Robert, in jedem Spiel."
    assert roster_words.removed("Zed", GERMAN) == "Zed steht nicht mehr auf der Spielerliste."


# A note too long, with its count written as the language writes numbers; a day still to come.
def test_a_notes_and_a_days_refusals_read_in_german_and_french():
    long = refused(notes.clean_note, "x" * 1200)
    assert str(long) == "A note holds at most 500 characters; this one has 1,200."
    assert roster_words.said(long, GERMAN) == "Eine Notiz hat höchstens 500 Zeichen; diese hat 1.200."
    assert roster_words.said(long, FRENCH) == f"Une note compte au plus 500 caractères{NBSP}; celle-ci en a 1\u202f200."
    later = refused(notes.played_on, "2999-01-01")
    assert roster_words.said(later, GERMAN) == "Der Spieltag kann nicht nach heute liegen."
    assert roster_words.said(later, FRENCH) == "Le jour de la partie ne peut pas être après aujourd'hui."


# The words of home, New game's footer and History, as the session's language draws them.
def test_the_host_screens_words_in_german_and_french(monkeypatch):
    monkeypatch.setattr(i18n, "_language_here", lambda: "de")
    assert roster_words.games(2) == "2 Spiele"  # the session's language, not handed over
    for speaker, said in ((GERMAN, ["Neues Spiel", "Weiterspielen", "Verlauf und Statistik", "Spieler",
                                    "3 Spieler · Cat gibt", "Alle 31 Spiele zeigen"]),
                          (FRENCH, ["Nouvelle partie", "Reprendre la partie", "Historique et statistiques", "Joueurs",
                                    "3 joueurs · Cat donne", "Afficher les 31 parties"])):
        assert [speaker.gettext("New game"), speaker.gettext("Resume this game"),
                speaker.gettext("History and statistics"), speaker.gettext("Players"),
                speaker.ngettext("{count} player · {dealer} deals", "{count} players · {dealer} deals", 3).format(
                    count=3, dealer="Cat"),
                speaker.ngettext("Show all {count} game", "Show all {count} games", 31).format(count=31)] == said
