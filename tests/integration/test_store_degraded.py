"""The store on a full disk, a read-only file or folder, and a damaged file
(issue 9): the games stay readable, every write says why it cannot be
saved, the commands say it in one line with exit status 2 and no
traceback, and `xyscore serve` still starts and shows the games.

Full disks and read-only mounts are real: a small tmpfs, remounted `ro`, or
a read-only bind mount of one file (as root, which CI is, chmod stops no
write). Where mounting is impossible (not root) the full-disk tests skip,
saying so, and the read-only ones use chmod, which does stop a normal user.
"""
from __future__ import annotations

import errno
import os
import shutil
import sqlite3
import subprocess
import sys
from contextlib import contextmanager
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from companion import record
from companion.errors import StoreUnavailable
from companion.history import Change
from companion.xylotar import Xylotar
from models import backup as backup_module
from models.engine import StoreError
from models.store import open_store
from tests.cli_runs import Ran, xyscore
from tests.serve_process import serve_process

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))
from generate import generate  # noqa: E402

FIRST_SCHEMA = ROOT / "tests" / "fixtures" / "schema_0001.sql"
GAMES = 300
AS_ROOT = os.geteuid() == 0


# --- a store with many games, made once --------------------------------------------------
@pytest.fixture(scope="module")
def many_games(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("many") / "xyscore.db"
    with open_store(path) as store, store.uow() as uow:
        for started_at, game in generate(GAMES, seed=3):
            rounds = game.hands if isinstance(game, Xylotar) else game.rounds
            empty = game.copy_without_hands() if isinstance(game, Xylotar) else type(game)(game.players)
            game_id = uow.games.add(empty, started_at=started_at)
            at = datetime.fromisoformat(started_at)
            # each game's rounds in one go, as an import stores them: the same rows as one round at a time
            uow.games.apply_all(game_id, [Change("add", number, None, record.round_to_dict(entered), "Ann",
                                                 (at + timedelta(minutes=12 * number)).isoformat())
                                          for number, entered in enumerate(rounds, start=1)], result=game)
        uow.commit()
    return path


def copy_store(source: Path, folder: Path) -> Path:
    """A closed store's file in `folder` (a clean close leaves no -wal or -shm)."""
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, folder / source.name)
    return folder / source.name


# --- running the commands (in this process: tests/cli_runs.py) and the server as a player would ---
def listed(result: Ran) -> int:
    """How many games `xyscore history` printed."""
    return sum(1 for line in result.stdout.splitlines() if line.strip()[:1].isdigit())


def one_clean_line(result: Ran) -> str:
    assert "Traceback" not in result.stderr, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


@contextmanager
def serving(db: Path, logs: Path):
    """`xyscore serve` on a free local port until the block ends; yields
    (the status `/` answered, or None) and a list that holds, after the
    block, everything it printed (kept in the folder `logs`)."""
    with serve_process(db, logs) as served:
        yield served.status, served.printed


# --- mounts ------------------------------------------------------------------------------------
def _mount(*args: str) -> None:
    done = subprocess.run(["mount", *args], capture_output=True, text=True)
    if done.returncode != 0:
        if AS_ROOT:
            pytest.fail(f"mount {' '.join(args)} failed as root: {done.stderr.strip()}")
        pytest.skip(f"cannot mount here (not root: {done.stderr.strip() or 'mount refused'}); "
                    f"a real full disk needs a tmpfs")


@contextmanager
def tmpfs(where: Path, size: str):
    where.mkdir(parents=True, exist_ok=True)
    _mount("-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where))
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def fill_up(folder: Path) -> None:
    """Write a filler file until the disk says ENOSPC."""
    with open(folder / "filler", "wb", buffering=0) as filler:
        try:
            while True:
                filler.write(b"\0" * 4096)
        except OSError as error:
            assert error.errno == errno.ENOSPC


@contextmanager
def read_only_folder(folder: Path):
    """`folder` as no one can write it: a tmpfs remounted ro as root, chmod 555 otherwise."""
    if not AS_ROOT:
        folder.chmod(0o555)
        try:
            yield folder
        finally:
            folder.chmod(0o755)
        return
    _mount("-o", "remount,ro", str(folder))
    yield folder


@contextmanager
def read_only_file(path: Path):
    """`path` as no one can write it, its folder still writable: a read-only
    bind mount of the file as root, chmod 444 otherwise."""
    if not AS_ROOT:
        path.chmod(0o444)
        try:
            yield path
        finally:
            path.chmod(0o644)
        return
    _mount("--bind", str(path), str(path))
    try:
        _mount("-o", "remount,ro,bind", str(path))
        yield path
    finally:
        subprocess.run(["umount", str(path)], check=False)


A_GAME = '{"format": "companion.game/1", "game": "xybrid", "players": ["Ann", "Bob"], "rounds": []}'


# --- a full disk ------------------------------------------------------------------------------------
def test_on_a_full_disk_the_games_are_read_served_and_a_write_says_the_disk_is_full(many_games, tmp_path):
    size = many_games.stat().st_size + 512 * 1024
    with tmpfs(tmp_path / "disk", f"{size // 1024}k") as disk:
        db = copy_store(many_games, disk / "games")
        fill_up(disk)

        history = xyscore("history", "--db", str(db))
        assert history.returncode == 0 and listed(history) == GAMES
        assert "storage is full" in one_clean_line(history)
        stats = xyscore("stats", "--db", str(db))
        assert stats.returncode == 0 and "Ann" in stats.stdout

        imported = xyscore("import", "-", "--db", str(db), stdin=A_GAME)
        assert imported.returncode == 2 and "storage is full" in one_clean_line(imported)
        saved = xyscore("backup", str(disk / "games" / "copy.db"), "--db", str(db))
        assert saved.returncode == 2 and "full" in one_clean_line(saved)
        assert sorted(p.name for p in (disk / "games").iterdir() if p.name.startswith("copy")) == []

        with serving(db, tmp_path) as (status, printed):
            pass
        said = printed[0]
        assert status == 200, said
        assert "storage is full" in said and "No links for phones" in said and "Traceback" not in said

        (disk / "filler").unlink()  # space again: writes work again
        assert xyscore("import", "-", "--db", str(db), stdin=A_GAME).returncode == 0
        assert listed(xyscore("history", "--db", str(db))) == GAMES + 1


def test_a_backup_that_runs_out_of_space_leaves_no_partial_file(many_games, tmp_path):
    db = copy_store(many_games, tmp_path / "games")
    with tmpfs(tmp_path / "small", "64k") as small:
        result = xyscore("backup", str(small / "games-backup.db"), "--db", str(db))
        assert result.returncode == 2
        assert "disk is full" in one_clean_line(result) and "nothing was left behind" in result.stderr
        assert list(small.iterdir()) == []


def test_a_backup_that_fails_midway_removes_its_partial_file(many_games, tmp_path, monkeypatch):
    """The same without a mount (it runs anywhere): the copy raises ENOSPC halfway."""
    db = copy_store(many_games, tmp_path / "games")

    def copy_then_fail(store, to):
        to.write_bytes(b"half a backup")
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(backup_module, "_copy_live", copy_then_fail)
    with open_store(db) as store, pytest.raises(StoreError, match="disk is full"):
        backup_module.backup(store, tmp_path / "games" / "b.db")
    assert sorted(p.name for p in (tmp_path / "games").iterdir()) == ["xyscore.db"]


# --- read-only --------------------------------------------------------------------------------------
def test_a_read_only_folder_keeps_its_games_readable_and_gets_no_new_file(many_games, tmp_path):
    with tmpfs(tmp_path / "disk", "64m") if AS_ROOT else _plain(tmp_path / "disk") as disk:
        db = copy_store(many_games, disk)
        before = sorted(p.name for p in disk.iterdir())
        with read_only_folder(disk):
            history = xyscore("history", "--db", str(db))
            assert history.returncode == 0 and listed(history) == GAMES
            assert "storage is read-only" in one_clean_line(history)
            exported = xyscore("export", "--db", str(db))
            assert exported.returncode == 0 and exported.stdout.count('"companion.game/1"') == GAMES
            imported = xyscore("import", "-", "--db", str(db), stdin=A_GAME)
            assert imported.returncode == 2 and "storage is read-only" in one_clean_line(imported)
            with serving(db, tmp_path) as (status, printed):
                pass
            said = printed[0]
            assert status == 200, said
            assert "read-only" in said and "Traceback" not in said
            with open_store(db) as store:
                assert store.read_only
                with pytest.raises(StoreUnavailable) as refused, store.uow() as uow:
                    uow.add_player("Zed")
                    uow.commit()
                assert refused.value.kind == StoreUnavailable.READ_ONLY
            assert sorted(p.name for p in disk.iterdir()) == before  # no -wal, -shm or anything else


def test_a_read_only_file_keeps_its_games_readable_and_a_write_says_so(many_games, tmp_path):
    db = copy_store(many_games, tmp_path / "games")
    with read_only_file(db):
        history = xyscore("history", "--db", str(db))
        assert history.returncode == 0 and listed(history) == GAMES
        assert "read-only" in one_clean_line(history)
        imported = xyscore("import", "-", "--db", str(db), stdin=A_GAME)
        assert imported.returncode == 2 and "storage is read-only" in one_clean_line(imported)
    assert xyscore("import", "-", "--db", str(db), stdin=A_GAME).returncode == 0  # writable again


def test_an_old_schema_that_cannot_be_written_says_it_needs_a_migration(tmp_path):
    folder = tmp_path / "old"
    with tmpfs(folder, "8m") if AS_ROOT else _plain(folder):
        raw = sqlite3.connect(folder / "old.db")
        raw.executescript(FIRST_SCHEMA.read_text(encoding="utf-8"))
        raw.close()  # an open file keeps the mount busy
        with read_only_folder(folder):
            result = xyscore("history", "--db", str(folder / "old.db"))
    assert result.returncode == 2
    assert "needs its schema brought up to date" in one_clean_line(result) and "read-only" in result.stderr


@contextmanager
def _plain(folder: Path):
    folder.mkdir(parents=True, exist_ok=True)
    yield folder


# --- damaged --------------------------------------------------------------------------------------
def damage(db: Path) -> None:
    """Overwrite one page in the middle of the file (a table's, with many games) with garbage."""
    with sqlite3.connect(db) as raw:
        page = raw.execute("PRAGMA page_size").fetchone()[0]
        pages = raw.execute("PRAGMA page_count").fetchone()[0]
    with open(db, "r+b") as file:
        file.seek(page * (pages // 2))
        file.write(bytes((i * 37 + 11) % 256 for i in range(page)))


def test_a_damaged_file_is_found_at_open_and_points_to_restore(many_games, tmp_path):
    db = copy_store(many_games, tmp_path / "games")
    kept = tmp_path / "kept.db"
    assert xyscore("backup", str(kept), "--db", str(db)).returncode == 0
    damage(db)

    history = xyscore("history", "--db", str(db))
    assert history.returncode == 2
    line = one_clean_line(history)
    assert "is damaged" in line and "xyscore restore" in line
    imported = xyscore("import", "-", "--db", str(db), stdin=A_GAME)
    assert imported.returncode == 2 and "damaged" in one_clean_line(imported)

    with serving(db, tmp_path) as (status, printed):
        pass
    said = printed[0]
    assert status == 200, said
    assert "is damaged" in said and "xyscore restore" in said and "Traceback" not in said

    restored = xyscore("restore", str(kept), "--db", str(db))
    assert restored.returncode == 0, restored.stderr
    history = xyscore("history", "--db", str(db))
    assert history.returncode == 0 and listed(history) == GAMES and history.stderr == ""
