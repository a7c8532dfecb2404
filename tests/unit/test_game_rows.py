"""What a game's row in History says and what its downloads are called
(issue 13): the date in words, the final scores best first, who won, and
file names in players' words; never an internal id."""
import time
from datetime import date

import pytest

from companion import record, services
from companion.facts import game_facts
from companion.unit_of_work import GameSummary, StoredGame
from views.shown import game_rows

SEATS = ("Ann", "Bob", "Cat")


def summary(game="xylotar", players=SEATS, hands=(), **setup) -> GameSummary:
    """The summary History lists for a game with these hands (each seat's (bid, tricks))."""
    played = services.new_game(game, players, **setup)
    for number, hand in enumerate(hands, start=1):
        played.push(record.round_from_dict(played, {"results": {name: {"bid": bid, "tricks": tricks}
                                                                for name, (bid, tricks) in zip(players, hand)}},
                                           number))
    return GameSummary.of(game_facts(StoredGame(17, played, "2026-12-01T21:30:00+00:00")))


FINISHED = [((4, 4), (3, 2), (5, 6)), ((2, 2), (5, 5), (4, 5)), ((6, 6), (2, 3), (3, 3))]  # 12 tricks a hand (X2)


@pytest.fixture
def in_utc(monkeypatch):
    """The host's clock on UTC, as it was after."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_the_row_says_the_game_and_its_players_count_and_when_in_words(in_utc):
    row = summary(hands=FINISHED[:1], dealer="Cat")
    assert game_rows.title(row) == "Xylotar, 3 players"
    assert game_rows.when_said(row.started_at) == "Tue 1 Dec 2026, 21:30"
    assert game_rows.day_said(date(2027, 1, 3)) == "Sun 3 Jan 2027"
    said = game_rows.said(row)
    assert said == "Xylotar game of Tue 1 Dec 2026, 21:30: Ann, Bob and Cat"
    assert "17" not in said and "#" not in said  # the game's id is not a player's word


def test_a_finished_row_gives_every_final_score_best_first_and_the_winner():
    row = summary(hands=FINISHED, dealer="Cat")
    totals = dict(zip(row.players, row.totals))
    assert row.rounds_played == 3 and row.status == "finished"
    (winner,) = row.winners
    assert totals[winner] == max(totals.values())
    order = sorted(SEATS, key=lambda name: (name != winner, -totals[name]))
    assert game_rows.scores_line(row) == " · ".join(f"{name} {totals[name]}" for name in order)
    assert game_rows.state_line(row) == f"{winner} won"


def test_a_row_in_play_says_how_far_it_got():
    assert game_rows.state_line(summary(dealer="Cat")) == "not finished: no hand played yet"
    row = summary(hands=FINISHED[:2], dealer="Cat")
    assert game_rows.state_line(row) == "not finished: after hand 2"
    assert game_rows.scores_line(row).count(" · ") == 2


def test_a_tie_after_the_last_hand_and_a_shared_win_are_said():
    # X8: two players tied after hand 3 (side players fill the table) play a tiebreak hand.
    tied = services.new_game("xylotar", ("Ann", "Bob"), dealer="Bob")
    for number in (1, 2, 3):
        tied.push(record.round_from_dict(tied, {
            "results": {"Ann": {"bid": 2, "tricks": 3}, "Bob": {"bid": 2, "tricks": 3}},
            "side_players": {"left": {"bid": 4, "tricks": 4}, "right": {"bid": 4, "tricks": 4}}}, number))
    row = GameSummary.of(game_facts(StoredGame(1, tied, "2026-12-01T21:30:00+00:00")))
    assert game_rows.state_line(row) == "tied after hand 3: one more hand to play"
    # Y6: an XYbrid game where both reach the end together share the win.
    shared = GameSummary(4, "xybrid", ("Jo", "Kit"), "2026-12-01T21:30:00", "finished", ("Jo", "Kit"), (30, 30), 3)
    assert game_rows.state_line(shared) == "Jo and Kit shared the win"
    assert game_rows.scores_line(shared) == "Jo 30 · Kit 30"


@pytest.mark.parametrize("players, expected", [
    (("Ann", "Bob", "Cat"), "xylotar-2026-12-01-ann-bob-cat.json"),
    (("Zoë", "José María", "O'Neil"), "xylotar-2026-12-01-zoe-jose-maria-o-neil.json"),
    (("李雷", "Ann"), "xylotar-2026-12-01-李雷-ann.json"),
])
def test_a_games_file_is_named_by_game_day_and_players(players, expected):
    assert game_rows.file_name("xylotar", "2026-12-01T12:00:00+00:00", players, "json") == expected


def test_five_long_names_make_a_file_name_a_folder_takes():
    names = [f"{letter * 39}x" for letter in "abcde"]
    name = game_rows.file_name("xybrid", "2026-12-01T12:00:00+00:00", names, "csv")
    assert name.startswith("xybrid-2026-12-01-aaaa") and name.endswith(".csv")
    assert len(name) <= game_rows.LONGEST_FILE_NAME + len(".csv") and "-." not in name


def test_many_games_are_named_by_the_filter_shown():
    day = date(2026, 12, 1)
    assert game_rows.all_file_name(day, "csv") == "xy-score-games-2026-12-01.csv"
    assert (game_rows.all_file_name(day, "json", game="xylotar", player="Ann")
            == "xy-score-xylotar-games-of-ann-2026-12-01.json")
