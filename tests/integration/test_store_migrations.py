"""The schema is migrated by Alembic on open; old databases open with current code."""
from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlmodel import SQLModel

from companion import services
from models.backup import restore
from models.engine import StoreError, alembic_config
from models.store import open_store

FIRST_SCHEMA = Path(__file__).resolve().parents[1] / "fixtures" / "schema_0001.sql"


def head() -> str:
    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def version(path: Path) -> str:
    with sqlite3.connect(path) as raw:
        return raw.execute("SELECT version_num FROM alembic_version").fetchone()[0]


@pytest.fixture
def first_schema_db(tmp_path) -> Path:
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as raw:
        raw.executescript(FIRST_SCHEMA.read_text(encoding="utf-8"))
    return path


def test_a_database_made_by_the_first_schema_opens_with_every_game_intact(first_schema_db):
    with open_store(first_schema_db) as store, store.uow() as uow:
        games = {summary.id: summary for summary in uow.list_games()}
        assert version(first_schema_db) == head()
        assert games[1].players == ("Ann", "Bob", "Cat", "Dev")
        assert games[2].players == ("Ann", "Evelyn")
        first = uow.games.get(1)
        assert [c.action for c in first.history] == ["add", "add", "correct", "undo"]
        assert first.game.hands[0].results["Cat"].bid == 0  # the correction was undone
        assert first.game.totals() == {"Ann": 7 + 6, "Bob": 9 + 8, "Cat": 5 + 10, "Dev": 7 + 10}
        monsters = uow.games.record(3)["rounds"][0]
        assert monsters["draw_seed"] == 12345678901234567890 and monsters["first_player"] == "Evelyn"
        assert uow.players() == ["Ann", "Bob", "Cat", "Dev", "Evelyn", "Fay"]


def test_an_old_database_keeps_working_after_the_upgrade(first_schema_db):
    # Redo the undone correction, and add a hand, in the migrated file.
    with open_store(first_schema_db) as store:
        assert services.redo(1, store.uow()).hands[0].results["Cat"].bid == 1
        game = services.record_round(1, {"results": {"Ann": {"bid": 0, "tricks": 0}, "Bob": {"bid": 4, "tricks": 4},
                                                     "Cat": {"bid": 5, "tricks": 5}, "Dev": {"bid": 5, "tricks": 5}}},
                                     store.uow())
    assert game.outcome().is_over


def test_the_migrations_build_exactly_the_tables_the_models_declare(tmp_path):
    # Autogenerate finds nothing to do: models and migration scripts agree.
    with open_store(tmp_path / "new.db") as store, store.engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), SQLModel.metadata)
    assert differences == []


def test_a_database_from_another_program_is_refused_untouched(tmp_path):
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as raw:
        raw.execute("CREATE TABLE recipes (name TEXT)")
    with pytest.raises(StoreError, match="is not an XY Score database"):
        open_store(path)
    with sqlite3.connect(path) as raw:
        tables = [row[0] for row in raw.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    assert tables == ["recipes"]


def test_a_database_from_a_newer_xy_score_is_refused(first_schema_db):
    with sqlite3.connect(first_schema_db) as raw:
        raw.execute("UPDATE alembic_version SET version_num = '9999'")
    with pytest.raises(StoreError, match="newer XY Score"):
        open_store(first_schema_db)


def test_a_file_that_is_not_a_database_is_refused(tmp_path):
    path = tmp_path / "notes.db"
    path.write_text("shopping list: eggs, milk\n" * 100)
    with pytest.raises(StoreError, match="cannot be opened as an XY Score database"):
        open_store(path)
    assert path.read_text().startswith("shopping list")


def test_a_backup_made_by_the_first_schema_restores_and_is_brought_up_to_date(first_schema_db, store, db_path):
    restore(store, first_schema_db)
    assert version(db_path) == head()
    with store.uow() as uow:
        assert len(uow.list_games()) == 3


def test_names_stored_before_the_name_rule_are_mended_and_their_games_still_open(first_schema_db):
    # Names the old roster took: a text-direction override, a new line, another Unicode
    # form, and one that is "Ann" once its zero-width space is out.
    with sqlite3.connect(first_schema_db) as raw:
        for player_id, name in ((2, "Bob\u202e"), (3, "Ca\nt"), (5, "Zoe\u0308"), (6, "A\u200bnn")):
            raw.execute("UPDATE player SET name = ?, name_key = ? WHERE id = ?", (name, name.casefold(), player_id))
    with open_store(first_schema_db) as store, store.reader() as uow:
        # The zero-width space may stay (it shows nothing); the second "Ann" is told apart.
        assert uow.players() == ["Ann", "A\u200bnn (2)", "Bob", "Ca t", "Dev", "Zo\u00eb"]
        assert uow.games.get(1).game.players == ("Ann", "Bob", "Ca t", "Dev")  # the game opens, its seats follow
        assert uow.games.get(2).game.players == ("Ann", "Zo\u00eb")
