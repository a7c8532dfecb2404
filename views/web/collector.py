"""Python's cycle collector, set for serving many tables.

Every change at a table builds each session's new controls and drops the
old ones: tens of thousands of short-lived objects a second on a busy host.
With Python's default thresholds (a collection every 700 new objects) the
collector runs several times per change, and each older-generation pass
walks everything the server holds: the modules, Flet's controls of every
session. Measured with bench/bench_live.py on one table of 8 (see
docs/benchmarks.md, "One table: the collector"), the defaults cost a
fifth to a quarter of the server's time per trick and put the worst phone's
wait at four times the median.

So the server, once it has imported and built what it keeps for its whole
run, moves all of that out of the collector's sight (`gc.freeze`) and
collects the youngest objects every YOUNG new objects instead of 700. The
memory this holds back is a few megabytes at most (the bench's RSS with 8
tables of 8 says how much), and nothing is leaked: the collector still runs,
less often."""
from __future__ import annotations

import gc

YOUNG = 20_000  # new objects between collections of the youngest generation (Python's default: 700)
MIDDLE = 50  # young collections between middle ones (default 10)
OLD = 1_000  # middle collections between full ones (default 10)


def tune_for_serving() -> None:
    """Call once, after the app is built and before it serves."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, MIDDLE, OLD)
