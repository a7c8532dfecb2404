"""Properties of random legal games: what holds for every game the rules allow."""
import dataclasses

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from companion import GameError, Hand, MonsterEntry, Part, SeatEntry, Xybrid, XybridRound, Xylotar, record
from companion.xylotar import bonus_beats
from companion.xylotar.scoring import earned_bid_bonus

NAMES = ("Ann", "Bob", "Cat", "Dev", "Eve")
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def split(draw, total: int, parts: int) -> list[int]:
    """`total` tricks shared among `parts` seats."""
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=parts - 1, max_size=parts - 1)))
    return [b - a for a, b in zip([0] + cuts, cuts + [total])]


def bonus_beat_for(draw, game: Xylotar, name: str, taken: set[str]) -> str | None:
    """A card `name` may still flip this hand (B1, B2), or None."""
    used = game.bonus_beats_used()
    if not game.bonus_beats or sum(1 for user in used.values() if user == name) >= 2:
        return None
    free = [card.id for card in bonus_beats.deck_for(len(game.players), game.off_key)
            if card.id not in used and card.id not in taken]
    return draw(st.none() | st.sampled_from(free))


def legal_hand(draw, game: Xylotar) -> Hand:
    table = game.deal
    seat_names = list(game.players) + (["left", "right"] if table.players == 2 else [])
    tricks = split(draw, table.tricks_per_hand, len(seat_names))
    off_key_left = len(table.colours) if game.off_key else 0
    taken: set[str] = set()
    seats: dict[str, SeatEntry] = {}
    for name, won in zip(seat_names, tricks):
        card = bonus_beat_for(draw, game, name, taken) if name in game.players else None
        taken.add(card)
        bid = draw(st.integers(0, game.highest_bid(name if name in game.players else f"{name} side player", card)))
        bid = {"zero_bid_eight": 0, "no_bid_match": None}.get(card, bid)
        off_key = draw(st.integers(0, min(off_key_left, won * table.seats)))
        off_key_left -= off_key
        seats[name] = SeatEntry(bid, won, card, off_key)
    players = {name: seats.pop(name) for name in game.players}
    return Hand(players, seats)


@st.composite
def xylotar_games(draw) -> Xylotar:
    """A legal Xylotar game at 2-5 players, with or without expansions, 0 to 6 hands entered."""
    players = NAMES[:draw(st.integers(2, 5))]
    game = Xylotar(players, dealer=draw(st.sampled_from(players)),
                   expansions=draw(st.lists(st.sampled_from(["bonus_beats", "off_key"]), unique=True)))
    for _ in range(draw(st.integers(0, 6))):
        if game.outcome().is_over:
            break
        game.push(legal_hand(draw, game))
    return game


@st.composite
def xybrid_games(draw) -> Xybrid:
    """A legal XYbrid game at 2-4 players with 0 to 3 rounds deployed."""
    game = Xybrid(NAMES[:draw(st.integers(2, 4))])
    for _ in range(draw(st.integers(0, 3))):
        monster = st.builds(MonsterEntry,
                            parts=st.lists(st.integers(0, 6), min_size=4, max_size=7)
                            .map(lambda values: tuple(Part(v) for v in [0] + values)),
                            hand=st.integers(0, 4), adjustments=st.lists(st.integers(-4, 4), max_size=3).map(tuple))
        starter = draw(st.none() | st.sampled_from(game.next_starters()))
        game.push(XybridRound({name: draw(monster) for name in game.players}, starter))
    return game


# X5, B3, B4, O3: every total is the sum of that player's hand scores so far.
@FAST
@given(xylotar_games())
def test_xylotar_totals_are_the_sum_of_hand_scores(game):
    running = {name: 0 for name in game.players}
    for result in game.results():
        for name in game.players:
            running[name] += result.scores[name].total
        assert result.totals == running
    assert game.totals() == running


# X3 and X9: the tricks of all seats, side players included, add up to the hand's total.
@FAST
@given(xylotar_games())
def test_xylotar_tricks_add_up_in_every_hand(game):
    for entered, result in zip(game.hands, game.results()):
        side_tricks = sum(entry.tricks for entry in entered.side_players.values())
        assert sum(b.tricks for b in result.scores.values()) + side_tricks == game.deal.tricks_per_hand


# X6, X7, X9: each hand has exactly one leader, a player (never a side player) with the lowest total.
@FAST
@given(xylotar_games())
def test_xylotar_each_hand_is_led_by_one_lowest_player(game):
    before = {name: 0 for name in game.players}
    for result in game.results():
        assert result.leader in game.players
        if result.number > 1:
            assert before[result.leader] == min(before.values())
        before = result.totals


# X1, X8: a finished game has winners at the top total; an unfinished one has none and one next leader.
@FAST
@given(xylotar_games())
def test_xylotar_outcome_is_consistent(game):
    outcome, totals = game.outcome(), game.totals()
    if outcome.is_over:
        assert len(outcome.winners) == 1 and totals[outcome.winners[0]] == max(totals.values())
        assert len(game.hands) >= 3
    else:
        assert outcome.winners == () and len(outcome.next_leaders) == 1


# X8: a game left tied after hand 3 (or a tiebreak hand) has no tied player who uniquely matched with fewest tricks.
@FAST
@given(xylotar_games())
def test_xylotar_a_tiebreak_is_needed_only_when_x8_cannot_decide(game):
    if game.outcome().status.value != "tiebreak_round_needed":
        return
    totals, last = game.totals(), game.hands[-1]
    tied = [name for name in game.players if totals[name] == max(totals.values())]
    assert len(tied) > 1
    seats = last.seats()
    matched = [last.results[name].tricks for name in tied if earned_bid_bonus(name, seats[name], seats)]
    assert not matched or matched.count(min(matched)) > 1


# X3: one trick more for any seat breaks the hand's sum and is refused.
@FAST
@given(xylotar_games(), st.data())
def test_xylotar_an_extra_trick_is_always_refused(game, data):
    if not game.hands:
        return
    last = game.pop()
    name = data.draw(st.sampled_from(list(last.results)))
    entry = last.results[name]
    wrong = Hand({**last.results, name: dataclasses.replace(entry, tricks=entry.tricks + 1)}, last.side_players)
    with pytest.raises(GameError) as error:
        game.push(wrong)
    assert {p.rule for p in error.value.problems} == {"X3"}


# Record: writing a game out and reading it back scores exactly the same.
@FAST
@given(st.one_of(xylotar_games(), xybrid_games()))
def test_the_exported_record_scores_the_same(game):
    again = record.loads(record.dumps(game))
    assert record.score(again) == record.score(game)


# Y4: XYbrid totals are the sum of each round's infamy, part by part.
@FAST
@given(xybrid_games())
def test_xybrid_totals_are_the_sum_of_infamy(game):
    expected = {name: sum(sum(p.value for p in r.results[name].parts) + r.results[name].hand
                          + sum(r.results[name].adjustments) for r in game.rounds) for name in game.players}
    assert game.totals() == expected


# Y5, Y6: after round 3 the most infamous win (shared on a tie); before, starters are the least infamous.
@FAST
@given(xybrid_games())
def test_xybrid_outcome_is_consistent(game):
    outcome, totals = game.outcome(), game.totals()
    if len(game.rounds) == 3:
        assert outcome.winners == tuple(n for n in game.players if totals[n] == max(totals.values()))
        assert outcome.next_leaders == ()
    else:
        assert outcome.winners == ()
        if game.rounds:
            assert outcome.next_leaders == tuple(n for n in game.players if totals[n] == min(totals.values()))
