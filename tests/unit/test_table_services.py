"""The shared table's services on an in-memory store: a phone's whole hand,
from scanning the join code to the scored round, without SQLite (issue 5)."""
import pytest

from companion import GameError, services
from companion import table_services as table
from companion.access import Access, NotAllowed, TableSettings
from companion.live_hand import StaleEntry
from companion.table_state import Tables
from tests.table_fakes import TableFakeStore


@pytest.fixture
def store():
    return TableFakeStore()


@pytest.fixture
def game(store) -> int:
    game_id = services.start_game(services.new_game("xylotar", ["Ann", "Bob", "Cat"], dealer="Cat"), store.uow())
    table.change_settings(game_id, TableSettings(track_tricks=True, players_track_tricks=True), store.uow(),
                          by=Access.host(game_id))
    return game_id


def phone(store, game_id: int, seat: str) -> Access:
    join = table.resolve(table.issue_link(game_id, "player", store.uow(), by=Access.host(game_id)), store.uow())
    return table.resolve(table.join_seat(seat, store.uow(), by=join), store.uow())


def test_a_table_plays_a_hand_on_its_phones(store, game):
    ann, bob, cat = (phone(store, game, name) for name in ("Ann", "Bob", "Cat"))
    for seat, by, value in (("Ann", ann, 4), ("Bob", bob, 0), ("Cat", cat, 8)):
        table.submit_bid(game, seat, value, None, store.uow(), by=by, expected_version=0)
    for number, winner in enumerate(["Ann"] * 4 + ["Cat"] * 8):
        table.record_trick(game, winner, store.uow(), by=bob, expected_version=number)
    seen = table.view(game, store.uow(), by=bob)
    # P1: every bid lies face up, so Bob's phone shows Ann's and Cat's too.
    assert {seat: b.bid for seat, b in seen.bids.items()} == {"Ann": 4, "Bob": 0, "Cat": 8}
    assert seen.hand.next_to_lead() is None
    scored = table.score_live_hand(game, store.uow(), by=Access.host(game), expected_version=seen.hand.version)
    assert scored.totals() == {"Ann": 9, "Bob": 5, "Cat": 13}


def test_the_display_may_look_but_not_write(store, game):
    display = table.resolve(table.issue_link(game, "display", store.uow(), by=Access.host(game)), store.uow())
    table.submit_bid(game, "Ann", 2, None, store.uow(), by=Access.host(game), expected_version=0)
    assert table.view(game, store.uow(), by=display).bids["Ann"].bid == 2  # P1: the display shows each bid
    with pytest.raises(NotAllowed, match="only shows the game"):
        table.record_trick(game, "Ann", store.uow(), by=display, expected_version=0)


def test_a_stale_write_leaves_the_hand_as_it_was(store, game):
    ann = phone(store, game, "Ann")
    table.submit_bid(game, "Ann", 2, None, store.uow(), by=ann, expected_version=0)
    with pytest.raises(StaleEntry):
        table.submit_bid(game, "Ann", 3, None, store.uow(), by=Access.host(game), expected_version=0)
    assert table.view(game, store.uow(), by=ann).bids["Ann"].bid == 2


def test_a_refused_score_records_nothing(store, game):
    with pytest.raises(GameError, match="has not bid yet"):
        table.score_live_hand(game, store.uow(), by=Access.host(game), expected_version=0,
                              tricks={"Ann": 4, "Bob": 0, "Cat": 8})
    assert services.uow_game(game, store.uow()).hands == []


def test_revoking_a_phone_shuts_it_out(store, game):
    ann = phone(store, game, "Ann")
    table.revoke(game, ann.id, store.uow(), by=Access.host(game))
    with pytest.raises(NotAllowed, match="no longer works"):
        table.view(game, store.uow(), by=ann)


def test_screens_sharing_one_table_state_each_see_every_bid_and_a_revoked_phone_sees_nothing(store, game):
    """The screens read one live table state of the game and its live links
    (companion.table_state.Tables), but each link is checked against it;
    every screen sees every bid (P1)."""
    ann, bob = phone(store, game, "Ann"), phone(store, game, "Bob")
    tables = Tables()
    table.submit_bid(game, "Ann", 3, None, store.uow(), by=ann, expected_version=0, tables=tables)
    table.submit_bid(game, "Bob", 1, None, store.uow(), by=bob, expected_version=0, tables=tables)
    host = table.view(game, store.uow(), by=Access.host(game), tables=tables)
    assert set(host.bids) == {"Ann", "Bob", "Cat"}
    assert table.view(game, store.uow(), by=ann, tables=tables).bids == host.bids
    assert table.view(game, store.uow(), by=bob, tables=tables).bids == host.bids
    table.revoke(game, ann.id, store.uow(), by=Access.host(game), tables=tables)  # forgets the state it changed
    with pytest.raises(NotAllowed, match="no longer works"):
        table.view(game, store.uow(), by=ann, tables=tables)
    assert table.view(game, store.uow(), by=bob, tables=tables).bids["Ann"].bid == 3


def test_a_link_for_one_game_opens_no_other(store, game):
    other = services.start_game(services.new_game("xylotar", ["Dee", "Eve", "Fay"], dealer="Fay"), store.uow())
    with pytest.raises(NotAllowed, match="This link is for another game"):
        table.view(other, store.uow(), by=phone(store, game, "Ann"))


def test_the_kept_table_state_is_the_game_as_it_was_until_a_write_through_it_or_a_forget():
    store = TableFakeStore()
    game = services.start_game(services.new_game("xylotar", ["Ann", "Bob", "Cat"], dealer="Cat"), store.uow())
    ann, tables = phone(store, game, "Ann"), Tables()
    assert not table.view(game, store.uow(), by=ann, tables=tables).hand.bids["Ann"].entered
    table.submit_bid(game, "Ann", 2, None, store.uow(), by=ann, expected_version=0)  # not through `tables`
    assert not table.view(game, store.uow(), by=ann, tables=tables).hand.bids["Ann"].entered
    tables.forget(game)  # what views/web/writes.changed does after a write that did not keep it
    assert table.view(game, store.uow(), by=ann, tables=tables).bids["Ann"].bid == 2
    table.submit_bid(game, "Ann", 1, None, store.uow(), by=ann, expected_version=1, tables=tables)
    assert table.view(game, store.uow(), by=ann, tables=tables).bids["Ann"].bid == 1


def test_two_settings_switched_from_one_drawn_screen_both_take(store, game):
    # The host's screen was drawn with players_score_hands off; two switches are
    # tapped before it redraws: each write changes its own setting only.
    host = Access.host(game)
    table.change_settings(game, {"players_score_hands": True}, store.uow(), by=host)
    now = table.change_settings(game, {"track_tricks": False}, store.uow(), by=host)
    assert now == TableSettings(track_tricks=False, players_track_tricks=True, players_score_hands=True)
    assert table.view(game, store.uow(), by=host).settings == now
