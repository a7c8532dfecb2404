"""`xyscore serve` sits beside the companion's and the store's commands."""
from companion import cli
from views import cli as app_cli


def test_serve_is_registered_with_the_store_commands():
    parser, commands = cli.build_parser()
    app_cli.extend(commands)
    args = parser.parse_args(["serve", "--host", "127.0.0.1", "--port", "9000", "--db", "games.db"])
    assert (args.host, args.port, args.db, args.run) == ("127.0.0.1", 9000, "games.db", app_cli.run_serve)
    assert parser.parse_args(["serve"]).port == 8550
    assert "history" in commands.choices  # the store's commands are still there
