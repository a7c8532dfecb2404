"""A refusal in the player's language (issue 29): the core says a message id
and its values; a screen says it in German or French through the catalogs,
with each language's plural forms, lists and ordinals. English stays word
for word what it was."""
from __future__ import annotations

import pytest

from companion import Xylotar
from tests.builders import entries, four_players
from views import i18n
from views.shown import hand_entry
from views.shown.words import words

GERMAN, FRENCH, ENGLISH = (i18n.speaker(code) for code in ("de", "fr", "en"))


def said(game, seats: dict, speaker) -> list[str]:
    return [words(found, speaker=speaker) for found in hand_entry.problems(game, entries(game, seats))]


# X3: tricks that do not add up, as the round screen says them in each language.
def test_tricks_that_do_not_add_up_read_in_german_and_french():
    game = four_players()
    seats = {"Ann": (3, 3), "Bob": (2, 2), "Cat": (1, 1), "Dan": (0, 6)}
    assert said(game, seats, ENGLISH) == ["round 1: tricks add up to 12, expected 14"]
    assert said(game, seats, GERMAN) == ["Runde 1: die Stiche ergeben zusammen 12, erwartet sind 14"]
    assert said(game, seats, FRENCH) == ["manche 1\u00a0: les plis font 12 au total, il en faut 14"]


# O3: more Off-Key cards than the tricks taken hold, with 1 trick and with 2 (each language's plural forms).
def test_a_refusal_with_plurals_at_one_and_two():
    four = Xylotar(["Ann", "Bob", "Cat", "Dan"], dealer="Dan", expansions=["off_key"])
    one_trick = {"Ann": (1, 1, 5), "Bob": (4, 4), "Cat": (4, 4), "Dan": (5, 5)}
    three = Xylotar(["Ann", "Bob", "Cat"], dealer="Cat", expansions=["off_key"])
    two_tricks = {"Ann": (2, 2, 1), "Bob": (5, 5), "Cat": (5, 5)}
    assert said(four, one_trick, ENGLISH) == ["round 1, Ann: won 5 Off-Key cards in 1 trick"]
    assert said(four, one_trick, GERMAN) == ["Runde 1, Ann: hat 5 Off-Key-Karten in 1 Stich gewonnen"]
    assert said(four, one_trick, FRENCH) == ["manche 1, Ann\u00a0: a remporté 5 cartes Off-Key en 1 pli"]
    two_tricks["Ann"] = (2, 2, 7)
    assert said(three, two_tricks, ENGLISH) == ["round 1, Ann: won 7 Off-Key cards in 2 tricks"]
    assert said(three, two_tricks, GERMAN) == ["Runde 1, Ann: hat 7 Off-Key-Karten in 2 Stichen gewonnen"]
    assert said(three, two_tricks, FRENCH) == ["manche 1, Ann\u00a0: a remporté 7 cartes Off-Key en 2 plis"]


# B1: a Bonus Beat is named by its face, as printed, in every language; the command line keeps its id.
def test_a_card_is_named_by_its_face_in_every_language():
    game = Xylotar(["Ann", "Bob", "Cat"], dealer="Cat", expansions=["bonus_beats"])
    seats = {"Ann": (3, 4, 0, "red_eleven"), "Bob": (4, 4), "Cat": (4, 4)}
    [found] = hand_entry.problems(game, entries(game, seats))
    assert str(found) == "round 1, Ann: the 11 card (red_eleven) is only used with 2, 4, 5 players (B1)"
    assert words(found, speaker=GERMAN) == "Runde 1, Ann: die 11-Karte wird nur bei 2, 4, 5 Spielern verwendet"
    assert words(found, speaker=FRENCH) == "manche 1, Ann\u00a0: la carte 11 ne sert qu'à 2, 4, 5 joueurs"


def test_lists_ordinals_numbers_and_dates_follow_the_language():
    import datetime

    assert [s.names(["Ann", "Bob", "Cat"]) for s in (ENGLISH, GERMAN, FRENCH)] == [
        "Ann, Bob and Cat", "Ann, Bob und Cat", "Ann, Bob et Cat"]
    assert [[s.ordinal(n) for n in (1, 2, 3, 4, 11, 22)] for s in (ENGLISH, GERMAN, FRENCH)] == [
        ["1st", "2nd", "3rd", "4th", "11th", "22nd"], ["1.", "2.", "3.", "4.", "11.", "22."],
        ["1er", "2e", "3e", "4e", "11e", "22e"]]
    assert [s.number(1234.5) for s in (ENGLISH, GERMAN)] == ["1,234.5", "1.234,5"]
    day = datetime.date(2026, 12, 3)
    assert [s.date(day) for s in (ENGLISH, GERMAN, FRENCH)] == ["3 December 2026", "3. Dezember 2026",
                                                                "3 décembre 2026"]


# A phone speaks the first of its browser's languages we have; the command line its environment's.
@pytest.mark.parametrize("preferred, spoken", [
    (["de-DE", "en-US"], "de"), (["fr-CA", "de"], "fr"), (["es-ES", "it", "de-AT"], "de"), (["es", "pt"], "en"),
    ([], "en"), (["en-XA"], "en"), (["x" * 300, "fr"], "fr")])
def test_a_browsers_languages_choose_the_phones(preferred, spoken):
    assert i18n.best(preferred) == spoken
    assert i18n.best(["en-XA", "de"], pseudo=True) == i18n.PSEUDO


@pytest.mark.parametrize("environment, spoken", [
    ({"LANG": "de_DE.UTF-8"}, "de"), ({"LANGUAGE": "fr:de", "LANG": "de_DE.UTF-8"}, "fr"),
    ({"LC_ALL": "fr_FR.UTF-8"}, "fr"), ({"LANG": "C.UTF-8"}, "en"), ({}, "en")])
def test_the_command_line_follows_the_environment(environment, spoken):
    assert i18n.from_environment(environment) == spoken


# B2 at a shared table: a bid made on an out-of-date view says what is stored now, in the phone's language.
def test_a_lost_race_at_the_shared_table_reads_in_german_and_french():
    from companion.live_hand import LiveHand, StaleEntry
    from views.shown.words import changed_elsewhere

    live = LiveHand(Xylotar(["Ann", "Bob", "Cat", "Dan"], dealer="Dan", expansions=["bonus_beats"]))
    live.enter_bid("Ann", 3, "over_by_one", expected_version=0)
    with pytest.raises(StaleEntry) as raised:
        live.enter_bid("Ann", 4, None, expected_version=0)
    assert changed_elsewhere(raised.value, ENGLISH) == (
        "Someone else changed this: Ann's bid was changed on another phone meanwhile; it is now bid 3 with the # card")
    assert changed_elsewhere(raised.value, GERMAN) == (
        "Jemand anderes hat das geändert: die Ansage von Ann wurde inzwischen auf einem anderen Handy geändert; "
        "sie ist jetzt: Ansage 3 mit der #-Karte")
    assert changed_elsewhere(raised.value, FRENCH) == (
        "Quelqu'un d'autre a modifié ceci\u00a0: l'annonce d'Ann a été modifiée entre-temps sur un autre "
        "téléphone\u00a0; elle est maintenant\u00a0: annonce 3 avec la carte #")


def test_a_made_up_language_code_is_english_and_makes_nothing_new():
    assert i18n.speaker("x" * 10_000) is i18n.speaker("en") is ENGLISH


# Y5, Y4 in XYbrid: names joined as each language joins them, a limit written as each language writes numbers.
def test_xybrid_refusals_join_names_and_write_numbers_in_the_language():
    from companion import MonsterEntry, Xybrid, XybridRound

    game = Xybrid(("Ann", "Bob", "Cat", "Dan"))
    game.push(XybridRound({"Ann": MonsterEntry(total=5), "Bob": MonsterEntry(total=7), "Cat": MonsterEntry(total=5),
                           "Dan": MonsterEntry(total=5)}, first_player="Ann"))
    [starter] = game.check(XybridRound({name: MonsterEntry(total=1) for name in game.players}, first_player="Bob"))
    assert str(starter) == "round 2: 'Bob' may not start this round; the starter is drawn from Ann, Cat and Dan (Y5)"
    assert words(starter, speaker=GERMAN) == (
        "Runde 2: 'Bob' darf diese Runde nicht beginnen; der Startspieler wird unter Ann, Cat und Dan ausgelost")
    assert words(starter, speaker=FRENCH) == ("manche 2\u00a0: 'Bob' ne peut pas commencer cette manche\u00a0; "
                                              "le premier joueur est tiré au sort parmi Ann, Cat et Dan")
    [limit] = game.check(XybridRound({"Ann": MonsterEntry(total=10**6 + 1), "Bob": MonsterEntry(total=1),
                                      "Cat": MonsterEntry(total=1), "Dan": MonsterEntry(total=1)}, first_player="Ann"))
    assert words(limit, speaker=ENGLISH) == (
        "round 2, Ann: infamy 1000001 must be a whole number from -1,000,000 to 1,000,000")
    assert words(limit, speaker=GERMAN) == (
        "Runde 2, Ann: Infamie 1000001 muss eine ganze Zahl von -1.000.000 bis 1.000.000 sein")


# A refusal's problems copied or pickled (to another thread or process) keep their message ids and values,
# so they are still said in the phone's language.
def test_a_refusal_copied_or_pickled_is_still_said_in_the_language():
    import copy
    import pickle

    game = four_players(expansions=["bonus_beats"])
    found = hand_entry.problems(game, entries(game, {"Ann": (3, 4, 0, "over_by_one"), "Bob": (2, 3, 0, "over_by_one"),
                                                     "Cat": (3, 3), "Dan": (4, 4)}))
    for again in (copy.deepcopy(found), pickle.loads(pickle.dumps(found))):
        assert [str(p) for p in again] == [str(p) for p in found]
        assert [words(p, speaker=GERMAN) for p in again if p.rule == "B2"] == [
            "Runde 1, Ann: die #-Karte wurde in dieser Runde auch von einem anderen Spieler aufgedeckt; "
            "jede Karte gibt es nur einmal",
            "Runde 1, Bob: die #-Karte wurde in dieser Runde auch von einem anderen Spieler aufgedeckt; "
            "jede Karte gibt es nur einmal"]


# X3, O1/O3: the count under the hand's tricks, as every screen of the table says it, at 1 and 2 and off by one or more.
def test_the_tricks_taken_read_in_german_and_french_with_their_plurals():
    from views.shown.words import off_key_won, tricks_taken
    deal = Xylotar(["Ann", "Bob", "Cat"], dealer="Cat", expansions=["off_key"]).deal  # 12 tricks, 6 Off-Key cards in play
    assert [tricks_taken(deal, n, ENGLISH) for n in (13, 11, 1, 12)] == [
        "13 tricks taken of 12: one too many", "11 tricks taken of 12: one missing",
        "1 trick taken of 12: eleven missing", "12 tricks taken of 12"]
    assert [tricks_taken(deal, n, GERMAN) for n in (13, 10, 1)] == [
        "13 Stiche von 12 erfasst: einer zu viel", "10 Stiche von 12 erfasst: zwei fehlen",
        "1 Stich von 12 erfasst: elf fehlen"]
    assert [tricks_taken(deal, n, FRENCH) for n in (13, 10, 1)] == [
        "13 plis remportés sur 12\u00a0: un de trop", "10 plis remportés sur 12\u00a0: il en manque deux",
        "1 pli remporté sur 12\u00a0: il en manque onze"]
    assert off_key_won(deal, 6, GERMAN) is None
    assert off_key_won(deal, 7, GERMAN) == "7 Off-Key-Karten gewonnen, 6 im Spiel: eine zu viel"
    assert off_key_won(deal, 8, FRENCH) == "8 cartes Off-Key remportées sur 6 en jeu\u00a0: deux de trop"


# P1, P3: the shared table's lines, as a phone set to German or French draws them (the session's language).
@pytest.mark.parametrize("code, lines", [
    ("de", ["1 von 3 hat angesagt", "Stich 2 von 12: Ann spielt aus", "Ansage 3", "noch nicht",
            "Ann, Ansage 3, 1 Stich gemacht", "Bob, noch keine Ansage, 0 Stiche gemacht", "Handy von Ann"]),
    ("fr", ["1 sur 3 a annoncé", "Pli 2 sur 12\u00a0: Ann entame", "annonce 3", "pas encore",
            "Ann, annonce 3, a remporté 1 pli", "Bob, pas encore annoncé, a remporté 0 pli", "Téléphone d'Ann"]),
])
def test_the_shared_tables_lines_read_in_the_phones_language(monkeypatch, code, lines):
    from companion.access import Access, Role
    from companion.live_hand import LiveHand, SeatBid
    from views.shown import table_logic
    monkeypatch.setattr(i18n, "_language_here", lambda: code)
    hand = LiveHand(Xylotar(["Ann", "Bob", "Cat"], dealer="Cat"), {"Ann": SeatBid(3, None, 1)})
    hand.record_trick("Ann", expected_version=0)
    phone = Access(1, Role.PLAYER, seat=1, id=1)
    assert [table_logic.bids_line(hand), table_logic.trick_line(hand), table_logic.said(hand.bids["Ann"]),
            table_logic.said(hand.bids.get("Bob")), table_logic.seat_said(hand, "Ann", True),
            table_logic.seat_said(hand, "Bob", True), table_logic.link_name(phone, ["Ann", "Bob", "Cat"])] == lines


def test_french_elides_de_before_a_name_that_begins_with_a_vowel_and_only_there():
    """"Annonce de Eve" is not French: "Annonce d'Eve", while Bob keeps "de"; German is untouched."""
    from views import i18n
    fr, de = i18n.speaker("fr"), i18n.speaker("de")
    chip = fr.gettext("{seat}'s bid {n}")
    assert [chip.format(seat="Eve", n=4), chip.format(seat="Bob", n=4)] == ["Annonce d'Eve\u00a0: 4",
                                                                              "Annonce de Bob\u00a0: 4"]
    change = fr.gettext("Change {name}'s bid")  # a sentence written with the typographic apostrophe keeps it
    assert change.format(name="Ivo") == "Changer l’annonce d’Ivo"
    assert de.gettext("{seat}'s bid {n}").format(seat="Eve", n=4) == "Ansage von Eve: 4"
