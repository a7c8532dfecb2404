"""The hand in progress, stored in SQLite (issue 5): each confirmed entry is
one transaction, a restart loses nothing, and scoring needs no arithmetic."""
from __future__ import annotations

import threading

import pytest

from companion import GameError, services
from companion import table_services as table
from companion.access import Access, TableSettings
from companion.live_hand import SeatBid, StaleEntry, Trick
from models.store import open_store
from tests.integration.conftest import rows_of, start

TRACKED = TableSettings(track_tricks=True)


@pytest.fixture
def game(store) -> int:
    game_id = start(store, players=("Ann", "Bob", "Cat"), dealer="Cat", expansions=["bonus_beats", "off_key"])
    table.change_settings(game_id, TRACKED, store.uow(), by=Access.host(game_id))
    return game_id


def host(game_id: int) -> Access:
    return Access.host(game_id)


def bid(store, game_id, seat, value, card=None, *, version=0):
    return table.submit_bid(game_id, seat, value, card, store.uow(), by=host(game_id), expected_version=version)


def tricks(store, game_id, *winners, off_key=None):
    """Tap each trick's winner in order; `off_key` maps trick number to Off-Key cards."""
    for number, winner in enumerate(winners, start=1):
        live = table.view(game_id, store.uow(), by=host(game_id)).hand
        table.record_trick(game_id, winner, store.uow(), by=host(game_id), expected_version=live.tricks_version,
                           off_key=(off_key or {}).get(number, 0))


def in_progress(store, game_id):
    return table.view(game_id, store.uow(), by=host(game_id)).hand


def live_rows(store) -> list[tuple]:
    return rows_of(store, "SELECT game_id, number, CAST(entries AS TEXT), updated_at FROM live_hand ORDER BY id")


# A host restart or a crash loses nothing confirmed.
def test_bids_and_tricks_survive_a_restart(db_path):
    with open_store(db_path) as store:
        game_id = start(store, players=("Ann", "Bob", "Cat"), dealer="Cat")
        table.change_settings(game_id, TRACKED, store.uow(), by=host(game_id))
        bid(store, game_id, "Ann", 3)
        tricks(store, game_id, "Bob", "Ann")
    with open_store(db_path) as store:
        live = in_progress(store, game_id)
        assert live.bids["Ann"] == SeatBid(3, None, 1)
        assert live.tricks == [Trick("Bob"), Trick("Ann")] and live.next_to_lead() == "Ann"


# Two phones change the same seat: the later one is told and shown the current value; nothing is lost.
def test_a_stale_seat_write_is_refused_with_the_current_value_and_stores_nothing(store, game):
    bid(store, game, "Ann", 3)
    before = live_rows(store)
    with pytest.raises(StaleEntry, match="it is now bid 3") as raised:
        bid(store, game, "Ann", 5, version=0)
    assert raised.value.current == SeatBid(3, None, 1)
    assert live_rows(store) == before


def test_of_two_phones_writing_one_seat_at_once_exactly_one_wins(store, game):
    outcomes: list[str] = []
    start_together = threading.Barrier(2)

    def phone(value: int) -> None:
        start_together.wait()
        try:
            bid(store, game, "Bob", value)
            outcomes.append(f"stored {value}")
        except StaleEntry as stale:
            outcomes.append(f"told {stale.current.bid}")

    threads = [threading.Thread(target=phone, args=(value,)) for value in (1, 2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    stored = in_progress(store, game).bids["Bob"]
    assert stored.version == 1
    assert sorted(outcomes) == sorted([f"stored {stored.bid}", f"told {stored.bid}"])


def test_a_refused_bid_stores_nothing(store, game):
    with pytest.raises(GameError, match=r"bid 10 is outside 0-8"):
        bid(store, game, "Ann", 10)
    assert live_rows(store) == []


# Tracked tricks make the same round as typing the numbers, and scoring reveals the bids.
def test_scoring_tracked_tricks_records_the_round_a_scorekeeper_would_type(store, game):
    bid(store, game, "Ann", 3, "over_by_one")
    bid(store, game, "Bob", 2)
    bid(store, game, "Cat", None, "no_bid_match")
    tricks(store, game, *["Ann"] * 4, *["Bob"] * 2, *["Cat"] * 6, off_key={1: 1, 7: 2})
    display = table.resolve(table.issue_link(game, "display", store.uow(), by=host(game)), store.uow())
    seen = table.view(game, store.uow(), by=display)
    assert (seen.bids["Ann"].bid, seen.bids["Ann"].bonus_beat) == (3, "over_by_one")  # P1: public at once
    scored = table.score_live_hand(game, store.uow(), by=host(game), expected_version=in_progress(store, game).version)

    typed_game = start(store, players=("Ann", "Bob", "Cat"), dealer="Cat", expansions=["bonus_beats", "off_key"])
    typed = services.record_round(typed_game, {"results": {
        "Ann": {"bid": 3, "tricks": 4, "bonus_beat": "over_by_one", "off_key_won": 1},
        "Bob": {"bid": 2, "tricks": 2},
        "Cat": {"bid": None, "tricks": 6, "bonus_beat": "no_bid_match", "off_key_won": 2}}}, store.uow())
    assert scored.hands == typed.hands and scored.totals() == typed.totals()
    seen = table.view(game, store.uow(), by=display)
    assert seen.game.hands[0].results["Ann"].bid == 3  # revealed with the scored hand
    assert seen.hand.number == 2 and not any(seen.hand.who_has_bid().values())
    with store.uow() as uow:
        assert uow.history(game)[-1].action == "add"


def test_a_hand_without_tracking_is_scored_with_typed_tricks(store, game):
    for seat, value in (("Ann", 1), ("Bob", 5), ("Cat", 6)):
        bid(store, game, seat, value)
    version = in_progress(store, game).version
    scored = table.score_live_hand(game, store.uow(), by=host(game), expected_version=version,
                                   tricks={"Ann": 1, "Bob": 5, "Cat": 6})
    assert scored.totals() == {"Ann": 6, "Bob": 10, "Cat": 11}


def test_a_confirmation_made_on_a_stale_view_is_refused(store, game):
    for seat, value in (("Ann", 1), ("Bob", 5), ("Cat", 6)):
        bid(store, game, seat, value)
    seen = in_progress(store, game).version
    bid(store, game, "Ann", 2, version=1)  # changed on another phone meanwhile
    with pytest.raises(StaleEntry, match="hand 1 changed on another phone since you looked"):
        table.score_live_hand(game, store.uow(), by=host(game), expected_version=seen,
                              tricks={"Ann": 1, "Bob": 5, "Cat": 6})
    assert services.uow_game(game, store.uow()).hands == []


def test_a_hand_that_breaks_a_rule_is_not_recorded(store, game):
    for seat, value in (("Ann", 1), ("Bob", 5), ("Cat", 6)):
        bid(store, game, seat, value)
    with pytest.raises(GameError, match=r"tricks add up to 13, expected 12 \(X3\)"):
        table.score_live_hand(game, store.uow(), by=host(game), expected_version=in_progress(store, game).version,
                              tricks={"Ann": 2, "Bob": 5, "Cat": 6})
    assert services.uow_game(game, store.uow()).hands == []
    assert in_progress(store, game).bids["Ann"].bid == 1  # the bids wait for the right tricks


def test_undoing_a_scored_hand_brings_its_live_entries_back(store, game):
    for seat, value in (("Ann", 1), ("Bob", 5), ("Cat", 6)):
        bid(store, game, seat, value)
    table.score_live_hand(game, store.uow(), by=host(game), expected_version=3, tricks={"Ann": 1, "Bob": 5, "Cat": 6})
    services.undo(game, store.uow())
    assert in_progress(store, game).bids["Bob"] == SeatBid(5, None, 1)


def test_a_player_scores_only_when_the_table_lets_players_score(store, game):
    ann = table.resolve(table.join_seat("Ann", store.uow(), by=table.resolve(
        table.issue_link(game, "player", store.uow(), by=host(game)), store.uow())), store.uow())
    for seat, value in (("Ann", 1), ("Bob", 5), ("Cat", 6)):
        bid(store, game, seat, value)
    typed = {"Ann": 1, "Bob": 5, "Cat": 6}
    with pytest.raises(PermissionError, match="The host takes care of scoring the hand"):
        table.score_live_hand(game, store.uow(), by=ann, expected_version=3, tricks=typed)
    table.change_settings(game, TableSettings(players_score_hands=True), store.uow(), by=host(game))
    table.score_live_hand(game, store.uow(), by=ann, expected_version=3, tricks=typed)
    with store.uow() as uow:
        assert uow.history(game)[-1].author == "Ann"


def test_undo_trick_through_the_store(store, game):
    tricks(store, game, "Bob", "Cat")
    table.undo_trick(game, store.uow(), by=host(game), expected_version=2)
    assert in_progress(store, game).tricks == [Trick("Bob")]


# X9: at 2 players the side players' bids and tricks go through the same path.
def test_a_two_player_hand_with_side_players_is_tracked_and_scored(store):
    game = start(store, players=("Ann", "Bob"), dealer="Ann")
    table.change_settings(game, TRACKED, store.uow(), by=host(game))
    for seat, value in (("Ann", 4), ("Bob", 3), ("left side player", 6), ("right side player", 2)):
        bid(store, game, seat, value)
    tricks(store, game, *["Ann"] * 4, *["Bob"] * 2, *["left side player"] * 5, *["right side player"] * 3)
    scored = table.score_live_hand(game, store.uow(), by=host(game), expected_version=in_progress(store, game).version)
    assert scored.totals() == {"Ann": 9, "Bob": 2}
    assert scored.hands[0].side_players["left"].tricks == 5


def test_a_rename_during_the_hand_keeps_its_entries(store, game):
    bid(store, game, "Ann", 3)
    tricks(store, game, "Ann")
    with store.uow() as uow:
        uow.rename_player("Ann", "Anne")
        uow.commit()
    live = in_progress(store, game)
    assert live.bids["Anne"] == SeatBid(3, None, 1) and live.tricks == [Trick("Anne")]


def test_xybrid_has_no_hand_in_progress(store):
    game = start(store, game="xybrid", players=("Ann", "Bob"))
    assert table.view(game, store.uow(), by=host(game)).hand is None
    with pytest.raises(GameError, match="XYbrid rounds have no bids"):
        bid(store, game, "Ann", 1)
