"""Run by test_table_state: a table of 4 phones and the host, served from one
live table state kept in memory (views/web/table_actions with `shared.tables`),
plays hands (each phone's bid, Ann's phone tapping each trick, the host
scoring the hand). After each confirmed write it prints
`confirmed KIND STATE_JSON`, the game's table state as this process keeps it
in memory, and waits for a line on stdin before the next: the test kills it
with SIGKILL there, a confirmed entry and nothing else on its way.
"""
from __future__ import annotations

import json
import sys

from companion import services
from companion import table_services as ts
from companion.access import Access, Role, TableSettings
from companion.record import to_dict
from models.store import open_store
from views.hosting import HostRun
from views.state import Shared
from views.web import table_actions
from views.web.live import Hub

PLAYERS = ("Ann", "Bob", "Cat", "Dev")


def summary(state: ts.TableState) -> dict:
    """What a restart must find again: the rounds scored, the hand in progress, the links, the settings."""
    return {"rounds": to_dict(state.stored.game)["rounds"], "hand": state.hand.to_dict() if state.hand else None,
            "links": sorted([a.id, a.role.value, a.seat] for a in state.links), "settings": repr(state.settings)}


def main(path: str) -> None:
    store = open_store(path)
    shared = Shared(store=store, hub=Hub())
    game_id = services.start_game(services.new_game("xylotar", PLAYERS, dealer="Dev"), store.uow())
    host = Access.host(game_id)
    table_actions.change_settings(shared, game_id, TableSettings(track_tricks=True, players_track_tricks=True))
    join = table_actions.open_token(shared, table_actions.make_link(shared, HostRun(), game_id, Role.PLAYER)).access
    tokens = [table_actions.join(shared, join, name) for name in PLAYERS]
    phones = [table_actions.open_token(shared, token).access for token in tokens]

    def confirmed(kind: str) -> None:
        state = shared.tables.kept_state(game_id)
        print("confirmed", kind, game_id, json.dumps(summary(state)), flush=True)
        sys.stdin.readline()

    for hand in range(1, 4):
        for seat, (name, phone) in enumerate(zip(PLAYERS, phones)):
            seen = table_actions.open_token(shared, tokens[seat])
            table_actions.bid(shared, phone, name, (hand + seat) % 3, None, seen.hand.bids[name].version)
            confirmed("bid")
        for trick in range(table_actions.host_view(shared, game_id).hand.tricks_per_hand):
            version = table_actions.host_view(shared, game_id).hand.tricks_version
            table_actions.trick(shared, phones[0], PLAYERS[trick % 4], 0, version)
            confirmed("trick")
        table_actions.score(shared, host, table_actions.host_view(shared, game_id).hand.version)
        confirmed("score")


if __name__ == "__main__":
    main(sys.argv[1])
