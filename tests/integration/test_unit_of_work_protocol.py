"""The unit of work is one typed protocol (issue 10): companion.services'
UnitOfWork, GameRepository and Savepoint, and companion.table_services'
TableUnitOfWork with its AccessRepository and LiveHandRepository. The store
(models.store) and the fakes the tests use (tests/fakes.py,
tests/table_fakes.py) each have every member those protocols declare, taking
at least the parameters they declare; and the store's unit of work has
nothing public the protocol does not declare, so no caller can go around it."""
from __future__ import annotations

import inspect
from typing import Protocol

import pytest

from companion import services
from companion import table_services as ts
from tests.fakes import FakeStore
from tests.table_fakes import TableFakeStore

from .conftest import start

DUNDERS = {"__enter__", "__exit__"}


def members(protocol: type) -> dict[str, object]:
    """What `protocol` declares, its bases' included: attribute names to their
    annotation, method names to the function."""
    found: dict[str, object] = {}
    for base in reversed(protocol.__mro__):
        if base in (object, Protocol) or not getattr(base, "_is_protocol", False):
            continue
        found.update(base.__dict__.get("__annotations__", {}))
        found.update({name: value for name, value in vars(base).items()
                      if callable(value) and (not name.startswith("_") or name in DUNDERS)})
    return found


def missing(protocol: type, thing: object) -> list[str]:
    """The members of `protocol` that `thing` lacks, or takes fewer parameters of than declared."""
    gaps = []
    for name, declared in members(protocol).items():
        if not hasattr(thing, name):
            gaps.append(name)
            continue
        if not inspect.isfunction(declared):
            continue
        wanted = [p for p in list(inspect.signature(declared).parameters.values())[1:]
                  if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
        given = inspect.signature(getattr(thing, name)).parameters
        if any(p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD) for p in given.values()):
            continue
        gaps += [f"{name}({p.name})" for p in wanted if p.name not in given]
    return gaps


def test_the_protocols_declare_what_the_services_use():
    assert {"add", "apply", "apply_all", "delete", "undelete", "same_game", "savepoint", "get", "history",
            "list_games", "stored_games", "game_facts", "record", "records"} <= set(members(services.GameRepository))
    assert {"games", "__enter__", "__exit__", "commit", "players", "add_player",
            "rename_player"} <= set(members(services.UnitOfWork))
    assert {"games", "access", "live", "live_write", "commit", "rename_player"} <= set(members(ts.TableUnitOfWork))
    assert {"stamp", "update", "commit", "__enter__", "__exit__"} <= set(members(ts.LiveWrite))


def test_the_check_finds_a_missing_member_and_a_missing_parameter():
    class Short:
        def get(self, game_id): ...

    assert "add" in missing(services.GameRepository, Short())
    assert "get(history)" in missing(services.GameRepository, Short())


@pytest.mark.parametrize("make", [lambda store: store, lambda store: FakeStore(), lambda store: TableFakeStore()],
                         ids=["sqlite", "fake", "table fake"])
def test_the_store_and_the_fakes_have_every_member_of_the_protocols(store, make):
    chosen = make(store)
    table = not isinstance(chosen, FakeStore) or isinstance(chosen, TableFakeStore)
    game_id = start(chosen)
    for opened, writes in ((chosen.uow(), True), (chosen.reader(), False)):
        with opened as uow:
            assert missing(ts.TableUnitOfWork if table else services.UnitOfWork, uow) == []
            assert missing(services.GameRepository, uow.games) == []
            assert missing(services.Savepoint, uow.games.savepoint()) == []
            if table:
                assert missing(ts.AccessRepository, uow.access) == []
                assert missing(ts.LiveHandRepository, uow.live) == []
                live = uow.live_write()  # the table's writes' own transaction (on SQLite: its writers' only)
                if chosen is store and store.path is not None:
                    assert (live is not None) == writes
                assert live is None or missing(ts.LiveWrite, live) == []
            assert uow.games.get(game_id, history=False).history == []


def test_the_stores_unit_of_work_has_nothing_public_the_protocol_does_not_declare(store):
    with store.uow() as uow:
        public = {name for name in dir(uow) if not name.startswith("_")}
    assert public - set(members(ts.TableUnitOfWork)) == set()


def test_no_proxy_runs_a_service_inside_another():
    """One service runs inside another's transaction through an explicit
    `_in` function on the unit of work already open, not a forwarding proxy."""
    assert not hasattr(ts, "_Within")
    assert "record_round_in" in inspect.getsource(ts.score_live_hand)
    for write in ("start_game", "record_round", "correct_round", "undo", "redo", "delete_game", "add_player",
                  "rename_player"):
        assert callable(getattr(services, write)) and callable(getattr(services, write + "_in"))
