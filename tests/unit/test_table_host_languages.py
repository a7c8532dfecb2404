"""The shared table's host and display screens and the setup guide in German
and French (issue 29): the display's lines, the setup guide's steps with the
engine's numbers, the share panel's instructions and questions, as a player
reads them. English stays word for word what it was (tests/unit/test_setup_guide.py,
test_display_words.py, test_host_table.py, test_views_seating.py)."""
from __future__ import annotations

import pytest

from companion import setup_guide
from companion.access import Access, Role
from companion.xylotar.deal import deal_for
from tests.builders import hand, played
from views import i18n
from views.parts import share_panel
from views.parts.setup_guide import said_guide
from views.screens.table_host import no_hand_words
from views.shown import display_words, seating

GERMAN, FRENCH, ENGLISH = (i18n.speaker(code) for code in ("de", "fr", "en"))
NBSP = "\u00a0"


@pytest.fixture
def speak(monkeypatch):
    """Set the session's language, as a browser's choice does (views/i18n/session.py)."""
    return lambda code: monkeypatch.setattr(i18n, "_language_here", lambda: code)


# X1-X4: the guide's numbers come from the engine's deal; 3 players leave out red and orange (21 cards),
# yellow is trump, 13 cards each, 12 tricks, bids to 8; 4 players play all 60 with red trump, 15 each.
def test_the_setup_guide_reads_in_german_and_french_at_3_and_4_players_X1_X4():
    three, four = deal_for(3), deal_for(4)
    title, steps = said_guide(setup_guide("xylotar", 3), GERMAN)
    assert title == "Xylotar für 3 Spieler"
    assert steps[1] == (f"2. Nimm die Farben Rot und Orange heraus: {60 - three.cards_in_play} Karten scheiden aus, "
                        "Gelb ist Trumpf.")
    assert steps[2] == f"3. Teil alle Karten aus: {three.cards_per_seat} an jeden Spieler."
    assert steps[3] == (f"4. Jede Runde hat {three.tricks_per_hand} Stiche (jeder Platz behält 1 Karte als Ansage); "
                        f"Ansagen gehen von 0 bis {three.max_bid}.")
    assert steps[-1] == "5. Runde 1 spielt der Spieler links vom Geber aus."
    title, steps = said_guide(setup_guide("xylotar", 4), FRENCH)
    assert title == "Xylotar à 4 joueurs"
    assert steps[1] == f"2. Jouez avec les {four.cards_in_play} cartes{NBSP}; l'atout est rouge."
    assert steps[2] == f"3. Distribuez toutes les cartes{NBSP}: {four.cards_per_seat} à chaque joueur."
    assert "Chaque manche compte 14 plis" in steps[3] and steps[3].endswith("les annonces vont de 0 à 10.")
    # the command line's English, unchanged
    assert "Deal all the cards: 15 to each player." in setup_guide("xylotar", 4).steps


# X9, B1, O1: two players deal for 4 seats; the Red 11 lets a bid go one higher; Off-Key cards by colour.
def test_the_setup_guide_names_expansions_cards_and_colours_in_german_and_french_X9_B1_O1():
    title, steps = said_guide(setup_guide("xylotar", 2, ["bonus_beats"]), GERMAN)
    assert title == "Xylotar für 2 Spieler mit Bonus Beats"
    assert steps[2].startswith("3. Setzt euch gegenüber und teilt für 4 Plätze aus")
    assert "(11 für einen Spieler, der in dieser Runde die Rote 11 aufgedeckt hat)" in steps[3]
    assert steps[-1] == "6. Runde 1 spielt aus, wer nicht gegeben hat."
    title, steps = said_guide(setup_guide("xylotar", 3, ["off_key"]), FRENCH)
    assert title == "Xylotar à 3 joueurs avec Off-Key"
    assert steps[2].startswith(f"3. Off-Key{NBSP}: mélangez les 6 cartes Off-Key au paquet (jaune 7½, ")
    assert setup_guide("xylotar", 3, ["off_key"]).title == "Xylotar for 3 players with Off-Key"  # the CLI's


# Y1: XYbrid's lab is 2 per player plus 1: 7 at 3 players, 9 at 4.
def test_xybrids_setup_guide_says_the_lab_at_3_and_4_players_Y1():
    assert said_guide(setup_guide("xybrid", 3), GERMAN)[1][1] == (
        "2. Misch den Stapel und leg das Labor aus: 7 Teile (2 x 3 Spieler + 1). Füll es wieder auf 7 auf, "
        "sobald es leer ist.")
    assert said_guide(setup_guide("xybrid", 4), FRENCH)[1][1] == (
        f"2. Mélangez le paquet et disposez le labo{NBSP}: 9 pièces (2 x 4 joueurs + 1). Complétez-le à 9 chaque "
        "fois qu'il est vide.")
    assert said_guide(setup_guide("xybrid", 4), ENGLISH)[1][1] == (
        "2. Shuffle the deck and lay out the lab: 9 parts (2 x 4 players + 1). Restock it to 9 whenever it runs out.")


# X5, X9: the display's lines: the round's title, whether a bid was made, and a side player's zero.
def test_the_displays_lines_read_in_german_and_french_X5_X9(speak):
    game = played("Ann Bob", hand(Ann=(3, 3), Bob=(2, 4), sides={"left": (3, 4), "right": (2, 3)}))
    speak("de")
    rows = {row.seat: row for row in display_words.last_round_rows(game)}
    assert display_words.last_round_title(game) == "Runde 1: die Ansagen"
    assert rows["Ann"].reason.startswith("geschafft: ")
    assert rows["Bob"].reason.startswith("verfehlt: ") and rows["Bob"].reason.endswith("kein Ansagebonus")
    assert rows["left side player"].reason == "ein Seitenspieler bekommt keine Punkte"
    speak("fr")
    rows = {row.seat: row for row in display_words.last_round_rows(game)}
    assert display_words.last_round_title(game) == f"Manche 1{NBSP}: les annonces"
    assert rows["Ann"].reason.startswith(f"réussi{NBSP}: ")
    assert rows["Bob"].reason.startswith(f"manqué{NBSP}: ")
    assert rows["right side player"].reason == "un joueur de côté ne marque rien"


# X8: a tiebreak hand's headline names who tied and on what.
def test_a_tiebreak_headline_in_german_and_french_X8(speak):
    import json
    import pathlib

    from companion.games import find_game
    data = json.loads((pathlib.Path(__file__).parents[1] / "fixtures" / "xylotar-3p-tiebreak-hand.json").read_text())
    game = find_game(data["game"]).from_record(data, data["players"], data["rounds"][:3])
    speak("de")
    assert display_words.headline(game)[0] == "Entscheidungsrunde 4: Bob und Cat gleichauf bei 20"
    speak("fr")
    assert display_words.headline(game)[0] == f"Manche décisive 4{NBSP}: Bob et Cat à égalité à 20"


def test_one_phone_play_says_the_hand_is_entered_on_the_host(speak):
    class Hand:
        number, leader = 2, "Cat"
    speak("de")
    assert display_words.entered_on_host(Hand()) == (
        "Runde 2 wird beim Gastgeber eingegeben",
        "Cat spielt aus. Die Punkte erscheinen hier, sobald die Runde bestätigt ist.")
    speak("fr")
    assert display_words.entered_on_host(Hand())[1] == (
        "Cat entame. Les scores s'affichent ici une fois la manche validée.")


# The share panel: what each code is for, the question before ending a phone, the copied link's note.
def test_the_share_panels_instructions_and_questions_read_in_german_and_french(speak):
    phone = Access(id=7, game_id=1, role=Role.PLAYER, seat=2)
    speak("de")
    assert share_panel.code_words(Role.PLAYER)["hint"] == (
        "Die Spieler scannen ihn, um beizutreten und ihren Platz zu wählen.")
    assert share_panel.code_words(Role.DISPLAY)["hint"] == "Öffne ihn auf dem Tablet gegenüber: nur zum Ansehen."
    assert share_panel.end_question(phone, ("Ann", "Bob", "Cat")) == (
        "Handy von Bob abmelden?",
        "Das Handy von Bob funktioniert für dieses Spiel nicht mehr, und der Platz von Bob ist frei für ein "
        "anderes Handy.")
    assert share_panel.copied_words(Role.PLAYER) == "Link kopiert: Schick ihn den Spielern."
    speak("fr")
    assert share_panel.code_words(Role.DISPLAY)["hint"] == f"Ouvrez-le sur la tablette en face{NBSP}: lecture seule."
    assert share_panel.new_code_question(Role.PLAYER)[0] == f"Créer un nouveau code des joueurs{NBSP}?"
    assert share_panel.copied_words(Role.DISPLAY) == f"Lien copié{NBSP}: ouvrez-le sur la tablette."
    speak("en")
    assert share_panel.code_words(Role.PLAYER)["title"] == "Players' code"


# The host's table without a hand in play, and a name refused at New game (X1: at most 5 players).
def test_no_hand_and_a_refused_seat_in_german_and_french_X1(speak):
    game = played("Ann Bob Cat", hand(Ann=(3, 3), Bob=(2, 4), Cat=(5, 5)))
    speak("de")
    assert no_hand_words(game) == "Gerade wird keine Runde gespielt."
    assert seating.refusal("ann", ("Ann",), most=5, game="Xylotar") == "Ann sitzt schon am Tisch"
    speak("fr")
    assert no_hand_words(game) == "Aucune manche n'est en cours."
    assert seating.refusal("Eve", ("A", "B", "C", "D", "E"), most=5, game="Xylotar") == (
        "Xylotar se joue à 5 joueurs au plus")
