"""A note on a hand (XYbrid: a round), issue 28: the players' own words on one
round ("Bob dealt twice"), kept as a game's note is (companion.notes), a
known optional field of a record's round that never changes a score, refused
in players' words when it cannot be kept, naming the round."""
from __future__ import annotations

import copy

import pytest

from companion import notes, record, services
from companion.errors import GameError
from companion.services import GameNotFound
from tests.fakes import FakeStore
from views import i18n
from views.shown.words import say

NB = "\u00a0"  # French: a no-break space before ':'
HANDS = {"format": "companion.game/1", "game": "xylotar", "players": ["Ann", "Bob", "Cat"], "rounds": [
    {"results": {"Ann": {"bid": 3, "tricks": 3}, "Bob": {"bid": 4, "tricks": 5}, "Cat": {"bid": 2, "tricks": 4}}},
    {"results": {"Ann": {"bid": 0, "tricks": 1}, "Bob": {"bid": 6, "tricks": 6}, "Cat": {"bid": 5, "tricks": 5}}}]}
ROUNDS = {"format": "companion.game/1", "game": "xybrid", "players": ["Ann", "Bob"], "rounds": [
    {"first_player": "Bob", "results": {"Ann": {"parts": [0, 2, 3, 1, 4], "hand": 1},
                                        "Bob": {"parts": [0, 3, 3, 2, 2], "hand": 0}}}]}


def noted(data: dict, number: int, note: object) -> dict:
    out = copy.deepcopy(data)
    out["rounds"][number - 1]["note"] = note
    return out


@pytest.mark.parametrize("data", [HANDS, ROUNDS], ids=["xylotar", "xybrid"])
def test_a_rounds_note_is_a_field_of_the_record_and_changes_no_score(data):
    with_note = noted(data, 1, "Bob dealt twice\npower cut, replayed")
    assert record.score(record.from_dict(with_note)) == record.score(record.from_dict(data))
    assert record.score(record.from_dict(noted(data, 1, None))) == record.score(record.from_dict(data))  # no note


@pytest.mark.parametrize("note, said", [
    ("x" * 501, "round 2: A note holds at most 500 characters; this one has 501. (record)"),
    ("the bell \x07 rang", "round 2: A note may hold words and new lines, not other control characters. (record)"),
    (42, "round 2: A note is words: type it again. (record)"),
])
def test_a_rounds_note_that_cannot_be_kept_is_refused_naming_the_round(note, said):
    with pytest.raises(GameError) as refused:
        record.from_dict(noted(HANDS, 2, note))
    assert str(refused.value) == said


def test_an_xybrid_rounds_note_that_cannot_be_kept_is_refused_and_a_misspelt_one_is_not_a_field():
    with pytest.raises(GameError, match=r"^round 1: A note holds at most 500 characters"):
        record.from_dict(noted(ROUNDS, 1, "y" * 600))
    misspelt = copy.deepcopy(ROUNDS)
    misspelt["rounds"][0]["note "] = "Bob dealt twice"
    with pytest.raises(GameError, match="'note ' is not a field of an XYbrid round"):
        record.from_dict(misspelt)


def started(store: FakeStore, data: dict) -> int:
    game = record.from_dict(data)
    game_id = services.start_game(services.new_game(data["game"], data["players"]), store.uow())
    for entered in data["rounds"]:
        services.record_round(game_id, entered, store.uow())
    assert services.load(game_id, store.reader()).game.totals() == game.totals()
    return game_id


def test_a_hands_note_is_kept_cleaned_and_emptied_without_touching_a_score():
    store = FakeStore()
    game_id = started(store, HANDS)
    totals = services.load(game_id, store.reader()).game.totals()
    assert notes.set_round_note(game_id, 2, "  Bob dealt twice \n", store.uow()) == "Bob dealt twice"
    stored = services.load(game_id, store.reader())
    assert (stored.round_notes, stored.game.totals(), stored.note) == ({2: "Bob dealt twice"}, totals, None)
    assert notes.set_round_note(game_id, 2, "   ", store.uow()) is None  # emptied: no note
    assert services.load(game_id, store.reader()).round_notes == {}


def test_a_note_that_cannot_be_kept_or_for_a_round_not_there_stores_nothing():
    store = FakeStore()
    game_id = started(store, HANDS)
    notes.set_round_note(game_id, 1, "Bob dealt twice", store.uow())
    with pytest.raises(ValueError, match="at most 500 characters; this one has 501"):
        notes.set_round_note(game_id, 1, "x" * 501, store.uow())
    with pytest.raises(notes.NoSuchRound, match=r"^There is no hand 3 in this game\.$"):
        notes.set_round_note(game_id, 3, "next hand", store.uow())
    with pytest.raises(notes.NoSuchRound, match="There is no hand 0 in this game"):
        notes.set_round_note(game_id, 0, "before it began", store.uow())
    with pytest.raises(GameNotFound):
        notes.set_round_note(game_id + 1, 1, "another game", store.uow())
    assert services.load(game_id, store.reader()).round_notes == {1: "Bob dealt twice"}


def test_an_xybrid_round_not_there_is_a_round_and_a_note_goes_when_its_round_is_taken_back():
    store = FakeStore()
    game_id = started(store, ROUNDS)
    with pytest.raises(notes.NoSuchRound, match=r"^There is no round 2 in this game\.$"):
        notes.set_round_note(game_id, 2, "power cut", store.uow())
    notes.set_round_note(game_id, 1, "power cut, replayed", store.uow())
    services.undo(game_id, store.uow())  # round 1 taken back: its note with it
    assert services.load(game_id, store.reader()).round_notes == {}


@pytest.mark.parametrize("code, hand, too_long", [
    ("de", "In diesem Spiel gibt es keine Runde 3.", "Eine Notiz hat höchstens 500 Zeichen; diese hat 501."),
    ("fr", "Il n’y a pas de manche 3 dans cette partie.",
     f"Une note compte au plus 500 caractères{NB}; celle-ci en a 501."),
])
def test_the_refusals_are_said_in_the_players_language(code, hand, too_long):
    speaker = i18n.speaker(code)
    assert say(notes.no_such_round("hand", 3), speaker) == say(notes.no_such_round("round", 3), speaker) == hand
    with pytest.raises(GameError) as refused:
        record.from_dict(noted(HANDS, 2, "x" * 501))
    (problem,) = refused.value.problems
    assert (problem.round, say(problem.message, speaker)) == (2, too_long)
