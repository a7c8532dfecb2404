"""The statistics' words (views/shown/stats_words.py) are made from companion.stats'
values: for `xyscore stats` and for the history screen's player panels."""
import pathlib

import flet as ft

from companion.stats import (CardUse, Finish, GameResults, PlayerStats, Record, Tally, XybridStats, XylotarStats,
                             player_stats)
from companion.xylotar.bonus_beats import BY_ID as BONUS_BEATS
from views.shown import stats_words as words
from views.parts.stats_panel import PlayerPanel

from .test_stats import BONUS_GAME, HISTORY, stored

# Built by hand, no game played: two finished Xylotar games (one won) and one unfinished, with cards.
ANN = PlayerStats("Ann", XylotarStats(
    results=GameResults(played=2, won=1, unfinished=1, average=21.5, best=27, current_streak=0, longest_streak=1,
                        head_to_head={"Bob": Record(2, 1, 1, 0), "Cat": Record(1, 0, 1, 0)}),
    hands=5, bids=Tally(5, 3), bids_by_size={2: Tally(2, 2), 4: Tally(2, 0), None: Tally(1, 1)},
    bonus_beats={"over_by_one": CardUse(1, 5), "no_bid_match": CardUse(1, 5), "view_two": CardUse(2, 0),
                 "red_eleven": CardUse(1, 0)},
    unused_cards_points=2, off_key_cards=3, off_key_penalty=2))
ANN_XYLOTAR = [
    "finished games: 2, won 1 (50%); unfinished: 1",
    "final total: average 21.5, best 27",
    "winning streak: current 0, longest 1",
    "head to head (won-lost-drawn): Bob 1-1-0, Cat 0-1-0",
    "bids met: 3/5 (60%) of hands",
    "by bid: 2: 2/2 (100%), 4: 0/2 (0%), no bid: 1/1 (100%)",
    "Bonus Beats that score (used, points): no bid 1x +5, # 1x +5, unused cards +2",
    "Bonus Beats that change play (used): view 2 2x, 11 card 1x",
    "Off-Key cards won: 3 (-2 points)",
]
EVE = PlayerStats("Eve", xybrid=XybridStats(results=GameResults(unfinished=1), rounds=2,
                                            infamy_by_round={1: 7.5, 2: 12.0}))


# A PlayerStats made by hand gives its lines; each card by the face printed on it, never its id.
def test_the_sections_come_from_the_values_with_each_cards_face():
    assert words.player_sections(ANN) == [("Xylotar", ANN_XYLOTAR)]
    assert words.player_sections(EVE) == [("XYbrid", ["finished games: 0, won 0; unfinished: 1",
                                                      "average infamy: round 1 7.5, round 2 12.0"])]
    said = "\n".join(ANN_XYLOTAR)
    assert not [card for card in BONUS_BEATS if card in said]
    assert (BONUS_BEATS["red_eleven"].face, BONUS_BEATS["view_two"].face) == ("11", "view 2")


# The history screen draws the bids by size: its sections leave out that line, nothing else.
def test_the_screens_sections_leave_out_only_the_bids_by_size():
    assert words.player_sections(ANN, by_bid=False) == [("Xylotar", [line for line in ANN_XYLOTAR
                                                                      if not line.startswith("by bid:")])]


def test_the_command_line_text_indents_each_games_lines_under_its_heading():
    both = PlayerStats("Ann", ANN.xylotar, EVE.xybrid)
    assert words.player_text(both).splitlines() == ["Ann", "Xylotar", *[f"  {line}" for line in ANN_XYLOTAR],
                                                    "XYbrid", "  finished games: 0, won 0; unfinished: 1",
                                                    "  average infamy: round 1 7.5, round 2 12.0"]


def test_someone_who_never_played_reads_no_games_yet():
    assert words.player_sections(player_stats(HISTORY, "Zed")) == []
    assert words.player_text(player_stats(HISTORY, "Zed")) == "Zed\n  no games yet"


def test_the_command_line_text_shows_what_a_player_asks_about():
    text = words.player_text(player_stats(HISTORY, "Ann"))
    assert "finished games: 2, won 1 (50%); unfinished: 1" in text
    assert "final total: average 21.5, best 27" in text
    assert "bids met: 5/7 (71%) of hands" in text
    assert "head to head (won-lost-drawn): Bob 1-1-0, Cat 0-1-0, Dev 1-0-0" in text


# The command line groups the Bonus Beats: scoring ones by points earned, then the rest.
def test_the_command_line_text_lists_bonus_beats_by_points_earned():
    text = words.player_text(player_stats([stored(1, BONUS_GAME, 1)], "Cat"))
    assert "Bonus Beats that score (used, points): \u00bd 1x +3, +1 1x +1" in text
    assert "Off-Key cards won: 3 (-0 points)" in text


def texts(control) -> list[str]:
    """Every ft.Text's value inside `control`, in order."""
    if isinstance(control, ft.Text):
        return [control.value]
    found = []
    for child in ([control.content] if getattr(control, "content", None) is not None else []) + \
            list(getattr(control, "controls", None) or []):
        found += texts(child)
    return found


# The panel shows the sections' lines as they are, then the bars' labels and numbers.
def test_the_player_panel_shows_the_words_made_from_the_values():
    lines = [line for line in ANN_XYLOTAR if not line.startswith("by bid:")]
    assert texts(PlayerPanel(ANN, "#123456", print)) == ["Ann", "Xylotar", *lines, "Bids met, by bid", "bid 2", "2 of 2",
                                                  "bid 4", "0 of 2", "no bid", "1 of 1"]
    assert texts(PlayerPanel(EVE, "#123456", print)) == ["Eve", "XYbrid", "finished games: 0, won 0; unfinished: 1",
                                                  "average infamy: round 1 7.5, round 2 12.0",
                                                  "Average infamy, by round", "round 1", "7.5", "round 2", "12.0"]
    assert texts(PlayerPanel(PlayerStats("Zed"), "#123456", print)) == ["Zed", "no games yet"]


# The panel reads values, never the command line's text.
def test_the_panel_does_not_parse_text():
    source = (pathlib.Path(words.__file__).parents[1] / "parts" / "stats_panel.py").read_text(encoding="utf-8")
    assert "splitlines" not in source and "player_text" not in source and "startswith" not in source


# --- a player's own page -------------------------------------------------------
def buttons(control) -> list:
    """Every ft.TextButton inside `control`, in order."""
    if isinstance(control, ft.TextButton):
        return [control]
    found = []
    for child in ([control.content] if isinstance(getattr(control, "content", None), ft.Control) else []) + \
            list(getattr(control, "controls", None) or []):
        found += buttons(child)
    return found


def test_each_players_panel_opens_their_page():
    opened = []
    (button,) = buttons(PlayerPanel(ANN, "#123456", opened.append))
    assert button.content == "Open Ann's page"
    button.on_click()
    assert opened == ["Ann"]
    assert words.open_page("Zoë") == "Open Zoë's page"


# From the player's side: their wins first, then their losses; draws only when there were some.
def test_a_rivals_record_in_a_players_words():
    assert words.rival_line("Bob", Record(3, 2, 1, 0)) == "Bob: 2 won, 1 lost"
    assert words.rival_line("Bob", Record(4, 2, 1, 1)) == "Bob: 2 won, 1 lost, 1 drawn"
    assert words.rival_said("Bob", Record(3, 2, 1, 0)) == "You beat Bob twice, Bob beat you once, in 3 games"
    assert words.rival_said("Cat", Record(1, 0, 0, 1)) == "You beat Cat 0 times, Cat beat you 0 times, 1 drawn, in 1 game"


def test_the_nemesis_and_the_favourite_victim_in_a_players_words():
    results = GameResults(played=7, head_to_head={"Bob": Record(7, 2, 5, 0), "Cat": Record(6, 4, 2, 0)})
    assert words.nemesis_line(results) == "Your nemesis: Bob (beat you 5 of 7)"
    assert words.victim_line(results) == "Your favourite victim: Cat (you beat them 4 of 6)"
    unbeaten = GameResults(played=1, head_to_head={"Bob": Record(1, 1, 0, 0)})
    assert (words.nemesis_line(unbeaten), words.victim_line(unbeaten)) == (None, "Your favourite victim: Bob "
                                                                                 "(you beat them 1 of 1)")


NOON = "2025-01-0{}T12:00:00+00:00"  # noon UTC: the same day in the host's time zone, wherever it is


def test_the_line_charts_points_say_the_day_the_total_and_a_win():
    results = GameResults(played=3, won=1, finishes=(Finish(NOON.format(1), 16, False), Finish(NOON.format(2), 27, True),
                                                     Finish(NOON.format(3), 20, False)))
    assert words.totals_points(results, "xylotar") == [(1, 16, "Wed 1 Jan 2025: 16 points"),
                                                       (2, 27, "Thu 2 Jan 2025: 27 points, won"),
                                                       (3, 20, "Fri 3 Jan 2025: 20 points")]
    assert words.totals_points(results, "xybrid")[1].said == "Thu 2 Jan 2025: 27 infamy, won"
    assert words.chart_said(results, "xylotar") == ("Final totals, game by game: 3 games, from 16 to 27 points, "
                                                    "the latest 20, won 1")
    assert words.chart_said(GameResults(), "xylotar") == "Final totals, game by game"


# A long history: the line shows the latest games, oldest of them first, and says so.
def test_the_line_chart_keeps_the_latest_games_of_a_long_history():
    finishes = tuple(Finish(NOON.format(1), total, total % 3 == 0) for total in range(words.LAST_GAMES + 10))
    results = GameResults(played=len(finishes), finishes=finishes)
    points = words.totals_points(results, "xylotar")
    assert [p.total for p in points] == list(range(10, words.LAST_GAMES + 10))
    assert words.totals_title(results) == f"Final totals of your last {words.LAST_GAMES} games (of {len(finishes)})"
    assert words.chart_said(results, "xylotar").endswith(
        f"{words.LAST_GAMES} games, from 10 to {words.LAST_GAMES + 9} points, the latest {words.LAST_GAMES + 9}, "
        f"won {sum(1 for t in range(10, words.LAST_GAMES + 10) if t % 3 == 0)}")


# B3-B4: the cards that score, by the points they earned (their faces, never ids), then the unused cards.
def test_bonus_beats_bars_by_points_earned_with_their_faces():
    assert words.bonus_points(ANN.xylotar) == [("no bid", 5, "used once, +5 points"), ("#", 5, "used once, +5 points"),
                                               ("unused cards", 2, "+2 points")]
    assert words.bid_said(2, Tally(7, 5)) == "bid 2: met 5 of 7 (71%)"
    assert words.bid_said(None, Tally(1, 1)) == "no bid: met 1 of 1 (100%)"
    assert words.nobody("Zed") == "Nobody called Zed has played here"
