"""A confirmed entry survives the process being killed at any moment."""
from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.record import to_dict
from models.store import open_store

ROOT = Path(__file__).resolve().parents[2]
STEP_ROWS = 3  # the most history rows one change of kill_writer's writes (a 3-hand game)


def run_until_killed(db_path: Path, seed: int, confirmations: int) -> list[tuple[int, int, list]]:
    """Start the writer, SIGKILL it a random few milliseconds after `confirmations`
    confirmed changes (mid-write, as often as not), and return every change it confirmed:
    (game, the rows of its history then, its rounds then)."""
    writer = subprocess.Popen([sys.executable, "-m", "tests.integration.kill_writer", str(db_path), str(seed)],
                              cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines = []
    try:
        while len(lines) < confirmations:
            line = writer.stdout.readline()
            assert line, f"the writer stopped on its own: {writer.stderr.read()}"
            lines.append(line)
        time.sleep(random.Random(seed).uniform(0, 0.03))
        os.kill(writer.pid, signal.SIGKILL)
        lines += writer.stdout.readlines()  # anything it confirmed before the kill landed
    finally:
        writer.kill()
        writer.wait()
        writer.stdout.close()
        writer.stderr.close()
    assert writer.returncode == -signal.SIGKILL
    if lines and not lines[-1].endswith("\n"):
        # The kill landed mid-line (unbuffered, as under PYTHONUNBUFFERED=1, print writes a line in
        # pieces): the change may be stored but was not confirmed, which the checks below allow.
        lines.pop()
    confirmed = []
    for line in lines:
        _, game_id, rows, rounds = line.split(" ", 3)
        confirmed.append((int(game_id), int(rows), json.loads(rounds)))
    return confirmed


def replay(history, changes: int) -> list[dict]:
    """The rounds after the first `changes` changes of a history."""
    rounds: dict[int, dict] = {}
    for change in history[:changes]:
        if change.after is None:
            rounds.pop(change.round, None)
        else:
            rounds[change.round] = change.after
    return [rounds[number] for number in sorted(rounds)]


@pytest.mark.parametrize("seed", range(6))
def test_every_confirmed_change_survives_a_kill(tmp_path, seed):
    db_path = tmp_path / "xyscore.db"
    confirmed = run_until_killed(db_path, seed, confirmations=random.Random(seed).randint(3, 60))
    last: dict[int, list] = {}
    changes: dict[int, int] = {}  # the rows of each game's history when its last change was confirmed
    for game_id, rows, rounds in confirmed:
        changes[game_id] = rows
        last[game_id] = rounds
    with sqlite3.connect(db_path) as raw:
        assert raw.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    with open_store(db_path) as store, store.uow() as uow:
        for game_id, rounds in last.items():
            stored = uow.games.get(game_id)  # rebuilt and checked against every rule
            history = uow.history(game_id)
            # At most one change beyond the last confirmed: the one the kill interrupted after its commit
            # (one step: at most a correction and the two later hands it keeps as played, or their undo).
            assert changes[game_id] <= len(history) <= changes[game_id] + STEP_ROWS
            assert replay(history, changes[game_id]) == rounds
            # The rounds stored agree with the history that led to them.
            assert to_dict(stored.game)["rounds"] == replay(history, len(history))
        stray = [s.id for s in uow.list_games() if s.id not in last]
        assert len(stray) <= 1  # a game started just before the kill, never confirmed
