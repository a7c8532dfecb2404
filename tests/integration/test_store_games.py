"""Games kept in a real SQLite file: what goes in comes back, rebuilt and re-scored."""
from __future__ import annotations

import sqlite3
import threading

import pytest

from companion import services
from companion.errors import GameError
from companion.history import Change
from companion.record import round_to_dict, to_dict
from models.store import RosterError, open_store

from .conftest import hand, monster_round, start, whole


def test_a_xylotar_game_with_both_expansions_comes_back_as_entered(store):
    # Bonus Beats, Off-Key, a dealer and the cards dealt all survive the round trip.
    game_id = start(store, expansions=["bonus_beats", "off_key"], dealer="Bob",
                    bonus_beats_dealt={"Ann": ["over_by_one", "view_two"], "Bob": ["no_bid_match", "zero_card"]})
    entered = hand((2, 3), (None, 4), (0, 0), (6, 7),
                   Ann={"bonus_beat": "over_by_one", "off_key_won": 1}, Bob={"bonus_beat": "no_bid_match"})
    played = services.record_round(game_id, entered, store.uow(), author="Ann")
    stored = services.uow_game(game_id, store.uow())
    assert to_dict(stored) == to_dict(played)
    assert stored.dealer == "Bob" and stored.expansions == ("bonus_beats", "off_key")
    assert stored.totals() == played.totals()
    assert stored.results()[0].leader == "Cat"  # X6: left of the dealer


def test_a_two_player_hand_keeps_its_side_players(store):
    # X9: side players' bids and tricks are stored with the hand.
    game_id = start(store, players=("Ann", "Bob"))
    entered = hand((3, 4), (5, 4), names=("Ann", "Bob"))
    entered["side_players"] = {"left": {"bid": 7, "tricks": 3}, "right": {"bid": 7, "tricks": 3}}
    services.record_round(game_id, entered, store.uow())
    stored = services.uow_game(game_id, store.uow())
    assert round_to_dict(stored.hands[0]) == entered


def test_an_xybrid_round_keeps_parts_types_adjustments_notes_and_the_draw(store):
    # Y3-Y5: everything entered for a monster, and the seeded starter draw.
    game_id = start(store, "xybrid", ("Ann", "Bob", "Cat"))
    entered = monster_round({"Ann": [0, 2, 3, 1, 4], "Bob": whole(1), "Cat": whole(0)}, hand_sizes={"Ann": 2},
                            first_player="Bob", draw_seed=2**64 - 1,
                            entries={"Ann": {"part_types": ["core", "head", "left_arm", "right_arm", "legs"],
                                             "adjustments": [3, -2], "notes": ["DEPLOY", "mission"]},
                                     "Bob": {"adjustments": [1], "notes": ["breakthrough", "spare note"]}})
    services.record_round(game_id, entered, store.uow())
    with store.uow() as uow:
        kept = uow.games.record(game_id)["rounds"][0]
        game = uow.games.get(game_id).game
    assert kept["draw_seed"] == 2**64 - 1 and kept["first_player"] == "Bob"
    assert kept["results"]["Ann"]["notes"] == ["DEPLOY", "mission"]
    assert kept["results"]["Bob"] == {"parts": [0, 1, 0, 0, 0], "hand": 0, "adjustments": [1],
                                      "notes": ["breakthrough", "spare note"]}
    assert game.totals() == {"Ann": 10 + 2 + 1, "Bob": 1 + 1, "Cat": 0}


def test_undoing_a_correction_brings_back_the_starter_draw_seed(store):
    # The engine's round has no seed, so the history is where the store finds it again.
    game_id = start(store, "xybrid", ("Ann", "Bob"))
    services.record_round(game_id, monster_round({"Ann": whole(1), "Bob": whole(2)}, first_player="Bob", draw_seed=99),
                          store.uow())
    services.correct_round(game_id, 1, monster_round({"Ann": whole(1), "Bob": whole(3)}, first_player="Bob"),
                           store.uow())
    with store.uow() as uow:
        assert "draw_seed" not in uow.games.record(game_id)["rounds"][0]
        assert uow.history(game_id)[-1].before["draw_seed"] == 99
    services.undo(game_id, store.uow())
    with store.uow() as uow:
        assert uow.games.record(game_id)["rounds"][0]["draw_seed"] == 99


def test_two_stores_on_one_file_write_at_once_without_losing_a_round(db_path):
    # The app and the command line may share the file: writers wait their turn (BEGIN IMMEDIATE).
    stores = [open_store(db_path), open_store(db_path)]
    games = [start(stores[0], players=("Ann", "Bob", "Cat")), start(stores[1], players=("Dev", "Eve", "Fay"))]
    names = [("Ann", "Bob", "Cat"), ("Dev", "Eve", "Fay")]

    def play(which: int) -> None:
        for _ in range(3):
            services.record_round(games[which], hand((4, 4), (4, 4), (4, 4), names=names[which]),
                                  stores[which].uow())
            services.undo(games[which], stores[which].uow())
            services.redo(games[which], stores[which].uow())

    workers = [threading.Thread(target=play, args=(which,)) for which in (0, 1)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    with stores[0].uow() as uow:
        assert [len(uow.history(game_id)) for game_id in games] == [9, 9]
        assert [len(uow.games.get(game_id).game.hands) for game_id in games] == [3, 3]
    for opened in stores:
        opened.close()


def test_a_game_keeps_its_seating_order(store):
    # X6/X7 depend on clockwise order, so it must not be sorted or shuffled.
    game_id = start(store, players=("Zed", "Amy", "Moe"))
    with store.uow() as uow:
        assert uow.games.get(game_id).game.players == ("Zed", "Amy", "Moe")
        assert uow.list_games()[0].players == ("Zed", "Amy", "Moe")


def test_players_are_people_shared_by_games(store):
    # The same person in two games is one roster entry, whatever the case typed.
    start(store, players=("Ann", "Bob", "Cat"))
    start(store, "xybrid", ("ann", "Dev"))
    with store.uow() as uow:
        assert uow.players() == ["Ann", "Bob", "Cat", "Dev"]
        assert [g.players for g in uow.list_games(player="ANN")] == [("Ann", "Dev"), ("Ann", "Bob", "Cat")]
        assert len(uow.list_games(game="xybrid")) == 1


def test_renaming_a_player_shows_in_every_game_and_history(store, db_path):
    # The rename is one row: games and history name the player anew.
    game_id = start(store)
    services.record_round(game_id, hand((2, 3), (4, 4), (0, 0), (6, 7)), store.uow(), author="Bob")
    with store.uow() as uow:
        assert uow.rename_player("  ann ", "Anna") == "Anna"
        uow.commit()
    with open_store(db_path) as reopened, reopened.uow() as uow:
        assert uow.games.get(game_id).game.players[0] == "Anna"
        assert "Anna" in uow.history(game_id)[0].after["results"]
        assert uow.players() == ["Anna", "Bob", "Cat", "Dev"]
    # Undo still finds the renamed player's seat.
    assert services.undo(game_id, store.uow()).hands == []


@pytest.mark.parametrize("name, why", [
    ("BOB", "Bob'? is already on the roster"),  # adding quotes the name; a rename offers a merge
    ("   ", "a player's name cannot be blank"),
    ("x" * 41, "longer than 40 characters"),
])
def test_a_name_the_roster_cannot_take_is_refused_and_nothing_changes(store, name, why):
    start(store, players=("Ann", "Bob", "Cat"))
    for attempt in (lambda uow: uow.add_player(name), lambda uow: uow.rename_player("Ann", name)):
        with store.uow() as uow:
            with pytest.raises(RosterError, match=why):
                attempt(uow)
            uow.commit()
        with store.uow() as uow:
            assert uow.players() == ["Ann", "Bob", "Cat"]


def test_renaming_someone_not_on_the_roster_says_so(store):
    with store.uow() as uow, pytest.raises(RosterError, match="no player called 'Nobody'"):
        uow.rename_player("Nobody", "Somebody")


def test_a_player_may_change_the_case_of_their_own_name(store):
    with store.uow() as uow:
        uow.add_player("ann")
        uow.rename_player("ANN", "Ann")
        uow.commit()
    with store.uow() as uow:
        assert uow.players() == ["Ann"]


def test_a_round_that_breaks_a_rule_is_refused_and_nothing_is_stored(store):
    # X3: the message names the expected sum; the game and history are untouched.
    game_id = start(store)
    with pytest.raises(GameError, match="tricks add up to 13, expected 14"):
        services.record_round(game_id, hand((2, 3), (4, 4), (0, 0), (6, 6)), store.uow())
    with store.uow() as uow:
        assert uow.games.get(game_id).game.hands == [] and uow.history(game_id) == []


def test_a_past_round_can_be_corrected_and_later_totals_follow(store):
    # Correcting hand 1 changes every total after it; history keeps both versions.
    game_id = start(store)
    services.record_round(game_id, hand((2, 3), (4, 4), (0, 0), (6, 7)), store.uow(), author="Ann")
    services.record_round(game_id, hand((1, 1), (3, 3), (5, 5), (5, 5)), store.uow(), author="Ann")
    corrected = services.correct_round(game_id, 1, hand((3, 3), (4, 4), (0, 0), (6, 7)), store.uow(), author="Bob")
    assert corrected.totals() == {"Ann": 8 + 6, "Bob": 9 + 8, "Cat": 5 + 10, "Dev": 7 + 10}
    with store.uow() as uow:
        last = uow.history(game_id)[-1]
    assert (last.action, last.round, last.author) == ("correct", 1, "Bob")
    assert last.before["results"]["Ann"] == {"bid": 2, "tricks": 3}


def test_a_correction_keeps_a_later_rounds_starter_as_played_through_a_reopened_store_Y5(db_path):
    # XYbrid Y5 (issue 25): round 2 was started by Bob, least infamous then; corrected, round 1 makes Ann
    # least infamous. Bob's start is kept as played, stored, read back, and undone with the correction.
    with open_store(db_path) as store:
        game_id = start(store, "xybrid", ("Ann", "Bob"))
        services.record_round(game_id, monster_round({"Ann": whole(5), "Bob": whole(1)}), store.uow())
        services.record_round(game_id, monster_round({"Ann": whole(1), "Bob": whole(1)}, first_player="Bob"),
                              store.uow())
        services.correct_round(game_id, 1, monster_round({"Ann": whole(1), "Bob": whole(5)}), store.uow())
    with open_store(db_path) as store:
        game = services.uow_game(game_id, store.reader())
        assert game.totals() == {"Ann": 2, "Bob": 6} and game.rounds[1].first_player == "Bob"
        assert services.export_record(game_id, store.reader())["rounds"][1]["starter_kept"] is True
        assert [c.action for c in services.history(game_id, store.reader())][-2:] == ["keep", "correct"]
        undone = services.undo(game_id, store.uow())
        assert undone.totals() == {"Ann": 6, "Bob": 2} and not undone.rounds[1].starter_kept
        assert "starter_kept" not in services.export_record(game_id, store.reader())["rounds"][1]


def test_undo_and_redo_work_after_reopening_the_store(db_path):
    # The undo stack is the history itself, so a restart loses nothing.
    with open_store(db_path) as store:
        game_id = start(store)
        services.record_round(game_id, hand((2, 3), (4, 4), (0, 0), (6, 7)), store.uow())
        services.correct_round(game_id, 1, hand((2, 2), (4, 5), (0, 0), (6, 7)), store.uow())
    with open_store(db_path) as store:
        undone = services.undo(game_id, store.uow(), author="Cat")
        assert undone.hands[0].results["Ann"].tricks == 3
    with open_store(db_path) as store:
        assert services.undo(game_id, store.uow()).hands == []
        assert services.undo(game_id, store.uow()) is None
    with open_store(db_path) as store:
        assert services.redo(game_id, store.uow()).hands[0].results["Ann"].tricks == 3
        assert services.redo(game_id, store.uow()).hands[0].results["Ann"].tricks == 2
        assert services.redo(game_id, store.uow()) is None
        with store.uow() as uow:
            actions = [(c.action, c.author, c.undoes) for c in uow.history(game_id)]
    assert actions == [("add", "", None), ("correct", "", None), ("undo", "Cat", 1), ("undo", "", 0),
                       ("redo", "", 0), ("redo", "", 1)]


def test_without_commit_a_unit_of_work_changes_nothing(store):
    game_id = start(store)
    with store.uow() as uow:
        uow.games.apply(game_id, Change("add", 1, None, hand((2, 3), (4, 4), (0, 0), (6, 7)), "Ann", "now"))
        uow.add_player("Eve")
    with store.uow() as uow:
        assert uow.history(game_id) == [] and "Eve" not in uow.players()
        assert uow.games.get(game_id).game.hands == []


def test_a_deleted_game_leaves_the_lists_but_its_rows_stay(store, db_path):
    game_id = start(store)
    with store.uow() as uow:
        uow.games.delete(game_id)
        uow.commit()
    with store.uow() as uow:
        assert uow.list_games() == []
        with pytest.raises(services.GameNotFound):
            uow.games.get(game_id)
    with sqlite3.connect(db_path) as raw:
        assert raw.execute("SELECT count(*) FROM seat WHERE game_id = ?", (game_id,)).fetchone() == (4,)


def test_a_finished_game_lists_its_status_and_winner(store):
    game_id = start(store)
    for _ in range(3):
        services.record_round(game_id, hand((2, 2), (4, 4), (0, 1), (6, 7)), store.uow())
    with store.uow() as uow:
        summary = uow.list_games()[0]
    assert (summary.id, summary.status, summary.winners) == (game_id, "finished", ("Bob",))  # 9 a hand


@pytest.mark.sqlite_only  # SQLite's own pragmas
def test_the_database_runs_in_wal_mode_with_foreign_keys_and_full_sync(store):
    with store.engine.connect() as connection:
        pragmas = {name: connection.exec_driver_sql(f"PRAGMA {name}").scalar()
                   for name in ("journal_mode", "foreign_keys", "synchronous")}
    assert pragmas == {"journal_mode": "wal", "foreign_keys": 1, "synchronous": 2}


def test_the_default_database_follows_the_environment_variable(tmp_path, monkeypatch):
    monkeypatch.setenv("XYSCORE_DB", str(tmp_path / "elsewhere" / "games.db"))
    with open_store() as store:
        assert store.path == tmp_path / "elsewhere" / "games.db"
    assert store.path.exists()
