"""The game screen in the player's language (issue 29): the scoreboard's
titles and notes, Undo and Redo, a correction's questions, the game-over
lines, the rematch, the History row, as a session set to German or French
reads them. English stays word for word what it was (tests/unit/test_undo_words.py,
test_views_logic.py, test_game_rows.py, test_rematch.py)."""
from __future__ import annotations

from datetime import date

import pytest

from companion import record, services
from companion.history import Change, undo_change
from companion.unit_of_work import GameSummary
from views import i18n
from views.parts import typed_tricks
from views.shown import game_rows, hand_entry, logic, rematch_words, undo_words

HOST = "Host"
HAND = {"results": {"Ann": {"bid": 1, "tricks": 1}, "Cat": {"bid": 0, "tricks": 3}}}
HAND_FIXED = {"results": {"Ann": {"bid": 1, "tricks": 1}, "Cat": {"bid": 1, "tricks": 3}}}


@pytest.fixture
def speak(monkeypatch):
    """Speak as a session set to `code` does (views/parts/language.py installs the session's lookup)."""
    return lambda code: monkeypatch.setattr(i18n, "_language_here", lambda: code)


def three_players_one_hand():
    """Ann, Bob and Cat (Cat deals) after hand 1: Ann 14, Bob 2, Cat 6."""
    game = services.new_game("xylotar", ("Ann", "Bob", "Cat"), dealer="Cat")
    game.push(record.round_from_dict(game, {"results": {"Ann": {"bid": 4, "tricks": 4}, "Bob": {"bid": 3, "tricks": 2},
                                                        "Cat": {"bid": 5, "tricks": 6}}}, 1))
    return game


def tied_after_hand_3():
    """X8: Ann and Bob tied after hand 3, neither matching their bid: a tiebreak hand follows."""
    game = services.new_game("xylotar", ("Ann", "Bob"), dealer="Bob")
    for number in (1, 2, 3):
        game.push(record.round_from_dict(game, {
            "results": {"Ann": {"bid": 2, "tricks": 3}, "Bob": {"bid": 2, "tricks": 3}},
            "side_players": {"left": {"bid": 4, "tricks": 4}, "right": {"bid": 4, "tricks": 4}}}, number))
    return game


@pytest.mark.parametrize("code, tip, undid, after, redid", [
    ("en", "Undo hand 2", "Undid: hand 2 as entered by Ann", "Undo hand 1",
     "Undid: hand 1 as entered on the host's screen"),
    ("de", "Rückgängig: Runde 2", "Rückgängig gemacht: Runde 2, eingetragen von Ann", "Rückgängig: Runde 1",
     "Rückgängig gemacht: Runde 1, eingetragen am Bildschirm des Gastgebers"),
    ("fr", "Annuler\u00a0: manche 2", "Annulé\u00a0: manche 2 telle que saisie par Ann", "Annuler\u00a0: manche 1",
     "Annulé\u00a0: manche 1 telle que saisie sur l’écran de l’hôte"),
])
def test_undo_says_which_hand_it_takes_back_and_who_entered_it(speak, code, tip, undid, after, redid):
    speak(code)
    history = [Change("add", 1, None, HAND, "Host"), Change("add", 2, None, HAND, "Ann")]
    assert undo_words.undo_tip(history, "hand", HOST) == tip
    assert undo_words.undid(history, "hand", HOST) == undid
    history.append(undo_change(history, author="Host"))
    assert undo_words.undo_tip(history, "hand", HOST) == after
    assert undo_words.undid(history, "hand", HOST) == redid


def test_undoing_a_correction_and_nothing_left_to_redo(speak):
    history = [Change("add", 1, None, HAND, "Host"), Change("correct", 1, HAND, HAND_FIXED, "Cat")]
    speak("de")
    assert undo_words.undo_tip(history, "hand", HOST) == "Rückgängig: Korrektur von Runde 1"
    assert undo_words.redo_tip(history, "hand", HOST) == "Nichts zu wiederholen"
    speak("fr")
    assert undo_words.undo_tip(history, "hand", HOST) == "Annuler\u00a0: correction de la manche 1"
    assert undo_words.redo_tip(history, "hand", HOST) == "Rien à rétablir"


# X8: a correction that ends the game earlier asks before dropping the hands after it: one hand, then two.
def test_the_question_before_dropping_later_hands_with_plurals_at_1_and_2(speak):
    speak("de")
    assert undo_words.drop_question("hand", 3, [4]) == (
        "Diese Korrektur beendet das Spiel nach Runde 3, Runde 4 wäre also nicht mehr nötig. "
        "Speichern und Runde 4 streichen?")
    assert undo_words.drop_button("hand", [4]) == "Speichern, Runde 4 streichen"
    assert undo_words.drop_button("hand", [4, 5]) == "Speichern, Runden 4 und 5 streichen"
    speak("fr")
    assert undo_words.drop_question("hand", 2, [3, 4]) == (
        "Cette correction termine la partie après la manche 2, les manches 3 et 4 ne seraient donc plus "
        "nécessaires. Enregistrer et retirer les manches 3 et 4\u00a0?")
    assert undo_words.drop_button("hand", [4]) == "Enregistrer, retirer la manche 4"


# X7: who leads the next hand, and why (the lowest total), on the scoreboard's note.
def test_who_leads_next_and_why(speak):
    game = three_players_one_hand()
    speak("de")
    assert logic.next_round_button(game) == "Runde 2 eintragen"
    assert logic.next_turn(game) == "Bob spielt in Runde 2 aus: niedrigster Stand, 2"
    assert logic.first_said(game, 1, "Ann") == "Ann hat in Runde 1 ausgespielt"
    speak("fr")
    assert logic.next_round_button(game) == "Saisir la manche 2"
    assert logic.next_turn(game) == "Bob entame la manche 2\u00a0: total le plus bas, 2"


# X8: a tie after hand 3 that nobody's bid decides: a tiebreak hand, led by the lowest total (X7).
def test_a_tie_after_the_last_hand_asks_for_a_tiebreak_hand(speak):
    game = tied_after_hand_3()
    speak("de")
    assert logic.next_round_title(game) == "Runde 4 (Entscheidung)"
    assert logic.progress_line(game) == "Ann und Bob: 3 Runden gespielt; als Nächstes die Entscheidungsrunde"
    speak("fr")
    assert logic.next_round_button(game) == "Manche décisive 4"
    assert logic.progress_line(game) == "Ann et Bob\u00a0: 3 manches jouées\u00a0; ensuite la manche décisive"


# Y6: a shared win (XYbrid), and a single winner, as the game-over banner and History say them.
def test_the_game_over_line_with_a_tie(speak):
    shared = GameSummary(4, "xybrid", ("Jo", "Kit"), "2026-12-01T21:30:00", "finished", ("Jo", "Kit"), (30, 30), 3)
    speak("de")
    assert logic.win_line(("Jo", "Kit")) == "Jo und Kit gewinnen!"
    assert logic.win_line(("Jo",)) == "Jo gewinnt!"
    assert game_rows.state_line(shared) == "Jo und Kit teilen sich den Sieg"
    speak("fr")
    assert logic.win_line(("Jo", "Kit")) == "Jo et Kit gagnent\u00a0!"
    assert logic.win_line(("Jo",)) == "Jo gagne\u00a0!"
    assert game_rows.state_line(shared) == "Jo et Kit se partagent la victoire"
    assert game_rows.day_said(date(2026, 12, 1)) == "mar. 1 déc. 2026"


def test_counts_read_at_1_and_2(speak):
    game = three_players_one_hand()
    speak("de")
    assert logic.played(game) == "1 Runde gespielt"
    assert [logic.total_said(game, 1, "Bob", n) for n in (1, 2)] == [
        "Bob gesamt nach Runde 1: 1 Punkt", "Bob gesamt nach Runde 1: 2 Punkte"]
    speak("fr")
    assert [logic.total_said(game, 1, "Bob", n) for n in (1, 2)] == [
        "Bob total après la manche 1\u00a0: 1 point", "Bob total après la manche 1\u00a0: 2 points"]
    # B1: the Bonus Beats a player still holds, face down where the dealt cards were not recorded
    bonus = services.new_game("xylotar", ("Ann", "Bob", "Cat"), dealer="Cat", expansions=["bonus_beats"])
    assert hand_entry.held_bonus_beats(bonus)["Ann"] == ["2 cartes face cachée"]
    speak("de")
    assert hand_entry.held_bonus_beats(bonus)["Ann"] == ["2 Karten verdeckt"]


def test_the_rematch_and_scoring_buttons(speak):
    game = three_players_one_hand()
    speak("de")
    assert rematch_words.button(game) == "Revanche: Ann gibt"
    assert typed_tricks.waiting("bids") == "Werten geht, sobald alle angesagt haben"
    speak("fr")
    assert rematch_words.button(game) == "Revanche\u00a0: Ann donne"
    assert typed_tricks.waiting("sum 12") == "Le décompte s’ouvre dès que les plis font 12 au total"
