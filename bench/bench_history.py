"""Benchmark statistics and exports over a long history in a real SQLite store.

    .venv/bin/python bench/bench_history.py [--games 10000] [--db PATH] [--seed 0]

Generates `--games` random legal games (bench/generate.py) into a fresh store
through the repository, in transactions of 500 games, then times, each
including the load from SQLite:

- one player's statistics (`stats.player_stats` over that player's games),
- everyone's statistics (`stats.table_stats` over every game),
- the full CSV export of rounds (`exports.write_rounds_csv`),

and reports the database size per 1,000 games. Targets: one player < 100 ms,
everyone < 1 s. Reusing `--db` skips the generation when it already holds
the requested number of games.
"""
from __future__ import annotations

import argparse
import io
import os
import platform
from collections import Counter
import sys
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path

from generate import generate

from companion import exports, record, stats
from companion.history import Change
from companion.xybrid import Xybrid
from companion.xylotar import Xylotar
from models import bulk
from models.store import open_store

BATCH = 500
TARGETS = {"one player's statistics": 0.100, "everyone's statistics": 1.0}


def _rounds(game: Xylotar | Xybrid) -> list:
    return game.hands if isinstance(game, Xylotar) else game.rounds


def _empty(game: Xylotar | Xybrid) -> Xylotar | Xybrid:
    return game.copy_without_hands() if isinstance(game, Xylotar) else Xybrid(game.players)


def fill(store, count: int, seed: int) -> float:
    """Store `count` generated games, a round entered every 12 minutes; seconds taken."""
    begun = time.perf_counter()
    games = generate(count, seed=seed)
    for first in range(0, count, BATCH):
        with store.uow() as uow:
            for _, (started_at, game) in zip(range(BATCH), games):
                game_id = uow.games.add(_empty(game), started_at=started_at)
                start = datetime.fromisoformat(started_at)
                for number, entered in enumerate(_rounds(game), start=1):
                    at = (start + timedelta(minutes=12 * number)).isoformat(timespec="seconds")
                    uow.games.apply(game_id, Change("add", number, None, record.round_to_dict(entered),
                                                    game.players[0], at))
            uow.commit()
        print(f"  stored {min(first + BATCH, count)} games", file=sys.stderr, flush=True)
    return time.perf_counter() - begun


def _timed(run, repeat: int) -> tuple[float, float, object]:
    """Best wall time and best CPU time of `repeat` runs (the first warms the
    OS file cache), and the last result. CPU time is reported too because the
    machine may be shared: it is what the work itself costs."""
    walls, cpus, result = [], [], None
    for _ in range(repeat):
        cpu, wall = time.process_time(), time.perf_counter()
        result = run()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return min(walls), min(cpus), result


def _one_by_one(store, player: str) -> list:
    with store.uow() as uow:
        return uow.stored_games(player=player)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--db", type=Path)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    path = args.db or Path(tempfile.mkdtemp(prefix="xyscore-bench-")) / "bench.db"
    store = open_store(path)
    with store.uow() as uow:
        have = len(bulk.stored_games(uow.games.session))
    filled = None
    if have != args.games:
        if have:
            sys.exit(f"{path} holds {have} games, not {args.games}; pass a new --db")
        filled = fill(store, args.games, args.seed)
    store.close()
    store = open_store(path)
    with store.uow() as uow:
        seated = Counter(name for stored in bulk.stored_games(uow.games.session) for name in stored.game.players)
    player = seated.most_common(1)[0][0]  # the busiest player: the slowest single-player case

    def load(player=None):
        with store.uow() as uow:
            return bulk.stored_games(uow.games.session, player=player)

    def one_player():
        return stats.player_stats(load(player), player)

    def everyone():
        return stats.table_stats(load())

    def export():
        return exports.write_rounds_csv(load(), io.StringIO(newline=""))

    results = {}
    for label, run in (("one player's statistics", one_player), ("everyone's statistics", everyone),
                       ("CSV export of every round", export)):
        wall, cpu, value = _timed(run, args.repeat)
        results[label] = (wall, cpu, value)
        print(f"{label}: {wall * 1000:.0f} ms ({cpu * 1000:.0f} ms CPU)", flush=True)
    print(f"  ({results['CSV export of every round'][2]} rows)")
    wall, cpu, _ = _timed(lambda: stats.player_stats(_one_by_one(store, player), player), 1)
    print(f"for comparison, one player's statistics read through the repository one game at a time "
          f"(each re-checked): {wall * 1000:.0f} ms ({cpu * 1000:.0f} ms CPU)")
    store.close()
    size = sum(p.stat().st_size for p in path.parent.glob(path.name + "*"))
    print(f"database: {size / 1e6:.1f} MB, {size / args.games * 1000 / 1e6:.2f} MB per 1,000 games")
    if filled is not None:
        print(f"generating and storing {args.games} games took {filled:.0f} s")
    print(f"machine: {platform.python_implementation()} {platform.python_version()}, {os.cpu_count()} cores, "
          f"{platform.machine()}")
    for label, limit in TARGETS.items():
        verdict = "meets" if results[label][0] < limit else "MISSES"  # on wall time, as a player waits
        print(f"{verdict} the target for {label} (< {limit * 1000:.0f} ms)")


if __name__ == "__main__":
    main()
