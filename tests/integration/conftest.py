"""A fresh store per test, on SQLite and on PostgreSQL, and small factories for what players enter.

`store` is parametrized: each test using it runs on a SQLite file
(`[sqlite]`) and on a database of its own on a real PostgreSQL server that
the session starts (`[postgresql]`, tests/pg_cluster.py). A test that also
reads the file itself (`db_path`), or is marked `sqlite_only` (what it
checks is SQLite's: its file, its locks), runs on SQLite alone."""
from __future__ import annotations

import sqlite3

import pytest

from companion import services
from models.engine import READ
from models.store import open_store
from tests.pg_cluster import Cluster

BACKENDS = ("sqlite", "postgresql")


def pytest_configure(config):
    config.addinivalue_line("markers", "sqlite_only: what the test checks is SQLite's own (its file, its locks)")


def pytest_collection_modifyitems(config, items):
    """Drop the PostgreSQL run of a test that reads the SQLite file itself or is marked sqlite_only."""
    kept, dropped = [], []
    for item in items:
        on_server = getattr(item, "callspec", None) is not None and item.callspec.params.get("backend") == "postgresql"
        if on_server and ("db_path" in item.fixturenames or item.get_closest_marker("sqlite_only")):
            dropped.append(item)
        else:
            kept.append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


@pytest.fixture(scope="session")
def pg_cluster():
    """A real PostgreSQL server for the session (tests/pg_cluster.py); fails, never skips, if it cannot start."""
    cluster = Cluster()
    try:
        yield cluster.start()
    finally:
        cluster.stop()


@pytest.fixture(params=BACKENDS)
def backend(request):
    return request.param


@pytest.fixture
def db_url(backend, tmp_path, request):
    """What `--db` names for this test's store: a SQLite file, or a new database on the test server."""
    if backend == "sqlite":
        yield str(tmp_path / "xyscore.db")
        return
    cluster = request.getfixturevalue("pg_cluster")
    name = cluster.new_database()
    yield cluster.url(name)
    cluster.drop(name)


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "xyscore.db"


@pytest.fixture
def store(db_url):
    with open_store(db_url) as opened:
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


def rows_of(store, sql: str) -> list[tuple]:
    """What `sql` reads from the store's database as it is (committed), on either dialect."""
    with store.engine.execution_options(**{READ: True}).connect() as connection:
        return [tuple(row) for row in connection.exec_driver_sql(sql)]


def table_counts(where) -> dict[str, int]:
    """Rows per table of a store, or of the SQLite file at a path: equal before and after means nothing was written."""
    names = ("player", "game", "seat", "round", "bid", "monster", "part", "adjustment", "change")
    if hasattr(where, "engine"):
        return {name: rows_of(where, f"SELECT count(*) FROM {name}")[0][0] for name in names}
    with sqlite3.connect(where) as raw:
        return {name: raw.execute(f"SELECT count(*) FROM {name}").fetchone()[0] for name in names}
