"""The first wave's leftovers in German and French (issue 29): a name's and a
place's refusals, a shared table's refusals of a link or a seat, a day in a
sentence, the setup guide as New game shows it, a player's page's titles and
bars, the "why?" links, the screen bar's tooltips and the saving notices, as a
player reads them. English stays word for word what it was
(tests/unit/test_names.py, tests/unit/test_host_settings.py, tests/unit/test_access.py,
tests/unit/test_views_writes.py)."""
from __future__ import annotations

from datetime import date

import pytest

from companion import host_settings, roster, setup_guide
from companion.access import Action, Role, check_join, may
from companion.errors import said
from companion.players import BLANK, name_problem
from views import i18n
from views.parts.setup_guide import said_guide
from views.parts.widgets import WhyLink
from views.shown import roster_words, seating, stats_words
from views.shown.words import say
from views.web import writes

GERMAN, FRENCH, ENGLISH = (i18n.speaker(code) for code in ("de", "fr", "en"))
NB = "\u00a0"  # French: a no-break space before ':', ';', '?', '!' and '%'


@pytest.fixture
def speaking(monkeypatch):
    """Say what follows in `code`, as a session speaking it does (`i18n.spoken()`)."""
    def speak(code: str) -> None:
        monkeypatch.setattr(i18n, "_language_here", lambda: code)
    return speak


# X1, Y1: a blank name seats no one; New game says why in the session's language, a capital first.
def test_a_blank_name_is_refused_in_german_and_french(speaking):
    assert name_problem("  \u200b ") == BLANK == "a player's name cannot be blank"
    for code, words in (("en", "A player's name cannot be blank"),
                        ("de", "Der Name eines Spielers darf nicht leer sein"),
                        ("fr", "Le nom d'un joueur ne peut pas être vide")):
        speaking(code)
        assert seating.refusal("   ", [], most=4, game="Xylotar") == words
    # the players screen: a sentence, with its full stop
    with pytest.raises(ValueError) as blank:
        roster.checked_name(" ")
    assert roster_words.sentence(blank.value, GERMAN) == "Der Name eines Spielers darf nicht leer sein."
    assert roster_words.sentence(blank.value, FRENCH) == "Le nom d'un joueur ne peut pas être vide."


# X1, Y1: a name longer than 40 characters is refused, its start quoted and the limit said.
def test_a_too_long_name_is_refused_with_its_limit():
    why = name_problem("Annabelle-Marie-Louise " * 2)
    assert str(why) == "the name 'Annabelle-Marie-Loui'... is longer than 40 characters"
    assert say(why, GERMAN) == "der Name 'Annabelle-Marie-Loui'... ist länger als 40 Zeichen"
    assert say(why, FRENCH) == "le nom 'Annabelle-Marie-Loui'... dépasse 40 caractères"
    assert roster_words.sentence(why, GERMAN) == "Der Name 'Annabelle-Marie-Loui'... ist länger als 40 Zeichen."


# A place for BG Stats is checked like a name: too long, said with its limit and its length.
def test_a_too_long_place_is_refused_in_german_and_french():
    with pytest.raises(host_settings.LocationRefused) as refused:
        host_settings.clean_location("x" * 61)
    assert str(refused.value) == "Where you played can be at most 60 characters long; this is 61."
    assert roster_words.said(refused.value, GERMAN) == (
        "Der Spielort darf höchstens 60 Zeichen lang sein; dieser hat 61.")
    assert roster_words.said(refused.value, FRENCH) == (
        f"Le lieu de jeu compte au plus 60 caractères{NB}; celui-ci en a 61.")
    assert host_settings.TOO_LONG == "Where you played can be at most {limit} characters long; this is {length}."


# A join link's seat taken by another phone, and the display's link used to enter a bid: why, in each language.
def test_a_refused_link_says_why_in_german_and_french():
    taken = check_join("Ann", ["Ann", "Bob"], ["Ann"])
    assert not taken and taken.reason == "Ann's seat is already taken by another phone; the host can free it."
    assert say(taken.reason, GERMAN) == (
        "Der Platz von Ann ist schon von einem anderen Handy belegt; der Gastgeber kann ihn freigeben.")
    assert say(taken.reason, FRENCH) == (
        f"La place d'Ann est déjà prise par un autre téléphone{NB}; l'hôte peut la libérer.")
    assert say(check_join("Zoë", ["Ann", "Bob"], []).reason, GERMAN) == "Zoë spielt in diesem Spiel nicht mit."
    display = may(Role.DISPLAY, Action.ENTER_BID, seat="Ann")
    assert display.reason == "The table display only shows the game; enter things from a phone or the host."
    assert say(display.reason, GERMAN) == (
        "Die Tischanzeige zeigt das Spiel nur an; gib alles auf einem Handy oder beim Gastgeber ein.")
    scoring = may(Role.PLAYER, Action.SCORE_HAND, own_seat="Ann")
    assert scoring.reason == "The host takes care of scoring the hand at this table."
    assert say(scoring.reason, FRENCH) == "À cette table, l'hôte s'occupe de compter la manche."


# A day in a sentence the core made is written as the language writes it (its English str stays as printed).
def test_a_day_in_a_said_sentence_follows_the_language():
    with pytest.raises(ValueError) as twice:
        roster.check_merge("Ann", "Bob", same=False, together=["2026-12-01T19:30:00+00:00"])
    message = twice.value.args[0]
    assert str(message).startswith("Ann and Bob both played in the game of 1 December 2026:")
    assert "1. Dezember 2026" in GERMAN.say(message) and "1 décembre 2026" in FRENCH.say(message)
    day = said("{name} and {into} both played in the game of {day}: one person can't sit twice at one game, so "
               "they stay two players", name="Ann", into="Bob", day=date(2026, 11, 28))
    assert GERMAN.value(date(2026, 11, 28)) == "28. November 2026"
    assert "28 novembre 2026" in FRENCH.say(day) and "28 November 2026" in ENGLISH.say(day)


# The setup guide on New game: its title and steps in the session's language, numbered.
def test_the_setup_guide_title_as_new_game_says_it():
    guide = setup_guide("xylotar", 4, [])
    assert said_guide(guide, ENGLISH)[0] == "Xylotar for 4 players"
    assert said_guide(guide, GERMAN)[0] == "Xylotar für 4 Spieler"
    assert said_guide(guide, FRENCH)[0] == "Xylotar à 4 joueurs"
    assert said_guide(guide, GERMAN)[1][0].startswith("1. Gib jedem Spieler 1 High-Note-Karte")
    assert said_guide(setup_guide("xybrid", 3, []), FRENCH)[0] == "XYbrid à 3 joueurs"


# A player's page: the bars of bids met are named by the bid alone, "no bid" in words; its titles translated.
def test_a_player_page_bars_and_titles(speaking):
    speaking("de")
    assert [stats_words.bid_bar(bid) for bid in (0, 3, None)] == ["0", "3", "keine Ansage"]
    assert i18n.spoken().gettext(stats_words.HEAD_TO_HEAD_TITLE) == "Direkter Vergleich"
    speaking("fr")
    assert stats_words.bid_bar(None) == "pas d'annonce"
    speaking("en")
    assert [stats_words.bid_bar(bid) for bid in (3, None)] == ["3", "no bid"]


# A "why?" link and its tooltip, in the session's language.
def test_a_why_link_in_german_and_french(speaking):
    speaking("en")
    link = WhyLink("scoring", "the tiebreak")
    assert (link.content, link.tooltip) == ("why?", "Why: the tiebreak")
    speaking("de")
    link = WhyLink("scoring", "der Gleichstand")
    assert (link.content, link.tooltip) == ("warum?", "Warum: der Gleichstand")
    speaking("fr")
    assert WhyLink("scoring", "l'égalité").content == f"pourquoi{NB}?"


# A write that waits for the host's storage, then is stored: the notice in the session's language.
def test_the_saving_notices_in_german_and_french(speaking):
    speaking("de")
    assert writes.Sending(writes.STORED, writes.STORED_WORDS).lines == (
        "Der Speicher des Gastgebers ist wieder frei: Deine Eingabe ist gespeichert.",)
    speaking("fr")
    assert writes.Sending(writes.FAILED, writes.GONE_WORDS).lines == (
        f"Cette partie n'est plus conservée chez l'hôte{NB}: elle a peut-être été supprimée "
        "sur un autre écran.",)
    speaking("en")
    assert writes.Sending(writes.WAITING, "busy", "busy").lines == (writes.WAITING_WORDS,)


# P2: a player's own Bonus Beats on their phone: the hint and each card in full, in the session's language.
def test_the_held_cards_in_german_and_french(speaking):
    from companion.xylotar.bonus_beats import BY_ID, NO_BID
    from views.parts.held_cards import HeldCards

    speaking("de")
    held = HeldCards("Ann", [BY_ID[NO_BID]], None, lambda card: None)
    hint, tiles = held.controls
    assert hint.value == "Einen Bonus Beat mit dieser Ansage aufdecken? Tippe ihn an; nur du siehst deine Karten."
    # the card in full for a screen reader: who flips it, its timing and its text
    assert tiles.controls[0].content.label.startswith(
        "Ann deckt keine Ansage auf. Direkt nachdem du irgendeine Karte gespielt hast. Wirf 1 verdeckte Karte ab")
    speaking("fr")
    hint, _tiles = HeldCards("Ann", [BY_ID[NO_BID]], None, lambda card: None).controls
    assert hint.value == f"Retourner un Bonus Beat avec cette annonce{NB}? Touchez-le{NB}; vous seul voyez vos cartes."
