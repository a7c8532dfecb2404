"""The engines' explanations in the player's language (issue 29): a score's
breakdown, who won and why, a tiebreak, who starts next, the standings as a
screen reader says them, and the game's list of changes, as a session set to
German or French reads them. English stays word for word what it was
(tests/unit/test_views_logic.py, test_display_words.py, test_plain_words.py,
test_spoken.py, test_history.py; the command line's golden outputs)."""
from __future__ import annotations

import json
import pathlib

import pytest

from companion import XybridRound
from companion.games import find_game
from companion.history import Change, describe, differences
from companion.xylotar.game import breakdown_said
from tests.builders import hand, played
from tests.unit.test_xybrid import deployed, game_of, typed
from views import i18n
from views.shown import display_words, logic, spoken
from views.shown.words import say, words

NB = "\u00a0"  # French: a no-break space before ':' and ';'
FIXTURES = pathlib.Path(__file__).parents[1] / "fixtures"


@pytest.fixture
def speak(monkeypatch):
    """Speak as a session set to `code` does (views/parts/language.py installs the session's lookup)."""
    return lambda code: monkeypatch.setattr(i18n, "_language_here", lambda: code)


def fixture(name: str, rounds: int | None = None):
    data = json.loads((FIXTURES / name).read_text())
    return find_game(data["game"]).from_record(data, data["players"], data["rounds"][:rounds])


def one_hand():
    """Ann bids 3 and takes 3 (X5: bid bonus); Bob bids 2 and takes 4 (missed)."""
    return played("Ann Bob Cat Dan", hand(Ann=(3, 3), Bob=(2, 4), Cat=(5, 5), Dan=(1, 2)))


# X5: a score's breakdown, line by line (the scoreboard's tap) and on one line (the table display).
@pytest.mark.parametrize("code, ann, bob, reason", [
    ("en", ["bid 3, took 3", "3 tricks: +3", "bid bonus: +5", "hand total: 8"],
     ["bid 2, took 4", "4 tricks: +4", "bid missed: no bid bonus", "hand total: 4"],
     "made it: 3 tricks +3, bid bonus +5"),
    ("de", ["Ansage 3, Stiche 3", "3 Stiche: +3", "Ansagebonus: +5", "Rundensumme: 8"],
     ["Ansage 2, Stiche 4", "4 Stiche: +4", "Ansage verfehlt: kein Ansagebonus", "Rundensumme: 4"],
     "geschafft: 3 Stiche +3, Ansagebonus +5"),
    ("fr", ["annonce 3, plis 3", f"3 plis{NB}: +3", f"bonus d’annonce{NB}: +5", f"total de la manche{NB}: 8"],
     ["annonce 2, plis 4", f"4 plis{NB}: +4", f"annonce manquée{NB}: pas de bonus d’annonce",
      f"total de la manche{NB}: 4"],
     f"réussi{NB}: 3 plis +3, bonus d’annonce +5"),
])
def test_a_score_breakdown_is_said_in_the_players_language_X5(speak, code, ann, bob, reason):
    speak(code)
    game = one_hand()
    assert logic.breakdown_lines(game, 1, "Ann") == ann
    assert logic.breakdown_lines(game, 1, "Bob") == bob
    assert display_words.score_reason(game, 1, "Ann") == reason


# X5, B3, B4, O3: the engine's lines are messages whose English is the scoring's own, word for word.
def test_the_breakdown_messages_say_what_the_scoring_says_in_english():
    game = played("Ann Bob Cat Dan",
                  hand(Ann=(3, 3, None, 1), Bob=(2, 3, "over_by_one"), Cat=(0, 0, "plus_one_per_miss"), Dan=(3, 8)),
                  dealer="Dan", expansions=["bonus_beats", "off_key"])
    for name in game.players:
        score = game.results()[0].scores[name]
        assert breakdown_said(score) == score.lines()


# X8: a tie nobody broke in hand 3: the scoreboard's explanation, and the display's headline and why.
@pytest.mark.parametrize("code, explanation, headline, why", [
    ("en", "Bob and Cat tie at 20 points, and neither matched their bid in hand 3: "
           "everyone plays another hand",
     "Tiebreak hand 4: Bob and Cat tied on 20", "Neither matched their bid in hand 3: everyone plays another hand"),
    ("de", "Bob und Cat sind gleichauf bei 20 Punkten, und keiner von beiden hat in Runde 3 die Ansage getroffen: "
           "alle spielen eine weitere Runde",
     "Entscheidungsrunde 4: Bob und Cat gleichauf bei 20",
     "Keiner von beiden hat in Runde 3 die Ansage getroffen: alle spielen eine weitere Runde"),
    ("fr", "Bob et Cat sont à égalité à 20 points, et aucun des deux n’a réussi son annonce "
           f"dans la manche 3{NB}: tout le monde joue une manche de plus",
     f"Manche décisive 4{NB}: Bob et Cat à égalité à 20",
     f"Aucun des deux n’a réussi son annonce dans la manche 3{NB}: tout le monde joue une manche de plus"),
])
def test_a_tiebreak_is_explained_in_the_players_language_X8(speak, code, explanation, headline, why):
    speak(code)
    game = fixture("xylotar-3p-tiebreak-hand.json", 3)
    assert say(game.outcome().explanation, i18n.spoken()) == explanation
    assert display_words.headline(game) == (headline, why)


# X8: a tie the last hand decides: who matched their bid with fewer tricks wins it.
def test_a_tie_decided_in_hand_3_X8(speak):
    game = played("Ann Bob Cat Dev", hand(Ann=(4, 4), Bob=(5, 5), Cat=(0, 3), Dev=(0, 2)),
                  hand(Ann=(4, 4), Bob=(5, 5), Cat=(0, 3), Dev=(0, 2)),
                  hand(Ann=(4, 4), Bob=(2, 2), Cat=(0, 4), Dev=(0, 4)))
    assert game.outcome().explanation == ("Bob wins the tie at 27 points: in hand 3: Bob matched their bid with "
                                          "2 tricks; Ann matched their bid with 4 tricks")
    speak("de")
    assert logic.display_headline(game) == (
        "Bob gewinnt!", "Bob entscheidet den Gleichstand bei 27 Punkten für sich: in Runde 3: Bob hat die Ansage "
                        "mit 2 Stichen getroffen; Ann hat die Ansage mit 4 Stichen getroffen")
    speak("fr")
    assert logic.display_headline(game)[1] == (
        f"Bob remporte le départage à 27 points{NB}: dans la manche 3{NB}: "
        f"Bob a réussi son annonce avec 2 plis{NB}; Ann a réussi son annonce avec 4 plis")


# A screen reader's standings row: a shared place is said as one (a tie still to play, X8), the winner too.
@pytest.mark.parametrize("code, tied, won", [
    ("en", ["Bob, joint first, 20 points", "Cat, joint first, 20 points", "Ann, third, 11 points"],
     ["Bob, first, 30 points, winner", "Cat, second, 25 points", "Ann, third, 13 points"]),
    ("de", ["Bob, geteilter 1. Platz, 20 Punkte", "Cat, geteilter 1. Platz, 20 Punkte", "Ann, 3. Platz, 11 Punkte"],
     ["Bob, 1. Platz, 30 Punkte, hat gewonnen", "Cat, 2. Platz, 25 Punkte", "Ann, 3. Platz, 13 Punkte"]),
    ("fr", ["Bob, 1re place ex aequo, 20 points", "Cat, 1re place ex aequo, 20 points", "Ann, 3e place, 11 points"],
     ["Bob, 1re place, 30 points, a gagné", "Cat, 2e place, 25 points", "Ann, 3e place, 13 points"]),
])
def test_standings_are_said_whole_with_a_joint_place_X8(speak, code, tied, won):
    speak(code)
    assert spoken.standings_said(fixture("xylotar-3p-tiebreak-hand.json", 3)) == tied
    assert spoken.standings_said(fixture("xylotar-3p-tiebreak-hand.json")) == won


def test_a_single_point_and_infamy_are_said_as_each_language_counts_them(speak):
    speak("de")
    assert spoken.standing_said("Bob", 2, 1, "points") == "Bob, 2. Platz, 1 Punkt"
    assert spoken.standing_said("Jo", 1, 5, "infamy", tied=True) == "Jo, geteilter 1. Platz, 5 Infamie"
    speak("fr")
    assert spoken.standing_said("Jo", 1, 5, "infamy", tied=True) == "Jo, 1re place ex aequo, infamie 5"


# The game's Changes list: who changed which hand, and each field it changed, as players call them.
BEFORE = {"results": {"Ann": {"bid": 2, "tricks": 3, "bonus_beat": "over_by_one"}, "Cat": {"bid": 0, "tricks": 1}}}
AFTER = {"results": {"Ann": {"bid": 2, "tricks": 3}, "Cat": {"bid": 1, "tricks": 1, "off_key_won": 1}}}


@pytest.mark.parametrize("code, said, changes, someone", [
    ("en", "Cat corrected hand 2",
     ["Ann: Bonus Beat # -> none", "Cat: bid 0 -> 1", "Cat: Off-Key cards won none -> 1"],
     "someone entered round 1"),
    ("de", "Cat hat Runde 2 korrigiert",
     ["Ann: Bonus Beat # -> keine", "Cat: Ansage 0 -> 1", "Cat: gewonnene Off-Key-Karten keine -> 1"],
     "jemand hat Runde 1 eingegeben"),
    ("fr", "Cat a corrigé la manche 2",
     [f"Ann{NB}: Bonus Beat # -> aucun", f"Cat{NB}: annonce 0 -> 1", f"Cat{NB}: cartes Off-Key gagnées aucun -> 1"],
     "quelqu’un a saisi la manche 1"),
])
def test_a_change_is_said_in_the_players_language(speak, code, said, changes, someone):
    speak(code)
    s = i18n.spoken()
    change = Change("correct", 2, BEFORE, AFTER, author="Cat")
    assert say(describe(change, "hand"), s) == said
    assert [say(line, s) for line in differences(change)] == changes
    assert say(describe(Change("add", 1, None, AFTER)), s) == someone
    assert (logic.change_said(change, "hand"), logic.changes_said(change)) == (said, changes)


# Y3, Y4: an XYbrid change names its parts, side players and totals in the player's words.
def test_xybrid_changes_and_side_players(speak):
    speak("de")
    s = i18n.spoken()
    before = {"results": {"Jo": {"parts": [0, 1], "part_types": ["core", "head"], "hand": 0}}}
    after = {"results": {"Jo": {"parts": [0, 1, 2], "part_types": ["core", "head", "left_arm"], "hand": 1}}}
    assert [say(line, s) for line in differences(Change("correct", 2, before, after))] == [
        "Jo: Teile 0, 1 -> 0, 1, 2", "Jo: Teiletypen Rumpf, Kopf -> Rumpf, Kopf, linker Arm",
        "Jo: Teile auf der Hand 0 -> 1"]
    assert say(differences(Change("correct", 1, before, {"results": {"Jo": {"infamy": 5}}}))[0], s) == (
        "Jo: Infamie 1 -> 5, als Summe eingegeben")
    sides = differences(Change("correct", 1, {"side_players": {"left": {"bid": 2, "tricks": 2}}},
                               {"side_players": {"left": {"bid": 1, "tricks": 2}}}))
    assert [say(line, s) for line in sides] == ["linker Seitenspieler: Ansage 2 -> 1"]


# Y6: a shared win; the command line cites its rule, a screen does not.
def test_a_shared_win_is_said_without_its_rule_Y6(speak):
    game = game_of(deployed("Ann", Ann=5, Bob=5, Cat=3), *[deployed("Cat", Ann=5, Bob=5, Cat=3)] * 2)
    assert game.outcome().explanation == "Ann and Bob share the win with 15 infamy each (Y6)"
    speak("de")
    assert logic.display_headline(game) == ("Ann und Bob gewinnen!",
                                            "Ann und Bob teilen sich den Sieg mit je 15 Infamie")
    speak("fr")
    assert logic.display_headline(game)[1] == "Ann et Bob partagent la victoire avec une infamie de 15 chacun"


# Y4, Y5: XYbrid's breakdown lines, and who starts next.
def test_xybrid_breakdown_and_who_starts_Y4_Y5(speak):
    game = game_of(deployed("Ann", Ann=5, Bob=3, Cat=3))
    game.push(XybridRound({"Ann": typed(2, 1, 1, 1, hand=2, adjustments=(-2,)), "Bob": typed(), "Cat": typed()}))
    speak("de")
    assert logic.breakdown_lines(game, 2, "Ann") == ["Teile: 0 + 2 + 1 + 1 + 1 = 5", "Teile auf der Hand: +2", "-2",
                                                      "Rundensumme: 5 Infamie"]
    assert say(game.outcome().explanation, i18n.spoken()) == (
        "noch 1 Runde zu spielen; Bob und Cat haben gleich wenig Infamie; die App lost aus, wer beginnt")
    speak("fr")
    assert logic.breakdown_lines(game, 2, "Ann")[-1] == f"total de la manche{NB}: infamie 5"
    assert logic.next_turn(game_of(deployed("Ann", Ann=5, Bob=3, Cat=4))) == (
        f"Bob commence la manche 2{NB}: le moins infâme")


# X8: no hand after the game is won; a screen says it in the player's language, without the rule.
def test_a_hand_after_the_win_is_refused_in_the_players_language_X8(speak):
    game = fixture("xylotar-3p-tiebreak-hand.json")
    [problem] = game.check(game.hands[-1])
    assert str(problem) == "round 5: the game already finished after hand 4; no more hands are played (X8)"
    speak("de")
    assert words(problem) == "Runde 5: das Spiel endete schon nach Runde 4; es werden keine Runden mehr gespielt"
    speak("fr")
    assert words(problem) == (f"manche 5{NB}: la partie s’est déjà terminée après la manche 4{NB}; "
                              "plus aucune manche ne se joue")
