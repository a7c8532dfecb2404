"""The UI's writes go through companion.services and tell every session."""
import pytest

from companion.errors import AlreadyEntered, GameError
from tests.table_fakes import TableFakeStore as FakeStore  # the table's repositories too: screens read its state
from views.web import actions
from views.web.live import Hub
from views.state import Shared


class CountingHub(Hub):
    def __init__(self) -> None:
        super().__init__()
        self.changes = 0

    def changed(self, *games: int, by=None, kept: bool = False) -> None:
        self.changes += 1
        super().changed(*games, by=by, kept=kept)


def hand(ann: tuple, bob: tuple, cat: tuple) -> dict:
    return {"results": {name: {"bid": bid, "tricks": tricks}
                        for name, (bid, tricks) in zip(("Ann", "Bob", "Cat"), (ann, bob, cat))}}


def test_a_game_played_corrected_undone_and_deleted_through_the_ui_actions():
    shared = Shared(store=FakeStore(), hub=CountingHub())
    game_id = actions.start_game(shared, "xylotar", ["Ann", "Bob", "Cat"], dealer="Cat")
    assert actions.roster(shared) == ["Ann", "Bob", "Cat"]
    actions.record_round(shared, game_id, hand((3, 4), (2, 2), (5, 6)))
    assert actions.load(shared, game_id).game.totals() == {"Ann": 4, "Bob": 7, "Cat": 6}
    actions.record_round(shared, game_id, hand((4, 4), (2, 2), (5, 6)), number=1)
    assert actions.load(shared, game_id).game.totals()["Ann"] == 9
    actions.undo(shared, game_id)
    assert actions.load(shared, game_id).game.totals()["Ann"] == 4
    assert [s.id for s in actions.in_play(shared)] == [game_id]
    actions.delete_game(shared, game_id)
    assert actions.game_list(shared) == []
    assert shared.hub.changes == 5  # start (its new names with it, one transaction), enter, correct, undo, delete


def test_a_hand_that_breaks_a_rule_is_not_stored_and_nobody_is_told():
    shared = Shared(store=FakeStore(), hub=CountingHub())
    game_id = actions.start_game(shared, "xylotar", ["Ann", "Bob", "Cat"], dealer="Cat")
    before = shared.hub.changes
    with pytest.raises(GameError, match=r"tricks add up to 11, expected 12 \(X3\)"):
        actions.record_round(shared, game_id, hand((3, 4), (2, 2), (5, 5)))
    assert shared.hub.changes == before
    assert actions.load(shared, game_id).game.hands == []


def test_two_screens_entering_the_same_hand_store_it_once_and_the_second_is_told():
    """A second host device (or a double tap) confirming "hand 1" after it was
    stored must not become hand 2 with the same bids and tricks."""
    shared = Shared(store=FakeStore(), hub=CountingHub())
    game_id = actions.start_game(shared, "xylotar", ["Ann", "Bob", "Cat"], dealer="Cat")
    actions.record_round(shared, game_id, hand((3, 4), (2, 2), (5, 6)), expected=1)
    with pytest.raises(AlreadyEntered, match="hand 1 was already entered on another screen; this entry was not stored"):
        actions.record_round(shared, game_id, hand((3, 3), (2, 3), (5, 6)), expected=1)
    assert len(actions.load(shared, game_id).game.hands) == 1
    actions.record_round(shared, game_id, hand((3, 3), (2, 3), (5, 6)), expected=2)
    assert len(actions.load(shared, game_id).game.hands) == 2


class CountingReads:
    """A store whose readers count the games they read."""

    def __init__(self, store):
        self.store, self.gets = store, 0

    def __getattr__(self, name):
        return getattr(self.store, name)

    def reader(self):
        outer, uow = self, self.store.reader()
        games = uow.games

        class Games:
            def __getattr__(self, name):
                return getattr(games, name)

            def get(self, game_id, **options):
                outer.gets += 1
                return games.get(game_id, **options)

        uow.games = Games()
        return uow


def test_the_screens_that_render_after_a_change_share_one_read_of_the_game():
    store = CountingReads(FakeStore())
    shared = Shared(store=store, hub=CountingHub())
    game_id = actions.start_game(shared, "xylotar", ["Ann", "Bob", "Cat"], dealer="Cat")
    actions.record_round(shared, game_id, hand((3, 4), (2, 2), (5, 6)))
    store.gets = 0
    seen = [actions.load(shared, game_id).game.totals() for _ in range(8)]  # 8 screens of the game re-render
    assert store.gets == 1 and seen == [{"Ann": 4, "Bob": 7, "Cat": 6}] * 8
    actions.record_round(shared, game_id, hand((4, 4), (2, 2), (5, 6)), number=1)  # the next change
    assert actions.load(shared, game_id).game.totals()["Ann"] == 9 and store.gets == 2  # read anew, once


def test_entered_on_another_screen_is_one_thing_to_catch_at_a_form_and_at_the_shared_table():
    """The round forms' "already entered" and the shared table's out-of-date
    write are the same thing for a screen: one `except` catches both, and each
    keeps what it carries (the round's number; the value stored now); a write
    still treats both as a refusal by the rules (nothing retried)."""
    from companion.errors import EnteredElsewhere
    from companion.live_hand import LiveHand
    from tests.builders import four_players
    from views.web.writes import REFUSALS
    shared = Shared(store=FakeStore(), hub=CountingHub())
    game_id = actions.start_game(shared, "xylotar", ["Ann", "Bob", "Cat"], dealer="Cat")
    actions.record_round(shared, game_id, hand((3, 4), (2, 2), (5, 6)), expected=1)
    caught = []
    try:
        actions.record_round(shared, game_id, hand((3, 3), (2, 3), (5, 6)), expected=1)
    except EnteredElsewhere as error:
        caught.append(error)
    live = LiveHand(four_players())
    live.enter_bid("Ann", 2, None, expected_version=0)
    try:
        live.enter_bid("Ann", 3, None, expected_version=0)
    except EnteredElsewhere as error:
        caught.append(error)
    form, table = caught
    assert form.number == 1 and table.current.bid == 2
    assert all(isinstance(error, REFUSALS) for error in caught)
