"""A screen's write (views/web/writes.py): off the event loop, sent again by itself
while the store is busy, said in players' words when the store cannot take
it, and a rules refusal shown as before; nothing stored twice, nothing
stored by a write that failed (issue 9)."""
import asyncio
import threading

import pytest

from companion import services
from companion.access import Access, NotAllowed
from companion.errors import GameError, StoreUnavailable
from companion.live_hand import StaleEntry
from tests.fakes import FakeStore
from tests.faulty_store import BUSY, FULL, FaultyStore
from tests.table_fakes import TableFakeStore
from views.web import actions, table_actions, writes
from views.web.live import Hub
from views.parts.saving import attempt
from views.state import Shared
from tests.loops import run_apart

QUICK = (0.01,)  # seconds between tries in these tests (on the host: 1, 2, 4, then 5)


class CountingHub(Hub):
    def __init__(self) -> None:
        super().__init__()
        self.changes = 0
        self.threads: list[str] = []

    def changed(self, *games: int, by=None, kept: bool = False) -> None:
        self.changes += 1
        self.threads.append(threading.current_thread().name)
        super().changed(*games, by=by, kept=kept)  # and forgets the table states, as the hub does


def run(coro):
    return run_apart(coro, 30)


def hand(ann: tuple, bob: tuple, cat: tuple) -> dict:
    return {"results": {name: {"bid": bid, "tricks": tricks}
                        for name, (bid, tricks) in zip(("Ann", "Bob", "Cat"), (ann, bob, cat))}}


def game_with(faults=(), hold=None):
    """A 3-player Xylotar game on a fake store whose next writes fail with `faults`."""
    inner = TableFakeStore()  # the screens read the table state: its repositories too
    game_id = services.start_game(services.new_game("xylotar", ["Ann", "Bob", "Cat"], dealer="Cat"), inner.uow())
    store = FaultyStore(inner, faults, hold)
    return Shared(store=store, hub=CountingHub()), game_id


def hands(shared, game_id) -> list:
    return actions.load(shared, game_id).game.hands


def test_a_write_made_while_the_store_is_busy_waits_and_is_stored_once_it_passes():
    shared, game_id = game_with([BUSY, BUSY])
    states = []
    entered = hand((3, 4), (2, 2), (5, 6))

    done = run(writes.send(lambda: actions.record_round(shared, game_id, entered, expected=1), states.append,
                           waits=QUICK))

    assert isinstance(done, writes.Stored)
    assert [s.state for s in states] == ["waiting", "waiting", "stored"]  # busy at once: no "Saving…" first
    waiting = states[1]
    assert waiting.busy and waiting.lines == (writes.WAITING_WORDS,)
    assert "your entry is kept" in writes.WAITING_WORDS
    assert states[-1].lines == (writes.STORED_WORDS,) and not states[-1].busy
    assert shared.store.commits == 3  # the same entry, sent again by itself...
    assert len(hands(shared, game_id)) == 1  # ...and stored once
    assert shared.hub.changes == 1


def test_a_quick_write_shows_no_saving_and_a_slow_one_does_until_it_is_stored():
    """A tap stored at once changes nothing on its button (no "Saving…" that
    flashes too quickly to read); one that takes longer says "Saving…" and
    then goes back to the button's words."""
    shared, game_id = game_with()
    states = []
    done = run(writes.send(lambda: actions.record_round(shared, game_id, hand((3, 4), (2, 2), (5, 6)), expected=1),
                           states.append))
    assert isinstance(done, writes.Stored) and states == [writes.Sending()]

    held = threading.Event()
    shared, game_id = game_with(hold=held)
    states = []
    threading.Timer(writes.SAVING_AFTER * 3, held.set).start()
    done = run(writes.send(lambda: actions.record_round(shared, game_id, hand((3, 4), (2, 2), (5, 6)), expected=1),
                           states.append))
    assert isinstance(done, writes.Stored)
    assert [s.state for s in states] == ["saving", "idle"] and states[0].busy
    assert len(hands(shared, game_id)) == 1


def test_a_write_the_store_cannot_take_says_why_stores_nothing_and_waits_for_a_new_tap():
    shared, game_id = game_with([FULL])
    states = []
    entered = hand((3, 4), (2, 2), (5, 6))

    done = run(writes.send(lambda: actions.record_round(shared, game_id, entered, expected=1), states.append,
                           waits=QUICK))

    assert done is None
    assert states[-1] == writes.Sending(writes.FAILED, str(FULL))
    assert not states[-1].busy  # the button works again: try again
    assert states[-1].lines == ("The host's storage is full. Nothing was lost; free some space on the host and "
                                "try again.",)
    assert shared.store.commits == 1  # not sent again by itself
    assert hands(shared, game_id) == []  # nothing stored
    assert shared.hub.changes == 0
    assert entered == hand((3, 4), (2, 2), (5, 6))  # what was typed is untouched, to send again

    again = run(writes.send(lambda: actions.record_round(shared, game_id, entered, expected=1), states.append))
    assert isinstance(again, writes.Stored) and states[-1] == writes.Sending()
    assert len(hands(shared, game_id)) == 1


@pytest.mark.parametrize("kind", [StoreUnavailable.READ_ONLY, StoreUnavailable.DAMAGED])
def test_a_read_only_or_damaged_store_is_said_and_not_tried_again(kind):
    fault = StoreUnavailable(kind, f"the store is {kind}")
    shared, game_id = game_with([fault])
    states = []
    assert run(writes.send(lambda: actions.add_player(shared, "Dan"), states.append, waits=QUICK)) is None
    assert states[-1] == writes.Sending(writes.FAILED, f"the store is {kind}")
    assert shared.store.commits == 1


def test_a_rules_refusal_is_raised_with_its_words_and_the_button_works_again():
    shared, game_id = game_with()
    states = []
    with pytest.raises(GameError, match=r"tricks add up to 11, expected 12 \(X3\)"):
        run(writes.send(lambda: actions.record_round(shared, game_id, hand((3, 4), (2, 2), (5, 5))), states.append))
    assert states[-1] == writes.Sending()
    assert hands(shared, game_id) == [] and shared.hub.changes == 0


def table_with(faults=()):
    inner = TableFakeStore()
    game_id = services.start_game(services.new_game("xylotar", ["Ann", "Bob", "Cat"], dealer="Cat"), inner.uow())
    return Shared(store=FaultyStore(inner, faults), hub=CountingHub()), game_id


def test_a_phones_bid_waits_out_a_busy_store_and_a_lost_race_or_a_refusal_still_says_so():
    shared, game_id = table_with([BUSY])
    host = Access.host(game_id)
    states, problems = [], []
    entry = writes.Entry()
    entry.on_state, entry.waits = states.append, QUICK

    done = run(attempt(entry.send, lambda: table_actions.bid(shared, host, "Ann", 3, None, 0), problems.append))
    assert isinstance(done, writes.Stored) and done.value.bids["Ann"].bid == 3
    assert [s.state for s in states] == ["waiting", "stored"] and problems == [()]
    assert table_actions.host_view(shared, game_id).bids["Ann"].bid == 3

    # The same seat from a screen that still shows version 0: the rules' words, as before.
    refused = run(attempt(entry.send, lambda: table_actions.bid(shared, host, "Ann", 1, None, 0), problems.append))
    assert isinstance(refused, StaleEntry)
    assert problems[-1][0].startswith("Someone else changed this: ")
    assert states[-1] == writes.Sending()

    refused = run(attempt(entry.send, lambda: table_actions.bid(shared, host, "Ann", 99, None, 1), problems.append))
    assert isinstance(refused, GameError)
    ended = Access(game_id, host.role, None, 12345)  # a link that does not exist (any more)
    refused = run(attempt(entry.send, lambda: table_actions.bid(shared, ended, "Ann", 1, None, 1), problems.append))
    assert isinstance(refused, NotAllowed) and problems[-1] == (refused.reason,)
    assert table_actions.host_view(shared, game_id).bids["Ann"].bid == 3


def test_an_entry_waiting_on_a_screen_that_closed_is_not_sent_again():
    shared, game_id = game_with([BUSY] * 50)
    states = []
    open_for = iter([True, True, False])
    done = run(writes.send(lambda: actions.add_player(shared, "Dan"), states.append, waits=QUICK,
                           still_open=lambda: next(open_for)))
    assert done is None and shared.store.commits == 3 and shared.hub.changes == 0
    assert "Dan" not in actions.roster(shared)


def test_a_second_tap_while_the_first_is_on_its_way_sends_nothing():
    hold = threading.Event()
    shared, game_id = game_with(hold=hold)
    entry = writes.Entry()
    entered = hand((3, 4), (2, 2), (5, 6))

    async def double_tap():
        first = asyncio.create_task(entry.send(lambda: actions.record_round(shared, game_id, entered, expected=1)))
        await asyncio.sleep(0.05)
        second = await entry.send(lambda: actions.record_round(shared, game_id, entered, expected=1))
        hold.set()
        return await first, second

    first, second = run(double_tap())
    assert isinstance(first, writes.Stored) and second is None
    assert shared.store.commits == 1 and len(hands(shared, game_id)) == 1


def test_a_write_waiting_on_the_store_leaves_the_event_loop_free_and_tells_the_sessions_from_it():
    hold = threading.Event()
    shared, game_id = game_with(hold=hold)
    # Should the write hold the loop, only this lets it go: then the ticks below come after it.
    fallback = threading.Timer(30, hold.set)
    fallback.start()

    async def tap_while_another_screen_works():
        write = asyncio.create_task(writes.send(lambda: actions.add_player(shared, "Dan"), lambda s: None))
        ticks = 0
        while ticks < 10:  # another session's work goes on meanwhile, however busy the machine
            await asyncio.sleep(0.01)
            ticks += 1
            assert not write.done(), f"the write finished before another session's step {ticks}"
        assert not hold.is_set(), "the loop stood still until the store let the write go"
        hold.set()
        return await write

    try:
        done = run(tap_while_another_screen_works())
    finally:
        fallback.cancel()
    assert isinstance(done, writes.Stored)
    assert shared.store.commits == 1 and shared.store.threads[0].startswith("xyscore-write")
    # Told on the loop, not from the writer's thread (see writes.changed).
    assert shared.hub.threads == ["the event loop"]


def test_an_unexpected_error_or_a_deleted_game_is_said_in_words_not_a_traceback(caplog):
    shared, game_id = game_with([RuntimeError("disk on fire")])
    states = []
    assert run(writes.send(lambda: actions.add_player(shared, "Dan"), states.append)) is None
    assert states[-1] == writes.Sending(writes.FAILED, writes.BROKEN_WORDS)
    assert "disk on fire" in caplog.text  # logged on the host
    assert run(writes.send(lambda: actions.record_round(shared, 999, {}), states.append)) is None
    assert states[-1] == writes.Sending(writes.FAILED, writes.GONE_WORDS)


def test_a_write_called_outside_send_tells_the_sessions_at_once():
    shared, game_id = game_with()
    actions.record_round(shared, game_id, hand((3, 4), (2, 2), (5, 6)))
    assert shared.hub.changes == 1
