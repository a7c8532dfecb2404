"""How long the command line takes, as a whole process (issue 14).

    .venv/bin/python bench/bench_cli.py [--repeat 15]

Runs each command `--repeat` times in a new process, from exec to exit, and
reports the best and the median wall time: `xyscore score` on the 5-player
record in tests/fixtures (the console script pip installed beside this
Python), the same through `python -m companion score`, `xyscore setup`, and
`xyscore --help`. Also says which of the heavy packages (SQLAlchemy,
SQLModel, Alembic, Flet, uvicorn) `xyscore score` imported: none should be.
Target: `xyscore score game.json` under 0.25 s.
"""
from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RECORD = ROOT / "tests" / "fixtures" / "xylotar-5p-in-progress.json"
XYSCORE = Path(sys.executable).with_name("xyscore")
HEAVY = ("sqlalchemy", "sqlmodel", "alembic", "flet", "uvicorn")
TARGET = 0.25


def timed(command: list[str], repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        begun = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, cwd=ROOT)
        times.append(time.perf_counter() - begun)
    return times


def heavy_imports() -> list[str]:
    """The heavy packages a `xyscore score` run imports, from Python's own -X importtime."""
    done = subprocess.run([sys.executable, "-X", "importtime", str(XYSCORE), "score", str(RECORD)],
                          check=True, capture_output=True, text=True, cwd=ROOT)
    loaded = {line.split("|")[-1].strip().split(".")[0] for line in done.stderr.splitlines() if "|" in line}
    return sorted(loaded & set(HEAVY))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    commands = {
        "xyscore score game.json": [str(XYSCORE), "score", str(RECORD)],
        "python -m companion score game.json": [sys.executable, "-m", "companion", "score", str(RECORD)],
        "xyscore setup xylotar -p 5": [str(XYSCORE), "setup", "xylotar", "-p", "5"],
        "xyscore --help": [str(XYSCORE), "--help"],
        "python -c pass (the floor)": [sys.executable, "-c", "pass"],
    }
    best = {}
    for label, command in commands.items():
        times = timed(command, args.repeat)
        best[label] = min(times)
        print(f"{label}: best {min(times) * 1000:.0f} ms, median {statistics.median(times) * 1000:.0f} ms")
    heavy = heavy_imports()
    print(f"heavy packages `xyscore score` imports: {', '.join(heavy) or 'none'}")
    print(f"machine: {platform.python_implementation()} {platform.python_version()}, {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.1f}")
    verdict = "meets" if best["xyscore score game.json"] < TARGET and not heavy else "MISSES"
    print(f"{verdict} the target for xyscore score (< {TARGET * 1000:.0f} ms, no heavy package)")


if __name__ == "__main__":
    main()
