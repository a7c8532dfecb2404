"""A fresh SQLite file per test, and small factories for what players enter."""
from __future__ import annotations

import sqlite3

import pytest

from companion import services
from models.store import open_store


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "xyscore.db"


@pytest.fixture
def store(db_path):
    with open_store(db_path) as opened:
        yield opened


def hand(*seats: tuple[int | None, int], names=("Ann", "Bob", "Cat", "Dev"), **extra) -> dict:
    """A Xylotar round: (bid, tricks) per player in seat order; extra fields by name."""
    results = {name: {"bid": bid, "tricks": tricks} for name, (bid, tricks) in zip(names, seats)}
    for name, fields in extra.items():
        results[name].update(fields)
    return {"results": results}


def whole(value: int = 0) -> list[int]:
    """The part values of a complete monster (Y3) worth `value`: the core (0),
    a head worth `value`, and arms and legs worth 0."""
    return [0, value, 0, 0, 0]


def monster_round(parts: dict[str, list[int]], *, hand_sizes=None, first_player=None, **more) -> dict:
    """An XYbrid round: each player's part values; other fields as given."""
    results = {name: {"parts": values, "hand": (hand_sizes or {}).get(name, 0)} for name, values in parts.items()}
    for name, fields in more.pop("entries", {}).items():
        results[name].update(fields)
    out = {"results": results, **more}
    if first_player:
        out["first_player"] = first_player
    return out


def start(store, game="xylotar", players=("Ann", "Bob", "Cat", "Dev"), **setup) -> int:
    return services.start_game(services.new_game(game, players, **setup), store.uow())


def table_counts(path) -> dict[str, int]:
    """Rows per table: equal before and after means nothing was written."""
    with sqlite3.connect(path) as raw:
        return {name: raw.execute(f"SELECT count(*) FROM {name}").fetchone()[0]
                for name in ("player", "game", "seat", "round", "bid", "monster", "part", "adjustment", "change")}
