"""`xyscore`: the companion's commands plus the store and app commands.

The one composition root: the store (`models`) and the web app (`views`)
each register their commands on the companion's parser."""
from __future__ import annotations

import argparse
import sys
from typing import Sequence

from companion import cli
from models.cli import add_commands

DEFAULT_HOST = "0.0.0.0"  # the local network: phones and the tablet join
DEFAULT_PORT = 8550


def add_serve(subparsers: argparse._SubParsersAction) -> None:
    serve = subparsers.add_parser("serve", help="serve the web app to phones and a tablet on this network",
                                  description="Serve the web app on the local network and print the codes "
                                              "phones and the table display scan. --host 127.0.0.1 keeps it "
                                              "to this machine.")
    serve.add_argument("--host", default=DEFAULT_HOST, help=f"address to listen on (default {DEFAULT_HOST})")
    serve.add_argument("--public-host", metavar="ADDRESS",
                       help="the address phones should use, if the one found is wrong (or $XYSCORE_PUBLIC_HOST)")
    serve.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})")
    serve.add_argument("--db", metavar="PATH", help="the database file (default: $XYSCORE_DB, else xyscore.db "
                                                    "in your data folder)")
    serve.set_defaults(run=run_serve)


def run_serve(args: argparse.Namespace) -> int:
    import uvicorn

    from companion.errors import StoreUnavailable
    from models.cli import fault_line
    from models.engine import APP_BUSY_SECONDS
    from models.store import StoreError, open_store
    from views.app import build_app
    from views.web.lan import LanAddress, lan_address
    from views.web.serve_banner import banner
    from views.hosting import HostRun

    try:
        store = open_store(args.db, busy_seconds=APP_BUSY_SECONDS)  # a player's entry waits 2 s, not 15
    except (StoreError, StoreUnavailable) as error:
        print(f"xyscore serve: {error}", file=sys.stderr)
        return cli.EXIT_BAD_INPUT
    except OSError as error:
        print(f"xyscore serve: cannot use {error.filename or 'the database'}: {error.strerror or error}",
              file=sys.stderr)
        return cli.EXIT_BAD_INPUT
    if store.fault is not None:  # it still serves: the games can be read and shown, nothing is saved
        print(f"xyscore serve: {fault_line(store)}. Serving the games read-only.", file=sys.stderr, flush=True)
    everywhere = args.host in ("0.0.0.0", "::")
    where = lan_address(args.public_host) if everywhere or args.public_host else LanAddress(args.host, "listen")
    run = HostRun()
    print(banner(store, run, where, args.port), f"\nDatabase: {store.path}", sep="\n", flush=True)
    uvicorn.run(build_app(store, run), host=args.host, port=args.port, log_level="warning")
    return cli.EXIT_OK


def extend(subparsers: argparse._SubParsersAction) -> None:
    add_commands(subparsers)
    add_serve(subparsers)


def main(argv: Sequence[str] | None = None) -> int:
    return cli.main(argv, extend=extend)


if __name__ == "__main__":
    sys.exit(main())
