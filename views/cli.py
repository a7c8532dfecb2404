"""`xyscore`: the companion's commands plus the store and app commands.

The one composition root: the store (`models`) and the web app (`views`)
each register their commands on the companion's parser."""
from __future__ import annotations

import argparse
import sys
from typing import Sequence

from companion import cli
from models.cli import add_commands

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8550


def add_serve(subparsers: argparse._SubParsersAction) -> None:
    serve = subparsers.add_parser("serve", help="serve the web app to phones and a tablet on this network",
                                  description="Serve the web app. Use --host 0.0.0.0 so other devices on the "
                                              "network can open it; the table display is at /display.")
    serve.add_argument("--host", default=DEFAULT_HOST, help=f"address to listen on (default {DEFAULT_HOST})")
    serve.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})")
    serve.add_argument("--db", metavar="PATH", help="the database file (default: $XYSCORE_DB, else xyscore.db "
                                                    "in your data folder)")
    serve.set_defaults(run=run_serve)


def run_serve(args: argparse.Namespace) -> int:
    import uvicorn

    from models.store import StoreError, open_store
    from views.app import build_app

    try:
        store = open_store(args.db)
    except StoreError as error:
        print(f"xyscore: {error}", file=sys.stderr)
        return cli.EXIT_BAD_INPUT
    print(f"XY Score is at {address(args.host, args.port)} (table display: /display); database {store.path}",
          flush=True)
    uvicorn.run(build_app(store), host=args.host, port=args.port, log_level="warning")
    return cli.EXIT_OK


def address(host: str, port: int) -> str:
    """The address to open; for all interfaces, this machine's address on the
    network as the OS sees it (offline it may be 127.0.1.1: then look it up)."""
    if host in ("0.0.0.0", "::"):
        from flet.utils import get_local_ip
        return f"http://{get_local_ip()}:{port}/ on this network, http://127.0.0.1:{port}/ here"
    return f"http://{host}:{port}/"


def extend(subparsers: argparse._SubParsersAction) -> None:
    add_commands(subparsers)
    add_serve(subparsers)


def main(argv: Sequence[str] | None = None) -> int:
    return cli.main(argv, extend=extend)


if __name__ == "__main__":
    sys.exit(main())
