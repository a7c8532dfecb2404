"""A rematch from a finished game (issue 13), on the in-memory store: the
same table, the deal passed clockwise (X6), the same expansions and table
settings, and the phones' links opening the new game at the same seats."""
import json
from pathlib import Path

import pytest

from companion import GameError, record, services
from companion import rematch
from companion import table_services as table
from companion.access import Access, NotAllowed, Role, TableSettings
from tests.table_fakes import TableFakeStore
from views.shown import hand_entry, rematch_words

NAMES = ("Ann", "Bob", "Cat", "Dev", "Eve")
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


@pytest.fixture
def store():
    return TableFakeStore()


def start(store, players, dealer=None, game="xylotar", **setup) -> int:
    return services.start_game(services.new_game(game, list(players), dealer=dealer, **setup), store.uow())


def finish(store, game_id: int) -> None:
    """Play hands until the game is over: the first seat takes every trick and bids 0, the rest bid 0 and take none."""
    game = services.load(game_id, store.uow()).game
    while not game.outcome().is_over:
        tricks = {name: game.deal.tricks_per_hand if seat == 0 else 0 for seat, name in enumerate(game.players)}
        game = services.record_round(game_id, {"results": {name: {"bid": 0, "tricks": t}
                                                           for name, t in tricks.items()}}, store.uow())


def host(game_id: int) -> Access:
    return Access.host(game_id)


def phone(store, game_id: int, seat: str) -> tuple[str, Access]:
    join = table.resolve(table.issue_link(game_id, "player", store.uow(), by=host(game_id)), store.uow())
    token = table.join_seat(seat, store.uow(), by=join)
    return token, table.resolve(token, store.uow())


@pytest.mark.parametrize("players, dealer, deals_next", [
    (3, "Bob", "Cat"),
    (3, "Cat", "Ann"),  # the last seat's left is the first seat: the deal wraps round
    (4, "Ann", "Bob"),
    (4, "Dev", "Ann"),
    (5, "Cat", "Dev"),
    (5, "Eve", "Ann"),
    (2, "Bob", "Ann"),  # X9: two players take turns to deal
])
def test_x6_the_rematch_is_dealt_by_the_player_to_the_old_dealers_left(store, players, dealer, deals_next):
    names = NAMES[:players]
    old = start(store, names, dealer)
    if players > 2:  # (two players' hands need the side players' bids; the deal passes the same way)
        finish(store, old)
        new = rematch.start_rematch(old, store.uow(), by=host(old))
        game = services.load(new, store.uow()).game
        assert (game.players, game.dealer) == (names, deals_next)
        assert game.rounds == []
    assert rematch.next_dealer(services.load(old, store.uow()).game) == deals_next


def test_the_rematch_keeps_the_expansions_and_the_table_settings(store):
    old = start(store, NAMES[:4], "Dev", expansions=["bonus_beats", "off_key"],
                bonus_beats_dealt={"Ann": ["over_by_one", "view_two"]})
    settings = TableSettings(track_tricks=True, players_track_tricks=True, players_score_hands=True)
    table.change_settings(old, settings, store.uow(), by=host(old))
    finish(store, old)
    new = rematch.start_rematch(old, store.uow(), by=host(old))
    game = services.load(new, store.uow()).game
    assert game.expansions == ("bonus_beats", "off_key")
    assert game.bonus_beats_dealt == {}  # a new deal: nobody holds the old game's cards
    assert table.view(new, store.uow(), by=host(new)).settings == settings
    assert services.load(old, store.uow()).game.outcome().is_over  # the old game stays as it ended


def test_xybrid_draws_who_starts_the_rematch_among_the_same_players(store):
    with open(FIXTURES / "xybrid-3p-shared-win.json", encoding="utf-8") as file:
        played = record.from_dict(json.load(file))
    [(old, _)] = services.import_games([(played, record.to_dict(played)["rounds"], None)], store.uow())
    new = rematch.start_rematch(old, store.uow(), by=host(old))
    game = services.load(new, store.uow()).game
    assert (game.game, game.players, game.rounds) == ("xybrid", played.players, [])
    assert rematch.next_dealer(game) is None  # Y5: no dealer; who starts round 1 is drawn, as in any new game
    draw = game.drawn_starter()
    assert draw.candidates == tuple(played.players) and draw.chosen in played.players


def test_a_game_still_in_play_has_no_rematch_and_nothing_is_stored(store):
    old = start(store, NAMES[:3], "Cat")
    services.record_round(old, {"results": {"Ann": {"bid": 0, "tricks": 12}, "Bob": {"bid": 0, "tricks": 0},
                                            "Cat": {"bid": 0, "tricks": 0}}}, store.uow())
    with pytest.raises(GameError, match="not over yet") as refused:
        rematch.start_rematch(old, store.uow(), by=host(old))
    assert [hand_entry.say(p) for p in refused.value.problems] == [
        "This game is not over yet: finish it, then start the rematch."]  # in players' words, no rule
    assert [summary.id for summary in services.list_games(store.uow())] == [old]
    assert rematch.rematch_of(old, store.uow()) is None


def test_x8_a_game_waiting_for_its_tiebreak_hand_has_no_rematch_yet(store):
    old = start(store, ("Ann", "Bob", "Cat"), "Cat")
    # Bob and Cat tie on 20 after hand 3 and neither matched their bid in it: a tiebreak hand is played.
    for ann, bob, cat in (((2, 2), (4, 5), (3, 5)), ((0, 3), (5, 5), (4, 4)), ((0, 1), (0, 5), (0, 6))):
        services.record_round(old, {"results": {"Ann": dict(zip(("bid", "tricks"), ann)),
                                                "Bob": dict(zip(("bid", "tricks"), bob)),
                                                "Cat": dict(zip(("bid", "tricks"), cat))}}, store.uow())
    assert services.load(old, store.uow()).game.outcome().next_is_tiebreak
    with pytest.raises(GameError, match="tiebreak hand first"):
        rematch.start_rematch(old, store.uow(), by=host(old))
    assert len(services.list_games(store.uow())) == 1


def test_only_the_host_starts_a_rematch(store):
    old = start(store, NAMES[:3], "Cat")
    _, ann = phone(store, old, "Ann")
    display = table.resolve(table.issue_link(old, "display", store.uow(), by=host(old)), store.uow())
    finish(store, old)
    with pytest.raises(NotAllowed, match="Only the host"):
        rematch.start_rematch(old, store.uow(), by=ann)
    with pytest.raises(NotAllowed, match="only shows the game"):
        rematch.start_rematch(old, store.uow(), by=display)
    assert len(services.list_games(store.uow())) == 1


def test_the_phones_and_the_display_follow_into_the_rematch_at_their_seats(store):
    old = start(store, NAMES[:3], "Cat")
    (ann_token, _), (cat_token, _) = phone(store, old, "Ann"), phone(store, old, "Cat")
    display_token = table.issue_link(old, "display", store.uow(), by=host(old))
    finish(store, old)
    new = rematch.start_rematch(old, store.uow(), by=host(old))
    for token, seat in ((ann_token, "Ann"), (cat_token, "Cat")):
        access = table.resolve(token, store.uow())  # the same link, no new code
        assert (access.game_id, access.role) == (new, Role.PLAYER)
        seen = table.view(new, store.uow(), by=access)
        assert seen.own_seat == seat and seen.hand.number == 1
    assert table.resolve(display_token, store.uow()).game_id == new
    assert table.links(old, store.uow(), by=host(old)) == []  # the old game keeps no live link
    # A join link of the old game seats a late phone in the rematch: Bob's seat is still free there.
    assert table.view(new, store.uow(), by=host(new)).free_seats == ("Bob",)


def test_a_second_tap_opens_the_rematch_already_started(store):
    old = start(store, NAMES[:3], "Cat")
    finish(store, old)
    first = rematch.start_rematch(old, store.uow(), by=host(old))
    assert rematch.start_rematch(old, store.uow(), by=host(old)) == first
    assert rematch.rematch_of(old, store.uow()) == first
    assert len(services.list_games(store.uow())) == 2
    services.delete_game(first, store.uow())  # deleted from History: the finished game may have another
    assert rematch.rematch_of(old, store.uow()) is None
    assert rematch.start_rematch(old, store.uow(), by=host(old)) not in (first, None)


def test_the_button_says_who_deals_the_rematch_and_the_phones_say_it_as_they_follow(store):
    old = start(store, NAMES[:4], "Dev")
    finish(store, old)
    game = services.load(old, store.uow()).game
    assert rematch_words.button(game) == "Rematch: Ann deals"
    new = services.load(rematch.start_rematch(old, store.uow(), by=host(old)), store.uow()).game
    assert rematch_words.new_game(new) == "New game: Ann deals"
    xybrid = rematch.set_up(services.new_game("xybrid", ["Ann", "Bob"]))
    assert rematch_words.button(xybrid) == "Rematch (who starts is drawn)"
    assert rematch_words.new_game(xybrid) == f"New game: {xybrid.drawn_starter().chosen} starts"
