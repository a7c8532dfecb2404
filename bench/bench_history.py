"""Benchmark statistics and exports over a long history in a real SQLite store.

    .venv/bin/python bench/bench_history.py [--games 10000] [--db PATH] [--seed 0] [--repeat 5]
    .venv/bin/python bench/bench_history.py --db postgresql://user@host/db [--sqlite PATH]

Generates `--games` random legal games (bench/generate.py) into a fresh store
through the repository (`add` / `apply`, which also write each game's facts),
in transactions of 500 games. Then runs each task below `--repeat` times,
each time in a new Python process that opens the store and reads the
database: nothing is cached in the process between runs (the operating
system's file cache stays warm after the first). Timed, per run, from the
opened store to the result, including every read from SQLite:

- one player's page (`services.player_stats` on a reader, as the page reads
  it: the facts read and counted under one pause of the cycle collector), then
  what their page shows of it: each rival's record, the nemesis and the
  favourite victim, the line chart's points and words, the bars by bid and by
  card: `page_data`),
- everyone's statistics (`uow.game_facts()`, `stats.table_stats`),
- the full CSV export of rounds (`uow.stored_games()`, `exports.write_rounds_csv`),
- the full JSON export, `xyscore export -o FILE` (`models.cli.run_export`: records
  read in bulk, written indented a game at a time),
- everyone's statistics with the facts cache emptied first, as after an
  upgrade that changes the facts: every game is read and scored, and its
  facts written back.

Reports the database size per 1,000 games. Targets: one player's page < 100 ms,
everyone < 1 s. Reusing `--db` skips the generation when it already holds
the requested number of games.

`--db` may name a PostgreSQL database (issue 27): the same games are then
also stored in a SQLite file (`--sqlite`, else a temporary one) and every
task is run on both in the same run, alternating, and the medians compared
(target: PostgreSQL within 2x of SQLite for one player's statistics).
"""
from __future__ import annotations

import argparse
import io
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from datetime import datetime, timedelta
from pathlib import Path

from generate import generate

from companion import exports, record, services, stats
from companion.history import Change
from companion.xybrid import Xybrid
from companion.xylotar import Xylotar
from models import server
from models.store import open_store
from models.cli import run_export
from views.shown import stats_words as words

BATCH = 500
ONE_PLAYER = "one player's page: statistics, head to head, the charts' data"
TARGETS = {ONE_PLAYER: 0.100, "everyone's statistics": 1.0}
AGAINST_SQLITE = 2.0  # PostgreSQL's one player's statistics: at most this many times SQLite's, same games, same run


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
                for number, entered in enumerate(game.rounds, start=1):
                    at = (start + timedelta(minutes=12 * number)).isoformat(timespec="seconds")
                    uow.games.apply(game_id, Change("add", number, None, record.round_to_dict(entered),
                                                    game.players[0], at))
            uow.commit()
        print(f"  stored {min(first + BATCH, count)} games", file=sys.stderr, flush=True)
    return time.perf_counter() - begun


# --- the tasks, each run in a process of its own ---------------------------
def _facts(store, player=None) -> tuple[list, float]:
    """The facts (kept on commit, as `xyscore stats` does) and the seconds the read took."""
    begun = time.perf_counter()
    with store.uow() as uow:
        facts = uow.game_facts(player=player)
        uow.commit()
    return facts, time.perf_counter() - begun


def page_data(player: stats.PlayerStats) -> list:
    """What views/screens/player.py shows of a player's statistics, for each game kind."""
    shown = []
    for kind in ("xylotar", "xybrid"):
        results = getattr(player, kind).results
        shown += [words.results_lines(results, rivals=False), words.totals_points(results, kind),
                  words.chart_said(results, kind), words.totals_title(results),
                  [(words.rival_line(name, r), words.rival_said(name, r)) for name, r in results.head_to_head.items()],
                  words.nemesis_line(results), words.victim_line(results)]
    xylotar = player.xylotar
    shown += [[words.bid_said(bid, tally) for bid, tally in xylotar.bids_by_size.items()], words.bonus_points(xylotar)]
    return shown


def one_player(store, player):
    # as views/screens/player.py reads it (the roster only for a name with no game); the facts read is not timed apart
    statistics = services.player_stats(store.reader(), player)
    return (statistics, page_data(statistics)), None


def everyone(store, _player):
    facts, read = _facts(store)
    return stats.table_stats(facts), read


def csv_export(store, _player):
    with store.uow() as uow:
        games = uow.stored_games()
    return exports.write_rounds_csv(games, io.StringIO(newline="")), None


def json_export(store, _player):
    with tempfile.TemporaryDirectory(prefix="xyscore-export-") as folder:
        written = Path(folder) / "export.json"
        run_export(store, argparse.Namespace(game_id=None, output=str(written), csv=False, bgstats=False))
        return written.stat().st_size, None


EMPTIED = "everyone's statistics, facts cache emptied first"
JSON_EXPORT = "JSON export of every game"
TASKS = {ONE_PLAYER: one_player, "everyone's statistics": everyone,
         "CSV export of every round": csv_export, JSON_EXPORT: json_export, EMPTIED: everyone}


def run_task(path, task: str, player: str) -> None:
    """One timed run of `task` in this fresh process; prints what it measured as JSON."""
    if task == EMPTIED:
        with open_store(path) as store, store.uow() as uow:
            uow.games.session.connection().exec_driver_sql("DELETE FROM game_facts")
            uow.commit()
    opening = time.perf_counter()
    store = open_store(path)
    opened = time.perf_counter()
    cpu = time.process_time()
    result, read = TASKS[task](store, player)
    print(json.dumps({"wall": time.perf_counter() - opened, "cpu": time.process_time() - cpu, "read": read,
                      "open": opened - opening, "size": result if isinstance(result, int) else None}))
    store.close()


def _in_new_process(path, task: str, player: str) -> dict:
    child = subprocess.run([sys.executable, __file__, "--db", str(path), "--task", task, "--player", player],
                           check=True, capture_output=True, text=True)
    return json.loads(child.stdout)


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:,.0f} ms"


def _stored(path, games: int, seed: int, copies: int = 1) -> float | None:
    """`games` generated games in the store at `path`, `copies` times over (stored now unless it holds
    them); seconds it took, or None."""
    with open_store(path) as store, store.uow() as uow:
        have = len(uow.list_games())
        uow.commit()
    if have == games * copies:
        return None
    if have not in (0, games):
        sys.exit(f"{path} holds {have} games, not {games * copies}; pass a new --db")
    took = 0.0
    if have == 0:
        with open_store(path) as store:
            took += fill(store, games, seed)
    return took + (grow(path, copies) if copies > 1 else 0.0)


def grow(path: Path, copies: int) -> float:
    """The games of the SQLite store at `path` stored `copies` times over: each copy's rows are the
    first's, their ids moved past them (and each game's stable id made its own), the roster as it is.
    The same work per game for every read, at a fraction of the time generating takes; seconds taken."""
    import sqlite3

    from sqlmodel import SQLModel

    import models.tables  # noqa: F401 - the tables, in SQLModel's metadata

    begun = time.perf_counter()
    db = sqlite3.connect(path)
    tables = [table for table in SQLModel.metadata.sorted_tables if table.name not in ("player", "host_setting")]
    tops = {table.name: db.execute(f'SELECT coalesce(max(id), 0) FROM "{table.name}"').fetchone()[0]
            for table in tables if "id" in table.columns}
    for copy in range(1, copies):
        for table in tables:
            moved = {key.parent.name: key.column.table.name for key in table.foreign_keys
                     if key.column.table.name in tops}
            names = [column.name for column in table.columns]

            def value(name: str) -> str:
                if name == "id":
                    return f'"id" + {copy * tops[table.name]}'
                if name in moved:
                    return f'"{name}" + {copy * tops[moved[name]]}'
                return f""""uid" || '-{copy}'""" if name == "uid" else f'"{name}"'

            first = f'"id" <= {tops[table.name]}' if "id" in names else f'"game_id" <= {tops["game"]}'
            db.execute(f'INSERT INTO "{table.name}" ({", ".join(names)}) '
                       f'SELECT {", ".join(value(name) for name in names)} FROM "{table.name}" WHERE {first}')
    db.commit()
    db.close()
    return time.perf_counter() - begun


def copy_into(sqlite_path: Path, url: str) -> float:
    """The SQLite store's rows copied as they are into the empty server database at `url` (PostgreSQL's
    COPY), so both hold the very same games; seconds taken. (Stored through the repository, a game at a
    time, 10,000 games take the server about an hour on this machine: a write's many statements each
    make a round trip.)"""
    import sqlite3

    from sqlmodel import SQLModel

    import models.tables  # noqa: F401 - the tables, in SQLModel's metadata

    begun = time.perf_counter()
    source = sqlite3.connect(sqlite_path)
    with open_store(url) as store, store.engine.begin() as connection:
        cursor = connection.connection.driver_connection.cursor()
        for table in SQLModel.metadata.sorted_tables:
            names = ", ".join(f'"{column.name}"' for column in table.columns)
            with cursor.copy(f'COPY "{table.name}" ({names}) FROM STDIN') as copy:
                for row in source.execute(f'SELECT {names} FROM "{table.name}"'):
                    copy.write_row(row)
            if "id" in table.columns:
                cursor.execute(f"SELECT setval(pg_get_serial_sequence('\"{table.name}\"', 'id'), max(id)) "
                               f'FROM "{table.name}" HAVING max(id) IS NOT NULL')
    source.close()
    return time.perf_counter() - begun


def _size(path) -> int:
    """The database's bytes as stored: the file (and its -wal), or the server's database."""
    if server.is_url(str(path)):
        with open_store(path) as store, store.engine.connect() as connection:
            return connection.exec_driver_sql("SELECT pg_database_size(current_database())").scalar()
    return sum(p.stat().st_size for p in path.parent.glob(path.name + "*"))


def _said(label: str, runs: list[dict]) -> str:
    walls, cpus = [r["wall"] for r in runs], [r["cpu"] for r in runs]
    reads = [r["read"] for r in runs if r["read"] is not None]
    return (f"{label}: best {_ms(min(walls))} ({_ms(min(cpus))} CPU), median {_ms(statistics.median(walls))} "
            f"({_ms(statistics.median(cpus))} CPU), worst {_ms(max(walls))} ({_ms(max(cpus))} CPU)"
            + (f"; reading the facts: best {_ms(min(reads))}" if reads else ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--db", help="a SQLite file, or a PostgreSQL database's URL")
    parser.add_argument("--sqlite", type=Path, help="with a PostgreSQL --db: the SQLite file to compare with")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--copies", type=int, default=1,
                        help="store the generated games this many times over (a large store quickly: --games 1000 "
                             "--copies 10)")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--task", choices=TASKS, help=argparse.SUPPRESS)
    parser.add_argument("--player", help=argparse.SUPPRESS)
    args = parser.parse_args()
    on_server = args.db is not None and server.is_url(args.db)
    path = args.db if on_server else Path(args.db) if args.db else \
        Path(tempfile.mkdtemp(prefix="xyscore-bench-")) / "bench.db"
    if args.task:
        return run_task(path, args.task, args.player)
    stores = {"PostgreSQL": path} if on_server else {"SQLite": path}
    if on_server:
        stores["SQLite"] = args.sqlite or Path(tempfile.mkdtemp(prefix="xyscore-bench-")) / "bench.db"
    total = args.games * args.copies
    filled = {"SQLite": _stored(stores["SQLite"], args.games, args.seed, args.copies)}
    if on_server:
        with open_store(path) as store, store.reader() as uow:
            have = len(uow.list_games())
        filled["PostgreSQL"] = copy_into(stores["SQLite"], path) if have == 0 else None
        if have not in (0, total):
            sys.exit(f"{server.shown(path)} holds {have} games, not {total}; pass a new --db")
    sizes = {name: _size(where) for name, where in stores.items()}  # as stored, before the runs rewrite facts
    with open_store(path) as store, store.uow() as uow:
        facts = uow.game_facts()
        json_bytes = uow.games.session.connection().exec_driver_sql(
            "SELECT sum(length(CAST(facts AS TEXT))) FROM game_facts").scalar()
    player = Counter(name for f in facts for name in f.players).most_common(1)[0][0]  # the slowest single player

    results: dict[str, dict[str, list]] = {name: {} for name in stores}
    for label in TASKS:
        for name in stores:
            results[name][label] = []
        for _ in range(args.repeat):  # the stores take turns, so a burst of load falls on both
            for name, where in stores.items():
                results[name][label].append(_in_new_process(where, label, player))
        for name in stores:
            print((f"[{name}] " if on_server else "") + _said(label, results[name][label]), flush=True)
    first = results[next(iter(stores))]
    print(f"  ({first['CSV export of every round'][0]['size']:,} CSV rows; JSON export "
          f"{first[JSON_EXPORT][0]['size'] / 1e6:.1f} MB; opening the store "
          f"{_ms(statistics.median(r['open'] for r in first[EMPTIED]))})")
    print(f"busiest player: {player}, {sum(player in f.players for f in facts):,} games")
    for name, size in sizes.items():
        print(f"database ({name}): {size / 1e6:.1f} MB, {size / total * 1000 / 1e6:.2f} MB per 1,000 games"
              + (f"; game facts JSON {json_bytes / 1e6:.1f} MB ({json_bytes / len(facts):.0f} bytes a game)"
                 if name == next(iter(stores)) else ""))
        if filled[name] is not None:
            how = "copying the SQLite store's rows into" if name == "PostgreSQL" else "generating and storing"
            print(f"{how} {total} games ({name}) took {filled[name]:.0f} s"
                  + (f" ({args.games} generated, stored {args.copies} times over)" if args.copies > 1 else ""))
    print(f"machine: {platform.python_implementation()} {platform.python_version()}, {os.cpu_count()} cores, "
          f"{platform.machine()}, load average {os.getloadavg()[0]:.1f}")
    for label, limit in TARGETS.items():
        for name in stores:
            best = min(r["wall"] for r in results[name][label])
            verdict = "meets" if best < limit else "MISSES"  # on wall time, as a player waits
            print(f"{verdict} the target for {label} (< {limit * 1000:.0f} ms)" + (f" on {name}" if on_server else ""))
    if on_server:
        for label in TASKS:
            ratio = (statistics.median(r["wall"] for r in results["PostgreSQL"][label])
                     / statistics.median(r["wall"] for r in results["SQLite"][label]))
            limit = f"; target < {AGAINST_SQLITE:.0f}x: {'meets' if ratio < AGAINST_SQLITE else 'MISSES'}" \
                if label == ONE_PLAYER else ""
            print(f"PostgreSQL / SQLite, {label}: {ratio:.2f}x (medians, wall){limit}")


if __name__ == "__main__":
    main()
