"""What the table sees (issue 12): bids public the moment they are made
(P1), the Bonus Beats a player was dealt secret until flipped (P2), tricks
typed at the table one shared entry per seat (P3), all kept in SQLite."""
from __future__ import annotations

import pytest

from companion import GameError, services
from companion import table_services as table
from companion.access import Access, NotAllowed
from companion.live_hand import StaleEntry
from models.store import open_store
from tests.integration.conftest import start
from views.shown import hand_entry


@pytest.fixture
def game(store) -> int:
    return start(store, players=("Ann", "Bob", "Cat"), dealer="Cat", expansions=["bonus_beats", "off_key"])


def phone(store, game_id: int, seat: str) -> Access:
    join = table.resolve(table.issue_link(game_id, "player", store.uow(), by=Access.host(game_id)), store.uow())
    return table.resolve(table.join_seat(seat, store.uow(), by=join), store.uow())


def display(store, game_id: int) -> Access:
    return table.resolve(table.issue_link(game_id, "display", store.uow(), by=Access.host(game_id)), store.uow())


def offered(seen, seat: str) -> set[str]:
    """The cards a screen built from `seen` offers `seat` to flip."""
    return {card.id for card in hand_entry.usable_bonus_beats(seen.game, seat, {})}


def test_p2_dealt_cards_entered_on_a_phone_are_shown_on_that_phone_only(store, game):
    ann, bob = phone(store, game, "Ann"), phone(store, game, "Bob")
    table.enter_dealt(game, ["over_by_one", "view_two"], store.uow(), by=ann)
    mine = table.view(game, store.uow(), by=ann)
    assert mine.dealt_entered and mine.game.bonus_beats_dealt == {"Ann": ("over_by_one", "view_two")}
    assert offered(mine, "Ann") == {"over_by_one", "view_two"}  # B1: only the two dealt
    for other in (table.view(game, store.uow(), by=bob), table.view(game, store.uow(), by=display(store, game)),
                  table.view(game, store.uow(), by=Access.host(game))):
        assert other.game.bonus_beats_dealt == {} and other.hand.game.bonus_beats_dealt == {}
        assert {"over_by_one", "view_two"} <= offered(other, "Ann")  # nothing narrows down Ann's cards
        assert other.game.bonus_beats_left("Ann") == 2  # only how many
    # The host's own screens (scoreboard, round form) read the game through the same rule.
    with store.reader() as uow:
        stored = uow.games.get(game)
    assert stored.secret_dealt == ("Ann",) and table.seen_game(stored).bonus_beats_dealt == {}
    assert services.export_record(game, store.uow())["bonus_beats_dealt"] == {"Ann": ["over_by_one", "view_two"]}


def test_p2_a_flipped_card_is_public_and_the_count_left_drops(store, game):
    ann = phone(store, game, "Ann")
    table.enter_dealt(game, ["over_by_one", "view_two"], store.uow(), by=ann)
    table.submit_bid(game, "Ann", 3, "over_by_one", store.uow(), by=ann, expected_version=0)
    seen = table.view(game, store.uow(), by=phone(store, game, "Bob"))
    assert seen.bids["Ann"].bonus_beat == "over_by_one"  # P1: flipped with the bid, face up
    for seat, value in (("Bob", 2), ("Cat", 6)):
        table.submit_bid(game, seat, value, None, store.uow(), by=Access.host(game), expected_version=0)
    host = table.view(game, store.uow(), by=Access.host(game))
    table.score_live_hand(game, store.uow(), by=Access.host(game), expected_version=host.hand.version,
                          tricks={"Ann": 4, "Bob": 2, "Cat": 6})
    after = table.view(game, store.uow(), by=Access.host(game))
    assert after.game.bonus_beats_left("Ann") == 1 and after.game.bonus_beats_dealt == {}
    assert offered(table.view(game, store.uow(), by=ann), "Ann") == {"view_two"}


def test_b1_a_flip_of_a_card_not_dealt_is_refused_on_the_players_phone(store, game):
    ann = phone(store, game, "Ann")
    table.enter_dealt(game, ["over_by_one", "view_two"], store.uow(), by=ann)
    with pytest.raises(GameError, match="the b card is not one of your Bonus Beats"):
        table.submit_bid(game, "Ann", 3, "under_by_one", store.uow(), by=ann, expected_version=0)


def test_p2_only_the_players_own_phone_enters_their_cards(store, game):
    with pytest.raises(NotAllowed, match="on their own phone"):
        table.enter_dealt(game, ["over_by_one", "view_two"], store.uow(), by=Access.host(game))
    with pytest.raises(NotAllowed):
        table.enter_dealt(game, ["over_by_one", "view_two"], store.uow(), by=display(store, game))


def test_b1_p2_a_card_another_player_entered_is_taken_on_the_phone_and_left_to_the_host(store, game):
    # Issue 23: refusing it told Bob's phone that another player holds one of the cards he tried.
    table.enter_dealt(game, ["over_by_one", "view_two"], store.uow(), by=phone(store, game, "Ann"))
    bob = phone(store, game, "Bob")
    table.enter_dealt(game, ["view_two", "lead_next"], store.uow(), by=bob)
    seen = table.view(game, store.uow(), by=bob)
    assert seen.dealt_entered and seen.game.bonus_beats_dealt == {"Bob": ("view_two", "lead_next")}
    assert table.view(game, store.uow(), by=Access.host(game)).clashing == ("Ann", "Bob")
    with store.reader() as uow:  # neither entry counts until the host sorts it out
        assert uow.games.get(game).game.bonus_beats_dealt == {}


def test_b1_two_different_cards_and_a_card_flipped_stays_with_its_player(store, game):
    ann = phone(store, game, "Ann")
    for wrong in (["view_two"], ["view_two", "view_two"], ["view_two", "nonsense"]):
        with pytest.raises(GameError):
            table.enter_dealt(game, wrong, store.uow(), by=ann)
    with pytest.raises(GameError, match="first enter the 2 you were dealt"):  # a phone flips its own cards only
        table.submit_bid(game, "Ann", 3, "over_by_one", store.uow(), by=ann, expected_version=0)
    table.enter_dealt(game, ["over_by_one", "view_two"], store.uow(), by=ann)
    table.submit_bid(game, "Ann", 3, "over_by_one", store.uow(), by=ann, expected_version=0)
    with pytest.raises(GameError, match="you flipped # already"):  # with this hand's bid, face up
        table.enter_dealt(game, ["view_two", "lead_next"], store.uow(), by=ann)
    for seat, value in (("Bob", 2), ("Cat", 6)):
        table.submit_bid(game, seat, value, None, store.uow(), by=Access.host(game), expected_version=0)
    version = table.view(game, store.uow(), by=ann).hand.version
    table.score_live_hand(game, store.uow(), by=Access.host(game), expected_version=version,
                          tricks={"Ann": 4, "Bob": 2, "Cat": 6})
    with pytest.raises(GameError, match="you flipped # already"):
        table.enter_dealt(game, ["view_two", "lead_next"], store.uow(), by=ann)
    with pytest.raises(GameError, match="# was flipped by Ann"):
        table.enter_dealt(game, ["over_by_one", "lead_next"], store.uow(), by=phone(store, game, "Bob"))
    table.enter_dealt(game, ["over_by_one", "lead_next"], store.uow(), by=ann)


def test_p2_a_finished_game_shows_every_dealt_card(store):
    game = start(store, players=("Ann", "Bob", "Cat"), dealer="Cat", expansions=["bonus_beats"])
    table.enter_dealt(game, ["over_by_one", "view_two"], store.uow(), by=phone(store, game, "Ann"))
    for _ in range(3):
        for seat, value in (("Ann", 5), ("Bob", 4), ("Cat", 3)):
            table.submit_bid(game, seat, value, None, store.uow(), by=Access.host(game), expected_version=0)
        version = table.view(game, store.uow(), by=Access.host(game)).hand.version
        table.score_live_hand(game, store.uow(), by=Access.host(game), expected_version=version,
                              tricks={"Ann": 5, "Bob": 4, "Cat": 3})
    seen = table.view(game, store.uow(), by=Access.host(game))
    assert seen.game.outcome().is_over and seen.game.bonus_beats_dealt == {"Ann": ("over_by_one", "view_two")}


def test_p3_typed_tricks_are_one_shared_entry_with_stale_protection(store, game):
    ann, bob = phone(store, game, "Ann"), phone(store, game, "Bob")
    for seat, value in (("Ann", 1), ("Bob", 5), ("Cat", 6)):
        table.submit_bid(game, seat, value, None, store.uow(), by=Access.host(game), expected_version=0)
    table.enter_count(game, "Ann", 1, store.uow(), by=ann, expected_version=0)
    seen_by_bob = table.view(game, store.uow(), by=bob)
    assert seen_by_bob.hand.counts["Ann"].tricks == 1  # Bob's phone shows what Ann's typed
    with pytest.raises(NotAllowed):  # another seat's count needs the host's leave
        table.enter_count(game, "Ann", 2, store.uow(), by=bob, expected_version=1)
    table.enter_count(game, "Ann", 2, store.uow(), by=Access.host(game), expected_version=1)
    with pytest.raises(StaleEntry, match="now 2"):  # typed on a view from before the host's change
        table.enter_count(game, "Ann", 1, store.uow(), by=ann, expected_version=1)
    table.enter_count(game, "Bob", 5, store.uow(), by=bob, expected_version=0)
    hand = table.view(game, store.uow(), by=bob).hand
    assert not hand.counts_add_up and hand.tricks_typed == 7  # X3: 12 tricks at 3 players
    with pytest.raises(GameError):
        table.score_live_hand(game, store.uow(), by=Access.host(game), expected_version=hand.version)
    table.enter_count(game, "Ann", 1, store.uow(), by=ann, expected_version=2)
    table.enter_count(game, "Cat", 6, store.uow(), by=Access.host(game), expected_version=0)
    hand = table.view(game, store.uow(), by=ann).hand
    assert hand.counts_add_up
    scored = table.score_live_hand(game, store.uow(), by=Access.host(game), expected_version=hand.version)
    assert scored.totals() == {"Ann": 6, "Bob": 10, "Cat": 11}


def test_x3_o3_a_typed_count_out_of_range_is_refused_and_nothing_changes(store, game):
    ann = phone(store, game, "Ann")
    for tricks, off_key in ((13, 0), (-1, 0), (0, 2), (2, 9)):
        with pytest.raises(GameError):
            table.enter_count(game, "Ann", tricks, store.uow(), by=ann, expected_version=0, off_key_won=off_key)
    assert table.view(game, store.uow(), by=ann).hand.counts["Ann"].version == 0


def test_typed_counts_and_dealt_cards_survive_a_restart(tmp_path):
    path = tmp_path / "t.db"
    store = open_store(path)
    game = start(store, players=("Ann", "Bob", "Cat"), dealer="Cat", expansions=["bonus_beats"])
    ann = phone(store, game, "Ann")
    table.enter_dealt(game, ["over_by_one", "view_two"], store.uow(), by=ann)
    table.enter_count(game, "Ann", 3, store.uow(), by=ann, expected_version=0)
    store.close()
    store = open_store(path)
    seen = table.view(game, store.uow(), by=ann)
    assert seen.hand.counts["Ann"].tricks == 3 and seen.game.bonus_beats_dealt["Ann"] == ("over_by_one", "view_two")
    store.close()
