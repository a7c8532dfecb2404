"""Issue 23: the server's memory after many sessions open and close.

    .venv/bin/python bench/bench_session_memory.py [--tabs 1000] [--grace 5] [--wait 40]

Serves the app in a process of its own (tests/serve_apart.py: built and tuned
as `xyscore serve` is, Flet's lifespan on, a dropped session kept `--grace`
seconds) on loopback, which the per-device limit does not hold (the worst
case: every tab is a real session); opens `--tabs` raw WebSocket tabs on the
home screen (tests/flet_wire.py), 25 at a time, keeps them all open, closes
them, and prints the server's VmRSS (MB) at the start (after one tab), with
every tab open, just after they closed, and every 5 s for `--wait` seconds.
A guest's tabs, from another address, are bounded by the per-device limit:
tests/integration/test_session_limits.py measures those.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from serving import until_listening  # noqa: E402
from tests.e2e.conftest import free_port  # noqa: E402
from tests.flet_wire import WireClient  # noqa: E402


def rss_mb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) // 1024
    return -1


async def tabs_open(url: str, count: int) -> list[WireClient]:
    tabs = [WireClient(url.replace("http", "ws", 1) + "/ws", origin=url) for _ in range(count)]
    for start in range(0, count, 25):
        batch = tabs[start:start + 25]
        await asyncio.gather(*(tab.connect() for tab in batch))
        await asyncio.gather(*(tab.register("/") for tab in batch))
        await asyncio.gather(*(tab.settle(0.2, 5) for tab in batch))
    return tabs


async def main(args: argparse.Namespace) -> dict:
    port = free_port()
    db = Path(tempfile.mkdtemp()) / "bench.db"
    server = subprocess.Popen([sys.executable, "-m", "tests.serve_apart", str(db), "127.0.0.1", str(port),
                               str(args.grace)], cwd=str(ROOT), stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True)
    try:
        until_listening(server, port, 60)
        url = f"http://127.0.0.1:{port}"
        for tab in await tabs_open(url, 1):
            await tab.close()
        await asyncio.sleep(1)
        seen = {"start": rss_mb(server.pid)}
        began = time.monotonic()
        tabs = await tabs_open(url, args.tabs)
        seen["open"], seen["opening_s"] = rss_mb(server.pid), round(time.monotonic() - began, 1)
        await asyncio.gather(*(tab.close() for tab in tabs))
        seen["closed"] = rss_mb(server.pid)
        for after in range(5, args.wait + 1, 5):
            await asyncio.sleep(5)
            seen[f"{after} s later"] = rss_mb(server.pid)
        return seen
    finally:
        server.terminate()
        server.wait(10)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--tabs", type=int, default=1000)
    parser.add_argument("--grace", type=int, default=5)
    parser.add_argument("--wait", type=int, default=40)
    print(json.dumps(asyncio.run(main(parser.parse_args()))))
