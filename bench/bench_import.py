"""How long `xyscore import` takes for one Xylotar game of many tiebreak hands (issue 9).

    .venv/bin/python bench/bench_import.py [--hands 1000] [--repeat 3]

The game: 3 players who each take 4 tricks with a bid of 0 in every hand, so
after hand 3 they tie and every hand after is another tiebreak hand (X8).
Each run imports the record (`models.transfer.import_text`) into a fresh
store in a temporary folder and prints the time, from the text to the commit,
while the store holds its write lock; then the time `xyscore score` takes
(`companion.record.loads` and `record.score`) for the same record.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion import record  # noqa: E402
from models.store import open_store  # noqa: E402
from models.transfer import import_text  # noqa: E402


def tiebreak_record(hands: int) -> dict:
    """A game still tied after `hands` hands: everyone bids 0 and takes 4 tricks."""
    results = {name: {"bid": 0, "tricks": 4} for name in ("Ann", "Bob", "Cat")}
    return {"format": record.FORMAT, "game": "xylotar", "players": ["Ann", "Bob", "Cat"],
            "rounds": [{"results": results} for _ in range(hands)]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    text = json.dumps(tiebreak_record(args.hands))
    imports, scores = [], []
    for run in range(args.repeat):
        with tempfile.TemporaryDirectory() as folder, open_store(Path(folder) / "bench.db") as store:
            started = time.perf_counter()
            imported = import_text(store, text)
            imports.append(time.perf_counter() - started)
            assert len(imported.added) == 1
        started = time.perf_counter()
        record.score(record.loads(text))
        scores.append(time.perf_counter() - started)
    print(f"{args.hands} tiebreak hands, {args.repeat} runs, median:")
    print(f"  import: {statistics.median(imports):.2f} s  (runs: {', '.join(f'{t:.2f}' for t in imports)})")
    print(f"  score:  {statistics.median(scores):.3f} s")


if __name__ == "__main__":
    main()
