"""`xyscore`: one parser defines every command (views/cli.py), the record
commands reused from `python -m companion`, the store's and `serve` beside them."""
import ast
import pathlib
import subprocess
import sys

from companion import cli
from views import cli as app_cli

ROOT = pathlib.Path(__file__).resolve().parents[2]
COMMANDS = ["score", "setup", "history", "stats", "export", "import", "backup", "restore", "players", "serve"]


def commands_of(parser) -> dict:
    return next(action for action in parser._actions if action.dest == "command").choices


def test_serve_is_registered_with_the_store_commands():
    parser = app_cli.build_parser()
    args = parser.parse_args(["serve", "--host", "127.0.0.1", "--port", "9000", "--db", "games.db"])
    assert (args.host, args.port, args.db, args.run) == ("127.0.0.1", 9000, "games.db", app_cli.run_serve)
    assert parser.parse_args(["serve"]).port == 8550
    assert "history" in commands_of(parser)  # the store's commands are still there


# Every command is in the one parser, in the order `xyscore --help` lists them.
def test_every_command_is_in_the_one_parser_and_its_help():
    assert list(commands_of(app_cli.build_parser())) == COMMANDS
    shown = subprocess.run([sys.executable, "-m", "views.cli", "--help"], cwd=ROOT, capture_output=True, text=True,
                           timeout=60)
    assert shown.returncode == 0, shown.stderr
    listed = [line.split()[0] for line in shown.stdout.split("  COMMAND\n")[1].split("\n\n")[0].splitlines()]
    assert listed == COMMANDS


# `python -m companion` keeps the record commands only, run by the same functions.
def test_python_m_companion_has_the_record_commands_only():
    assert list(commands_of(cli.build_parser())) == ["score", "setup"]
    assert app_cli.build_parser().parse_args(["score", "-"]).run is cli.run_score
    assert app_cli.build_parser().parse_args(["setup", "xybrid", "-p", "3"]).run is cli.run_setup


def test_the_store_commands_take_a_database():
    parser = app_cli.build_parser()
    for command in ("history", "stats", "export", "backup x", "restore x", "import x"):
        assert parser.parse_args([*command.split(), "--db", "games.db"]).db == "games.db"
    from models.store import ENV_VAR
    assert app_cli.DB_ENV_VAR == ENV_VAR


# `xyscore score` and `setup` load neither the store nor the app.
def test_the_record_commands_import_no_store_and_no_app():
    fixture = ROOT / "tests" / "fixtures" / "xylotar-2p-tie.json"
    check = ("import sys, contextlib, io\n"
             "from views import cli\n"
             "with contextlib.redirect_stdout(io.StringIO()):\n"
             f"    assert cli.main(['score', {str(fixture)!r}]) == 0\n"
             "    assert cli.main(['setup', 'xybrid', '-p', '4']) == 0\n"
             "print(sorted({m.split('.')[0] for m in sys.modules} & {'sqlalchemy', 'sqlmodel', 'alembic', 'flet', "
             "'models', 'uvicorn'}))\n")
    done = subprocess.run([sys.executable, "-c", check], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (0, "[]\n", "")


# views/cli.py is the composition root: no other module of views/ imports the store.
def test_only_the_cli_imports_models_among_the_views():
    importers = []
    for path in (ROOT / "views").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else \
                [node.module] if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module else []
            if any(name.split(".")[0] == "models" for name in names):
                importers.append(path.relative_to(ROOT).as_posix())
    assert sorted(set(importers)) == ["views/cli.py"]


# `xyscore serve` starts serving with the cycle collector set for many
# tables (views/web/collector.py): what was built for the run is frozen and
# young collections are rarer, which keeps a phone's worst wait at a busy
# table near its median (docs/benchmarks.md, "One table: the collector").
def test_serve_starts_with_the_collector_set_for_many_tables(tmp_path, monkeypatch):
    import gc

    import uvicorn

    from views.web import collector

    seen = {}

    def serving(app, **options):
        seen.update(threshold=gc.get_threshold(), frozen=gc.get_freeze_count(), host=options["host"])

    before = gc.get_threshold()
    monkeypatch.setattr(uvicorn, "run", serving)
    try:
        code = app_cli.main(["serve", "--host", "127.0.0.1", "--port", "0", "--db", str(tmp_path / "games.db")])
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
    assert code == 0
    assert seen["host"] == "127.0.0.1"
    assert seen["threshold"] == (collector.YOUNG, collector.MIDDLE, collector.OLD) != before
    assert seen["frozen"] > 10_000  # the modules and the app built at start are out of the collector's sight
