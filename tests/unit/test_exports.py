"""The CSV of rounds and the BG Stats link; every expected value worked out by hand."""
import csv
import io
import json
from urllib.parse import parse_qs, urlsplit

import pytest

from companion import record
from companion.exports import _ranks, bg_stats_link, bg_stats_play, write_rounds_csv
from companion.history import Change
from companion.services import StoredGame
from tests.builders import hand, played

# Totals Ann 8+1+7 = 16, Bob 5+11+5 = 21, Cat 4+10+10 = 24: Cat wins. Hand 3 gives Bob and
# Cat, who used no Bonus Beat, +1 each (B3); Cat's 2 Off-Key cards cost 2 (O3). Ann leads hand 1 (X6).
XYLOTAR = played("Ann Bob Cat",
                 hand(Ann=(3, 3), Bob=(4, 5), Cat=(2, 4)),
                 hand(Ann=(0, 1), Bob=(6, 6), Cat=(5, 5)),
                 hand(Ann=(2, 2, "under_by_one"), Bob=(3, 4), Cat=(6, 6, None, 2)),
                 expansions=["bonus_beats", "off_key"])
# Ann 11 + 6 + 16 = 33 and Bob 11 + 6 + 16 = 33: a shared win. Bob starts round 1.
XYBRID = record.from_dict({"format": "companion.game/1", "game": "xybrid", "players": ["Ann", "Bob"], "rounds": [
    {"first_player": "Bob", "results": {"Ann": {"parts": [0, 2, 3, 1, 4], "hand": 1},
                                        "Bob": {"parts": [0, 3, 3, 2, 2], "hand": 0, "adjustments": [2, -1]}}},
    {"results": {"Ann": {"parts": [0, 1, 1, 1, 1], "hand": 2},
                 "Bob": {"parts": [0, 2, 2, 2, 2], "hand": 0, "adjustments": [-2]}}},
    {"results": {"Ann": {"parts": [0, 4, 4, 4, 4], "hand": 0}, "Bob": {"parts": [0, 4, 4, 4, 4], "hand": 0}}}]})


def rows(*games: StoredGame) -> list[dict]:
    out = io.StringIO(newline="")
    write_rounds_csv(games, out)
    return list(csv.DictReader(io.StringIO(out.getvalue())))


def play_in(link: str) -> dict:
    return json.loads(parse_qs(urlsplit(link).query)["data"][0])


# One row per player per hand, with the hand's score and the running total.
def test_the_csv_has_a_row_per_player_per_hand_with_running_totals():
    table = rows(StoredGame(7, XYLOTAR, "2025-03-14T19:05:00+00:00"))
    assert len(table) == 9
    cat = table[8]
    assert cat == {"game_id": "7", "date": "2025-03-14", "game": "Xylotar", "round": "3", "player": "Cat",
                   "seat": "3", "bid": "6", "tricks": "6", "bonus_beat": "", "off_key_won": "2", "parts": "",
                   "hand": "", "adjustments": "", "round_score": "10", "running_total": "24",
                   "round_note": ""}
    assert table[6]["bonus_beat"] == "under_by_one" and table[6]["running_total"] == "16"


# XYbrid rows show the monster: part values, parts in hand, the adjustments' sum.
def test_xybrid_rows_show_parts_hand_and_adjustments():
    table = rows(StoredGame(8, XYBRID, "2025-03-15T19:00:00+00:00"))
    bob = table[1]
    assert (bob["parts"], bob["hand"], bob["adjustments"]) == ("0 3 3 2 2", "0", "1")
    assert (bob["round_score"], bob["running_total"], bob["bid"]) == ("11", "11", "")
    assert table[5]["running_total"] == "33"


# A hand's note is on each of its rows; a note a spreadsheet would run is written as text.
def test_each_row_carries_its_hands_note():
    table = rows(StoredGame(7, XYLOTAR, "2025-03-14T19:05:00+00:00", round_notes={2: "Bob dealt twice", 3: "=1+1"}))
    assert [row["round_note"] for row in table] == [""] * 3 + ["Bob dealt twice"] * 3 + ["'=1+1"] * 3


# Games come out oldest first, whatever order they were given in.
def test_the_csv_lists_games_oldest_first():
    table = rows(StoredGame(2, XYBRID, "2025-03-15T19:00:00+00:00"), StoredGame(1, XYLOTAR, "2025-03-14T19:00:00+00:00"))
    assert [row["game_id"] for row in table] == ["1"] * 9 + ["2"] * 6


# A name a spreadsheet would run as a formula is written as text.
def test_a_name_that_looks_like_a_formula_is_kept_as_text():
    game = played("=cmd Bob Cat", hand(**{"=cmd": (3, 3), "Bob": (4, 5), "Cat": (2, 4)}))
    assert rows(StoredGame(1, game, "2025-03-14T19:00:00+00:00"))[0]["player"] == "'=cmd"


def test_the_bg_stats_link_carries_the_play_as_json():
    history = [Change("add", 1, None, {}, at="2025-03-14T19:20:00+00:00"),
               Change("add", 3, None, {}, at="2025-03-14T19:47:00+00:00"),
               Change("correct", 2, {}, {}, at="2025-03-15T09:00:00+00:00")]
    link = bg_stats_link(StoredGame(7, XYLOTAR, "2025-03-14T20:05:00+01:00", history))
    assert link.startswith("https://app.bgstatsapp.com/createPlay.html?data=%7B%22")
    play = play_in(link)
    assert play["sourceName"] == "XY Score"
    assert play["playDate"] == "2025-03-14 19:47:00"  # the game's end, in UTC: its last hand entered
    assert play["durationMin"] == 42  # until the last hand was entered, not the later correction
    assert play["game"] == {"name": "Xylotar", "sourceGameId": "xyscore-xylotar", "bggId": 414302,
                            "highestWins": True, "noPoints": False}
    assert play["players"] == [
        {"name": "Ann", "sourcePlayerId": "ann", "score": 16, "rank": 3, "winner": False, "startPlayer": True},
        {"name": "Bob", "sourcePlayerId": "bob", "score": 21, "rank": 2, "winner": False, "startPlayer": False},
        {"name": "Cat", "sourcePlayerId": "cat", "score": 24, "rank": 1, "winner": True, "startPlayer": False}]
    assert play["board"] == "Bonus Beats, Off-Key"  # the expansions played
    assert play["comments"] == "Hands: Ann 8+1+7=16; Bob 5+11+5=21; Cat 4+10+10=24 (XY Score)"
    assert "location" not in play


# XYbrid's BoardGameGeek id is unknown, so none is sent; a shared win marks both winners.
def test_an_xybrid_play_has_no_bgg_id_and_both_sharers_win():
    play = bg_stats_play(StoredGame(8, XYBRID, "2025-03-15T19:00:00+00:00"))
    assert "bggId" not in play["game"] and "durationMin" not in play
    assert [(p["name"], p["score"], p["winner"], p["startPlayer"]) for p in play["players"]] == [
        ("Ann", 33, True, False), ("Bob", 33, True, True)]


def test_an_unfinished_game_cannot_go_to_bg_stats():
    game = played("Ann Bob Cat", hand(Ann=(3, 3), Bob=(4, 5), Cat=(2, 4)))
    with pytest.raises(ValueError, match="not finished"):
        bg_stats_link(StoredGame(1, game, "2025-03-14T19:00:00+00:00"))


def test_the_play_names_where_it_was_played_and_types_every_field_as_bg_stats_reads_it():
    play = play_in(bg_stats_link(StoredGame(7, XYLOTAR, "2025-03-14T19:05:00+00:00"), location="  Ann's kitchen "))
    assert play["location"] == "Ann's kitchen"
    assert play["playDate"] == "2025-03-14 19:05:00"  # no history: the start stands for the end
    assert isinstance(play["game"]["bggId"], int) and play["game"]["highestWins"] is True
    assert play["game"]["noPoints"] is False
    for player in play["players"]:
        assert isinstance(player["rank"], int) and isinstance(player["score"], int)
        assert isinstance(player["winner"], bool) and isinstance(player["startPlayer"], bool)


# X8, X9: a 2-player game's side players are not players; a tie parted by the tiebreak ranks 1 and 2.
def test_a_two_player_tie_parted_by_x8_ranks_the_winner_first_and_sends_no_side_player():
    with open("tests/fixtures/xylotar-2p-tie.json", encoding="utf-8") as file:
        game = record.from_dict(json.load(file))
    play = bg_stats_play(StoredGame(3, game, "2025-03-14T19:00:00+00:00"))
    assert [(p["name"], p["score"], p["rank"], p["winner"]) for p in play["players"]] == [
        ("Ann", 18, 1, True), ("Bob", 18, 2, False)]
    assert "board" not in play


# Y6: a shared XYbrid win ranks both sharers first; equal places share a rank and the next skips them.
def test_an_xybrid_shared_win_ranks_both_first():
    play = bg_stats_play(StoredGame(8, XYBRID, "2025-03-15T19:00:00+00:00"))
    assert [(p["name"], p["rank"]) for p in play["players"]] == [("Ann", 1), ("Bob", 1)]
    assert play["comments"] == "Rounds: Ann 11+6+16=33; Bob 11+6+16=33 (XY Score)"
    # Three players, two sharing second place: 1, 2, 2, and the next is fourth.
    assert _ranks({"Ann": 30, "Bob": 20, "Cat": 20, "Dan": 5}, ("Ann",)) == {"Ann": 1, "Bob": 2, "Cat": 2, "Dan": 4}


# Issue 28: the game's note, the players' own words, follows the line of the rounds in BG Stats' comments.
def test_the_games_note_follows_the_rounds_in_bg_stats_comments():
    play = bg_stats_play(StoredGame(7, XYLOTAR, "2025-03-14T20:05:00+01:00", note="Ann's birthday\nat the cottage"))
    assert play["comments"] == ("Hands: Ann 8+1+7=16; Bob 5+11+5=21; Cat 4+10+10=24 (XY Score)\n"
                                "Ann's birthday\nat the cottage")


# Issue 28: a game played on paper and typed in a week later goes to BG Stats on the day it was played.
def test_a_game_entered_afterwards_goes_to_bg_stats_on_the_day_it_was_played():
    day = "2025-03-08T12:00:00+00:00"
    typed = [Change("add", n, None, {}, at=f"2025-03-15T09:0{n}:00+00:00") for n in (1, 2, 3)]
    play = bg_stats_play(StoredGame(7, XYLOTAR, day, typed, ended_at=day, played_on=True))
    assert play["playDate"] == "2025-03-08 12:00:00"
    assert "durationMin" not in play  # how long it took is not known


# Issue 28: each hand's note, the players' own words on it, follows the game's in BG Stats' comments.
def test_each_hands_note_follows_in_bg_stats_comments_named_by_its_hand():
    play = bg_stats_play(StoredGame(7, XYLOTAR, "2025-03-14T20:05:00+01:00", note="Ann's birthday",
                                    round_notes={3: "power cut, replayed", 2: "Bob dealt twice"}))
    assert play["comments"] == ("Hands: Ann 8+1+7=16; Bob 5+11+5=21; Cat 4+10+10=24 (XY Score)\n"
                                "Ann's birthday\nHand 2: Bob dealt twice\nHand 3: power cut, replayed")
    xybrid = bg_stats_play(StoredGame(8, XYBRID, "2025-03-15T19:00:00+00:00", round_notes={1: "Bob dealt"}))
    assert xybrid["comments"] == "Rounds: Ann 11+6+16=33; Bob 11+6+16=33 (XY Score)\nRound 1: Bob dealt"
