"""A record's checks, the store's faults and the web layer's own words in the
player's language (issue 29): a game file that is refused (imported, or
loaded), the host's storage busy or out of reach, too many screens open, as
a German or a French player reads them. The command line's English, with its
rule in brackets, stays word for word what it was (tests/unit/test_record.py,
test_hostile_records.py, tests/integration/test_cli_score.py)."""
from __future__ import annotations

import json

import pytest

from companion import record
from companion.errors import GameError, StoreUnavailable
from companion.xylotar.deal import deal_for
from models import engine, server
from views import i18n
from views.shown.words import say, words
from views.web import session_limits, writes

DE, FR = i18n.speaker("de"), i18n.speaker("fr")
RECORD = {"format": "companion.game/1", "game": "xylotar", "players": ["Ann", "Bob"],
          "rounds": [{"results": {"Ann": {"bid": 1, "tricks": 1}, "Bob": {"bid": 0, "tricks": 2}}}]}


@pytest.fixture
def speak(monkeypatch):
    """Speak as a session set to `code` does (views/parts/language.py installs the session's lookup)."""
    return lambda code: monkeypatch.setattr(i18n, "_language_here", lambda: code)


def refused(text: str) -> list:
    with pytest.raises(GameError) as caught:
        record.loads(text)
    return list(caught.value.problems)


def test_a_file_that_is_not_json_says_where_in_each_language():
    [problem] = refused('{"format": "companion.game/1",\n "game" "xylotar"}')
    assert str(problem) == ("the file is not valid JSON (line 2, column 9: Expecting ':' delimiter) (record)")
    assert words(problem, speaker=DE) == "die Datei ist kein gültiges JSON (Zeile 2, Spalte 9: ':' erwartet)"
    assert words(problem, speaker=FR) == "le fichier n'est pas du JSON valide (ligne 2, colonne 9\u00a0: ':' attendu)"


def test_a_file_cut_short_says_what_is_missing():
    [problem] = refused('{"format": "companion.game/1", "players": [')
    assert words(problem, speaker=DE) == "die Datei ist kein gültiges JSON (Zeile 1, Spalte 44: Wert erwartet)"
    assert words(problem, speaker=FR) == ("le fichier n'est pas du JSON valide (ligne 1, colonne 44\u00a0: "
                                          "valeur attendue)")


def test_a_number_too_large_for_a_game():
    [problem] = refused("[1e999]")
    assert str(problem) == "the file holds the number '1e999', too large to be a score (record)"
    assert words(problem, speaker=DE) == "die Datei enthält die Zahl '1e999', zu groß für einen Punktestand"
    assert words(problem, speaker=FR) == "le fichier contient le nombre '1e999', trop grand pour un score"


def test_a_number_with_too_many_digits_is_counted_as_each_language_writes_numbers():
    [problem] = refused("[" + "7" * 1000 + "]")
    assert str(problem) == ("the file holds a number 1,000 digits long; no number in a game has more than 40 "
                            "(record)")
    assert words(problem, speaker=DE) == ("die Datei enthält eine Zahl mit 1.000 Ziffern; keine Zahl in einem Spiel "
                                          "hat mehr als 40")
    assert words(problem, speaker=FR) == ("le fichier contient un nombre de 1\u202f000 chiffres\u00a0; aucun nombre "
                                          "d'une partie n'en a plus de 40")


def test_a_field_that_is_not_a_field_of_a_round():
    # A misspelt field is refused, never ignored (GAME_RECORD.md).
    hand = {**RECORD["rounds"][0], "trikcs": 3}
    [problem] = refused(json.dumps({**RECORD, "rounds": [hand]}))
    assert str(problem) == "round 1: 'trikcs' is not a field of a Xylotar hand (record)"
    assert words(problem, speaker=DE) == "Runde 1: 'trikcs' ist kein Feld einer Xylotar-Runde"
    assert words(problem, speaker=FR) == "manche 1\u00a0: 'trikcs' n'est pas un champ d'une manche Xylotar"


def test_many_fields_that_are_not_fields_are_counted():
    [*_, more] = refused(json.dumps({**RECORD, "rounds": [], **{f"extra_{n}": n for n in range(7)}}))
    assert str(more) == "and 2 more fields that are not fields of a Xylotar record (record)"
    assert words(more, speaker=DE) == "und 2 weitere Felder, die keine Felder einer Xylotar-Aufzeichnung sind"
    assert words(more, speaker=FR) == "et 2 autres champs qui ne sont pas des champs d'un relevé Xylotar"
    [*_, one_more] = refused(json.dumps({**RECORD, "rounds": [], **{f"extra_{n}": n for n in range(6)}}))
    assert str(one_more) == "and 1 more fields that are not fields of a Xylotar record (record)"  # as it always was
    assert words(one_more, speaker=DE) == "und 1 weiteres Feld, das kein Feld einer Xylotar-Aufzeichnung ist"


def test_a_record_of_the_wrong_shape():
    problems = refused(json.dumps({"format": "companion.game/2", "game": "chess", "players": "Ann"}))
    assert [str(p) for p in problems] == [
        "format must be 'companion.game/1', not 'companion.game/2' (record)",
        "game must be 'xylotar' or 'xybrid', not 'chess' (record)",
        "players must be a list of names (record)"]
    assert [words(p, speaker=DE) for p in problems] == [
        "format muss 'companion.game/1' sein, nicht 'companion.game/2'",
        "game muss 'xylotar' oder 'xybrid' sein, nicht 'chess'",
        "players muss eine Liste von Namen sein"]
    assert words(problems[1], speaker=FR) == "game doit valoir 'xylotar' ou 'xybrid', pas 'chess'"


def test_a_player_entered_twice_in_a_round():
    hand = {"results": {"Ann": {"bid": 1, "tricks": 1}, "ann ": {"bid": 0, "tricks": 2}}}
    problems = refused(json.dumps({**RECORD, "rounds": [hand]}))
    twice = next(p for p in problems if "twice" in str(p))
    assert words(twice, speaker=DE) == "Runde 1, Ann: in dieser Runde doppelt eingetragen"
    assert words(twice, speaker=FR) == "manche 1, Ann\u00a0: saisi deux fois dans cette manche"


def test_the_player_count_cites_its_rule_on_the_command_line_only():
    with pytest.raises(ValueError) as caught:
        deal_for(7)
    assert str(caught.value) == "Xylotar is for 2 to 5 players, not 7 (X1)"  # X1
    assert say(caught.value.args[0], DE) == "Xylotar ist für 2 bis 5 Spieler, nicht für 7"
    assert say(caught.value.args[0], FR) == "Xylotar se joue de 2 à 5 joueurs, pas à 7"


def test_the_stores_sentences_are_the_stores_word_for_word():
    assert set(writes.STORE_WORDS) == set(engine.MESSAGES.values())
    assert server.UNREACHABLE_MESSAGE in writes.STORE_WORDS


def test_a_busy_store_as_a_phone_reads_it(speak):
    busy = engine.fault(StoreUnavailable.BUSY)
    failed = writes.Sending(writes.FAILED, str(busy))  # as a write, or a download, says the store's sentence
    speak("de")
    assert failed.lines == ("Der Speicher des Gastgebers ist gerade mit etwas anderem beschäftigt. Nichts ist "
                            "verloren; versuch es gleich noch einmal.",)
    waiting = writes.Sending(writes.WAITING, str(busy), busy.kind).lines  # while the entry waits to be sent again
    assert waiting != (writes.WAITING_WORDS,) and "Speicher des Gastgebers" in waiting[0]
    speak("fr")
    assert failed.lines == ("Le stockage de l'hôte est occupé par une autre tâche. Rien n'est perdu\u00a0; "
                            "réessayez dans un instant.",)
    speak("en")
    assert failed.lines == ("The host's storage is busy with another task. Nothing was lost; try again in a moment.",)


def test_an_unreachable_store_as_a_phone_reads_it(speak):
    away = writes.Sending(writes.FAILED, str(engine.fault(StoreUnavailable.UNREACHABLE)))
    speak("de")
    assert away.lines == ("Der Gastgeber erreicht seinen Spielspeicher gerade nicht. Nichts ist verloren; "
                          "versuch es gleich noch einmal.",)
    speak("fr")
    assert away.lines == ("L'hôte ne peut pas joindre le stockage de ses parties pour l'instant. Rien n'est "
                          "perdu\u00a0; réessayez dans un instant.",)


def test_a_full_store_as_a_phone_reads_it(speak):
    full = writes.Sending(writes.FAILED, str(engine.fault(StoreUnavailable.FULL)))
    speak("de")
    assert full.lines == ("Der Speicher des Gastgebers ist voll. Nichts ist verloren; mach auf dem Gastgeber Platz "
                          "frei und versuch es noch einmal.",)


def test_too_many_screens_in_the_browsers_language():
    # No session has a language yet: the page says it in the language the browser's WebSocket asked for.
    assert session_limits.accepted("fr-CA,fr;q=0.9,en;q=0.8") == ["fr-CA", "fr", "en"]
    assert session_limits.accepted("en;q=0.5, de-AT") == ["de-AT", "en"]
    for header, expected in (
            ("de-AT,de;q=0.9", "Auf diesem Gerät sind zu viele Bildschirme offen. Schließ einen und lade diese Seite "
                               "dann neu."),
            ("fr-CA,fr;q=0.9", "Trop d'écrans sont ouverts sur cet appareil. Fermez-en un, puis rechargez cette "
                               "page."),
            ("", session_limits.ON_THIS_DEVICE), ("x;q=nonsense", session_limits.ON_THIS_DEVICE)):
        mark = session_limits._LANGUAGES.set(header)
        try:
            assert session_limits.browser_speaker().gettext(session_limits.ON_THIS_DEVICE) == expected
        finally:
            session_limits._LANGUAGES.reset(mark)


def page(accept_language: bytes | None) -> tuple[dict, str]:
    """The app's page as a browser asking in `accept_language` gets it (views/web/reconnect.py, starting.py)."""
    from tests.loops import run_apart
    from views.web.reconnect import ReloadOnReconnect

    html = b"<html><head><title>XY Score</title></head><body></body></html>"

    async def app(scope, receive, send):
        await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/html")]})
        await send({"type": "http.response.body", "body": html})

    sent: list[dict] = []

    async def send(message):
        sent.append(message)

    async def receive():
        return {"type": "http.request"}

    headers = [(b"accept-language", accept_language)] if accept_language is not None else []
    run_apart(ReloadOnReconnect(app)({"type": "http", "method": "GET", "path": "/join/x", "headers": headers},
                                     receive, send))
    return dict(sent[0]["headers"]), b"".join(m.get("body", b"") for m in sent[1:]).decode()


def test_the_starting_card_and_the_connection_banner_in_the_browsers_language():
    # Before the page there is no session, so no language chosen in the app: the browser's Accept-Language.
    headers, german = page(b"de-AT,de;q=0.9,en;q=0.5")
    assert '<div id="xy-starting-says">Wird gestartet\u2026</div>' in german  # drawn with the first paint
    assert json.dumps("Startet noch: Tippe noch einmal, sobald die Ansicht erscheint") in german
    assert json.dumps("Verbinde neu\u2026 deine Eingaben bleiben erhalten") in german
    assert json.dumps("Keine Verbindung zum Gastgeber: Deine Eingaben werden gesendet, sobald er wieder da "
                      "ist") in german
    assert json.dumps("Wieder am Tisch") in german
    assert "Starting" not in german and "Reconnecting" not in german
    assert b"Accept-Language" in headers[b"vary"] and headers[b"content-length"] == str(len(german.encode())).encode()
    _, french = page(b"fr-CA")
    assert '<div id="xy-starting-says">D\u00e9marrage\u2026</div>' in french
    assert json.dumps("Pas de connexion \u00e0 l'h\u00f4te\u00a0: vos saisies seront envoy\u00e9es d\u00e8s "
                      "son retour") in french
    for english in (None, b"ja, pt-BR;q=0.5"):  # no language asked, or none we have: English, as before
        _, said = page(english)
        assert '<div id="xy-starting-says">Starting\u2026</div>' in said
        assert "'Reconnecting\\u2026 your entries are kept'" in said


def test_a_link_that_opens_nothing_says_why():
    from companion import table_services
    from views.web import table_actions

    assert DE.gettext(table_actions.WRONG_LINK) == ("Dieser Link öffnet kein Spiel. Vielleicht ist er alt oder falsch "
                                                    "getippt: Scanne den Code, den der Gastgeber jetzt zeigt.")
    assert DE.say(table_services.DELETED) == ("Dieser Link funktioniert nicht mehr: Der Gastgeber hat dieses Spiel "
                                              "gelöscht.")
    assert FR.say(table_services.OTHER_GAME) == "Ce lien est celui d'une autre partie."


def test_the_results_pictures_own_words():
    from companion import services
    from views.web import results_png

    xylotar = services.new_game("xylotar", ("Ann", "Bob", "Cat"), dealer="Cat")
    xybrid = services.new_game("xybrid", ("Ann", "Bob", "Cat"))
    assert (results_png.chart_title(xylotar, i18n.speaker("en")), results_png.total_said(xylotar, 1, i18n.speaker("en"))
            ) == ("Totals by hand", "1 points")  # as it always was
    assert results_png.chart_title(xylotar, DE) == "Stand nach Runden"
    assert results_png.total_said(xylotar, 52, DE) == "52 Punkte"
    assert results_png.chart_title(xybrid, FR) == "Totaux par manche"
    assert results_png.total_said(xybrid, 7, FR) == "infamie 7"
