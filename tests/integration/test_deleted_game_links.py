"""A phone whose game the host deleted is told its link no longer works,
not that its screen could not be shown (issue 9)."""
from __future__ import annotations

import pytest

from companion.access import NotAllowed, Role
from tests.integration.conftest import start
from views.web import table_actions
from views.web.live import Hub
from views.state import Shared
from views.hosting import HostRun


def test_a_phone_open_on_a_deleted_game_is_told_its_link_no_longer_works(store):
    shared, run = Shared(store=store, hub=Hub()), HostRun()
    game_id = start(store, players=("Ann", "Bob", "Cat"))
    join = table_actions.make_link(shared, run, game_id, Role.PLAYER)
    seat = table_actions.join(shared, table_actions.open_token(shared, join).access, "Ann")
    assert table_actions.open_token(shared, seat).own_seat == "Ann"  # the phone is open on its seat

    with store.uow() as uow:
        uow.games.delete(game_id)
        uow.commit()
    shared.hub.changed()

    for token in (seat, join):
        with pytest.raises(NotAllowed, match="This link no longer works: the host deleted this game"):
            table_actions.open_token(shared, token)
