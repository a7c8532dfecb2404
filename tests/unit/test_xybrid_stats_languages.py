"""XYbrid's round entry and the statistics in German and French (issue 29):
what a player reads of a monster's gaps and their hints, the starter draw,
the quick totals, the drafts and the statistics' lines, with each language's
plural forms and numbers. English stays word for word what it was."""
from __future__ import annotations

import pytest

from companion import Xybrid
from companion.stats import Finish, GameResults, Record, Tally, XybridStats
from companion.xybrid import Part, PartType, StarterDraw, gap_problems
from companion.xybrid.monsters import doubled_problems
from views import i18n
from views.parts import xybrid_round
from views.shown import drafts, monster_entry, stats_words
from views.shown.words import words

GERMAN, FRENCH, ENGLISH = (i18n.speaker(code) for code in ("de", "fr", "en"))
NB = "\u00a0"  # French: a no-break space before ':' and ';'


@pytest.fixture
def speaking(monkeypatch):
    """Say what follows in `code`, as a session speaking it does (`i18n.spoken()`)."""
    def speak(code: str) -> None:
        monkeypatch.setattr(i18n, "_language_here", lambda: code)
    return speak


def typed(**values) -> dict:
    """A monster entered part by part: `values` by part type (None: not ticked)."""
    return {"parts": {kind: values.get(kind) for kind in monster_entry.PART_TYPES}, "auxiliaries": [], "hand": 0,
            "adjustments": []}


NO_LEGS = [Part(0, PartType.CORE), Part(3, PartType.HEAD), Part(2, PartType.LEFT_ARM), Part(2, PartType.RIGHT_ARM)]


# Y3, Y4: a monster without legs refuses the round; the hint says how a destroyed part is entered.
def test_a_monster_gap_and_its_hint_in_german_and_french():
    [found] = gap_problems(NO_LEGS, round=1, player="Ann")
    assert str(found) == ("round 1, Ann: the monster has no legs (Y3); "
                          "a destroyed part counts as a negative adjustment (Y4)")  # the command line, as before
    assert words(found, speaker=ENGLISH) == ("round 1, Ann: the monster has no legs; "
                                             "a destroyed part counts as a negative adjustment")
    assert words(found, speaker=GERMAN) == ("Runde 1, Ann: dem Monster fehlt: Beine; "
                                            "ein zerstörtes Teil zählt als negative Korrektur")
    assert words(found, speaker=FRENCH) == (f"manche 1, Ann{NB}: il manque au monstre{NB}: jambes{NB}; "
                                            "une pièce détruite compte comme un ajustement négatif")


# Y3: the round screen says what a monster still lacks, each part by its name in the player's language.
def test_what_a_monster_still_lacks_on_the_round_screen(speaking):
    begun = typed(core=0, head=1)
    assert monster_entry.lacking("Cat", begun) == ["Cat's monster has no left arm, right arm or legs yet"]
    speaking("de")
    assert monster_entry.lacking("Cat", begun) == ["Am Monster von Cat fehlen noch: linker Arm, rechter Arm und Beine"]
    assert monster_entry.lacking("Cat", typed()) == ["Das Monster von Cat hat noch keine Teile"]
    assert monster_entry.lacking("Ann", typed(core=0, head=1, left_arm=2, right_arm=2)) == [
        "Am Monster von Ann fehlt noch: Beine"]
    speaking("fr")
    assert monster_entry.lacking("Cat", begun) == [f"Il manque encore au monstre de Cat{NB}: bras gauche, bras droit "
                                                   "et jambes"]
    assert monster_entry.lacking("Cat", typed()) == ["Le monstre de Cat n'a encore aucune pièce"]
    # Y3, Y4: the hint under the parts, through the catalogs.
    assert FRENCH.gettext(monster_entry.DESTROYED).startswith("Une pièce détruite avant le décompte de l'infamie")


# Y3: a second part of a kind is never attached; each part its own sentence (German and French genders).
def test_a_part_given_twice_in_german_and_french():
    [found] = doubled_problems(NO_LEGS + [Part(1, PartType.HEAD)], round=2, player="Bob")
    assert str(found) == ("round 2, Bob: the monster has 2 heads; it may have only one (Y3); "
                          "a second one is kept in hand or swapped for the first, never attached (Y3)")
    assert words(found, speaker=GERMAN) == ("Runde 2, Bob: das Monster hat 2 Köpfe; es darf nur einen haben; "
                                            "ein zweites bleibt auf der Hand oder wird gegen das erste getauscht, "
                                            "nie angebaut")
    assert words(found, speaker=FRENCH).startswith(f"manche 2, Bob{NB}: le monstre a 2 têtes{NB}; "
                                                   "il ne peut en avoir qu'une")


# Y3: without part types, how many parts a monster has, with the plural forms at 1 and 2.
def test_too_few_parts_with_plurals_at_one_and_two():
    one = words(gap_problems([Part(0)], round=1, player="Ann")[0], speaker=GERMAN)
    two = words(gap_problems([Part(0), Part(3)], round=1, player="Ann")[0], speaker=GERMAN)
    assert one.startswith("Runde 1, Ann: das Monster hat 1 Teil; ein vollständiges Monster hat mindestens 5: ")
    assert two.startswith("Runde 1, Ann: das Monster hat 2 Teile; ")
    assert words(gap_problems([Part(0), Part(3)], round=1, player="Ann")[0], speaker=FRENCH).startswith(
        f"manche 1, Ann{NB}: le monstre a 2 pièces{NB}; un monstre complet en a au moins 5{NB}: un tronc, une tête")


# Y5: the starter draw, the names joined as each language joins them.
def test_the_starter_draw_in_german_and_french():
    draw = StarterDraw(("Ann", "Bob", "Cat"), "Bob", 1)
    assert draw.words(1) == "Drawn at random from Ann, Bob and Cat: Bob starts round 1"
    assert GERMAN.say(draw.words(1)) == "Zufällig ausgelost unter Ann, Bob und Cat: Bob beginnt Runde 1"
    assert FRENCH.say(draw.words()) == f"Tiré au sort parmi Ann, Bob et Cat{NB}: Bob commence"


# The quick totals: whose infamy is still to be picked, and how many more reasons wait below (1 and 2).
def test_the_quick_totals_and_what_waits_below(speaking):
    game = Xybrid(["Ann", "Bob"])
    speaking("de")
    assert monster_entry.quick_missing(game, monster_entry.quick_blank(game)) == [
        "Wähle die Infamie von Ann", "Wähle die Infamie von Bob"]
    assert xybrid_round._waiting(["a", "b"]) == "a (und 1 weiterer unten)"
    assert xybrid_round._waiting(["a", "b", "c"], below=False) == "a (und 2 weitere)"
    speaking("fr")
    assert monster_entry.quick_missing(game, monster_entry.quick_blank(game))[0] == "Choisissez l'infamie d'Ann"
    assert xybrid_round._waiting(["a", "b"]) == "a (et 1 autre plus bas)"
    assert xybrid_round._waiting(["a", "b", "c"]) == "a (et 2 autres plus bas)"


# A rival's record said as a sentence, in 1 game and in 2 (each language's plural forms).
def test_a_rivals_record_with_plurals_at_one_and_two(speaking):
    speaking("de")
    assert stats_words.rival_said("Bob", Record(1, 1, 0, 0)) == ("Du hast Bob einmal geschlagen, Bob dich 0-mal, "
                                                                 "in 1 Spiel")
    assert stats_words.rival_said("Bob", Record(2, 2, 0, 0)) == ("Du hast Bob zweimal geschlagen, Bob dich 0-mal, "
                                                                 "in 2 Spielen")
    assert stats_words.rival_line("Bob", Record(4, 2, 1, 1)) == "Bob: 2 gewonnen, 1 verloren, 1 unentschieden"
    speaking("fr")
    assert stats_words.rival_said("Bob", Record(1, 1, 0, 0)) == ("Vous avez battu Bob une fois, Bob vous a battu "
                                                                 "0 fois, en 1 partie")
    assert stats_words.rival_said("Bob", Record(2, 0, 2, 0)).endswith("Bob vous a battu deux fois, en 2 parties")
    assert stats_words.nemesis_line(GameResults(played=7, head_to_head={"Bob": Record(7, 2, 5, 0)})) == (
        f"Votre bête noire{NB}: Bob (vous a battu 5 fois sur 7)")


# Averages, shares and large counts written as each language writes numbers: 21.5 / 21,5; 1,234 / 1.234 / 1 234.
def test_the_statistics_numbers_follow_the_language(speaking):
    xybrid = XybridStats(results=GameResults(played=2, won=1, average=21.5, best=27, unfinished=1), rounds=2,
                         infamy_by_round={1: 7.5, 2: 12.0})
    long_history = GameResults(played=1234)
    assert stats_words.xybrid_lines(xybrid)[-1] == "average infamy: round 1 7.5, round 2 12.0"
    assert stats_words.totals_title(long_history) == "Final totals of your last 40 games (of 1,234)"
    speaking("de")
    assert stats_words.xybrid_lines(xybrid) == ["beendete Spiele: 2, gewonnen 1 (50\u00a0%); nicht beendet: 1",
                                                "Endstand: Schnitt 21,5, bester 27",
                                                "Siegesserie: aktuell 0, längste 0",
                                                "Infamie im Schnitt: Runde 1: 7,5, Runde 2: 12,0"]
    assert stats_words.totals_title(long_history) == "Endstände deiner letzten 40 Spiele (von 1.234)"
    assert stats_words.bid_said(3, Tally(7, 5)) == "Ansage 3: 5 von 7 erfüllt (71\u00a0%)"
    speaking("fr")
    assert stats_words.xybrid_lines(xybrid)[-1] == f"infamie moyenne{NB}: manche 1{NB}: 7,5, manche 2{NB}: 12,0"
    assert stats_words.totals_title(long_history) == "Totaux finaux de vos 40 dernières parties (sur 1\u202f234)"


# The line chart's words for a screen reader: 1 game and 2, in the game's unit.
def test_the_line_chart_said_with_plurals_at_one_and_two(speaking):
    one = GameResults(played=1, won=1, finishes=(Finish("2025-01-02T12:00:00+00:00", 27, True),))
    two = GameResults(played=2, won=1, finishes=(Finish("2025-01-01T12:00:00+00:00", 16, False),
                                                  Finish("2025-01-02T12:00:00+00:00", 27, True)))
    speaking("de")
    assert stats_words.chart_said(one, "xybrid") == ("Endstände, Spiel für Spiel: 1 Spiel, von 27 bis 27 Infamie, "
                                                     "zuletzt 27, gewonnen 1")
    assert stats_words.chart_said(two, "xylotar") == ("Endstände, Spiel für Spiel: 2 Spiele, von 16 bis 27 Punkten, "
                                                      "zuletzt 27, gewonnen 1")
    speaking("fr")
    assert stats_words.chart_said(two, "xybrid") == (f"Totaux finaux, partie par partie{NB}: 2 parties, infamie de "
                                                     "16 à 27, la dernière 27, gagnées 1")


# A draft brought back, and a round entered on another phone meanwhile (XYbrid's word is "round").
def test_the_drafts_lines_in_german_and_french(speaking):
    speaking("de")
    assert drafts.clash_line("round", 2, "Bob", "Host") == "Runde 2 wurde gerade auf dem Handy von Bob eingetragen"
    assert drafts.restored_line("round", 3) == "Deine ungespeicherte Eingabe für Runde 3 ist wieder da"
    speaking("fr")
    assert drafts.clash_line("round", 2, "Host", "Host") == "La manche 2 vient d'être saisie sur l'écran de l'hôte"
