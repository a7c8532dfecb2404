"""Benchmark one confirmed hand at a shared table, and what the screens read after it (issue 10).

    .venv/bin/python bench/bench_confirm.py [--runs 31] [--hands 1] [--code DIR] [--json PATH] [--show]

`--code DIR` runs another checkout's code (say a `git worktree` of an older
commit) with this script: its `companion` and `models` are imported instead.

The game: Xylotar, 4 players (Ann, Bob, Cat, Dev; Dev deals), both
expansions (Bonus Beats with cards dealt, Off-Key), `--hands` hands already
scored, tricks tracked on phones, the 4 phones seated, a display link out.
The hand in progress has every bid in and its 14 tricks tracked.

Measured on one store holding 2 x (runs + 1) such games, opened as the app
opens it (WAL, the app's busy timeout); each run confirms the next game's
hand and reads it back (the first game of each kind only warms the engine's
compiled statements, as a running app has them); median of `--runs`:

- **confirm**: the "Score hand" a screen sends, `table_services.score_live_hand`,
  from the host's table screen and from Ann's phone (players may score hands):
  one transaction that checks the link, reads the game and the hand, checks
  the round against the rules and stores it with its history and facts.
- **8 screens**: what 8 sessions showing the game read after that change, as
  `views/web/table_actions.py` reads for them: Ann's, Bob's, Cat's and Dev's phones,
  the host's table screen and 3 table displays each call `table_services.view`
  with the hub's shared reads (`Hub.fresh()`, emptied by the change), so the
  first one reads and the others are served from it. For reference, the same
  8 reads without sharing (each screen reading alone); and 8 host
  scoreboards (`views/screens/game.py`), each reading the game with a
  reader's `games.get`, as they did before commit a73f4b2, and sharing one
  read as `actions.load` (views/web/actions.py) has them do since.

Counted: SQL statements, two ways. "sqlite" is every statement SQLite ran
(the driver's trace callback: BEGIN, PRAGMA and COMMIT included, and the
bulk reads and facts writes that go through the driver's cursor, which
SQLAlchemy never sees); "sqlalchemy" is SQLAlchemy's `before_cursor_execute`.
CPU is `time.process_time()` of the call (the fsync of the commit is waiting,
not CPU; wall time is shown beside it).
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _code_dir() -> str:
    if "--code" in sys.argv:
        return str(Path(sys.argv[sys.argv.index("--code") + 1]).resolve())
    return str(ROOT)


sys.path.insert(0, _code_dir())

from sqlalchemy import event  # noqa: E402

from companion import services  # noqa: E402
from companion import table_services as ts  # noqa: E402
from companion.access import Access, Role, TableSettings  # noqa: E402
from models.engine import APP_BUSY_SECONDS  # noqa: E402
from models.store import open_store  # noqa: E402

PLAYERS = ["Ann", "Bob", "Cat", "Dev"]
DEALT = {"Ann": ["over_by_one", "view_two"], "Bob": ["no_bid_match", "under_by_one"]}
# Hands already scored: bids and tricks (14 a hand at 4 players), with a Bonus Beat or Off-Key cards here and there.
HANDS = [
    {"Ann": {"bid": 2, "tricks": 3, "bonus_beat": "over_by_one", "off_key_won": 1},
     "Bob": {"bid": None, "tricks": 4, "bonus_beat": "no_bid_match"},
     "Cat": {"bid": 0, "tricks": 0}, "Dev": {"bid": 6, "tricks": 7}},
    {"Ann": {"bid": 3, "tricks": 3}, "Bob": {"bid": 4, "tricks": 5, "off_key_won": 2},
     "Cat": {"bid": 2, "tricks": 1}, "Dev": {"bid": 4, "tricks": 5}},
    {"Ann": {"bid": 5, "tricks": 4}, "Bob": {"bid": 3, "tricks": 3},
     "Cat": {"bid": 3, "tricks": 4, "off_key_won": 1}, "Dev": {"bid": 2, "tricks": 3}},
    {"Ann": {"bid": 4, "tricks": 4}, "Bob": {"bid": 2, "tricks": 3},
     "Cat": {"bid": 4, "tricks": 4}, "Dev": {"bid": 4, "tricks": 3, "off_key_won": 1}},
]
LIVE_BIDS = {"Ann": 4, "Bob": 3, "Cat": 3, "Dev": 3}
LIVE_TRICKS = ["Ann"] * 4 + ["Bob"] * 3 + ["Cat"] * 4 + ["Dev"] * 3


def build(path: Path, hands: int, games: int) -> list[dict]:
    """The store the runs use: `games` games alike, each with its links and its hand in progress."""
    store = open_store(path)
    uow = store.uow
    tables = []
    for _ in range(games):
        game = services.new_game("xylotar", PLAYERS, dealer="Dev", expansions=["bonus_beats", "off_key"],
                                 bonus_beats_dealt=DEALT)
        game_id = services.start_game(game, uow())
        for number in range(hands):
            services.record_round(game_id, {"results": HANDS[number % len(HANDS)]}, uow(), author="Host")
        host = Access.host(game_id)
        ts.change_settings(game_id, TableSettings(track_tricks=True, players_track_tricks=True,
                                                  players_score_hands=True), uow(), by=host)
        join = ts.resolve(ts.issue_link(game_id, Role.PLAYER, uow(), by=host), uow())
        display = ts.issue_link(game_id, Role.DISPLAY, uow(), by=host)
        phones = {name: ts.join_seat(name, uow(), by=join) for name in PLAYERS}
        ann = ts.resolve(phones["Ann"], uow())
        for name, bid in LIVE_BIDS.items():
            ts.submit_bid(game_id, name, bid, None, uow(), by=ts.resolve(phones[name], uow()), expected_version=0)
        for number, winner in enumerate(LIVE_TRICKS):
            ts.record_trick(game_id, winner, uow(), by=ann, expected_version=number)
        version = ts.view(game_id, store.reader(), by=host).hand.version
        tables.append({"game_id": game_id, "phones": phones, "display": display, "version": version,
                       "hands": hands})
    store.close()
    return tables


class Counter:
    """Statements run on the store's connections while `on`."""

    def __init__(self, engine) -> None:
        self.on = False
        self.sqlite = 0
        self.sqlalchemy = 0
        self.seen: list[str] = []

        def traced(statement: str) -> None:
            if self.on:
                self.sqlite += 1
                self.seen.append(statement)

        def checkout(dbapi_connection, _record, _proxy) -> None:
            dbapi_connection.set_trace_callback(traced)

        def before(*_args) -> None:
            if self.on:
                self.sqlalchemy += 1

        event.listen(engine, "checkout", checkout)
        event.listen(engine, "before_cursor_execute", before)

    def start(self) -> None:
        self.on, self.sqlite, self.sqlalchemy, self.seen = True, 0, 0, []

    def stop(self) -> tuple[int, int]:
        self.on = False
        return self.sqlite, self.sqlalchemy


def measure(store, counter: Counter, tables: list[dict], who: str) -> dict:
    """Confirm each game's hand in turn, then the 8 screens' reads of it; the first game warms up."""
    results: dict[str, list] = {}

    def add(name: str, cpu: float, wall: float, counted: tuple[int, int]) -> None:
        results.setdefault(name, []).append((cpu, wall, *counted))

    for warm, setup in enumerate(tables):
        game_id = setup["game_id"]
        host = Access.host(game_id)
        phones = {name: ts.resolve(token, store.reader()) for name, token in setup["phones"].items()}
        display = ts.resolve(setup["display"], store.reader())
        by = host if who == "host" else phones["Ann"]
        ts.view(game_id, store.reader(), by=host)  # what the screens showed when the hand was confirmed

        counter.start()
        cpu, wall = time.process_time(), time.perf_counter()
        game = ts.score_live_hand(game_id, store.uow(), by=by, expected_version=setup["version"])
        timed = (time.process_time() - cpu, time.perf_counter() - wall, counter.stop())
        assert len(game.hands) == setup["hands"] + 1, "the hand was not scored"
        if warm:
            add("confirm", *timed)

        screens = [phones[name] for name in PLAYERS] + [host] + [display] * 3

        def eight(shared: bool) -> None:
            reads: dict | None = {} if shared else None  # the hub's reads, emptied by the change
            for access in screens:
                ts.view(game_id, store.reader(), by=access, shared=reads)

        def scoreboards(shared: bool) -> None:
            reads: dict = {}  # the hub's reads, as actions.load keeps the game in them
            for _ in range(8):
                if shared and game_id in reads:
                    continue
                with store.reader() as uow:
                    reads[game_id] = uow.games.get(game_id)

        for name, run in (("8 screens, shared read", lambda: eight(True)),
                          ("8 screens, each reading alone", lambda: eight(False)),
                          ("8 scoreboards, each reading alone", lambda: scoreboards(False)),
                          ("8 scoreboards, one shared read", lambda: scoreboards(True))):
            counter.start()
            cpu, wall = time.process_time(), time.perf_counter()
            run()
            if warm:
                add(name, time.process_time() - cpu, time.perf_counter() - wall, counter.stop())
            counter.stop()
    out = {}
    for name, samples in results.items():
        cpus, walls, sqlites, alchemies = zip(*samples)
        out[name] = {"cpu_ms": statistics.median(cpus) * 1000, "wall_ms": statistics.median(walls) * 1000,
                     "sqlite": statistics.median(sqlites), "sqlalchemy": statistics.median(alchemies)}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=31)
    parser.add_argument("--hands", type=int, default=1, choices=(0, 1, 2),
                        help="hands scored before the one confirmed (a game is 3 hands; 2: the confirmed one ends it)")
    parser.add_argument("--code", metavar="DIR", help="import companion and models from this checkout")
    parser.add_argument("--json", metavar="PATH", help="also write the numbers here")
    parser.add_argument("--show", action="store_true", help="print the statements of one confirmation by the host")
    args = parser.parse_args()
    runs = 1 if args.show else args.runs
    with tempfile.TemporaryDirectory(prefix="bench-confirm-") as folder:
        tables = build(Path(folder) / "bench.db", args.hands, 2 * (runs + 1))
        store = open_store(Path(folder) / "bench.db", busy_seconds=APP_BUSY_SECONDS)
        counter = Counter(store.engine)
        if args.show:
            measure(store, counter, tables[:1], "host")  # warm
            counter.start()
            setup = tables[1]
            ts.score_live_hand(setup["game_id"], store.uow(), by=Access.host(setup["game_id"]),
                               expected_version=setup["version"])
            counter.stop()
            for line in counter.seen:
                print(line.replace("\n", " ")[:160])
            return
        found = {"host": measure(store, counter, tables[:runs + 1], "host"),
                 "phone": measure(store, counter, tables[runs + 1:], "phone")}
        store.close()
    print(f"code: {_code_dir()}  python {platform.python_version()}  {platform.machine()}  "
          f"{os.cpu_count()} cores  runs {runs}  hands before {args.hands}")
    print(f"{'':48} {'sqlite':>7} {'sqlalch':>7} {'CPU ms':>8} {'wall ms':>8}")
    for who, numbers in found.items():
        for name, row in numbers.items():
            if who == "phone" and name != "confirm":
                continue  # the screens read the same after either confirmation
            label = f"{name} ({who})" if name == "confirm" else name
            print(f"{label:48} {row['sqlite']:>7g} {row['sqlalchemy']:>7g} {row['cpu_ms']:>8.2f} {row['wall_ms']:>8.2f}")
    if args.json:
        Path(args.json).write_text(json.dumps(found, indent=2) + "\n")


if __name__ == "__main__":
    main()
