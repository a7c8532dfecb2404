"""`xyscore serve` as the tests need it, in a process of its own (so that its
RSS is the server's own), with a short grace period for dropped sessions.

    python -m tests.serve_apart DB HOST PORT GRACE [COUNTED]

Built and tuned as views/cli.py's `run_serve` does (the collector tuned for
serving, Flet's lifespan on); prints nothing, serves until it is stopped.
With COUNTED (a file's path), writes there every quarter second how many
Flet sessions the server holds, for a test to wait on instead of a fixed sleep."""
from __future__ import annotations

import os
import sys
import threading
import time

import uvicorn

from models.store import open_store
from tests.e2e.conftest import flet_sessions
from views.app import build_app
from views.web import collector


def count_sessions(path: str) -> None:
    while True:
        held = len(flet_sessions())
        with open(path + ".new", "w") as out:
            out.write(str(held))
        os.replace(path + ".new", path)
        time.sleep(0.25)


def main(db: str, host: str, port: str, grace: str, counted: str | None = None) -> None:
    if counted:
        threading.Thread(target=count_sessions, args=(counted,), daemon=True).start()
    app = build_app(open_store(db), grace=int(grace))
    collector.tune_for_serving()
    uvicorn.run(app, host=host, port=int(port), log_level="warning")


if __name__ == "__main__":
    main(*sys.argv[1:6])
