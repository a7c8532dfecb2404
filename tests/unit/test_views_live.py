"""Live sync: a change calls the sessions that show it back, each on its own
loop: the writer's first, the table's next, the screens listing games last;
a change tied to no game reaches everyone."""
import asyncio
import contextvars

from tests.loops import run_apart
from views.web.live import EVERY, LISTS_AFTER, NO_GAME, Hub

WHO = contextvars.ContextVar("who", default="nobody")


def test_each_subscriber_is_called_back_in_its_own_context():
    hub = Hub()
    heard = []

    async def session(name: str) -> int:
        WHO.set(name)
        return hub.subscribe(lambda: heard.append(WHO.get()))

    async def run():
        tokens = [await asyncio.create_task(session(name)) for name in ("A", "B")]
        WHO.set("writer")
        hub.changed()
        await asyncio.sleep(0)
        hub.unsubscribe(tokens[0])
        hub.changed()
        await asyncio.sleep(0)

    run_apart(run(), 10)
    assert heard == ["A", "B", "B"]
    assert len(hub) == 1


def test_a_change_reaches_the_sessions_of_its_game_and_the_lists_not_another_games():
    hub = Hub()
    heard = []

    async def session(name: str, shows) -> int:
        return hub.subscribe(lambda: heard.append(name), shows=lambda: shows)

    async def run():
        for name, shows in (("home", EVERY), ("phone of 7", 7), ("phone of 8", 8), ("rules", NO_GAME),
                            ("display of 7", 7)):
            await asyncio.create_task(session(name, shows))
        hub.changed(7)
        for _ in range(LISTS_AFTER + 2):
            await asyncio.sleep(0)
        assert heard == ["phone of 7", "display of 7", "home"]  # the table first, the list after it
        heard.clear()
        hub.changed()  # tied to no game (a deletion, a rename): everyone who shows a game hears it
        for _ in range(LISTS_AFTER + 2):
            await asyncio.sleep(0)
        assert sorted(heard) == ["display of 7", "home", "phone of 7", "phone of 8"]

    run_apart(run(), 10)


def test_the_writer_hears_first_and_the_list_screens_only_after_the_table():
    hub = Hub()
    heard = []
    writer = object()  # the writing session's page

    async def session(name: str, shows, page=None) -> int:
        return hub.subscribe(lambda: heard.append(name), shows=lambda: shows, page=page)

    async def run():
        await asyncio.create_task(session("history", EVERY))
        await asyncio.create_task(session("display", 7))
        await asyncio.create_task(session("writer's phone", 7, writer))
        hub.changed(7, by=writer)
        await asyncio.sleep(0)
        assert heard == ["writer's phone", "display"]  # the list screens wait a few turns of the loop
        for _ in range(LISTS_AFTER):
            await asyncio.sleep(0)
        assert heard == ["writer's phone", "display", "history"]

    run_apart(run(), 10)


def test_what_a_session_shows_is_asked_at_each_change_so_it_follows_its_route():
    """A phone carried to a rematch (or navigating to another game) hears its new game."""
    hub = Hub()
    heard, showing = [], [7]

    async def run():
        await asyncio.create_task(asyncio.sleep(0))
        hub.subscribe(lambda: heard.append(showing[0]), shows=lambda: showing[0])
        hub.changed(8)
        await asyncio.sleep(0)
        showing[0] = 8
        hub.changed(8)
        await asyncio.sleep(0)
        hub.changed(7)
        await asyncio.sleep(0)

    run_apart(run(), 10)
    assert heard == [8]


def test_a_session_that_cannot_say_what_it_shows_hears_every_change():
    hub = Hub()
    heard = []

    def broken():
        raise KeyError("no such route")

    async def run():
        hub.subscribe(lambda: heard.append("told"), shows=broken)
        hub.changed(7)
        for _ in range(LISTS_AFTER + 2):
            await asyncio.sleep(0)

    run_apart(run(), 10)
    assert heard == ["told"]


def test_each_route_says_which_game_it_shows():
    from types import SimpleNamespace
    from views.router import shows

    tokens = {"seatAnn": SimpleNamespace(game_id=7)}  # opened at the phone's first render
    assert shows("/game/7/table", tokens) == 7
    assert shows("/display/7", tokens) == shows("/history/7", tokens) == shows("/game/7/round/2", tokens) == 7
    assert shows("/seat/seatAnn", tokens) == 7
    assert shows("/seat/notOpenedYet", tokens) == EVERY  # not placed yet: it hears everything
    assert shows("/", tokens) == shows("/history", tokens) == shows("/display", tokens) == EVERY
    assert shows("/players/Ann", tokens) == shows("/new", tokens) == EVERY
    assert shows("/rules/bidding", tokens) == NO_GAME
    tokens["seatAnn"] = SimpleNamespace(game_id=9)  # the rematch: the same link opens the next game
    assert shows("/seat/seatAnn", tokens) == 9


class GamesHeard(Hub):
    """A hub that keeps which games each change named (() : every session)."""

    def __init__(self) -> None:
        super().__init__()
        self.heard: list[tuple] = []
        self.kinds: list = []  # what each change said it changed (views/web/leaves.py), if anything

    def changed(self, *games: int, by=None, what=None, kept: bool = False) -> None:
        self.heard.append(games)
        self.kinds.append(what)
        super().changed(*games, by=by, what=what, kept=kept)


def test_every_write_at_a_table_names_its_game_so_other_tables_are_left_alone():
    from companion import services
    from companion.access import Access, Role, TableSettings
    from tests.table_fakes import TableFakeStore
    from views.hosting import HostRun
    from views.state import Shared
    from views.web import actions, table_actions

    shared, run = Shared(store=TableFakeStore(), hub=GamesHeard()), HostRun()
    game = actions.start_game(shared, "xylotar", ["Ann", "Bob", "Cat"], dealer="Cat")
    other = services.start_game(services.new_game("xylotar", ["Dan", "Eve", "Fay"], dealer="Fay"),
                                shared.store.uow())
    host = Access.host(game)
    join = table_actions.make_link(shared, run, game, Role.PLAYER)
    table_actions.change_settings(shared, game, TableSettings())
    seat = table_actions.join(shared, table_actions.open_token(shared, join).access, "Ann")
    ann = table_actions.open_token(shared, seat).access
    table_actions.bid(shared, ann, "Ann", 3, None, 0)
    for name, bid in (("Bob", 2), ("Cat", 5)):
        table_actions.bid(shared, host, name, bid, None, 0)
    for name, tricks in (("Ann", 4), ("Bob", 2), ("Cat", 6)):
        counted = table_actions.host_view(shared, game).hand.counts[name]
        table_actions.count(shared, host, name, tricks, 0, counted.version)
    table_actions.score(shared, host, table_actions.host_view(shared, game).hand.version)
    actions.undo(shared, game)
    table_actions.revoke(shared, run, ann)
    assert len(actions.load(shared, game).game.hands) == 0
    # the start, a link, the settings, a seat, 3 bids, 3 counts, the score, undo, revoke
    assert shared.hub.heard == [(game,)] * 13
    # The bids say what they changed (a screen may show them in place), and the score (a screen changes its
    # leaves in place before it draws again); the rest re-render it.
    assert shared.hub.kinds == [None] * 4 + ["bid"] * 3 + [None] * 3 + ["scored"] + [None] * 2
    assert other not in {g for games in shared.hub.heard for g in games}
    actions.delete_game(shared, other)  # not tied to the table: every session hears it
    assert shared.hub.heard[-1] == ()
