"""`xyscore serve` as the tests need it, in a process of its own (so that its
RSS is the server's own), with a short grace period for dropped sessions.

    python -m tests.serve_apart DB HOST PORT GRACE

Built and tuned as views/cli.py's `run_serve` does (the collector tuned for
serving, Flet's lifespan on); prints nothing, serves until it is stopped."""
from __future__ import annotations

import sys

import uvicorn

from models.store import open_store
from views.app import build_app
from views.web import collector


def main(db: str, host: str, port: str, grace: str) -> None:
    app = build_app(open_store(db), grace=int(grace))
    collector.tune_for_serving()
    uvicorn.run(app, host=host, port=int(port), log_level="warning")


if __name__ == "__main__":
    main(*sys.argv[1:5])
