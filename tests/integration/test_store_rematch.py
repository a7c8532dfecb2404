"""A rematch on SQLite (issue 13): one transaction starts the next game at the
same table; the finished game's links open it from then on, at the same
seats; the finished game's record does not change; and a reopened store
still knows which game was the rematch."""
from __future__ import annotations

import pytest

from companion import GameError, rematch, services
from companion import table_services as table
from companion.access import Access, TableSettings
from models.store import open_store

from .conftest import hand, start, table_counts

NAMES = ("Ann", "Bob", "Cat", "Dev")


def finished(store) -> int:
    """A 4-player Xylotar game dealt by Bob, played to its end: Ann wins."""
    game_id = start(store, players=NAMES, dealer="Bob", expansions=["bonus_beats"])
    for _ in range(3):
        services.record_round(game_id, hand((0, 14), (0, 0), (0, 0), (0, 0)), store.uow())
    return game_id


def test_a_rematch_starts_the_same_table_and_the_phones_follow(db_path):
    with open_store(db_path) as store:
        old = finished(store)
        host = Access.host(old)
        table.change_settings(old, TableSettings(players_score_hands=True), store.uow(), by=host)
        join = table.issue_link(old, "player", store.uow(), by=host)
        cat = table.join_seat("Cat", store.uow(), by=table.resolve(join, store.uow()))
        display = table.issue_link(old, "display", store.uow(), by=host)
        before = services.export_record(old, store.reader())

        new = rematch.start_rematch(old, store.uow(), by=host)

        game = services.load(new, store.reader()).game
        assert (game.players, game.dealer, game.expansions) == (NAMES, "Cat", ("bonus_beats",))
        assert services.export_record(old, store.reader()) == before  # the finished game, as it ended
        seen = table.view(new, store.reader(), by=table.resolve(cat, store.reader()))
        assert (seen.own_seat, seen.hand.number, seen.settings) == ("Cat", 1, TableSettings(players_score_hands=True))
        assert table.resolve(display, store.reader()).game_id == new
        assert table.resolve(join, store.reader()).game_id == new
    with open_store(db_path) as store:  # kept: a restart still offers the rematch, not a second one
        assert rematch.rematch_of(old, store.reader()) == new
        assert rematch.start_rematch(old, store.uow(), by=Access.host(old)) == new
        assert [summary.id for summary in services.list_games(store.reader())] == [new, old]


def test_a_refused_rematch_stores_nothing(store, db_path):
    old = start(store, players=NAMES, dealer="Bob")
    services.record_round(old, hand((0, 14), (0, 0), (0, 0), (0, 0)), store.uow())
    link = table.issue_link(old, "player", store.uow(), by=Access.host(old))
    counts = table_counts(db_path)
    with pytest.raises(GameError, match="not over yet"):
        rematch.start_rematch(old, store.uow(), by=Access.host(old))
    assert table_counts(db_path) == counts
    assert table.resolve(link, store.reader()).game_id == old  # its links stay with it
    assert rematch.rematch_of(old, store.reader()) is None
