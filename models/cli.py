"""The store's `xyscore` commands: history, export, import, backup, restore.

Their arguments are defined with every other command's in `views/cli.py`,
which runs each through `guarded`: the store opened from `--db PATH` (or a PostgreSQL URL,
models/server.py; without it, $XYSCORE_DB or the user's data folder), then the command's
`run_...(store, args)` here. Problems go to standard error in words, with
exit status 2. (`stats` is run the same way from `views/cli.py`, since its
words are made in views/.)
"""
from __future__ import annotations

import argparse
import io
import json
import sqlite3
import sys
from contextlib import nullcontext

from sqlalchemy.exc import DatabaseError

from companion import exports, host_settings, record, services
from companion.errors import StoreUnavailable
from companion.history import describe, differences
from companion.services import GameNotFound

from .backup import backup, restore
from .engine import StoreError, unavailable
from .store import open_store
from .transfer import ImportRefused, export_all, export_game, import_text, write_records

EXIT_OK = 0
EXIT_BAD_INPUT = 2


def guarded(run, args: argparse.Namespace) -> int:
    """Run a command on the store; a failure is one line on standard error
    with exit status 2. A store that opened read-only or damaged is said in
    one line too: after the command's output, or instead of a failure of the same kind."""
    note: tuple[str, str] | None = None  # (fault kind, the line about the store)

    def fail(line: str, kind: str | None = None) -> int:
        said = note[1] if note is not None and kind == note[0] else line
        print(f"xyscore {args.command}: {said}", file=sys.stderr)
        return EXIT_BAD_INPUT

    try:
        with open_store(args.db, to_restore=args.command == "restore") as store:
            if store.fault is not None:
                note = (store.fault.kind, fault_line(store))
            status = run(store, args)
            if note is not None:
                print(f"xyscore {args.command}: {note[1]}", file=sys.stderr)
            return EXIT_BAD_INPUT if store.damage is not None else status
    except StoreUnavailable as error:
        return fail(str(error), error.kind)
    except OSError as error:
        fault = unavailable(error)
        return fail(str(fault) if fault else f"cannot use {error.filename or 'the file'}: "
                                             f"{error.strerror or error}", fault.kind if fault else None)
    except UnicodeDecodeError:
        return fail("the file is not UTF-8 text")
    except (StoreError, ImportRefused, ValueError) as error:
        return fail(str(error))
    except GameNotFound:
        return fail(f"there is no game {args.game_id}; `xyscore history` lists them")
    except (DatabaseError, sqlite3.DatabaseError) as error:  # a fault the unit of work did not see
        fault = unavailable(error)
        return fail(str(fault) if fault else f"the database could not be used: {getattr(error, 'orig', error)}",
                    fault.kind if fault else None)


def fault_line(store) -> str:
    """What a command says first about a store that opened read-only."""
    if store.damage is not None:
        return (f"{store.where} is damaged (SQLite's check found: {store.damage}). Nothing more will be saved "
                f"until it is restored from a backup with `xyscore restore BACKUP`; what can still be read is "
                f"shown, and `xyscore export` may save the intact games")  # no full stop: callers may go on
    return f"{str(store.fault).rstrip('.')} (opened read-only: {store.where})"


def run_history(store, args) -> int:
    if args.game_id is None:
        games = services.list_games(store.reader(), game=args.game, player=args.player)
        for game in games:
            result = f"won by {' and '.join(game.winners)}" if game.winners else game.status.replace("_", " ")
            print(f"{game.id:>4}  {game.started_at}  {game.game:<8} {', '.join(game.players)}: {result}")
        if not games:
            print("no games stored yet")
        return EXIT_OK  # facts the list worked out again were kept if no one was writing
    for position, change in enumerate(services.history(args.game_id, store.reader())):
        what = differences(change)
        print(f"{position:>3}  {change.at}  {describe(change)}{': ' + '; '.join(what) if what else ''}")
    return EXIT_OK


def run_export(store, args) -> int:
    if args.csv or args.bgstats:
        return _run_export_other(store, args)
    # Everything is read before the output file is opened: a failed read leaves no file behind.
    data = export_all(store) if args.game_id is None else export_game(store, args.game_id)
    with open(args.output, "w", encoding="utf-8") if args.output else nullcontext(sys.stdout) as out:
        if args.game_id is None:
            write_records(data, out)  # a game at a time, not the whole export as one string
        else:
            out.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    return EXIT_OK


def _run_export_other(store, args) -> int:
    """`export --csv` (every game, or GAME) and `export GAME --bgstats`."""
    if args.bgstats:
        if args.game_id is None:
            raise ValueError("--bgstats needs a GAME: the number of one finished game")
        given = getattr(args, "location", None)  # a --location given wins over the place set in the app
        place = host_settings.location(store.reader()) if given is None else host_settings.clean_location(given)
        text = exports.bg_stats_link(services.load(args.game_id, store.reader()), location=place) + "\n"
    else:
        chosen = ([services.load(args.game_id, store.reader())] if args.game_id is not None
                  else services.stored_games(store.reader()))
        buffer = io.StringIO(newline="")
        exports.write_rounds_csv(sorted(chosen, key=lambda s: (s.started_at, s.id)), buffer)
        text = buffer.getvalue()
    with open(args.output, "w", encoding="utf-8", newline="") if args.output else nullcontext(sys.stdout) as out:
        out.write(text)
    return EXIT_OK


def run_import(store, args) -> int:
    result = import_text(store, record.read(args.file))  # read as `score` reads a record
    for game_id in result.added:
        print(f"imported as game {game_id}")
    for game_id in result.already_had:
        print(f"already stored as game {game_id}; not imported again")
    return EXIT_OK


def run_backup(store, args) -> int:
    print(f"backed up to {backup(store, args.file)}")
    return EXIT_OK


def run_restore(store, args) -> int:
    saved = restore(store, args.file)
    print(f"restored from {args.file}; the games as they were are saved in {saved}")
    return EXIT_OK


def run_players(store, args) -> int:
    """`xyscore players [rename OLD NEW | merge NAME INTO | remove NAME]`."""
    action = getattr(args, "action", None)
    if action == "rename":
        print(f"{args.old} is now called {services.rename_player(args.old, args.new, store.uow())}")
    elif action == "merge":
        kept = services.merge_player(args.name, args.into, store.uow())
        print(f"{args.name.strip()}'s games are now {kept}'s; {args.name.strip()} has left the roster")
    elif action == "remove":
        services.remove_player(args.name, store.uow())
        print(f"{args.name.strip()} is off the roster")
    else:
        played = services.games_played(store.reader())
        for name, count in played.items():
            print(f"{name}: {count} game{'' if count == 1 else 's'}")
        if not played:
            print("nobody on the roster yet")
    return EXIT_OK
