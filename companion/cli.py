"""`python -m companion`: score a game record, print a setup guide.

The record commands, needing nothing but the standard library: `add_score`
and `add_setup` define them and `main` runs them for `python -m companion`.
The one `xyscore` parser (`views/cli.py`, where every command is defined)
reuses the same two for its `score` and `setup`.
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Sequence

from . import record
from .errors import GameError
from .setup_guide import setup_guide

EXIT_OK = 0
EXIT_BAD_INPUT = 2

DESCRIPTION = """\
XY Score keeps score for Xylotar (with the Unhinged expansions Bonus Beats and
Off-Key) and XYbrid, applying every rule, tiebreak and "who leads next".

examples:
  xyscore score game.json          score a saved game record
  cat game.json | xyscore score -  ... or read it from standard input
  xyscore setup xylotar --players 3 --expansions bonus_beats,off_key
  xyscore setup xybrid --players 4
"""


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # usage errors exit 2 with one line, like bad records
        self.print_usage(sys.stderr)
        self.exit(EXIT_BAD_INPUT, f"xyscore: {message}\n")


def new_parser() -> tuple[argparse.ArgumentParser, argparse._SubParsersAction]:
    """The `xyscore` parser with no command yet, and where its commands go."""
    parser = Parser(prog="xyscore", description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter)
    return parser, parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)


def add_score(commands: argparse._SubParsersAction) -> None:
    score = commands.add_parser("score", help="score a game record (companion.game/1 JSON)",
                                description="Read a game record and print its scores, leaders, status and "
                                            "winners as JSON. Exit 2 with one line per broken rule if it is wrong.")
    score.add_argument("file", metavar="FILE", help="the record's path, or - to read standard input")
    score.set_defaults(run=run_score)


def add_setup(commands: argparse._SubParsersAction) -> None:
    setup = commands.add_parser("setup", help="what to set up before the first hand",
                                description="Print the setup guide for a game and player count.")
    setup.add_argument("game", choices=["xylotar", "xybrid"])
    setup.add_argument("--players", "-p", type=int, required=True, help="how many people play")
    setup.add_argument("--expansions", "-e", default="",
                       help="Xylotar only: comma-separated, any of bonus_beats, off_key")
    setup.set_defaults(run=run_setup)


def build_parser() -> argparse.ArgumentParser:
    """`python -m companion`'s parser: the record commands only."""
    parser, commands = new_parser()
    add_score(commands)
    add_setup(commands)
    return parser


def run_score(args: argparse.Namespace) -> int:
    try:
        game = record.loads(record.read(args.file))
    except GameError as error:
        print(error, file=sys.stderr)
        return EXIT_BAD_INPUT
    scored = record.score(game)
    try:
        sys.stdout.write(json.dumps(scored, indent=2, ensure_ascii=False) + "\n")
    except UnicodeEncodeError:  # a terminal that cannot show every name still gets valid JSON
        sys.stdout.write(json.dumps(scored, indent=2) + "\n")
    return EXIT_OK


def run_setup(args: argparse.Namespace) -> int:
    expansions = [e.strip() for e in args.expansions.split(",") if e.strip()]
    try:
        guide = setup_guide(args.game, args.players, expansions)
    except GameError as error:
        print(error, file=sys.stderr)
        return EXIT_BAD_INPUT
    print(guide.text())
    return EXIT_OK


def run(parser: argparse.ArgumentParser, argv: Sequence[str] | None = None) -> int:
    """Parse `argv` and run its command; no command prints the help."""
    args = parser.parse_args(argv)
    if not getattr(args, "run", None):
        parser.print_help()
        return EXIT_OK
    return args.run(args)


def main(argv: Sequence[str] | None = None) -> int:
    return run(build_parser(), argv)
