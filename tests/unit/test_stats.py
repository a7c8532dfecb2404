"""Statistics over a history of games; every expected number worked out by hand."""
import json

from companion import record
from companion.facts import GameFacts, game_facts
from companion.services import StoredGame
from companion.stats import CardUse, GameResults, PlayerStats, Record, Tally, head_to_head, player_stats, table_stats
from tests.builders import hand, played


def stored(number: int, game, day: int) -> GameFacts:
    """What the statistics read of a stored game: its facts."""
    return game_facts(StoredGame(number, game, f"2025-01-{day:02d}T19:00:00+00:00"))


def xybrid(players: str, *rounds: dict) -> object:
    """An XYbrid game; each round maps a name to (parts, parts in hand[, adjustments])."""
    return record.from_dict({"format": "companion.game/1", "game": "xybrid", "players": players.split(),
                             "rounds": [{"results": {name: {"parts": v[0], "hand": v[1],
                                                            "adjustments": list(v[2:])}
                                                     for name, v in entered.items()}} for entered in rounds]})


# Totals Ann 16, Bob 20, Cat 25: Cat wins. Ann meets her bid in hands 1 and 3.
CAT_WINS = played("Ann Bob Cat",
                  hand(Ann=(3, 3), Bob=(4, 5), Cat=(2, 4)),
                  hand(Ann=(0, 1), Bob=(6, 6), Cat=(5, 5)),
                  hand(Ann=(2, 2), Bob=(3, 4), Cat=(6, 6)))
# Totals Ann 27, Bob 20, Dev 24: Ann wins, meeting all three bids.
ANN_WINS = played("Ann Bob Dev",
                  hand(Ann=(4, 4), Bob=(3, 3), Dev=(5, 5)),
                  hand(Ann=(5, 5), Bob=(2, 3), Dev=(4, 4)),
                  hand(Ann=(3, 3), Bob=(4, 4), Dev=(6, 5)))
# One hand only: Ann bid 1 and took 2.
UNFINISHED = played("Ann Cat Dev", hand(Ann=(1, 2), Cat=(5, 5), Dev=(5, 5)))
# Ann and Bob tie on 24; both met their bid in hand 3, Ann with fewer tricks (X8).
ANN_WINS_THE_TIE = played("Ann Bob Cat",
                          hand(Ann=(3, 3), Bob=(4, 4), Cat=(2, 5)),
                          hand(Ann=(4, 4), Bob=(2, 2), Cat=(5, 6)),
                          hand(Ann=(2, 2), Bob=(3, 3), Cat=(6, 7)))
HISTORY = [stored(1, CAT_WINS, 1), stored(2, ANN_WINS, 2), stored(3, UNFINISHED, 3)]


# Only finished games count as played; the average is of final totals.
def test_games_played_won_average_and_best_count_finished_games_only():
    results = player_stats(HISTORY, "Ann").xylotar.results
    assert (results.played, results.won, results.unfinished) == (2, 1, 1)
    assert (results.average, results.best) == (21.5, 27)


# Bid accuracy counts every hand entered, the unfinished game's too.
def test_bids_met_overall_and_by_bid():
    xylotar = player_stats(HISTORY, "Ann").xylotar
    assert xylotar.hands == 7
    assert xylotar.bids == Tally(7, 5)
    assert xylotar.bids_by_size == {0: Tally(1, 0), 1: Tally(1, 0), 2: Tally(1, 1), 3: Tally(2, 2),
                                    4: Tally(1, 1), 5: Tally(1, 1)}


# Head-to-head: who finished higher in the finished games both played.
def test_head_to_head_counts_who_finished_higher():
    rivals = player_stats(HISTORY, "Ann").xylotar.results.head_to_head
    assert rivals == {"Bob": Record(2, 1, 1, 0), "Cat": Record(1, 0, 1, 0), "Dev": Record(1, 1, 0, 0)}


# X8: a tie on points broken by the tiebreak is a win, not a draw.
def test_a_tie_broken_by_x8_counts_for_the_tiebreak_winner():
    games = [stored(1, ANN_WINS_THE_TIE, 1)]
    assert head_to_head(games, "Ann", "Bob") == {"xylotar": Record(1, 1, 0, 0), "xybrid": Record()}
    assert head_to_head(games, "Bob", "Ann")["xylotar"] == Record(1, 0, 1, 0)
    assert player_stats(games, "Bob").xylotar.results.won == 0


# Streaks follow started_at, whatever order the store hands the games over in.
def test_winning_streaks_follow_the_order_games_started():
    games = [stored(1, ANN_WINS, 1), stored(2, ANN_WINS_THE_TIE, 2), stored(3, CAT_WINS, 3),
             stored(4, UNFINISHED, 4), stored(5, ANN_WINS, 5)]
    results = player_stats(list(reversed(games)), "Ann").xylotar.results
    assert (results.current_streak, results.longest_streak) == (1, 2)


# Names match regardless of case and show as the player spells them.
def test_a_player_is_found_regardless_of_case():
    assert player_stats(HISTORY, "aNN").name == "Ann"
    assert player_stats(HISTORY, "aNN").xylotar.results.won == 1


def test_someone_who_never_played_has_empty_statistics():
    stats = player_stats(HISTORY, "Zed")
    assert stats.xylotar.results.played == 0 and stats.xylotar.bids.rate is None
    assert stats == PlayerStats("Zed")  # its words: tests/unit/test_stats_words.py


# Hand 1: Ann's # turns 3 tricks on a bid of 2 into +5; Cat's +1 counts Bob's miss.
# Hand 2: Ann's 'no bid' matches Bob's bid of 4 (+5); Cat's 1/2 saves 3 Off-Key points; Bob pays 2.
# Hand 3: Bob's 8 for 0 adds 3 to the usual 5.
BONUS_GAME = played("Ann Bob Cat",
                    hand(Ann=(2, 3, "over_by_one"), Bob=(4, 1), Cat=(5, 8, "plus_one_per_miss")),
                    hand(Ann=(None, 4, "no_bid_match"), Bob=(4, 2, None, 2), Cat=(7, 6, "off_key_no_penalty", 3)),
                    hand(Ann=(5, 5), Bob=(0, 0, "zero_bid_eight"), Cat=(6, 7)),
                    expansions=["bonus_beats", "off_key"])


def test_each_bonus_beat_earns_the_points_it_made_possible():
    everyone = table_stats([stored(1, BONUS_GAME, 1)])
    assert everyone["Ann"].xylotar.bonus_beats == {"no_bid_match": CardUse(1, 5), "over_by_one": CardUse(1, 5)}
    assert everyone["Bob"].xylotar.bonus_beats == {"zero_bid_eight": CardUse(1, 3)}
    assert everyone["Cat"].xylotar.bonus_beats == {"off_key_no_penalty": CardUse(1, 3),
                                                   "plus_one_per_miss": CardUse(1, 1)}


def test_off_key_cards_won_and_what_they_cost():
    everyone = table_stats([stored(1, BONUS_GAME, 1)])
    assert (everyone["Bob"].xylotar.off_key_cards, everyone["Bob"].xylotar.off_key_penalty) == (2, 2)
    assert (everyone["Cat"].xylotar.off_key_cards, everyone["Cat"].xylotar.off_key_penalty) == (3, 0)


# 'no bid' hands are tallied under None; a met one counts as a bid met.
def test_no_bid_hands_count_as_bids_met_when_they_match():
    ann = player_stats([stored(1, BONUS_GAME, 1)], "Ann").xylotar
    assert ann.bids_by_size == {2: Tally(1, 1), 5: Tally(1, 1), None: Tally(1, 1)}
    assert (ann.results.won, ann.results.best) == (1, 27)


# B-OVER: landing exactly on the bid would have earned the bonus anyway.
def test_the_sharp_card_earns_nothing_when_the_bid_is_met_exactly():
    # What a card earned is the scoring's word (Breakdown.card_points); the facts keep it.
    game = played("Ann Bob Cat", hand(Ann=(3, 3, "over_by_one"), Bob=(3, 2, "under_by_one"),
                                      Cat=(0, 7, "zero_bid_eight")), expansions=["bonus_beats"])
    everyone = table_stats([stored(1, game, 1)])
    assert everyone["Ann"].xylotar.bonus_beats == {"over_by_one": CardUse(1, 0)}
    assert everyone["Bob"].xylotar.bonus_beats == {"under_by_one": CardUse(1, 5)}
    assert everyone["Cat"].xylotar.bonus_beats == {"zero_bid_eight": CardUse(1, 0)}


# Ann 33 - Bob 33: a shared XYbrid win (Y6) is a win for both and a draw between them.
SHARED = xybrid("Ann Bob",
                {"Ann": ([0, 2, 3, 1, 4], 1), "Bob": ([0, 3, 3, 2, 2], 0, 1)},
                {"Ann": ([0, 1, 1, 1, 1], 2), "Bob": ([0, 2, 2, 2, 2], 0, -2)},
                {"Ann": ([0, 4, 4, 4, 4], 0), "Bob": ([0, 4, 4, 4, 4], 0)})
# Ann 4 + 9 + 12 = 25 beats Cat 8 + 4 + 6 = 18.
ANN_BEATS_CAT = xybrid("Ann Cat",
                       {"Ann": ([0, 1, 1, 1, 1], 0), "Cat": ([0, 2, 2, 2, 2], 0)},
                       {"Ann": ([0, 2, 2, 2, 2], 1), "Cat": ([0, 1, 1, 1, 1], 0)},
                       {"Ann": ([0, 3, 3, 3, 3], 0), "Cat": ([0, 1, 1, 1, 1], 2)})
XYBRID_HISTORY = [stored(1, SHARED, 1), stored(2, ANN_BEATS_CAT, 2)]


def test_a_shared_xybrid_win_is_a_win_for_each_player():
    everyone = table_stats(XYBRID_HISTORY)
    assert everyone["Ann"].xybrid.results.won == 2
    assert everyone["Bob"].xybrid.results.won == 1
    assert everyone["Ann"].xybrid.results.head_to_head["Bob"] == Record(1, 0, 0, 1)


def test_average_infamy_per_round_number():
    ann = player_stats(XYBRID_HISTORY, "Ann").xybrid
    assert ann.infamy_by_round == {1: 7.5, 2: 7.5, 3: 14.0}
    assert (ann.results.average, ann.results.best, ann.results.longest_streak) == (29.0, 33, 2)


# Each game kind keeps its own record: XYbrid wins do not show up under Xylotar.
def test_game_kinds_are_counted_apart():
    ann = player_stats(HISTORY + [stored(9, SHARED, 9)], "Ann")
    assert (ann.xylotar.results.won, ann.xybrid.results.won) == (1, 1)


def test_table_stats_lists_everyone_alphabetically_with_the_same_numbers():
    everyone = table_stats(HISTORY)
    assert list(everyone) == ["Ann", "Bob", "Cat", "Dev"]
    assert everyone["Bob"] == player_stats(HISTORY, "Bob")


# The facts survive a trip through JSON (the store's cache) unchanged, names aside.
def test_game_facts_read_back_from_json_count_the_same():
    games = HISTORY + [stored(4, BONUS_GAME, 4)] + XYBRID_HISTORY
    again = [GameFacts.of(f.id, f.started_at, f.players, json.loads(json.dumps(f.derived()))) for f in games]
    assert again == games
    assert table_stats(again) == table_stats(games)


# --- a player's page: the totals game by game, the nemesis and the favourite victim ---
# The line chart's series: each finished game's final total, in the order the games started, won or not.
def test_each_finished_games_total_in_the_order_the_games_started():
    games = [stored(2, ANN_WINS, 2), stored(3, UNFINISHED, 3), stored(1, CAT_WINS, 1)]
    finishes = player_stats(games, "Ann").xylotar.results.finishes
    assert finishes == (("2025-01-01T19:00:00+00:00", 16, False), ("2025-01-02T19:00:00+00:00", 27, True))
    assert [f.total for f in player_stats(games, "Cat").xylotar.results.finishes] == [25]  # 1 unfinished left out


# Y6: a shared XYbrid win is won in each sharer's series.
def test_a_shared_xybrid_win_is_won_in_the_series_of_each():
    everyone = table_stats(XYBRID_HISTORY)
    assert [(f.total, f.won) for f in everyone["Ann"].xybrid.results.finishes] == [(33, True), (25, True)]
    assert [(f.total, f.won) for f in everyone["Bob"].xybrid.results.finishes] == [(33, True)]
    assert [(f.total, f.won) for f in everyone["Cat"].xybrid.results.finishes] == [(18, False)]
    assert everyone["Ann"].xylotar.results.finishes == ()


# Ann lost once to Bob and once to Cat, and beat Bob once and Dev once: the nemesis is the rival
# who beat her most, ties going to the one she beat least (Cat, never); the favourite victim is the
# rival she beat most, ties going to the one who beat her least (Dev, never).
def test_the_nemesis_and_the_favourite_victim_break_ties_by_the_other_side_of_the_record():
    results = player_stats(HISTORY, "Ann").xylotar.results
    assert (results.nemesis, results.favourite_victim) == ("Cat", "Dev")
    assert (player_stats(HISTORY, "Dev").xylotar.results.nemesis,
            player_stats(HISTORY, "Dev").xylotar.results.favourite_victim) == ("Ann", "Bob")


# X8: Bob tied Ann on points but lost the tiebreak: Ann is his nemesis, he is her victim.
def test_a_tie_broken_by_x8_makes_a_nemesis_and_a_victim():
    games = [stored(1, ANN_WINS_THE_TIE, 1)]
    assert player_stats(games, "Bob").xylotar.results.nemesis == "Ann"
    assert player_stats(games, "Ann").xylotar.results.favourite_victim == "Bob"


# Exactly the same record against two rivals: the name first in alphabetical order, whatever its case.
def test_rivals_with_the_same_record_go_by_name_regardless_of_case():
    results = GameResults(head_to_head={"bob": Record(3, 1, 2, 0), "Al": Record(3, 1, 2, 0), "cy": Record(3, 1, 2, 0)})
    assert (results.nemesis, results.favourite_victim) == ("Al", "Al")
    assert GameResults(head_to_head={"bob": Record(2, 1, 1, 0), "Cy": Record(2, 1, 1, 0)}).nemesis == "bob"


# Only draws (a shared XYbrid win, Y6), or no rival at all: no nemesis and no victim.
def test_no_nemesis_without_a_loss_and_no_victim_without_a_win():
    shared = player_stats([stored(1, SHARED, 1)], "Ann").xybrid.results
    assert shared.head_to_head == {"Bob": Record(1, 0, 0, 1)}
    assert (shared.nemesis, shared.favourite_victim) == (None, None)
    assert (PlayerStats("Zed").xylotar.results.nemesis, PlayerStats("Zed").xylotar.results.favourite_victim) == (None, None)
