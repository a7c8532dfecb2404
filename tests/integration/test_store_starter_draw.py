"""Y5: an XYbrid starter drawn at set-up is stored with the game (schema 0005):
it survives closing and reopening the store and a restarted app, an export and
an import; a database from before 0005 keeps its games as they were."""
from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from alembic import command
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine

from companion import draw_starter, record, services
from companion.xybrid import StarterDraw, tie_draw
from models.engine import alembic_config
from models.store import open_store
from models.transfer import export_all, export_game, import_text
from views.web import actions
from views.shown import logic, starter
from views.app import build_app

from .conftest import monster_round, whole

PLAYERS = ("Ann", "Bob", "Cat")
FIRST_SCHEMA = Path(__file__).resolve().parents[1] / "fixtures" / "schema_0001.sql"


def start_drawn(store, draw: StarterDraw) -> int:
    return services.start_game(services.new_game("xybrid", PLAYERS, starter_draw=draw), store.uow())


def test_the_set_up_draw_survives_closing_and_reopening_the_store(db_path):
    draw = StarterDraw(PLAYERS, "Cat", 2**64 - 1)  # a seed SQLite's signed integer could not hold
    with open_store(db_path) as store:
        game_id = start_drawn(store, draw)
        plain = services.start_game(services.new_game("xybrid", PLAYERS), store.uow())
    with open_store(db_path) as store:
        with store.reader() as uow:
            assert uow.games.get(game_id).game.drawn_starter() == draw
            assert uow.games.get(plain).game.starter_draw is None
            (bulk,) = [s for s in uow.stored_games() if s.id == game_id]
            assert bulk.game.starter_draw == draw
            kept = uow.games.record(game_id)
            assert kept["starter_draw"] == {"first_player": "Cat", "draw_seed": 2**64 - 1}
            assert "starter_draw" not in uow.games.record(plain)
            assert uow.games.records() == [kept, uow.games.record(plain)]  # the bulk read gives the same records
        # Round 1 entered with the drawn player keeps the draw's seed; undoing it brings the draw back as next.
        services.record_round(game_id, monster_round({n: whole(1) for n in PLAYERS}, first_player="Cat",
                                                     draw_seed=draw.seed), store.uow())
        with store.reader() as uow:
            game = uow.games.get(game_id).game
            # Y5: all three tie after round 1, so round 2's starter is drawn among them, once, from the stored seed.
            assert game.drawn_starter() == tie_draw(draw.seed, 2, PLAYERS) and game.starter_draw == draw
            assert uow.games.record(game_id)["rounds"][0]["draw_seed"] == draw.seed
        services.undo(game_id, store.uow())
    with open_store(db_path) as store, store.reader() as uow:
        assert uow.games.get(game_id).game.drawn_starter() == draw


def test_a_restarted_app_says_who_was_drawn_and_offers_no_second_draw(db_path):
    with open_store(db_path) as store:
        shared = build_app(store).state.shared
        draw = draw_starter(PLAYERS)
        game_id = actions.start_game(shared, "xybrid", list(PLAYERS), starter_draw=draw)
    with open_store(db_path) as store:  # the host restarted: a new app over the same file
        shared = build_app(store).state.shared
        game = actions.load(shared, game_id).game
        assert logic.next_turn(game) == f"Drawn at random from Ann, Bob and Cat: {draw.chosen} starts round 1"
        assert starter.round_start(game, None, None) == (draw.chosen, draw)  # pre-selected, already drawn
        assert "(Y" not in logic.next_turn(game)


def test_an_export_imports_back_with_its_set_up_draw(tmp_path):
    draw = StarterDraw(PLAYERS, "Bob", 42)
    with open_store(tmp_path / "one.db") as store:
        game_id = start_drawn(store, draw)
        exported = export_game(store, game_id)
        everything = export_all(store)
    assert exported["starter_draw"] == {"first_player": "Bob", "draw_seed": 42}
    assert everything == [exported]
    assert record.from_dict(exported).starter_draw == draw  # `score` reads an export
    with open_store(tmp_path / "two.db") as other:
        (added,) = import_text(other, json.dumps(everything)).added
        assert import_text(other, json.dumps(everything)).already_had == [added]  # the same game, once
        with other.reader() as uow:
            assert uow.games.get(added).game.drawn_starter() == draw
            assert uow.games.record(added) == {**exported}
    # A game without the draw is another game: the draw is part of its set-up.
    with open_store(tmp_path / "one.db") as store:
        without = {k: v for k, v in exported.items() if k != "starter_draw"}
        assert import_text(store, json.dumps(without)).added


def test_a_xylotar_record_with_a_starter_draw_is_refused_on_import(store):
    data = {"format": "companion.game/1", "game": "xylotar", "players": ["Ann", "Bob", "Cat"],
            "starter_draw": {"first_player": "Ann", "draw_seed": 1}, "rounds": []}
    try:
        import_text(store, json.dumps(data))
    except ValueError as error:
        assert str(error) == "'starter_draw' is not a field of a Xylotar record (record)\nnothing was imported"
    else:
        raise AssertionError("imported")


def test_a_database_at_schema_0004_keeps_its_games_and_fingerprints(tmp_path):
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as raw:
        raw.executescript(FIRST_SCHEMA.read_text(encoding="utf-8"))
    engine = create_engine(f"sqlite:///{path}")
    with engine.begin() as connection:
        config = alembic_config()
        config.attributes["connection"] = connection
        command.upgrade(config, "0004")
    engine.dispose()
    with sqlite3.connect(path) as raw:
        before = raw.execute("SELECT id, kind, record_hash FROM game ORDER BY id").fetchall()
        columns = {row[1] for row in raw.execute("PRAGMA table_info(game)")}
    assert "draw_seed" not in columns and len(before) == 3
    with open_store(path) as store:
        with sqlite3.connect(path) as raw:
            # brought up to the newest schema (0005 and every migration after it)
            assert raw.execute("SELECT version_num FROM alembic_version").fetchone()[0] == \
                ScriptDirectory.from_config(alembic_config()).get_current_head()
            after = raw.execute("SELECT id, kind, record_hash FROM game ORDER BY id").fetchall()
            drawn = raw.execute("SELECT first_player_seat, draw_seed FROM game").fetchall()
        assert after == before  # nothing rewritten: old games fingerprint as they did
        assert set(drawn) == {(None, None)}
        with store.uow() as uow:
            for game_id, _kind, _fingerprint in before:
                kept = uow.games.record(game_id)
                assert "starter_draw" not in kept
                assert getattr(uow.games.get(game_id).game, "starter_draw", None) is None
            monsters = uow.games.record(3)
            assert monsters["rounds"][0]["first_player"] == "Evelyn"
            assert uow.games.get(3).game.drawn_starter() is None
            assert len(uow.list_games()) == 3
        # The migrated file takes a new game with its draw.
        draw = StarterDraw(("Evelyn", "Fay"), "Fay", 5)
        new = services.start_game(services.new_game("xybrid", ["Evelyn", "Fay"], starter_draw=draw), store.uow())
        with store.reader() as uow:
            assert uow.games.get(new).game.drawn_starter() == draw
