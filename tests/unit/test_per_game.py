"""The words every screen of a table derives from the game are worked out once
per change, not once per screen (views/parts/per_game.py), and never kept
past a change."""
from companion import services
from tests.fakes import FakeStore
from views.parts.per_game import once
from views.shown import display_words


def hand(bids_tricks: dict) -> dict:
    return {"results": {name: {"bid": bid, "tricks": tricks} for name, (bid, tricks) in bids_tricks.items()}}


def test_eight_screens_of_one_game_work_its_words_out_once_and_a_new_round_is_worked_out_again():
    store = FakeStore()
    game_id = services.start_game(services.new_game("xylotar", ["Ann", "Bob", "Cat"], dealer="Cat"), store.uow())
    services.record_round(game_id, hand({"Ann": (3, 4), "Bob": (2, 2), "Cat": (5, 6)}), store.uow())
    game = services.load(game_id, store.reader()).game
    worked = []

    def rows():
        worked.append(1)
        return tuple(display_words.last_round_rows(game))

    shown = [once(game, "revealed", rows) for _ in range(8)]
    assert len(worked) == 1 and all(seen == shown[0] for seen in shown)
    assert [row.seat for row in shown[0]] == ["Ann", "Bob", "Cat"]
    services.record_round(game_id, hand({"Ann": (0, 0), "Bob": (6, 7), "Cat": (5, 5)}), store.uow())
    game = services.load(game_id, store.reader()).game  # the next change's read
    assert once(game, "revealed", rows)[1].what == "bid 6, took 7" and len(worked) == 2


def test_an_xybrid_game_is_worked_out_once_too():
    store = FakeStore()
    game_id = services.start_game(services.new_game("xybrid", ["Jo", "Kit"]), store.uow())
    game = services.load(game_id, store.reader()).game
    assert once(game, "headline", lambda: display_words.headline(game))[0] == display_words.headline(game)[0]
    assert once(game, "headline", lambda: "not worked out again") == display_words.headline(game)
