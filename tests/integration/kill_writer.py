"""Run by test_store_kill: record games as fast as possible until killed.

After each change is committed it prints `confirmed GAME_ID ROWS ROUNDS_JSON`:
how many rows the game's history holds then (one step may write several: a
correction that keeps who led a later hand as played, and its undo, write a
row for each round they change) and the game's rounds as they now stand; the
test kills this process at a random moment and checks the database holds
every confirmed change.
"""
from __future__ import annotations

import json
import random
import sys

from companion import services
from companion.record import to_dict
from models.store import open_store

PLAYERS = ("Ann", "Bob", "Cat", "Dev")


def xylotar_hand(rng: random.Random) -> dict:
    tricks = [rng.randint(0, 4) for _ in range(3)]
    tricks.append(14 - sum(tricks))
    return {"results": {name: {"bid": rng.randint(0, 10), "tricks": t} for name, t in zip(PLAYERS, tricks)}}


def xybrid_round(rng: random.Random) -> dict:
    # Y3: a complete monster, the core (worth 0) and at least 4 more parts.
    return {"results": {name: {"parts": [0] + [rng.randint(0, 5) for _ in range(rng.randint(4, 6))],
                               "hand": rng.randint(0, 3), "adjustments": [rng.randint(-3, 3)],
                               "notes": ["mission"]} for name in PLAYERS}}


def confirm(store, game_id: int, game) -> None:
    with store.uow() as uow:
        rows = len(uow.history(game_id))
    print("confirmed", game_id, rows, json.dumps(to_dict(game)["rounds"]), flush=True)


def main(path: str, seed: int) -> None:
    rng = random.Random(seed)
    store = open_store(path)
    while True:
        kind = rng.choice(["xylotar", "xybrid"])
        entered = xylotar_hand if kind == "xylotar" else xybrid_round
        game_id = services.start_game(services.new_game(kind, PLAYERS), store.uow())
        print("confirmed", game_id, 0, "[]", flush=True)
        for _ in range(3):
            confirm(store, game_id, services.record_round(game_id, entered(rng), store.uow(), author="writer"))
        number = rng.randint(1, 3)
        confirm(store, game_id, services.correct_round(game_id, number, entered(rng), store.uow(), author="writer"))
        confirm(store, game_id, services.undo(game_id, store.uow(), author="writer"))
        confirm(store, game_id, services.redo(game_id, store.uow(), author="writer"))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
