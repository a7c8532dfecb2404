"""Corrections on any round (issue 25): a correction is checked against the
whole game as it would then stand. Ending the game earlier asks to drop the
later hands whichever hand is corrected (X8); reopening a finished game asks
first (X8); what was played stays as played: a later hand keeps who led it
(X6, X7), a later XYbrid round its starter (Y5), never a reason to refuse;
and what a save changed can be told (winner, next leader, dropped hands,
kept starters). On the SQLite store and on the fake the view tests use."""
from __future__ import annotations

import pytest

from companion import correction, record, services
from views.shown import undo_words
from tests.fakes import FakeStore

from .conftest import start

NAMES = ("Ann", "Bob", "Cat")
# Dealer Cat, so Ann leads hand 1 (X6). Hands 1-3 leave Bob and Cat tied on 20 and neither matched their
# bid in hand 3, so hand 4 was played (X8). After hand 1 Bob and Cat tie lowest on 5: Bob, first clockwise
# after Ann, led hand 2 (X7).
HANDS = [{"Ann": (2, 2), "Bob": (4, 5), "Cat": (3, 5)}, {"Ann": (0, 3), "Bob": (5, 5), "Cat": (4, 4)},
         {"Ann": (0, 1), "Bob": (0, 5), "Cat": (0, 6)}, {"Ann": (3, 2), "Bob": (5, 5), "Cat": (0, 5)}]
# Hand 1 as it really went: Bob one trick more, Cat one fewer. Bob ends hand 3 on 21, Cat on 19: no tie,
# and Cat alone was lowest after hand 1, so the corrected scores would have had Cat lead hand 2.
HAND_1_FIXED = {"Ann": (2, 2), "Bob": (4, 6), "Cat": (3, 4)}
# Hand 3 as it really went: Bob one trick more. Bob wins on 21.
HAND_3_FIXED = {"Ann": (0, 1), "Bob": (0, 6), "Cat": (0, 5)}


def entered(seats: dict) -> dict:
    return {"results": {name: {"bid": bid, "tricks": tricks} for name, (bid, tricks) in seats.items()}}


@pytest.fixture(params=["sqlite", "fake"])
def chosen(request, store):
    return store if request.param == "sqlite" else FakeStore()


def xylotar(chosen, hands) -> int:
    game_id = start(chosen, players=NAMES, dealer="Cat")
    for seats in hands:
        services.record_round(game_id, entered(seats), chosen.uow(), author="Ann")
    return game_id


def stored(chosen, game_id):
    return services.load(game_id, chosen.reader())


@pytest.mark.parametrize("number, fixed", [(1, HAND_1_FIXED), (3, HAND_3_FIXED)])
def test_correcting_hand_1_or_hand_3_of_a_tiebreak_game_asks_to_drop_hand_4_X8(chosen, number, fixed):
    game_id = xylotar(chosen, HANDS)
    with pytest.raises(services.EndsEarlier) as asked:
        services.correct_round(game_id, number, entered(fixed), chosen.uow())
    assert (asked.value.number, asked.value.ends_after, asked.value.dropped) == (number, 3, [4])
    assert "ends the game after hand 3, so hand 4 would no longer be played" in asked.value.problems[0].message
    assert len(stored(chosen, game_id).game.hands) == 4  # nothing stored yet

    game = services.correct_round(game_id, number, entered(fixed), chosen.uow(), author="Bob", drop_later=True)
    assert len(game.hands) == 3 and game.outcome().winners == ("Bob",)
    again = stored(chosen, game_id)
    assert len(again.game.hands) == 3 and again.game.outcome().winners == ("Bob",)
    assert services.undo(game_id, chosen.uow()).totals() == {"Ann": 13, "Bob": 30, "Cat": 25}  # all of it back


def test_correcting_hand_1_keeps_who_led_hand_2_as_it_was_played_X7(chosen):
    game_id = xylotar(chosen, HANDS[:2])
    before = stored(chosen, game_id).game
    assert [r.leader for r in before.results()] == ["Ann", "Bob"]
    game = services.correct_round(game_id, 1, entered(HAND_1_FIXED), chosen.uow(), author="Bob")
    assert [r.leader for r in game.results()] == ["Ann", "Bob"] and game.named_starters(2) == ("Cat",)
    # Read back from the store (and from its record, as an export gives it): the same leader.
    assert [r.leader for r in stored(chosen, game_id).game.results()] == ["Ann", "Bob"]
    exported = services.export_record(game_id, chosen.reader())
    assert exported["rounds"][1]["leader"] == "Bob" and "leader" not in exported["rounds"][0]
    assert record.score(record.from_dict(exported))["rounds"][1]["leader"] == "Bob"
    # What the save changed: Bob still led hand 2, though the corrected scores name Cat.
    told = correction.effects(before, game, 1)
    assert told.kept == {2: ("Bob", ("Cat",))} and told.dropped == ()
    # One step: undo takes back the correction and the kept leader together.
    assert [c.action for c in services.history(game_id, chosen.reader())][-2:] == ["keep", "correct"]
    undone = services.undo(game_id, chosen.uow())
    assert undone.hands[0] == before.hands[0] and undone.hands[1].leader is None
    assert "leader" not in services.export_record(game_id, chosen.reader())["rounds"][1]


def test_a_record_without_leaders_scores_as_before_X6_X7():
    raw = {"format": record.FORMAT, "game": "xylotar", "players": list(NAMES), "dealer": "Cat",
           "rounds": [entered(seats) for seats in HANDS]}
    assert [r["leader"] for r in record.score(record.from_dict(raw))["rounds"]] == ["Ann", "Bob", "Ann", "Ann"]


XYBRID = ("Ann", "Bob", "Catherine")


def monsters(first: str | None = None, **infamy: int) -> dict:
    out = {"results": {name: {"infamy": value} for name, value in infamy.items()}}
    if first:
        out["first_player"] = first
    return out


def test_lowering_bobs_round_1_keeps_catherine_as_round_2s_starter_Y5(chosen):
    """Catherine was least infamous after round 1 and started round 2; Bob's
    round 1 was really 2, not 4, which makes him least infamous alone. The
    correction is saved; round 2 stays started by Catherine, as played."""
    game_id = start(chosen, "xybrid", XYBRID)
    for played in (monsters(Ann=5, Bob=4, Catherine=3), monsters("Catherine", Ann=4, Bob=6, Catherine=5),
                   monsters("Catherine", Ann=3, Bob=3, Catherine=3)):
        services.record_round(game_id, played, chosen.uow())
    before = stored(chosen, game_id).game
    game = services.correct_round(game_id, 1, monsters(Ann=5, Bob=2, Catherine=3), chosen.uow())
    assert [r.first_player for r in game.rounds] == [None, "Catherine", "Catherine"]
    assert game.totals() == {"Ann": 12, "Bob": 11, "Catherine": 11} and game.outcome().winners == ("Ann",)
    rounds = services.export_record(game_id, chosen.reader())["rounds"]
    assert rounds[1]["starter_kept"] is True and "starter_kept" not in rounds[2]  # Bob and Catherine tie for 3
    told = correction.effects(before, game, 1)
    assert told.kept == {2: ("Catherine", ("Bob",))}


def test_a_correction_that_reopens_a_finished_game_asks_first_X8(chosen):
    game_id = xylotar(chosen, [HANDS[0], HANDS[1], HAND_3_FIXED])
    assert stored(chosen, game_id).game.outcome().winners == ("Bob",)
    with pytest.raises(services.Reopens) as asked:
        services.correct_round(game_id, 3, entered(HANDS[2]), chosen.uow())
    assert asked.value.winners == ("Bob",) and "everyone plays another hand" in asked.value.explanation
    before = stored(chosen, game_id).game
    assert before.outcome().winners == ("Bob",)  # nothing stored yet

    game = services.correct_round(game_id, 3, entered(HANDS[2]), chosen.uow(), reopen=True)
    assert game.outcome().next_is_tiebreak and stored(chosen, game_id).game.outcome().next_is_tiebreak
    told = correction.effects(before, game, 3)
    assert told.after.next_leaders == ("Ann",) and told.before.winners == ("Bob",)


def test_a_correction_that_keeps_the_result_asks_nothing_X8(chosen):
    game_id = xylotar(chosen, [HANDS[0], HANDS[1], HAND_3_FIXED])
    same_winner = {"Ann": (1, 1), "Bob": (0, 6), "Cat": (0, 5)}  # Ann made her bid: Bob still wins
    game = services.correct_round(game_id, 3, entered(same_winner), chosen.uow())
    assert game.outcome().winners == ("Bob",)


def test_a_correction_that_breaks_a_later_hands_rule_is_still_refused_B2(chosen):
    """Only who started a later round is kept as played: a later hand that
    breaks another rule with the correction (a Bonus Beat flipped twice) is refused."""
    game_id = start(chosen, players=NAMES, dealer="Cat", expansions=["bonus_beats"])
    first = entered(HANDS[0])
    second = entered(HANDS[1])
    second["results"]["Bob"]["bonus_beat"] = "view_two"
    for raw in (first, second):
        services.record_round(game_id, raw, chosen.uow())
    twice = entered(HANDS[0])
    twice["results"]["Ann"]["bonus_beat"] = "view_two"
    with pytest.raises(services.GameError, match="round 2, Bob: view_two was already used in this game by Ann"):
        services.correct_round(game_id, 1, twice, chosen.uow())


HOST = "Host"  # who the history says saved it, as the host's screens do


# --- every save says what changed, in players' words (views/shown/undo_words.py) ---------------------
def said_after(chosen, game_id: int, number: int, raw: dict, **asked) -> str:
    before = stored(chosen, game_id).game
    after = services.correct_round(game_id, number, raw, chosen.uow(), **asked)
    history = services.history(game_id, chosen.reader())
    return undo_words.saved(history, before.round_word, HOST, correction.effects(before, after, number))



def test_saving_hand_1_says_hand_4_dropped_who_still_led_hand_2_and_who_wins_X7_X8(chosen):
    game_id = xylotar(chosen, HANDS)
    assert said_after(chosen, game_id, 1, entered(HAND_1_FIXED), drop_later=True) == (
        "Saved: correction of hand 1 (Bob: tricks 5 -> 6; Cat: tricks 5 -> 4). Hand 4 dropped. "
        "Bob still led hand 2, as played; the corrected scores would have named Cat. Bob wins with 21 points.")
    # Undo says it took all of it back, the dropped hand included.
    assert undo_words.undid(services.history(game_id, chosen.reader()), "hand", HOST) == (
        "Undid: correction of hand 1 (Bob: tricks 5 -> 6; Cat: tricks 5 -> 4), and hand 4 is back")


def test_saving_xybrid_round_1_says_catherine_still_started_round_2_and_the_new_winner_Y5_Y6(chosen):
    game_id = start(chosen, "xybrid", XYBRID)
    for played in (monsters(Ann=5, Bob=4, Catherine=3), monsters("Catherine", Ann=4, Bob=6, Catherine=5),
                   monsters("Catherine", Ann=3, Bob=3, Catherine=3)):
        services.record_round(game_id, played, chosen.uow())
    assert said_after(chosen, game_id, 1, monsters(Ann=5, Bob=2, Catherine=3)) == (
        "Saved: correction of round 1 (Bob: infamy 4 -> 2). Catherine still started round 2, as played; the "
        "corrected scores would have named Bob. Ann wins with 12 infamy; before this correction Bob won.")


def test_saving_a_reopening_correction_says_the_game_is_open_again_and_who_leads_X7_X8(chosen):
    game_id = xylotar(chosen, [HANDS[0], HANDS[1], HAND_3_FIXED])
    assert said_after(chosen, game_id, 3, entered(HANDS[2]), reopen=True) == (
        "Saved: correction of hand 3 (Bob: tricks 6 -> 5; Cat: tricks 5 -> 6). The game is open again: Bob and "
        "Cat tie at 20 points, and neither matched their bid in hand 3: everyone plays another hand. "
        "Next: Ann leads hand 4: lowest total, 11.")
    assert undo_words.reopen_question(("Bob",), "Bob and Cat tie at 20 points: everyone plays another hand") == (
        "This game is over: Bob won. With this correction, Bob and Cat tie at 20 points: everyone plays another "
        "hand. Save it and reopen the game? A result already sent to BG Stats would need sending again once the "
        "game is over.")


def test_saving_a_correction_that_moves_the_next_leader_says_so_X7(chosen):
    game_id = xylotar(chosen, HANDS[:2])
    assert said_after(chosen, game_id, 2, entered({"Ann": (0, 3), "Bob": (5, 6), "Cat": (4, 3)})) == (
        "Saved: correction of hand 2 (Bob: tricks 5 -> 6; Cat: tricks 4 -> 3). Next: Cat leads hand 3: "
        "lowest total, 8.")
