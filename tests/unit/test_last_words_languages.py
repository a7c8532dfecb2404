"""The last English a German or French player met (issue 29): the round
screen's and live hand's Bonus Beat picker (its chips, its button, its
tooltips), the tricks a seat took ("1 pli", "2 plis"), the last hand's
revealed bids, Flutter's own words (its text boxes' counters), and the
refusals of a hand entered twice, a link ended, a player's cards changed too
often or not theirs, a clear the host may not make yet, and a place not kept.
English stays word for word what it was (tests/unit/test_views_table.py,
tests/integration/test_store_access.py, tests/unit/test_views_writes.py)."""
from __future__ import annotations

import asyncio
import concurrent.futures

import flet as ft
import pytest

from companion import record
from companion.access import NotAllowed
from companion.errors import AlreadyEntered
from companion.host_settings import LocationRefused, clean_location
from companion.live_hand import LiveHand, SeatBid
from companion.own_cards import ASK_THE_HOST, ENTER_YOURS_FIRST, own_flip_problem
from companion.table_state import ENDED
from companion.xylotar import BONUS_BEATS, Xylotar
from views import i18n
from views.parts import language, saving
from views.parts.live_hand_view import took_said
from views.parts.xylotar_round import bonus_beat_picker
from views.shown import roster_words, table_logic
from views.shown.words import say, words

GERMAN, FRENCH, ENGLISH = (i18n.speaker(code) for code in ("de", "fr", "en"))
NB = "\u00a0"  # French: a no-break space before ':', ';', '?', '!'


@pytest.fixture
def speaking(monkeypatch):
    """Say what follows in `code`, as a session speaking it does (`i18n.spoken()`)."""
    def speak(code: str) -> None:
        monkeypatch.setattr(i18n, "_language_here", lambda: code)
    return speak


def _picker(code: str, speaking, chosen: str | None = None, opened: bool = True):
    speaking(code)
    cards = [BONUS_BEATS[card] for card in ("over_by_one", "change_bid", "zero_bid_eight", "view_three_bid")]
    return bonus_beat_picker("Ann", cards, chosen, lambda card: None, opened, lambda value: None)


# B2, B4: the round screen's Bonus Beat button and its chips: each card by its face (symbols as printed, words
# said), "none", and the tooltips, in the session's language.
@pytest.mark.parametrize("code, button, chips, tips", [
    ("en", "Bonus Beat", ["none", "#", "change bid", "8 for 0", "view 3"],
     ["Ann flips no Bonus Beat", "Ann flips #", "Ann flips change bid", "Ann flips 8 for 0", "Ann flips view 3"]),
    ("de", "Bonus Beat", ["keiner", "#", "Ansage ändern", "8 für 0", "3 ansehen"],
     ["Ann deckt keinen Bonus Beat auf", "Ann deckt # auf", "Ann deckt Ansage ändern auf", "Ann deckt 8 für 0 auf",
      "Ann deckt 3 ansehen auf"]),
    ("fr", "Bonus Beat", ["aucun", "#", "changer d'annonce", "8 pour 0", "voir 3"],
     ["Ann ne retourne aucun Bonus Beat", "Ann retourne #", "Ann retourne changer d'annonce",
      "Ann retourne 8 pour 0", "Ann retourne voir 3"]),
])
def test_b2_the_bonus_beat_picker_says_its_cards_in_the_sessions_language(speaking, code, button, chips, tips):
    tapped, opened = _picker(code, speaking)
    assert tapped.content == button
    assert tapped.tooltip == {"en": "Ann flips a Bonus Beat", "de": "Ann deckt einen Bonus Beat auf",
                              "fr": "Ann retourne un Bonus Beat"}[code]
    row = opened.controls[0]
    assert [chip.label.value for chip in row.controls] == chips
    assert [chip.tooltip for chip in row.controls] == tips


# B2: a card flipped shows its face on the button, in words said in the session's language.
def test_b2_the_button_shows_the_flipped_card_in_german_and_french(speaking):
    assert _picker("de", speaking, "change_bid", opened=False)[0].content == "Ansage ändern"
    assert _picker("fr", speaking, "zero_bid_eight", opened=False)[0].content == "8 pour 0"
    assert _picker("en", speaking, "view_three_bid", opened=False)[0].content == "view 3"


# X3, P3: a seat's badge, the tricks it took so far: its words follow the count.
def test_p3_took_follows_the_count(speaking):
    speaking("de")
    assert [took_said(n) for n in (0, 1, 2)] == ["0 Stiche", "1 Stich", "2 Stiche"]
    speaking("fr")
    assert [took_said(n) for n in (0, 1, 2)] == ["0 pli", "1 pli", "2 plis"]
    speaking("en")
    assert [took_said(n) for n in (0, 1, 2)] == ["took 0", "took 1", "took 2"]


def _scored_hand() -> Xylotar:
    game = Xylotar(["Ann", "Bob", "Cat"], dealer="Cat", expansions=["bonus_beats"])
    game.push(record.round_from_dict(game, {"results": {
        "Ann": {"bid": 1, "tricks": 1}, "Bob": {"bid": 2, "tricks": 2},
        "Cat": {"bid": None, "tricks": 9, "bonus_beat": "no_bid_match"}}}, 1))
    return game


# X5, B5: the last hand revealed, each seat's bid and tricks as one phrase (French: "annonce 1, 1 pli").
def test_x5_the_last_hand_reads_bid_and_tricks_in_german_and_french(speaking):
    game = _scored_hand()
    speaking("fr")
    assert [what for _seat, what, _score in table_logic.last_hand_bids(game)] == [
        "annonce 1, 1 pli", "annonce 2, 2 plis", "pas d’annonce, 9 plis"]
    speaking("de")
    assert [what for _seat, what, _score in table_logic.last_hand_bids(game)] == [
        "Ansage 1, 1 Stich", "Ansage 2, 2 Stiche", "keine Ansage, 9 Stiche"]
    speaking("en")
    assert [what for _seat, what, _score in table_logic.last_hand_bids(game)] == [
        "bid 1, took 1", "bid 2, took 2", "no bid, took 9"]


# The phone's revealed line "Bob: bid 2, took 2 (+22)": one message; French puts a no-break space before ':'.
def test_the_revealed_line_keeps_a_no_break_space_in_french():
    line = "{seat}: {what} ({score})"
    assert FRENCH.gettext(line).format(seat="Bob", what="annonce 2, 2 plis", score="+22") == \
        f"Bob{NB}: annonce 2, 2 plis (+22)"
    assert GERMAN.gettext(line).format(seat="Bob", what="Ansage 2, 2 Stiche", score="+22") == \
        "Bob: Ansage 2, 2 Stiche (+22)"
    assert ENGLISH.gettext(line) == line


# P1, B2: a bid with a card in words, and the card a seat flipped, said in the session's language.
def test_p1_a_bid_with_a_worded_card_and_the_flipped_card_are_said(speaking):
    game = Xylotar(["Ann", "Bob", "Cat"], dealer="Cat", expansions=["bonus_beats"])
    hand = LiveHand(game, {"Ann": SeatBid(3, "change_bid", 1)})
    speaking("de")
    assert table_logic.said(hand.bids["Ann"]) == "Ansage 3 mit Ansage ändern"
    assert table_logic.flipped(hand.bids["Ann"]) == "Ansage ändern"
    speaking("fr")
    assert table_logic.flipped(hand.bids["Ann"]) == "changer d'annonce"
    assert table_logic.seat_said(hand, "Ann", False).startswith("Ann, annonce 3, a retourné changer d'annonce")
    speaking("en")
    assert table_logic.said(hand.bids["Ann"]) == "bid 3 with change bid"


# Flutter's own words (a text box's "40 characters remaining") follow the session's language: the web client
# carries Flutter's German and French ("Noch 40 Zeichen", "40 caractères restants"); the pseudo-language is
# English to Flutter.
def test_flutter_is_told_the_sessions_language():
    for code in ("en", "de", "fr"):
        locales = language.flutter_locales(code)
        assert locales.current_locale == ft.Locale(code)
        assert [locale.language_code for locale in locales.supported_locales] == ["en", "de", "fr"]
    assert language.flutter_locales(i18n.PSEUDO).current_locale == ft.Locale("en")


# The record: a hand entered on another screen first is refused, a whole sentence for a hand and for a round.
def test_a_round_entered_twice_is_refused_in_german_and_french():
    hand, round_ = AlreadyEntered("hand", 3).problems[0], AlreadyEntered("round", 2).problems[0]
    assert str(hand.message) == "hand 3 was already entered on another screen; this entry was not stored"
    assert str(round_.message) == "round 2 was already entered on another screen; this entry was not stored"
    assert words(hand, where=False, speaker=GERMAN) == (
        "Runde 3 wurde schon an einem anderen Bildschirm eingetragen; diese Eingabe wurde nicht gespeichert")
    assert words(round_, where=False, speaker=FRENCH) == (
        f"la manche 2 a déjà été saisie sur un autre écran{NB}; cette saisie n’a pas été enregistrée")


# A link the host ended: its refusal in the session's language (English as the command line prints it).
def test_an_ended_link_is_said_in_german_and_french():
    assert ENDED == "This link no longer works: the host ended it or made a new one. Scan the host's new code."
    assert say(ENDED, GERMAN) == ("Dieser Link funktioniert nicht mehr: Der Gastgeber hat ihn beendet oder einen "
                                  "neuen erstellt. Scanne den neuen Code des Gastgebers.")
    assert say(ENDED, FRENCH) == (f"Ce lien ne fonctionne plus{NB}: l’hôte l’a révoqué ou en a créé un nouveau. "
                                  "Scannez le nouveau code de l’hôte.")


# B1, P2: a player's own cards: changed too often this hand, not entered yet, or a card that is not theirs.
def test_b1_p2_own_cards_refusals_in_german_and_french():
    assert ASK_THE_HOST == ("You have changed your Bonus Beats as often as a hand allows. "
                            "Ask the host to let you enter them again.")
    assert say(ASK_THE_HOST, GERMAN) == ("Du hast deine Bonus Beats so oft geändert, wie eine Runde erlaubt. "
                                         "Bitte den Gastgeber, dich sie neu eingeben zu lassen.")
    assert say(ASK_THE_HOST, FRENCH) == ("Vous avez changé vos Bonus Beats autant de fois qu’une manche le permet. "
                                         "Demandez à l’hôte de vous laisser les saisir à nouveau.")
    assert ENTER_YOURS_FIRST == ("To flip a Bonus Beat from this phone, first enter the 2 you were dealt "
                                 "(Your Bonus Beats).")
    assert say(ENTER_YOURS_FIRST, GERMAN).startswith("Um von diesem Handy aus einen Bonus Beat aufzudecken")
    game = Xylotar(["Ann", "Bob", "Cat"], dealer="Cat", expansions=["bonus_beats"],
                   bonus_beats_dealt={"Ann": ["over_by_one", "view_two"]})
    not_hers = own_flip_problem(game, "Ann", "change_bid")
    assert not_hers == "the change bid card is not one of your Bonus Beats: you flip one of the 2 you entered"
    assert say(not_hers, GERMAN) == ("die Karte „Ansage ändern“ ist keiner deiner Bonus Beats: Du deckst einen der 2 "
                                     "auf, die du eingegeben hast")
    assert say(own_flip_problem(game, "Ann", "under_by_one"), FRENCH) == (
        f"la carte b n’est pas l’un de vos Bonus Beats{NB}: vous retournez l’un des 2 que vous avez saisis")


# B1: the host may not clear a player's cards while their bid flips a card another player entered too.
def test_b1_a_clear_the_host_may_not_make_yet_in_german_and_french():
    from companion.own_cards import clear_blocked

    class Stored:  # what clear_blocked reads of a stored game
        game = Xylotar(["Ann", "Bob", "Cat"], dealer="Cat", expansions=["bonus_beats"],
                       bonus_beats_dealt={"Bob": ["over_by_one", "view_two"]})
        clashing = {}
    hand = LiveHand(Stored.game, {"Ann": SeatBid(3, "over_by_one", 1)})
    blocked = clear_blocked(Stored, hand, "Ann")
    assert blocked == ("Ann flipped a card with this hand's bid that another player entered too: "
                       "change Ann's bid first, or clear the other entry")
    assert say(blocked, GERMAN) == ("Ann hat mit der Ansage dieser Runde eine Karte aufgedeckt, die auch ein "
                                    "anderer Spieler eingegeben hat: Ändere zuerst die Ansage von Ann oder lösche "
                                    "die andere Eingabe")
    assert say(blocked, FRENCH) == (f"Ann a retourné avec l’annonce de cette manche une carte qu’un autre joueur a "
                                    f"aussi saisie{NB}: changez d’abord l’annonce d’Ann ou effacez l’autre saisie")


# A refusal a write meets (NotAllowed) is said in the session's language where a save shows it.
def test_a_refused_write_is_said_in_the_sessions_language(speaking):
    speaking("fr")
    shown = []

    async def send(write):
        return write()

    def refuse():
        raise NotAllowed(ENDED)
    # In a thread of its own: a browser test before it in this process leaves Playwright's loop running in
    # this one (its sync API), where asyncio.run cannot start another.
    with concurrent.futures.ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, saving.attempt(send, refuse, shown.extend)).result()
    assert shown == [f"Ce lien ne fonctionne plus{NB}: l’hôte l’a révoqué ou en a créé un nouveau. "
                     "Scannez le nouveau code de l’hôte."]


# A place not kept (a BG Stats place): its refusal as the host's screen says it, in German and French.
def test_a_refused_place_is_said_in_german_and_french():
    with pytest.raises(LocationRefused) as refused:
        clean_location("Ann's kitchen\nupstairs")
    assert roster_words.said(refused.value, ENGLISH) == str(refused.value) == (
        "Where you played can't contain invisible or control characters, such as a new line or a tab.")
    assert roster_words.said(refused.value, GERMAN) == (
        "Der Spielort darf keine unsichtbaren Zeichen oder Steuerzeichen enthalten, etwa einen Zeilenumbruch oder "
        "Tabulator.")
    assert roster_words.said(refused.value, FRENCH) == (
        "Le lieu de jeu ne peut pas contenir de caractères invisibles ou de contrôle, comme un retour à la ligne ou "
        "une tabulation.")
