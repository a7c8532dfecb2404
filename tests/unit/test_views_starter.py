"""The app says an XYbrid starter drawn at set-up in players' words (views/shown/starter.py), without a browser."""
from companion import record
from companion.xybrid import StarterDraw
from tests.table_fakes import TableFakeStore as FakeStore  # the screens read the table state
from views.web import actions
from views.shown import logic, starter
from views.web.live import Hub
from views.state import Shared

PLAYERS = ("Ann", "Bob", "Cat")
COMPLETE = {"parts": [0, 2, 1, 1, 1], "part_types": ["core", "head", "left_arm", "right_arm", "legs"], "hand": 0}


def drawn(chosen: str = "Bob", seed: int = 12345) -> StarterDraw:
    return StarterDraw(PLAYERS, chosen, seed)


# The app: a draw made on the New game screen is stored with the game; the scoreboard and the round screen say it.
def test_the_app_stores_the_set_up_draw_and_says_it_without_rule_ids():
    shared = Shared(store=FakeStore(), hub=Hub())
    game_id = actions.start_game(shared, "xybrid", list(PLAYERS), starter_draw=drawn())
    game = actions.load(shared, game_id).game
    assert logic.next_turn(game) == "Drawn at random from Ann, Bob and Cat: Bob starts round 1"
    assert starter.round_start(game, None, None) == ("Bob", drawn())
    actions.record_round(shared, game_id, {"first_player": "Bob", "draw_seed": 12345,
                                           "results": {"Ann": {**COMPLETE, "hand": 1}, "Bob": {**COMPLETE, "hand": 1},
                                                       "Cat": COMPLETE}})
    game = actions.load(shared, game_id).game
    assert starter.drawn(game) is None and "Drawn" not in logic.next_turn(game)
    assert starter.round_start(game, 1, record.round_to_dict(game.rounds[0])) == ("Bob", None)
    plain = actions.load(shared, actions.start_game(shared, "xybrid", list(PLAYERS))).game
    assert starter.round_start(plain, None, None) == (None, None)
