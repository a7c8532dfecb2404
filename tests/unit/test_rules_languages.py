"""The rules page in German and French (issue 29): each topic's title and
every line as a German (du) or French (vous) player reads it, with the
engines' numbers, the Bonus Beats' own texts and the colours and parts said
in that language; English stays word for word what it was."""
from __future__ import annotations

import pytest

from companion.errors import Term
from companion.xylotar.bonus_beats import BY_ID, NO_BID
from views import i18n
from views.shown import why
from views.shown.rules_topics import BY_SLUG, TOPICS, said_lines

GERMAN, FRENCH, ENGLISH = (i18n.speaker(code) for code in ("de", "fr", "en"))


def bullets(slug: str, speaker) -> list[str]:
    return [text for bullet, text in said_lines(BY_SLUG[slug], speaker) if bullet]


def paragraphs(slug: str, speaker) -> list[str]:
    return [text for bullet, text in said_lines(BY_SLUG[slug], speaker) if not bullet]


def test_english_is_unchanged():
    for topic in TOPICS:
        assert said_lines(topic, ENGLISH) == why.lines(topic)  # as the page always showed them
    assert bullets("hand", ENGLISH)[0] == "2 players: 4 seats: the 2 players and 2 side players; 15 cards each, " \
                                          "14 tricks a hand"


# X8, O3: a topic's title, in the list and as its heading.
def test_a_topics_title_reads_in_german_and_french():
    tiebreak, off_key = BY_SLUG["tiebreak"].title, BY_SLUG["off-key"].title
    assert (GERMAN.gettext(tiebreak), FRENCH.gettext(tiebreak)) == (
        "Spielende und Entscheidungsrunde", "La fin de la partie et la manche décisive")
    assert (GERMAN.gettext(off_key), FRENCH.gettext(off_key)) == (
        "Off-Key-Karten und ihre Strafe", "Les cartes Off-Key et leur pénalité")


# X3: the deal at each player count is the engine's, in whole sentences, the colours left out said too.
def test_the_deal_table_reads_in_german_and_french():
    assert bullets("hand", GERMAN) == [
        "2 Spieler: 4 Plätze: die 2 Spieler und 2 Seitenspieler; je 15 Karten, 14 Stiche pro Runde",
        "3 Spieler: 3 Plätze, ohne die Karten in Rot und Orange; je 13 Karten, 12 Stiche pro Runde",
        "4 Spieler: 4 Plätze; je 15 Karten, 14 Stiche pro Runde",
        "5 Spieler: 5 Plätze; je 12 Karten, 11 Stiche pro Runde"]
    assert bullets("hand", FRENCH)[1] == (
        "3 joueurs\u00a0: 3 places, sans les couleurs rouge et orange\u00a0; 13 cartes chacun, 12 plis par manche")
    # X2: trump, said by its colour's name.
    assert paragraphs("hand", GERMAN)[1].startswith("Alle Karten werden ausgeteilt. Rot ist Trumpf; ")
    assert paragraphs("hand", FRENCH)[1].endswith("restent dans la boîte et l'atout est jaune.")


# X4: the bid limits and the top card, from the engine.
def test_the_bid_limits_read_in_german_and_french():
    assert bullets("bidding", GERMAN)[:2] == [
        "Eine Ansage ist 0 bis 10, bei 3 Spielern 0 bis 8: die höchste Karte im Spiel.",
        "Wer in dieser Runde den Bonus Beat Rote 11 aufgedeckt hat, darf 11 ansagen (Gelbe 9 bei 3 Spielern: 9)."]
    assert bullets("bidding", FRENCH)[1] == (
        "Un joueur qui a retourné le Bonus Beat 11 rouge dans cette manche peut annoncer 11 "
        "(9 jaune à 3 joueurs\u00a0: 9).")


# X5, B3: the bid bonus and the unused cards' point, with each language's plural.
def test_the_points_read_with_their_plurals():
    assert bullets("scoring", GERMAN)[1].startswith("5 weitere Punkte, der Ansagebonus, wenn du genau so viele ")
    assert bullets("scoring", FRENCH)[1].startswith("5 points de plus, le bonus d'annonce, si vous avez ")
    assert paragraphs("unused-bonus-beats", GERMAN)[0] == (
        "Am Ende von Runde 3 bekommt jeder Spieler, der keinen seiner Bonus Beats aufgedeckt hat, "
        "1 Extrapunkt in Runde 3.")
    assert paragraphs("unused-bonus-beats", FRENCH)[0] == (
        "À la fin de la manche 3, chaque joueur qui n'a retourné aucun de ses Bonus Beats reçoit "
        "1 point supplémentaire sur la manche 3.")


# B4: each Bonus Beat by its face (a symbol as printed, words said and quoted), its text and its timing.
def test_a_bonus_beats_card_reads_in_german_and_french():
    german, french = bullets("bonus-beats", GERMAN), bullets("bonus-beats", FRENCH)
    assert ("Karte #: Erhalte den 5-Punkte-Bonus auch, wenn du 1 Stich über deiner Ansage liegst. "
            "Wann: Direkt nachdem du angesagt hast.") in german
    assert ("Carte #\u00a0: Recevez le bonus de 5 points même si vous avez 1 pli de plus que votre annonce. "
            "Quand\u00a0: Juste après avoir annoncé.") in french
    assert ("Karte 11: Ersetze deine Karte ganz links durch diese Rote 11 (Trumpf); sie gewinnt jeden Stich. "
            "Wann: Bevor du deine 1. Karte spielst. (nur bei 2, 4 und 5 Spielern)") in german
    assert any(line.startswith("Karte „keine Ansage“: Wirf 1 verdeckte Karte ab und sag nicht an; ")
               for line in german)
    assert any(line.startswith("Carte «\u00a0pas d'annonce\u00a0»\u00a0: Défaussez 1 carte face cachée ")
               and line.endswith("Quand\u00a0: Juste après avoir joué n'importe quelle carte.") for line in french)
    assert any(line.startswith("Carte ½\u00a0: ") and line.endswith("(seulement avec Off-Key)") for line in french)


# B4, B5: the core keeps each card's words as its English; a screen says them, a card in words by its name.
def test_the_cards_own_words_are_the_cores():
    card = BY_ID[NO_BID]
    assert (card.face, card.timing) == ("no bid", "Immediately after you play any card.")
    assert card.text.startswith("Discard 1 face-down card and do not bid; get your 5 point bonus")
    assert (GERMAN.say(card.face), FRENCH.say(card.timing)) == (
        "keine Ansage", "Juste après avoir joué n'importe quelle carte.")
    assert [speaker.value(Term("card", NO_BID)) for speaker in (ENGLISH, GERMAN, FRENCH)] == [
        "the no bid card", "die Karte „keine Ansage“", "la carte «\u00a0pas d'annonce\u00a0»"]
    assert GERMAN.value(Term("card", "over_by_one")) == "die #-Karte"  # a symbol stays as printed


# O1: the Off-Key cards' range, by colour and printed value.
def test_the_off_key_cards_range_reads_in_each_language():
    assert "von Rot 9½ bis Rosa 2½" in paragraphs("off-key", GERMAN)[0]
    assert "du 9½ rouge au 2½ rose" in paragraphs("off-key", FRENCH)[0]


# Y3: the parts a monster needs, listed as the language lists them.
def test_a_monsters_parts_read_in_german_and_french():
    assert paragraphs("monsters", GERMAN)[0].startswith(
        "Ein Monster ist mit einem Rumpf, einem Kopf, einem linken Arm, einem rechten Arm und Beinen vollständig; ")
    assert paragraphs("monsters", FRENCH)[0].startswith(
        "Un monstre est complet avec un tronc, une tête, un bras gauche, un bras droit et des jambes\u00a0; ")
    assert paragraphs("winner", GERMAN)[0] == "XYbrid ist für 2 bis 4 Spieler und dauert 3 Runden."


@pytest.fixture
def session_language():
    """The language a browser session speaks, as the web app makes `i18n.spoken()` find it."""
    spoken = {"code": i18n.ENGLISH}
    i18n.follow(lambda: spoken["code"])
    yield spoken
    i18n.follow(lambda: i18n.ENGLISH)


# The page says its topics in the session's language each time it is drawn: nothing is kept translated.
def test_the_page_follows_the_sessions_language(session_language):
    topic = BY_SLUG["starting"]
    drawn = {}
    for code in ("de", "fr", "en"):
        session_language["code"] = code
        drawn[code] = said_lines(topic, i18n.spoken())[0][1]
    assert drawn == {"de": "Runde 1: Ein zufällig gewählter Spieler beginnt. Die App kann ihn beim Einrichten "
                           "der Partie auslosen.",
                     "fr": "Manche 1\u00a0: un joueur tiré au hasard commence. L'app peut le tirer au sort à la "
                           "création de la partie.",
                     "en": "Round 1: a player picked at random starts. The app can draw them when the game is set up."}


# B4: what a scoring card did, as its note on a score says it (the core keeps the words; a screen says them).
def test_a_cards_note_on_a_score_reads_in_each_language():
    from types import SimpleNamespace

    from companion.xylotar.bonus_beats import HandFacts

    seat = SimpleNamespace(bid=2, tricks=2, off_key_won=3)
    missed = lambda n: HandFacts(True, (seat,) * 3, (False,) * n + (True,) * (3 - n))  # noqa: E731
    [one] = BY_ID["plus_one_per_miss"].effect(seat, missed(1)).notes
    [two] = BY_ID["plus_one_per_miss"].effect(seat, missed(2)).notes
    assert (one, two) == ("+1 card: 1 other seat missed", "+1 card: 2 other seats missed")  # English as it was
    assert [GERMAN.say(note) for note in (one, two)] == [
        "+1-Karte: 1 anderer Platz hat seine Ansage verfehlt", "+1-Karte: 2 andere Plätze haben ihre Ansage verfehlt"]
    [spared] = BY_ID["off_key_no_penalty"].effect(seat, missed(0)).notes
    assert FRENCH.say(spared) == "carte ½\u00a0: pas de pénalité pour 3 cartes Off-Key"
