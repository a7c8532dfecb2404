"""Where the host's games are played: set once, sent to BG Stats with every
later game; a place that cannot be kept is refused in players' words and
nothing is kept (tests without SQLite: tests/table_fakes.py)."""
from __future__ import annotations

import pytest

from companion import host_settings
from companion.host_settings import LocationRefused, clean_location, location, location_problem, set_location
from tests.table_fakes import TableFakeStore


def test_a_place_set_once_is_remembered_and_can_be_changed_or_cleared():
    store = TableFakeStore()
    assert location(store.reader()) is None
    assert set_location("  The Rec Room ", store.uow()) == "The Rec Room"  # trimmed, as a name is
    assert location(store.reader()) == "The Rec Room"
    set_location("Ann's kitchen", store.uow())
    assert location(store.reader()) == "Ann's kitchen"
    assert set_location("   ", store.uow()) is None  # blank: no place at all
    assert location(store.reader()) is None


def test_a_place_is_kept_in_one_form_however_it_was_typed():
    # "Café" typed as e + a combining accent is kept as the same text as "Café" typed with é.
    assert clean_location("Cafe\u0301 Zoë") == "Café Zoë"
    assert clean_location("\u200b\u200b") is None  # only invisible characters: no place


@pytest.mark.parametrize("place, words", [
    ("The Rec Room\nBasement", "can't contain invisible or control characters, such as a new line"),
    ("Tab\there", "can't contain invisible or control characters"),
    ("Ann\u202emoc.exe", "can't contain invisible or control characters"),
    ("x" * 61, "at most 60 characters long; this is 61"),
    (42, "must be text"),
])
def test_a_place_that_cannot_be_kept_is_refused_saying_why_and_the_old_one_stays(place, words):
    store = TableFakeStore()
    set_location("The Rec Room", store.uow())
    with pytest.raises(LocationRefused) as refused:
        set_location(place, store.uow())
    assert words in str(refused.value)
    assert str(refused.value) == location_problem(place)
    assert location(store.reader()) == "The Rec Room"


def test_the_longest_place_is_kept_whole():
    longest = "y" * host_settings.MAX_LOCATION_LENGTH
    store = TableFakeStore()
    assert set_location(longest, store.uow()) == longest
    assert location(store.reader()) == longest


def test_the_refusals_are_in_players_words():
    for words in (host_settings.TOO_LONG, host_settings.CONTROL, host_settings.NOT_TEXT):
        assert words.startswith("Where you played") and words.endswith(".")
        assert not any(rule in words for rule in ("X1", "ValueError", "key", "None"))
