"""The store's part of a trick, in-process (issue 26): CPU per trick at hand 1 and at hand 11.

    .venv/bin/python bench/bench_store_trick.py              # this checkout
    .venv/bin/python bench/bench_store_trick.py --tricks 3   # fewer timed tricks per hand

No server and no screens: what the host's store does for one trick tapped at a
table of 8 (4 phones, the host's table, 3 displays), through the calls the app
makes (views/web/table_actions.py): Ann's write (`table_actions.trick`), then
the 8 screens' reads after the change (`open_token` for each phone and
display, `host_view` for the host's table), on a real SQLite file. The game
is played up to hand 11 through the same calls (bids, tricks, scores), and
the same tricks are timed at hand 1 and at hand 11: the store's part should
not grow with the game. CPU time of this process (`time.process_time`), best
and median of each hand's tricks.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "bench"), str(ROOT)]

from bench_sync import PLAYERS, set_table  # noqa: E402
from models.store import open_store  # noqa: E402
from views.state import Shared  # noqa: E402
from views.web import table_actions  # noqa: E402
from views.web.live import Hub  # noqa: E402

TARGET_MS = 1.0


def tokens_of(ids: dict) -> list[str]:
    """The 8 screens' tokens (None: the host's table) in bench_live's order."""
    return [ids[name] for name in PLAYERS] + [None] + [ids["display"]] * 3


def read_all(shared: Shared, game_id: int, tokens: list[str | None]):
    seen = None
    for token in tokens:
        seen = table_actions.host_view(shared, game_id) if token is None else table_actions.open_token(shared, token)
    return seen


def play(shared: Shared, game_id: int, tokens: list, hand: int, timed: int) -> tuple[list[float], list[float]]:
    """Hand `hand`: 4 bids, every trick (the first `timed` timed), the score; (write ms, write+reads ms) per trick."""
    phones = [table_actions.open_token(shared, token).access for token in tokens[:4]]
    for seat, (name, phone) in enumerate(zip(PLAYERS, phones)):
        seen = table_actions.open_token(shared, tokens[seat])
        table_actions.bid(shared, phone, name, (hand + seat) % 3, None, seen.hand.bids[name].version)
    seen = read_all(shared, game_id, tokens)
    writes, whole = [], []
    for trick in range(seen.hand.tricks_per_hand):
        version = table_actions.open_token(shared, tokens[0]).hand.tricks_version
        start = time.process_time()
        table_actions.trick(shared, phones[0], PLAYERS[trick % 4], 0, version)
        wrote = time.process_time()
        read_all(shared, game_id, tokens)
        done = time.process_time()
        if trick < timed:
            writes.append((wrote - start) * 1000)
            whole.append((done - start) * 1000)
    host = table_actions.host_view(shared, game_id)
    table_actions.score(shared, host.access, host.hand.version)
    return writes, whole


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tricks", type=int, default=10, help="timed tricks per timed hand (default 10)")
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory(prefix="bench-store-") as folder:
        db = Path(folder) / "store.db"
        ids = set_table(db)
        store = open_store(db)
        shared = Shared(store=store, hub=Hub())
        tokens = tokens_of(ids)
        for hand in range(1, 12):
            writes, whole = play(shared, ids["game"], tokens, hand, args.tricks if hand in (1, 11) else 0)
            if writes:
                rows.append((hand, writes, whole))
        store.close()
    print(f"Machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}")
    print("| the store's part of a trick (CPU ms) | tricks | write: best / median | write + 8 screens' reads: "
          "best / median |")
    print("|---|---|---|---|")
    for hand, writes, whole in rows:
        print(f"| hand {hand} | {len(writes)} | {min(writes):.2f} / {statistics.median(writes):.2f} | "
              f"{min(whole):.2f} / {statistics.median(whole):.2f} |")
    worst = max(statistics.median(whole) for _, _, whole in rows)
    print(f"- target: at most {TARGET_MS:g} ms, flat: {'met' if worst <= TARGET_MS else 'MISSED'} "
          f"(worst median {worst:.2f} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
