"""The Bonus Beats a player says they were dealt (B1): their phone offers
only the cards the engine says they may have been dealt: not one another
seat flipped face up with its bid this hand. The app served in this process
and read as a browser reads it (bench/flet_client.py), no Chromium."""
from __future__ import annotations

import pytest

from bench.flet_client import FletClient
from companion import services
from companion import table_services as ts
from companion.access import Access, Role
from companion.xylotar.bonus_beats import BY_ID
from models.store import open_store
from tests.e2e.conftest import Served, free_port
from tests.loops import run_apart
from views.app import build_app

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


@pytest.fixture
def table(tmp_path):
    db = tmp_path / "dealt.db"
    store = open_store(db)
    game_id = services.start_game(services.new_game("xylotar", PLAYERS, dealer="Dan", expansions=["bonus_beats"]),
                                  store.uow())
    host = Access.host(game_id)
    join = ts.resolve(ts.issue_link(game_id, Role.PLAYER, store.uow(), by=host), store.uow())
    seats = {name: ts.join_seat(name, store.uow(), by=join) for name in PLAYERS}
    # Bob bids first and flips "over by one" face up with his bid, entered on the host's screen (B1: so it
    # was dealt to him).
    ts.submit_bid(game_id, "Bob", 2, "over_by_one", store.uow(), by=host, expected_version=0)
    store.close()
    server = Served(build_app(open_store(db)), free_port()).start()
    yield server, seats
    server.stop()


def test_b1_anns_phone_does_not_offer_the_card_bob_flipped_this_hand_as_one_she_was_dealt(table):
    served, seats = table

    async def run():
        async with FletClient(served.url, width=360, height=780) as ann:
            await ann.open(f"/seat/{seats['Ann']}")
            await ann.until_shows("Tap the 2 cards you were dealt")
            offered = {face for face in (card.face for card in BY_ID.values()) if ann.tree.find_first(f"I was dealt {face}")}
            return offered

    offered = run_apart(run())
    assert BY_ID["view_two"].face in offered  # the picker is there, with the cards still possible
    assert BY_ID["over_by_one"].face not in offered  # Bob flipped it: it cannot be one of Ann's
