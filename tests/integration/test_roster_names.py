"""The roster keeps to companion's one rule for names (X1, issue 9): adding,
renaming, a new game's players and an imported record's all refuse the same
names, store names in NFC, and take two spellings of one name as one player."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import services
from companion.errors import GameError
from companion.players import name_key, name_problem
from models.roster import RosterError
from models.store import open_store
from models.transfer import ImportRefused, import_text

from ..hostile import NASTY_TEXT
from ..unit.test_names import REFUSED
from .conftest import start, table_counts

TAKEN = "That name is already taken"


@pytest.mark.parametrize("name", list(REFUSED), ids=[repr(n) for n in REFUSED])
def test_the_roster_refuses_what_the_rule_refuses_and_nothing_changes_X1(store, name):
    start(store, players=("Ann", "Bob", "Cat"))
    before = table_counts(store)
    for attempt in (lambda uow: uow.add_player(name), lambda uow: uow.rename_player("Ann", name)):
        with store.uow() as uow:
            with pytest.raises(RosterError) as refused:
                attempt(uow)
            uow.commit()
        assert str(refused.value) == REFUSED[name]
    assert table_counts(store) == before


@pytest.mark.parametrize("second", ["Zoe\u0308", "ZO\u00cb", "Zo\u200b\u00eb", " zo\u00eb\u2060 "])
def test_a_second_spelling_of_a_name_on_the_roster_is_taken_X1(store, second):
    with store.uow() as uow:
        assert uow.add_player("Zo\u00eb") == "Zo\u00eb"
        uow.add_player("Bob")
        uow.commit()
    with store.uow() as uow, pytest.raises(RosterError, match=TAKEN):
        uow.add_player(second)
    with store.uow() as uow, pytest.raises(RosterError, match="Zo\u00eb is already on the roster: merge them"):
        uow.rename_player("Bob", second)
    with store.uow() as uow:
        assert uow.players() == ["Bob", "Zo\u00eb"]


def test_ann_and_ann_with_a_zero_width_space_are_one_player_X1(store):
    with store.uow() as uow:
        uow.add_player("Ann")
        with pytest.raises(RosterError, match="That name is already taken: 'Ann' is already on the roster"):
            uow.add_player("A\u200bnn")
        uow.commit()
    # A new game's "A\u200bnn" sits the roster's Ann.
    game_id = start(store, players=("A\u200bnn", "Bob", "Cat"))
    with store.uow() as uow:
        assert uow.games.get(game_id).game.players == ("Ann", "Bob", "Cat")
        assert uow.players() == ["Ann", "Bob", "Cat"]


def test_a_name_typed_in_nfd_is_stored_in_nfc(store):
    with store.uow() as uow:
        assert uow.add_player("Zoe\u0308") == "Zo\u00eb"
        uow.commit()
    with store.uow() as uow:
        assert uow.players() == ["Zo\u00eb"]
        assert uow.rename_player("zo\u00eb", "Zoe\u0308 Smith") == "Zo\u00eb Smith"


def test_a_player_may_still_change_the_case_of_their_name(store):
    with store.uow() as uow:
        uow.add_player("zoe\u0308")
        assert uow.rename_player("ZO\u00cb", "Zo\u00eb") == "Zo\u00eb"


@pytest.fixture(scope="module")
def kept(tmp_path_factory):
    path = tmp_path_factory.mktemp("names") / "xyscore.db"
    with open_store(path) as store:
        yield store, path


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.text(max_size=45) | st.sampled_from(NASTY_TEXT))
def test_roster_new_game_and_import_agree_on_every_name_X1(kept, name):
    """One rule: the roster, a new game and an imported record take or refuse a name together."""
    store, path = kept
    with store.uow() as uow:  # not committed: rolled back
        try:
            uow.add_player(name)
            roster = True
        except RosterError as error:
            roster = str(error).startswith(TAKEN)  # an earlier example's import put it on the roster
            assert roster or str(error) == name_problem(name)
    try:
        services.new_game("xybrid", [name, "Bob\u2002"])
        new_game = True
    except GameError:
        new_game = False
    before = table_counts(path)
    try:
        import_text(store, json.dumps({"format": "companion.game/1", "game": "xybrid", "players": [name, "Bob"],
                                       "rounds": []}))
        imported = True
    except ImportRefused:
        imported = False
        assert table_counts(path) == before
    assert roster == (name_problem(name) is None)
    assert new_game == imported == (roster and name_key(name) != name_key("Bob"))


def test_a_players_stable_id_finds_them_after_a_rename(store):
    """Issue 28: a player's page found by the id in its address, whatever the name now."""
    from companion import player_pages
    start(store, players=("Ann", "Bob", "Cat"))
    uid = player_pages.player_uid(store.reader(), "cat")  # any case, as names are matched
    assert uid and player_pages.player_called(store.reader(), uid) == "Cat"
    services.rename_player("Cat", "Catherine", store.uow())
    assert player_pages.player_uid(store.reader(), "Catherine") == uid
    assert player_pages.player_called(store.reader(), uid) == "Catherine"
    assert player_pages.player_uid(store.reader(), "Cat") is None
    assert player_pages.player_called(store.reader(), "no-such-id") is None
