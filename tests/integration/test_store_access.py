"""Links and phones at a shared table, stored in SQLite (issue 5): what a token
opens, and what it never does."""
from __future__ import annotations

import sqlite3
import threading

import pytest

from companion import table_services as table
from companion.access import Access, NotAllowed, Role, TableSettings
from companion.table_services import ENDED, OTHER_GAME
from models.store import open_store
from tests.integration.conftest import start
from tests.integration.test_store_migrations import first_schema_db  # noqa: F401  (a fixture)


@pytest.fixture
def game(store) -> int:
    return start(store, players=("Ann", "Bob", "Cat"))


def link(store, game_id: int, role: str) -> str:
    return table.issue_link(game_id, role, store.uow(), by=Access.host(game_id))


def opened(store, token: str) -> Access | None:
    return table.resolve(token, store.uow())


def sit(store, game_id: int, name: str) -> str:
    """A phone scans the join link and sits at `name`'s seat; its own token."""
    return table.join_seat(name, store.uow(), by=opened(store, link(store, game_id, "player")))


def seated(store, game_id: int, name: str) -> Access:
    return opened(store, sit(store, game_id, name))


def test_join_and_display_links_open_their_game_as_their_role(store, game):
    join, display = link(store, game, "player"), link(store, game, "display")
    assert [(a.game_id, a.role, a.seat) for a in (opened(store, join), opened(store, display))] == \
        [(game, Role.PLAYER, None), (game, Role.DISPLAY, None)]
    assert "." not in join + display and len(join) >= 22  # 22 URL-safe characters carry 128 bits


@pytest.mark.parametrize("wrong", ["", "nonsense", "x" * 32, "../display/1", "A" * 31 + "."])
def test_a_wrong_token_opens_nothing(store, game, wrong):
    link(store, game, "display")
    assert opened(store, wrong) is None


# A display token cannot write; it sees every bid the moment it is made (P1).
def test_the_display_cannot_enter_a_bid_but_sees_each_one(store, game):
    display = opened(store, link(store, game, "display"))
    table.submit_bid(game, "Ann", 3, None, store.uow(), by=Access.host(game), expected_version=0)
    with pytest.raises(NotAllowed, match="The table display only shows the game"):
        table.submit_bid(game, "Bob", 2, None, store.uow(), by=display, expected_version=0)
    seen = table.view(game, store.uow(), by=display)
    assert seen.bids["Ann"].bid == 3 and seen.hand.who_has_bid() == {"Ann": True, "Bob": False, "Cat": False}
    with pytest.raises(NotAllowed):
        table.issue_link(game, "player", store.uow(), by=display)


# A revoked token resolves to nothing, and its open page can neither write nor read.
def test_a_revoked_phone_is_shut_out_and_its_seat_is_free_again(store, game):
    token = sit(store, game, "Ann")
    ann = opened(store, token)
    assert table.revoke(game, ann.id, store.uow(), by=Access.host(game))
    assert opened(store, token) is None
    assert not table.revoke(game, ann.id, store.uow(), by=Access.host(game))  # already ended
    with pytest.raises(NotAllowed, match=ENDED):
        table.submit_bid(game, "Ann", 3, None, store.uow(), by=ann, expected_version=0)
    with pytest.raises(NotAllowed, match=ENDED):
        table.view(game, store.uow(), by=ann)
    assert "Ann" in table.view(game, store.uow(), by=Access.host(game)).free_seats
    assert seated(store, game, "Ann").seat == 1  # another phone may sit there now


def test_a_revoked_link_token_resolves_to_nothing(store, game):
    token = link(store, game, "display")
    table.revoke(game, opened(store, token).id, store.uow(), by=Access.host(game))
    assert opened(store, token) is None


# An old link stops working when the host makes a new one.
def test_a_new_link_replaces_the_old_one_of_its_role(store, game):
    old_join, display = link(store, game, "player"), link(store, game, "display")
    new_join = link(store, game, "player")
    assert opened(store, old_join) is None and opened(store, new_join).role is Role.PLAYER
    assert opened(store, display) is not None  # the display's link is another role: untouched
    live = table.links(game, store.uow(), by=Access.host(game))
    assert sorted(a.role for a in live) == [Role.DISPLAY, Role.PLAYER]


# A token for game A never opens game B.
def test_a_token_for_one_game_never_opens_another(store, game):
    other = start(store, players=("Dev", "Eve", "Fay"))
    ann = seated(store, game, "Ann")
    display = opened(store, link(store, game, "display"))
    for by in (ann, display):
        with pytest.raises(NotAllowed, match=OTHER_GAME):
            table.view(other, store.uow(), by=by)
    with pytest.raises(NotAllowed, match=OTHER_GAME):
        table.submit_bid(other, "Dev", 1, None, store.uow(), by=ann, expected_version=0)
    forged = Access(other, Role.PLAYER, None, opened(store, link(store, game, "player")).id)  # game A's link id
    with pytest.raises(NotAllowed, match=ENDED):
        table.join_seat("Dev", store.uow(), by=forged)
    assert table.view(other, store.uow(), by=Access.host(other)).hand.who_has_bid() == \
        {"Dev": False, "Eve": False, "Fay": False}


def test_a_deleted_games_links_open_nothing(store, game):
    token = link(store, game, "display")
    with store.uow() as uow:
        uow.games.delete(game)
        uow.commit()
    assert opened(store, token) is None


def test_a_seat_holds_one_phone(store, game):
    seated(store, game, "Bob")
    join = opened(store, link(store, game, "player"))
    with pytest.raises(NotAllowed, match="Bob's seat is already taken by another phone"):
        table.join_seat("Bob", store.uow(), by=join)
    with pytest.raises(NotAllowed, match="Zed is not playing in this game"):
        table.join_seat("Zed", store.uow(), by=join)


def test_a_seated_phone_sees_every_bid_as_the_host_does_but_enters_only_its_own(store, game):
    ann = seated(store, game, "Ann")
    table.submit_bid(game, "Ann", 3, None, store.uow(), by=ann, expected_version=0)
    table.submit_bid(game, "Bob", 1, None, store.uow(), by=Access.host(game), expected_version=0)
    assert {seat: b.bid for seat, b in table.view(game, store.uow(), by=ann).bids.items()} == \
        {"Ann": 3, "Bob": 1, "Cat": None}  # P1: bids lie face up
    assert {seat: b.bid for seat, b in table.view(game, store.uow(), by=Access.host(game)).bids.items()} == \
        {"Ann": 3, "Bob": 1, "Cat": None}
    with pytest.raises(NotAllowed, match="You can only enter your own bid"):
        table.submit_bid(game, "Cat", 0, None, store.uow(), by=ann, expected_version=0)


def test_the_table_settings_are_kept_and_let_players_score(store, game):
    settings = TableSettings(track_tricks=True, players_track_tricks=True, players_score_hands=True)
    table.change_settings(game, settings, store.uow(), by=Access.host(game))
    ann = seated(store, game, "Ann")
    with pytest.raises(NotAllowed, match="Only the host can do that"):
        table.change_settings(game, TableSettings(), store.uow(), by=ann)
    with store.uow() as uow:
        assert uow.access.settings(game) == settings
    table.record_trick(game, "Bob", store.uow(), by=ann, expected_version=0)


# Tokens survive a host restart; only their hashes are on disk.
def test_tokens_survive_a_restart_and_only_their_hashes_are_stored(db_path):
    with open_store(db_path) as store:
        game = start(store, players=("Ann", "Bob", "Cat"))
        display = link(store, game, "display")
        ann_token = table.join_seat("Ann", store.uow(), by=opened(store, link(store, game, "player")))
    with open_store(db_path) as store:
        assert opened(store, display).role is Role.DISPLAY
        assert opened(store, ann_token).seat == 1
    with sqlite3.connect(db_path) as raw:
        raw.execute("PRAGMA wal_checkpoint(FULL)")
        kept = [row[0] for row in raw.execute("SELECT token_hash FROM access")]
    data = db_path.read_bytes()
    assert len(kept) == 3 and display.encode() not in data and ann_token.encode() not in data


def test_an_upgraded_first_schema_database_takes_links(first_schema_db):  # noqa: F811
    with open_store(first_schema_db) as store:
        token = link(store, 1, "display")
        assert opened(store, token).game_id == 1


def test_of_two_phones_taking_one_seat_at_once_exactly_one_sits(store, game):
    join = opened(store, link(store, game, "player"))
    together = threading.Barrier(2)
    outcomes: list[str] = []

    def phone() -> None:
        together.wait()
        try:
            table.join_seat("Ann", store.uow(), by=join)
            outcomes.append("sat")
        except NotAllowed as refused:
            outcomes.append(refused.reason)

    threads = [threading.Thread(target=phone) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["Ann's seat is already taken by another phone; the host can free it.", "sat"]
