"""What may be entered is said once (issue 25): the engine's answer is what
every screen offers, and what scoring refuses is refused at entry, in the
same words. Real parts only: the engine, the live hand, the table's services
on the in-memory store."""
import pathlib
import re

import pytest

import views
from companion import GameError, record, services
from companion import table_services as table
from companion.access import Access
from companion.live_hand import LiveHand, SeatBid
from companion.xylotar import Xylotar
from companion.xylotar.bonus_beats import NO_BID
from views.shown import hand_entry, monster_entry
from views.shown.words import words
from tests.builders import entries, four_players
from tests.table_fakes import TableFakeStore


def flipping(entry: dict, card: str) -> dict:
    """`entry` flipping `card`, with a bid that card takes (B5: 0 for '8 for 0', none for 'no bid')."""
    return {**entry, "bonus_beat": card, "bid": 0}


def said(error: GameError) -> list[str]:
    """A refusal as a screen says it, in players' words."""
    return [words(p, where=False) for p in error.problems]


def four_with_off_key() -> tuple[TableFakeStore, int]:
    store = TableFakeStore()
    game_id = services.start_game(services.new_game("xylotar", ["Ann", "Bob", "Cat", "Dan"], dealer="Dan",
                                                    expansions=["off_key"]), store.uow())
    return store, game_id


def phone(store, game_id: int, seat: str) -> Access:
    join = table.resolve(table.issue_link(game_id, "player", store.uow(), by=Access.host(game_id)), store.uow())
    return table.resolve(table.join_seat(seat, store.uow(), by=join), store.uow())


# O3: Off-Key cards are won only in tricks taken, and 1 trick at 4 seats holds 4 cards. A phone typing
# Ann's 1 trick with 5 Off-Key cards is refused when it types them, in the words scoring the hand uses,
# and nothing is stored.
def test_o3_a_phone_typing_5_off_key_cards_in_1_trick_is_refused_then_in_the_words_scoring_uses():
    store, game_id = four_with_off_key()
    ann = phone(store, game_id, "Ann")
    for seat, bid in (("Ann", 1), ("Bob", 2), ("Cat", 3), ("Dan", 4)):
        table.submit_bid(game_id, seat, bid, None, store.uow(), by=Access.host(game_id), expected_version=0)
    with pytest.raises(GameError) as at_entry:
        table.enter_count(game_id, "Ann", 1, store.uow(), by=ann, expected_version=0, off_key_won=5)
    assert table.view(game_id, store.uow(), by=ann).hand.counts["Ann"].version == 0  # nothing stored
    game = four_players(expansions=["off_key"])
    scored = hand_entry.problems(game, entries(game, {"Ann": (1, 1, 5), "Bob": (2, 2), "Cat": (3, 3),
                                                      "Dan": (4, 8)}))
    assert said(at_entry.value) == [hand_entry.say(p) for p in scored] == ["Ann: won 5 Off-Key cards in 1 trick"]


def accepted_by_scoring(game: Xylotar, seat: str, tricks: int, won: int, others: int) -> bool:
    """Does scoring take a hand where `seat` took `tricks` with `won` Off-Key
    cards, another seat `others` of them, the rest of the tricks to a third?"""
    rest = [name for name in game.players if name != seat]
    typed = {seat: (0, tricks, won), rest[0]: (0, 1, others), rest[1]: (0, game.deal.tricks_per_hand - tricks - 1)}
    typed.update({name: (0, 0) for name in rest[2:]})
    return not [p for p in hand_entry.problems(game, entries(game, typed)) if p.rule == "O3"]


# O3: for every count of tricks, the phone's Off-Key chips and the host's form offer exactly the cards
# scoring takes: none without a trick, at most tricks x seats, and no more than the other seats leave
# of the 8 in play (6 at 3 players).
@pytest.mark.parametrize("players", [["Ann", "Bob", "Cat"], ["Ann", "Bob", "Cat", "Dan"]])
def test_o3_the_phones_and_the_hosts_form_offer_the_off_key_cards_scoring_takes(players):
    game = Xylotar(players, expansions=["off_key"])
    for others in (0, 2):
        for tricks in range(game.deal.tricks_per_hand):
            live = LiveHand(game, {name: SeatBid(0, None, 1) for name in players})
            live.enter_count(players[1], 1, others, expected_version=0)
            typed = entries(game, {players[0]: (0, tricks), players[1]: (0, 1, others)})
            takes = [won for won in range(10) if accepted_by_scoring(game, players[0], tricks, won, others)]
            assert takes == list(range(live.most_off_key(players[0], tricks) + 1))  # the phone's chips
            assert takes == list(range(hand_entry.highest_off_key(game, players[0], typed) + 1))  # the host's
            for won in range(10):  # and what the phone may type is what it offers
                try:
                    LiveHand(game, {name: SeatBid(0, None, 1) for name in players},
                             counts=live.counts).enter_count(players[0], tricks, won, expected_version=0)
                except GameError:
                    assert won not in takes
                else:
                    assert won in takes


# B1, B2: correcting hand 2, the host's form offers only the cards the correction can be saved with: not
# one Bob flipped in hand 3, and no third card for Ann, who flipped one in hands 1 and 3.
def test_b1_b2_correcting_a_hand_offers_only_the_cards_the_correction_is_saved_with():
    game = four_players(expansions=["bonus_beats"])
    plain = {"Bob": (2, 2), "Cat": (3, 3), "Dan": (4, 4)}
    for number, ann, bob in ((1, "over_by_one", None), (2, None, None), (3, "view_two", "flip_suit")):
        typed = entries(game, {"Ann": (5, 5, 0, ann) if ann else (5, 5), **plain})
        if bob:
            typed["Bob"] = {**typed["Bob"], "bonus_beat": bob}
        game.push(record.round_from_dict(game, hand_entry.to_round(game, typed), number))
    typed = hand_entry.from_round(game, game.hands[1].to_record())
    for seat in ("Ann", "Cat"):
        offered = {card.id for card in hand_entry.usable_bonus_beats(game, seat, typed, 2)}
        saved = {card for card in hand_entry.BONUS_BEATS
                 if not [p for p in hand_entry.problems(game, {**typed, seat: flipping(typed[seat], card)}, 2)
                         if p.rule in ("B1", "B2")]}
        assert offered == saved, seat
    assert hand_entry.usable_bonus_beats(game, "Ann", typed, 2) == []  # B2: 2 of 2 flipped in hands 1 and 3
    assert "flip_suit" not in {card.id for card in hand_entry.usable_bonus_beats(game, "Cat", typed, 2)}


# B2: a phone bidding for a seat offers no card another seat flipped with its bid this hand, and every
# card it offers the hand takes.
def test_b2_a_phone_offers_no_card_another_seat_flipped_this_hand():
    from companion.xylotar.flips import flippable
    game = four_players(expansions=["bonus_beats"])
    live = LiveHand(game)
    live.enter_bid("Bob", 2, "over_by_one", expected_version=0)
    offered = {card.id for card in flippable(game, "Ann", live.flipped())}
    taken = set()
    for card in hand_entry.BONUS_BEATS:
        try:
            LiveHand(game, live.bids).enter_bid("Ann", None if card == NO_BID else 0, card, expected_version=0)
        except GameError:
            continue
        taken.add(card)
    assert "over_by_one" not in offered and offered == taken


# Y3: a monster's core is worth 0: the part form offers it at that value only, as the engine takes it.
def test_y3_the_part_form_offers_a_core_only_at_the_value_the_engine_takes():
    from companion.xybrid import PartType, part_values
    assert monster_entry.fixed_value("core") == 0 and list(part_values(PartType.CORE)) == [0]
    assert monster_entry.fixed_value("head") is None


VIEWS = pathlib.Path(views.__file__).parent

# Where a screen would work out a limit the engine holds, rather than ask for it or show it: the Off-Key
# cards in play (the deal's colours), a trick's cards (seats times tricks), the Bonus Beats used or dealt to
# another (B1, B2), the cards dealt per player, one more than the top bid (X4), a core's value (Y3), the
# tricks left of a hand (X3).
RULE_LIMITS = re.compile(r"\.colours\b|\.seats\s*[*]|[*]\s*[\w.]*\.seats\b|bonus_beats_used\(|dealt_to_another\("
                         r"|\bmax_bid\s*[-+]|\b(kind|part)\s*==\s*[\"']core[\"']|tricks_per_hand\s*-"
                         r"|\blen\((mine|chosen)\)\s*[<>!=]=?\s*\d")


# X3, X4, O3, B1, B2, Y3: no screen works out a rule's limit: each asks companion for it.
def test_no_screen_works_out_a_rules_limit():
    found = [f"{path.relative_to(VIEWS.parent)}:{number}: {line.strip()}"
             for path in sorted(VIEWS.rglob("*.py"))
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
             if RULE_LIMITS.search(line)]
    assert found == []
