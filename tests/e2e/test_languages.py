"""Each phone speaks its own language (issue 29): the browser's by default, the
bar's switch on every screen, remembered by that browser. What a screen says
through the catalogs (for now the refusals the core makes) reads in it."""
from __future__ import annotations

import re

import pytest

from companion import services
from tests.e2e.table import Player, stored_game
from views.i18n.pseudo import pseudo

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}


# X3 in German, then in French: tricks that do not add up, on a phone whose browser prefers German;
# switched to French on the bar, the same refusal reads in French, and a reload keeps French.
def test_a_refused_hand_reads_in_the_phones_language_and_the_switch_is_remembered(app_page, served):
    game_id = services.start_game(services.new_game("xylotar", ("Ann", "Bob", "Cat")), served.store.uow())
    me = Player(app_page(f"/game/{game_id}/round", locale="de-DE", **PHONE))

    def one_line(longer: str, shorter: str) -> None:
        """The caption read as `longer` as high as the one read as `shorter`: one line each."""
        me.see_label(longer)
        heights = [me.page.get_by_text(label, exact=True).first.bounding_box()["height"] for label in (longer, shorter)]
        assert heights[0] == heights[1], heights

    one_line("Ann Ansage 0", "Ann Stiche 0")  # the numbers' captions fit their column: "Ansage" broke as "Ansag"/"e"
    me.tap("Stiche von Ann: 12")  # each number says whose and what it is
    me.see_label("Ann Stiche 12")
    me.tap("Stiche von Cat: 5")
    me.see_label("Cat Stiche 5")
    me.see("die Stiche ergeben zusammen 17, erwartet sind 12")
    me.see_label("Stiche eingetragen 17 von 12")  # the form's count
    assert not me.has_text("tricks add up to")
    assert me.page.get_by_text("Tricks", exact=True).count() == 0  # no English caption left on the numbers

    me.tap("Sprache")
    me.page.get_by_role("menuitemcheckbox", name="Français", exact=True).click()
    me.see("les plis font 17 au total, il en faut 12")
    me.see_label("Ann Plis 12")
    one_line("Ann Annonce 0", "Ann Plis 12")
    me.page.reload()
    me.see("les plis font 17 au total, il en faut 12")  # the draft is back, in this browser's chosen language
    assert not me.has_text("die Stiche ergeben")


# Each phone its own: an English browser beside a German one at the same game says the refusal in English.
def test_an_english_browser_beside_a_german_one_stays_english(app_page, served):
    game_id = services.start_game(services.new_game("xylotar", ("Ann", "Bob", "Cat")), served.store.uow())
    german = Player(app_page(f"/game/{game_id}/round", locale="de-DE", **PHONE))
    english = Player(app_page(f"/game/{game_id}/round", locale="en-GB", **PHONE))
    for seat, tricks in (("Ann", 12), ("Cat", 5)):
        german.tap(f"Stiche von {seat}: {tricks}")
        german.see_label(f"{seat} Stiche {tricks}")
        english.pick(seat, "tricks", tricks)
    german.see("die Stiche ergeben zusammen 17, erwartet sind 12")
    english.see("tricks add up to 17, expected 12")
    assert not english.has_text("die Stiche ergeben")


# The pseudo-language, for a browser walk: served with it offered, a browser whose language is en-XA reads
# each catalog string wrapped in ⟦ ⟧ and a third longer.
def test_the_pseudo_language_wraps_what_went_through_the_catalogs(app_page, served, monkeypatch):
    monkeypatch.setenv("XYSCORE_PSEUDO_LANGUAGE", "1")
    game_id = services.start_game(services.new_game("xylotar", ("Ann", "Bob", "Cat")), served.store.uow())
    me = Player(app_page(f"/game/{game_id}/round", locale="en-XA", **PHONE))
    for seat, tricks in (("Ann", 12), ("Cat", 5)):  # the numbers' names went through the catalogs too
        me.tap(pseudo("{seat}'s tricks {n}").format(seat=seat, n=tricks))
        me.see_label(pseudo("{seat} Tricks {value}").format(seat=seat, value=tricks))
    me.see("⟦trîçks àdd ûp tö 17, éxpéçtéd 12")


# P1, X3 on a German and on a French phone at the shared table: each joins, bids and reads the table's lines and the
# tricks that do not add up in its browser's language (French: vous, the no-break space before ':' and '?'), while
# the host's screen beside it stays English.
SHARED_TABLE = {
    "de-DE": dict(who="Wer bist du?", me="Ich bin Eve", your_bid="Deine Ansage", unsent="Noch nicht gesendet",
                  leads="Eve spielt in Runde 1 aus: links vom Geber, Gil", chip="Ansage von Eve: 4",
                  chip_said="Eve Ansage 4", send="Ansage senden", sent="Gesendet: Ansage 4",
                  counted="1 von 3 hat angesagt", over="13 Stiche von 12 erfasst: einer zu viel",
                  all_bid="Alle haben angesagt", your_tricks="Deine Stiche"),
    "fr-FR": dict(who="Qui êtes-vous\u00a0?", me="Je suis Eve", your_bid="Votre annonce", unsent="Pas encore envoyé",
                  leads="Eve entame la manche 1\u00a0: à gauche du donneur, Gil", chip="Annonce d'Eve\u00a0: 4",
                  chip_said="Eve Annonce 4", send="Envoyer l’annonce", sent="Envoyé\u00a0: annonce 4",
                  counted="1 sur 3 a annoncé", over="13 plis remportés sur 12\u00a0: un de trop",
                  all_bid="Tout le monde a annoncé", your_tricks="Vos plis"),
}


@pytest.mark.parametrize("locale", list(SHARED_TABLE), ids=["de", "fr"])
def test_a_phone_joins_the_shared_table_bids_and_reads_the_tables_lines_in_its_language(app_page, served, locale):
    from companion import table_services as ts
    from companion.access import Access
    from tests.e2e.test_table_sees import TABLET, new_table
    said = SHARED_TABLE[locale]
    game_id, join_link, _ = new_table(served, ("Eve", "Fin", "Gil"))
    host = Player(app_page(f"/game/{game_id}/table", **TABLET))
    eve = Player(app_page(join_link, locale=locale, **PHONE))
    eve.see(said["who"])
    eve.tap(said["me"])
    eve.see(said["your_bid"])
    eve.see(said["unsent"])
    eve.see(said["leads"])
    eve.tap(said["chip"])
    eve.see_label(said["chip_said"])
    eve.tap(said["send"])
    eve.see(said["sent"])
    eve.see(said["counted"])
    by = Access.host(game_id)
    for seat, bid in (("Fin", 5), ("Gil", 3)):
        ts.submit_bid(game_id, seat, bid, None, served.store.uow(), by=by, expected_version=0)
    for seat, tricks in (("Eve", 5), ("Fin", 5), ("Gil", 3)):  # one trick too many: mistyped at the table
        ts.enter_count(game_id, seat, tricks, served.store.uow(), by=by, expected_version=0)
    served.app.state.shared.hub.changed()
    eve.see(said["over"])
    eve.see(said["all_bid"])
    eve.see(said["your_tricks"])
    host.see("13 tricks taken of 12: one too many")  # the host's browser speaks English
    assert not eve.has_text("tricks taken of")


# X3, X4 on the rules page: the list of topics and a topic read in the browser's language, with the engine's numbers
# (the deal at 5 players, the bid limits) in whole sentences, and no rule ID or English line left.
@pytest.mark.parametrize("locale, topic, slug, line, english", [
    ("de-DE", "Ablauf einer Runde und Anzahl der Stiche", "hand",
     "5 Spieler: 5 Plätze; je 12 Karten, 11 Stiche pro Runde", "tricks a hand"),
    ("fr-FR", "Annonces et leurs limites", "bidding",
     "Une annonce va de 0 à 10, ou de 0 à 8 à 3 joueurs\u00a0: la plus haute carte en jeu.", "A bid is"),
], ids=["de", "fr"])
def test_the_rules_page_reads_in_the_browsers_language(app_page, locale, topic, slug, line, english):
    me = Player(app_page("/rules", locale=locale, **PHONE))
    me.tap(topic)  # the list is drawn again in the browser's language once it has answered
    me.page.wait_for_url(re.compile(rf"/rules/{slug}(\?|$)"))
    me.see_label(topic)  # the topic's heading
    me.see(line)
    assert not me.has_text(english)
    assert not me.page.get_by_text(re.compile(r"\b[XBOP]\d\b")).count()  # no rule ID shown to a player


# Plurals at 1 and 2 (CLDR's forms through the catalogs): home's line for each game in play says the hands played,
# in German; the switch on the bar says them in French at once.
def test_home_says_one_hand_and_two_hands_played_in_german_then_in_french(app_page, served):
    stored_game(served, ("Ann", "Bob", "Cat"), [((4, 4), (4, 4), (4, 4))], dealer="Cat")
    stored_game(served, ("Dan", "Eve", "Fay"), [((4, 4), (4, 4), (4, 4)), ((3, 3), (4, 4), (5, 5))], dealer="Fay")
    me = Player(app_page("/", locale="de-DE", **PHONE))
    me.see("Ann, Bob und Cat: 1 Runde gespielt")
    me.see("Dan, Eve und Fay: 2 Runden gespielt")
    assert not me.has_text("played")

    me.tap("Sprache")
    me.page.get_by_role("menuitemcheckbox", name="Français", exact=True).click()
    me.see("Ann, Bob et Cat\u00a0: 1 manche jouée")
    me.see("Dan, Eve et Fay\u00a0: 2 manches jouées")
    assert not me.has_text("gespielt")


# O3 and plurals inside the core's own refusal: Ann is entered as winning 4 Off-Key cards with 2 tricks, then her
# tricks are brought down to 1 (a trick holds one card per seat: 3). German says "4 Off-Key-Karten in 1 Stich"
# (the dative plural "in 2 Stichen" cannot be reached here: 2 tricks hold all 6 Off-Key cards); in French, switched
# on the bar, "4 cartes Off-Key en 1 pli".
def test_an_off_key_refusal_says_its_counts_with_each_languages_plurals(app_page, served):
    game_id = services.start_game(services.new_game("xylotar", ("Ann", "Bob", "Cat"), expansions=["off_key"]),
                                  served.store.uow())
    me = Player(app_page(f"/game/{game_id}/round", locale="de-DE", **PHONE))
    me.tap("Stiche von Ann: 2")
    me.see_label("Ann Stiche 2")
    me.tap("Off-Key von Ann gewonnen: 4")
    me.see_label("Ann Off-Key gewonnen 4")
    me.tap("Stiche von Ann: 1")
    me.see_label("Ann Stiche 1")
    me.see("hat 4 Off-Key-Karten in 1 Stich gewonnen")
    assert not me.has_text("Off-Key cards in")

    me.tap("Sprache")
    me.page.get_by_role("menuitemcheckbox", name="Français", exact=True).click()
    me.see("a remporté 4 cartes Off-Key en 1 pli")
    assert not me.has_text("gewonnen")


def said_anywhere(page, text: str) -> None:
    """Wait until `text` is what a node of the screen shows or says to a screen reader (a no-break space
    read as a space: Flutter puts one between a number and its word)."""
    page.wait_for_function("text => [...document.querySelectorAll('flt-semantics, [id^=flt-semantic-node-]')]"
                           ".some(node => ((node.getAttribute('aria-label') || '') + ' ' + node.textContent)"
                           ".replaceAll('\\u00a0', ' ').includes(text))", arg=text)


# Flutter's own words follow the session's language too: the name box's length counter, which a screen reader
# reads, is Flutter's ("40 characters remaining"); the app gives Flutter the language it speaks.
def test_a_text_boxs_counter_is_read_in_german_then_in_french(app_page):
    me = Player(app_page("/players", locale="de-DE", **PHONE))
    said_anywhere(me.page, "Noch 40 Zeichen")
    assert not me.has_text("characters remaining")
    me.tap("Sprache")
    me.page.get_by_role("menuitemcheckbox", name="Français", exact=True).click()
    said_anywhere(me.page, "40 caractères restants")
