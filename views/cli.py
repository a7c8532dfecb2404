"""`xyscore`: every command, defined here in one parser.

The one composition root, and the only module of views/ that imports
`models`. `build_parser()` lists every command in the order `xyscore --help`
shows them:

- the record commands, `score` and `setup`, from `companion.cli` (standard
  library only; `python -m companion score|setup` is the same two);
- the store commands, `history`, `stats`, `export`, `import`, `backup`,
  `restore`, each taking `--db PATH` and run on the store by
  `models.cli.guarded`;
- `serve`, the web app.

Each command imports what it needs only when it runs: `xyscore score` loads
neither the store (SQLAlchemy) nor the app (Flet).
"""
from __future__ import annotations

import argparse
import sys
from typing import Callable, Sequence

from companion import cli

from . import i18n

DEFAULT_HOST = "0.0.0.0"  # the local network: phones and the tablet join
DEFAULT_PORT = 8550
DB_ENV_VAR = "XYSCORE_DB"  # models.store.ENV_VAR, written out so `--help` needs no store
DB_HELP = (f"the database file, or a PostgreSQL server's database as postgresql://USER@HOST/DB "
           f"(default: ${DB_ENV_VAR}, else xyscore.db in your data folder)")


def build_parser() -> argparse.ArgumentParser:
    """The `xyscore` parser, every command in it."""
    parser, commands = cli.new_parser()
    cli.add_score(commands)
    cli.add_setup(commands)
    db = argparse.ArgumentParser(add_help=False)
    db.add_argument("--db", metavar="PATH", help=DB_HELP)

    def on_store(name: str, run: str | Callable, help: str) -> argparse.ArgumentParser:
        """A command on the store: `run` is a function of (store, args), or its name in models.cli."""
        command = commands.add_parser(name, parents=[db], help=help, description=help[0].upper() + help[1:] + ".")
        command.set_defaults(run=_on_store(run))
        return command

    history = on_store("history", "run_history", "list stored games, or what changed in one game, who and when")
    history.add_argument("game_id", nargs="?", type=int, metavar="GAME", help="a game's number from the list")
    history.add_argument("--game", choices=["xylotar", "xybrid"], help="only games of this kind")
    history.add_argument("--player", metavar="NAME", help="only games this player sat in")
    stats = on_store("stats", run_stats, "statistics over every stored game")
    stats.add_argument("--player", metavar="NAME", help="one player's statistics")
    export = on_store("export", "run_export", "write games as companion.game/1 JSON (all games: a JSON list)")
    export.add_argument("game_id", nargs="?", type=int, metavar="GAME", help="only this game")
    export.add_argument("--output", "-o", metavar="FILE", help="write to FILE instead of standard output")
    kind = export.add_mutually_exclusive_group()
    kind.add_argument("--csv", action="store_true", help="one row per player per round, for spreadsheets")
    kind.add_argument("--bgstats", action="store_true",
                      help="the BG Stats link that adds this finished GAME to the BG Stats app")
    export.add_argument("--location", metavar="PLACE",
                        help="with --bgstats: where the game was played (default: the place set in the app)")
    importer = on_store("import", "run_import", "add the games in a companion.game/1 file (one game or a list)")
    importer.add_argument("file", metavar="FILE", help="the file, or - for standard input")
    saver = on_store("backup", "run_backup", "copy every game to a backup file, safely while the app runs")
    saver.add_argument("file", metavar="FILE", help="the backup file to create")
    restorer = on_store("restore", "run_restore", "replace the stored games with a backup's")
    restorer.add_argument("file", metavar="FILE", help="a file made by `xyscore backup`")
    roster = on_store("players", "run_players", "list the roster; rename, merge or remove a player")
    below = argparse.ArgumentParser(add_help=False)  # --db after the action too, not undoing one given before it
    below.add_argument("--db", metavar="PATH", default=argparse.SUPPRESS, help=DB_HELP)
    change = roster.add_subparsers(dest="action", metavar="ACTION")
    renamer = change.add_parser("rename", parents=[below], help="rename a player in every game")
    renamer.add_argument("old", metavar="OLD")
    renamer.add_argument("new", metavar="NEW")
    merger = change.add_parser("merge", parents=[below], help="two names that are one person: NAME's games "
                                                              "become INTO's, and NAME leaves the roster")
    merger.add_argument("name", metavar="NAME")
    merger.add_argument("into", metavar="INTO")
    remover = change.add_parser("remove", parents=[below], help="take a player with no games off the roster")
    remover.add_argument("name", metavar="NAME")

    serve = commands.add_parser("serve", help="serve the web app to phones and a tablet on this network",
                                description="Serve the web app on the local network and print the codes "
                                            "phones and the table display scan. --host 127.0.0.1 keeps it "
                                            "to this machine.")
    serve.add_argument("--host", default=DEFAULT_HOST, help=f"address to listen on (default {DEFAULT_HOST})")
    serve.add_argument("--public-host", metavar="ADDRESS",
                       help="the address phones should use, if the one found is wrong (or $XYSCORE_PUBLIC_HOST)")
    serve.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})")
    serve.add_argument("--db", metavar="PATH", help=DB_HELP)
    serve.set_defaults(run=run_serve)
    return parser


def _on_store(run: str | Callable) -> Callable[[argparse.Namespace], int]:
    def command(args: argparse.Namespace) -> int:
        from models import cli as store_cli  # the store only for the commands that use it

        return store_cli.guarded(getattr(store_cli, run) if isinstance(run, str) else run, args)
    return command


def run_stats(store, args: argparse.Namespace) -> int:
    """`xyscore stats [--player NAME]`: everyone's statistics, or one player's, in words."""
    from companion import services, stats

    from views.shown.stats_words import player_text

    if args.player and args.player.strip().casefold() not in {n.casefold() for n in services.roster(store.reader())}:
        said = i18n.spoken().gettext("xyscore stats: there is no player called {name}")
        print(said.format(name=repr(args.player.strip())), file=sys.stderr)
        return cli.EXIT_BAD_INPUT
    # a reader: facts worked out again are kept if no one was writing
    if args.player:
        print(player_text(services.player_stats(store.reader(), args.player)))
        return cli.EXIT_OK
    games = services.game_facts(store.reader())
    table = stats.table_stats(games)
    if not table:
        print("no games stored yet")
        return cli.EXIT_OK
    print("\n\n".join(player_text(player) for player in table.values()))
    return cli.EXIT_OK


def run_serve(args: argparse.Namespace) -> int:
    import uvicorn

    from companion.errors import StoreUnavailable
    from models.cli import fault_line
    from models.engine import APP_BUSY_SECONDS
    from models.store import StoreError, open_store
    from views.app import build_app
    from views.hosting import HostRun
    from views.web import collector, wire_guard
    from views.web.lan import LanAddress, lan_address
    from views.web.serve_banner import banner, renewed_line

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
    run = HostRun(on_renew=lambda _key: print(renewed_line(run), flush=True))
    print(banner(store, run, where, args.port), f"\nDatabase: {store.where}", sep="\n", flush=True)
    app = build_app(store, run)
    collector.tune_for_serving()  # after everything kept for the run is built (views/web/collector.py)
    # A frame larger than any the app reads is refused by uvicorn before it is buffered (views/web/wire_guard.py).
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning", ws_max_size=wire_guard.MAX_FRAME + 64)
    return cli.EXIT_OK


def main(argv: Sequence[str] | None = None) -> int:
    i18n.follow(i18n.from_environment)  # the command line speaks the environment's language (LANGUAGE, LANG, ...)
    return cli.run(build_parser(), argv)


if __name__ == "__main__":
    sys.exit(main())
