"""The store's commands, run as a player would: `xyscore ...`, in this process
(tests/cli_runs.py), and once per command as its own process, `python -m views.cli ...`."""
from __future__ import annotations

import json
from functools import partial
from pathlib import Path

import pytest

from companion import services
from models.store import open_store

from tests.cli_runs import ROOT, as_process, xyscore

from .conftest import hand, start, table_counts

process = partial(as_process, "views.cli")  # `xyscore` as its own process: one test per command


@pytest.fixture
def played(db_path) -> Path:
    """A store with a Xylotar game of one corrected hand and an empty XYbrid game."""
    with open_store(db_path) as store:
        game_id = start(store)
        services.record_round(game_id, hand((2, 3), (4, 4), (0, 0), (6, 7)), store.uow(), author="Ann")
        services.correct_round(game_id, 1, hand((2, 3), (4, 4), (1, 0), (6, 7)), store.uow(), author="Bob")
        start(store, "xybrid", ("Eve", "Fay"))
    return db_path


def test_history_lists_the_games_and_then_who_changed_what_when(played):
    listing = xyscore("history", "--db", str(played))
    assert listing.returncode == 0, listing.stderr
    lines = listing.stdout.splitlines()
    assert "xybrid" in lines[0] and "Eve, Fay: in progress" in lines[0]
    assert "Ann, Bob, Cat, Dev: in progress" in lines[1]
    changes = xyscore("history", "1", "--db", str(played)).stdout.splitlines()
    assert changes[0].endswith("Ann entered round 1")
    assert changes[1].endswith("Bob corrected round 1: Cat: bid 0 -> 1")
    only = xyscore("history", "--player", "eve", "--db", str(played)).stdout.splitlines()
    assert len(only) == 1 and "Eve, Fay" in only[0]


def test_a_game_that_is_not_there_is_named(played):
    result = xyscore("history", "42", "--db", str(played))
    assert result.returncode == 2
    assert result.stderr == "xyscore history: there is no game 42; `xyscore history` lists them\n"


def test_export_then_import_into_a_new_store_and_again_without_duplicates(played, tmp_path):
    exported = xyscore("export", "--db", str(played))
    assert exported.returncode == 0, exported.stderr
    assert [g["game"] for g in json.loads(exported.stdout)] == ["xylotar", "xybrid"]
    one = tmp_path / "one.json"
    assert xyscore("export", "1", "-o", str(one), "--db", str(played)).returncode == 0
    assert json.loads(one.read_text())["players"] == ["Ann", "Bob", "Cat", "Dev"]
    fresh = str(tmp_path / "fresh.db")
    first = xyscore("import", "-", "--db", fresh, stdin=exported.stdout)
    assert first.stdout == "imported as game 1\nimported as game 2\n", first.stderr
    again = xyscore("import", str(one), "--db", fresh)
    assert again.stdout == "already stored as game 1; not imported again\n"


def test_a_malformed_import_is_refused_in_words_and_stores_nothing(played, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "companion.game/1", "game": "xylotar", "players": ["Ann", "Bob", "Cat"],
                               "rounds": [{"results": {"Ann": {"bid": 1, "tricks": 1}, "Bob": {"bid": 1, "tricks": 1},
                                                       "Cat": {"bid": 12, "tricks": 10}}}]}))
    before = table_counts(played)
    result = process("import", str(bad), "--db", str(played))
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.splitlines() == ["xyscore import: round 1, Cat: bid 12 is outside 0-8 (X4)",
                                          "nothing was imported"]
    assert table_counts(played) == before
    missing = xyscore("import", str(tmp_path / "nowhere.json"), "--db", str(played))
    assert missing.returncode == 2 and "No such file or directory" in missing.stderr


def test_backup_and_restore_from_the_command_line(played, tmp_path):
    saved = tmp_path / "saved.db"
    made = process("backup", str(saved), "--db", str(played))
    assert made.returncode == 0 and made.stdout == f"backed up to {saved}\n"
    with open_store(played) as store:
        services.undo(1, store.uow())
    restored = xyscore("restore", str(saved), "--db", str(played))
    assert restored.returncode == 0, restored.stderr
    assert "the games as they were are saved in" in restored.stdout
    assert "corrected round 1" in xyscore("history", "1", "--db", str(played)).stdout.splitlines()[-1]
    refused = xyscore("restore", str(tmp_path / "bad.json"), "--db", str(played))
    assert refused.returncode == 2 and refused.stderr.startswith("xyscore restore: there is no file")


def test_restore_given_a_folder_says_it_is_a_folder_and_changes_nothing(played, tmp_path):
    folder = tmp_path / "backups"
    folder.mkdir()
    before = table_counts(played)
    refused = process("restore", str(folder), "--db", str(played))
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr == (f"xyscore restore: {folder} is a folder, not a backup file: "
                              f"give the file `xyscore backup` made\n")
    assert table_counts(played) == before
    assert [p.name for p in played.parent.iterdir() if ".before-restore-" in p.name] == []


def test_stats_for_the_table_and_for_one_player(played):
    table = process("stats", "--db", str(played))
    assert table.returncode == 0, table.stderr
    assert all(name in table.stdout for name in ("Ann", "Dev", "Eve"))
    one = xyscore("stats", "--player", "cat", "--db", str(played))
    assert one.returncode == 0 and one.stdout.startswith("Cat")
    nobody = xyscore("stats", "--player", "Zoe", "--db", str(played))
    assert nobody.returncode == 2 and nobody.stderr == "xyscore stats: there is no player called 'Zoe'\n"


def test_the_database_comes_from_xyscore_db_when_no_db_is_given(played):
    result = process("history", env={"XYSCORE_DB": str(played)})
    assert len(result.stdout.splitlines()) == 2


def test_export_csv_gives_a_spreadsheet_row_per_player_per_round(played):
    # The corrected hand 1 of game 1: Cat bid 1 and took 0 tricks, so scored 0; Dev took 7 of bid 6.
    out = process("export", "--csv", "--db", str(played))
    assert out.returncode == 0, out.stderr
    rows = [line.split(",") for line in out.stdout.splitlines()]
    header, body = rows[0], rows[1:]
    assert header[:6] == ["game_id", "date", "game", "round", "player", "seat"]
    cat = dict(zip(header, next(row for row in body if row[4] == "Cat")))
    assert (cat["bid"], cat["tricks"], cat["round_score"]) == ("1", "0", "0")
    assert len(body) == 4  # one hand of four players; the XYbrid game has no rounds yet


def test_bgstats_link_is_only_for_a_finished_game(played, db_path):
    unfinished = xyscore("export", "1", "--bgstats", "--db", str(played))
    assert unfinished.returncode == 2 and "finished" in unfinished.stderr and unfinished.stdout == ""
    with open_store(db_path) as store:
        for _ in range(2):
            services.record_round(1, hand((2, 3), (4, 4), (0, 0), (6, 7)), store.uow())
    link = xyscore("export", "1", "--bgstats", "--db", str(played))
    assert link.returncode == 0, link.stderr
    assert link.stdout.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    from urllib.parse import parse_qs, urlsplit
    play = json.loads(parse_qs(urlsplit(link.stdout.strip()).query)["data"][0])
    assert play["game"]["name"] == "Xylotar" and play["game"]["bggId"] == 414302
    # X5 each hand: Ann 3 tricks on a bid of 2 = 3; Bob 4 on 4 = 9 (27 in all, the winner); Dev 7 on 6 = 7.
    scores = {p["name"]: (p["score"], p["winner"]) for p in play["players"]}
    assert scores["Bob"] == (27, True) and scores["Dev"][1] is False
    assert "location" not in play
    placed = xyscore("export", "1", "--bgstats", "--location", "The Rec Room", "--db", str(played))
    assert json.loads(parse_qs(urlsplit(placed.stdout.strip()).query)["data"][0])["location"] == "The Rec Room"


# `xyscore stats` word for word, for a store of two known games (tests/fixtures): the words are made in
# views/shown/stats_words.py from companion.stats' values, and say what they said when the core made them.
KNOWN_STATS = {
    "ann": "Ann\nXylotar\n  finished games: 1, won 0 (0%)\n  final total: average 20.0, best 20\n"
           "  winning streak: current 0, longest 0\n  head to head (won-lost-drawn): Bob 1-0-0, Cat 1-0-0, Dev 0-1-0\n"
           "  bids met: 2/3 (67%) of hands\n  by bid: 2: 1/1 (100%), 3: 1/1 (100%), 4: 0/1 (0%)\n"
           "  Bonus Beats that score (used, points): # 1x +5\n  Bonus Beats that change play (used): view 2 1x\n"
           "  Off-Key cards won: 1 (-1 points)\nXYbrid\n  finished games: 1, won 0 (0%)\n"
           "  final total: average 28.0, best 28\n  winning streak: current 0, longest 0\n"
           "  head to head (won-lost-drawn): Bob 0-1-0, Cat 0-1-0\n"
           "  average infamy: round 1 11.0, round 2 2.0, round 3 15.0\n",
    "dev": "Dev\nXylotar\n  finished games: 1, won 1 (100%)\n  final total: average 23.0, best 23\n"
           "  winning streak: current 1, longest 1\n  head to head (won-lost-drawn): Ann 1-0-0, Bob 1-0-0, Cat 1-0-0\n"
           "  bids met: 1/3 (33%) of hands\n  by bid: 5: 1/2 (50%), 6: 0/1 (0%)\n"
           "  Bonus Beats that score (used, points): unused cards +1\n  Off-Key cards won: 4 (-4 points)\n",
}


def test_stats_say_the_same_words_for_a_known_store(db_path):
    empty = xyscore("stats", "--db", str(db_path))
    assert (empty.returncode, empty.stdout, empty.stderr) == (0, "no games stored yet\n", "")
    for name in ("xylotar-4p-unhinged", "xybrid-3p-shared-win"):
        added = xyscore("import", str(ROOT / "tests" / "fixtures" / f"{name}.json"), "--db", str(db_path))
        assert added.returncode == 0, added.stderr
    for player, text in KNOWN_STATS.items():
        one = xyscore("stats", "--player", player, "--db", str(db_path))
        assert (one.returncode, one.stdout, one.stderr) == (0, text, "")
    each = [xyscore("stats", "--player", name, "--db", str(db_path)).stdout for name in ("Ann", "Bob", "Cat", "Dev")]
    table = xyscore("stats", "--db", str(db_path))
    assert (table.returncode, table.stdout) == (0, "\n".join(each))
