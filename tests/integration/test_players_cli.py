"""`xyscore players` (issue 13): the roster with each player's games, and a
rename, a merge and a removal from the command line, each refusal one line
on standard error with exit status 2 and nothing changed."""
from __future__ import annotations

import pytest

from companion import services
from models.store import open_store
from tests.cli_runs import as_process, xyscore

from .conftest import start, table_counts


@pytest.fixture
def seated(db_path):
    """Robert's game with Cat and Dev, Bob's with Cat and Eve; Zed on the roster with no games."""
    with open_store(db_path) as store:
        start(store, players=("Robert", "Cat", "Dev"))
        start(store, players=("Bob", "Cat", "Eve"))
        services.add_player("Zed", store.uow())
    return db_path


def roster(db_path) -> dict[str, int]:
    with open_store(db_path) as store:
        return services.games_played(store.reader())


def test_players_lists_the_roster_with_each_players_games(seated):
    listing = as_process("views.cli", "players", "--db", str(seated))  # the one run as its own process
    assert listing.returncode == 0, listing.stderr
    assert listing.stdout.splitlines() == ["Bob: 1 game", "Cat: 2 games", "Dev: 1 game", "Eve: 1 game",
                                           "Robert: 1 game", "Zed: 0 games"]


def test_a_rename_a_merge_and_a_removal_from_the_command_line(seated):
    renamed = xyscore("players", "rename", "dev", "Devi", "--db", str(seated))
    assert (renamed.returncode, renamed.stdout) == (0, "dev is now called Devi\n"), renamed.stderr
    merged = xyscore("players", "--db", str(seated), "merge", "Robert", "bob")
    assert (merged.returncode, merged.stdout) == (0, "Robert's games are now Bob's; Robert has left the roster\n")
    removed = xyscore("players", "remove", "Zed", "--db", str(seated))
    assert (removed.returncode, removed.stdout) == (0, "Zed is off the roster\n")
    assert roster(seated) == {"Bob": 2, "Cat": 2, "Devi": 1, "Eve": 1}


@pytest.mark.parametrize("args, said", [
    (("rename", "Bob", "cat"), "Cat is already on the roster: merge them instead?"),
    (("rename", "Bob", "  "), "a player's name cannot be blank"),
    (("merge", "Cat", "Bob"), "Cat and Bob both played in the game of "),
    (("merge", "Bob", "BOB"), "That is Bob already: choose someone else to merge Bob into"),
    (("remove", "Cat"), "Cat has played 2 games, which need their name: merge Cat into another player instead"),
    (("remove", "Nobody"), "there is no player called 'Nobody' on the roster"),
])
def test_what_the_roster_refuses_is_one_line_with_status_2_and_nothing_changes(seated, args, said):
    before = table_counts(seated)
    refused = xyscore("players", *args, "--db", str(seated))
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr.startswith(f"xyscore players: {said}") and refused.stderr.count("\n") == 1
    assert table_counts(seated) == before
