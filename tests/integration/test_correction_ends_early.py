"""X8 (issue 11): a correction to hand 3 that breaks the tie a tiebreak hand
was played for would end the game before hand 4. It is refused, saying so,
unless the players choose to drop hand 4; then the correction and the drop
are one step that undo takes back and redo puts back, on the store and on
the fake the view tests use."""
from __future__ import annotations

import pytest

from companion import services
from companion.errors import GameError
from companion.history import describe
from tests.fakes import FakeStore

from .conftest import start

NAMES = ("Ann", "Bob", "Cat")
# Hands 1-3 leave Bob and Cat tied on 21 (X8), so hand 4 was played.
HANDS = [{"Ann": (2, 2), "Bob": (4, 5), "Cat": (3, 5)}, {"Ann": (0, 3), "Bob": (5, 5), "Cat": (4, 4)},
         {"Ann": (0, 1), "Bob": (0, 5), "Cat": (0, 6)}, {"Ann": (3, 2), "Bob": (5, 5), "Cat": (0, 5)}]
TIE_BROKEN = {"Ann": (0, 1), "Bob": (0, 6), "Cat": (0, 5)}  # hand 3 as it really went: Bob one trick more


def entered(seats: dict) -> dict:
    return {"results": {name: {"bid": bid, "tricks": tricks} for name, (bid, tricks) in seats.items()}}


@pytest.fixture(params=["sqlite", "fake"])
def tiebroken_game(request, store):
    chosen = store if request.param == "sqlite" else FakeStore()
    game_id = start(chosen, players=NAMES, dealer="Cat")
    for seats in HANDS:
        services.record_round(game_id, entered(seats), chosen.uow(), author="Ann")
    return chosen, game_id


def test_a_correction_that_ends_the_game_early_is_refused_saying_why_and_stores_nothing(tiebroken_game):
    store, game_id = tiebroken_game
    with pytest.raises(services.EndsEarlier) as refused:
        services.correct_round(game_id, 3, entered(TIE_BROKEN), store.uow())
    assert (refused.value.number, refused.value.dropped) == (3, [4])
    assert "ends the game after hand 3, so hand 4 would no longer be played" in refused.value.problems[0].message
    stored = services.load(game_id, store.reader())
    assert len(stored.game.hands) == 4 and len(stored.history) == 4


def test_dropping_the_later_hands_is_one_step_that_undo_takes_back_X8(tiebroken_game):
    store, game_id = tiebroken_game
    before = services.load(game_id, store.reader()).game.totals()
    game = services.correct_round(game_id, 3, entered(TIE_BROKEN), store.uow(), author="Bob", drop_later=True)
    assert len(game.hands) == 3 and game.outcome().winners == ("Bob",)
    stored = services.load(game_id, store.reader())
    assert len(stored.game.hands) == 3 and stored.game.outcome().is_over
    assert [describe(c, "hand") for c in stored.history[-2:]] == ["Bob dropped hand 4", "Bob corrected hand 3"]

    undone = services.undo(game_id, store.uow(), author="Cat")
    assert len(undone.hands) == 4 and undone.totals() == before  # the tiebreak hand is back, hand 3 as it was
    assert services.load(game_id, store.reader()).game.outcome().winners == ("Bob",)

    redone = services.redo(game_id, store.uow())
    assert len(redone.hands) == 3 and redone.hands[2].results["Bob"].tricks == 6
    again = services.undo(game_id, store.uow())
    assert len(again.hands) == 4
    assert len(services.undo(game_id, store.uow()).hands) == 3  # then the tiebreak hand's own entry


def test_a_correction_that_keeps_the_tie_keeps_the_later_hands(tiebroken_game):
    store, game_id = tiebroken_game
    same_tie = {"Ann": (1, 1), "Bob": (0, 5), "Cat": (0, 6)}  # Ann bid her one trick: Bob and Cat still tie
    game = services.correct_round(game_id, 3, entered(same_tie), store.uow())
    assert len(game.hands) == 4


def test_a_correction_that_breaks_a_rule_is_refused_before_anything_is_dropped(tiebroken_game):
    store, game_id = tiebroken_game
    wrong_sum = {"Ann": (0, 1), "Bob": (0, 6), "Cat": (0, 6)}
    with pytest.raises(GameError) as refused:
        services.correct_round(game_id, 3, entered(wrong_sum), store.uow(), drop_later=True)
    assert not isinstance(refused.value, services.EndsEarlier)
    assert len(services.load(game_id, store.reader()).game.hands) == 4
