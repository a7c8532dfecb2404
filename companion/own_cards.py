"""A player's own Bonus Beats at a shared table (B1, P2): what their phone
is told when it enters or flips one, and what the host is asked to sort out.

Every answer a phone gets is worked out from what that phone may know (its
own cards and the cards flipped face up), never from another player's
cards, so it reads the same whoever holds a card. The host sees names,
never a card. `companion.table_services` applies these.
"""
from __future__ import annotations

from typing import Sequence

from .errors import Problem, problem, said
from .games import Game
from .live_hand import LiveHand
from .unit_of_work import StoredGame
from .xylotar.bonus_beats import BY_ID, CARDS_DEALT_PER_PLAYER, BonusBeat, deck_for, still_dealable, term

# A phone's player may enter (or change) their dealt cards this often per hand: a mis-tap or two is put
# right on the phone; past that the host lets them (`clear_dealt`). Nothing a phone is told depends on
# the other players' cards (P2), so this only keeps a phone from rewriting the game without end.
DEALT_ENTRIES_PER_HAND = 3
ASK_THE_HOST = said("You have changed your Bonus Beats as often as a hand allows. "
                    "Ask the host to let you enter them again.")
ENTER_YOURS_FIRST = said(
    "To flip a Bonus Beat from this phone, first enter the {count} you were dealt (Your Bonus Beats).",
    count=CARDS_DEALT_PER_PLAYER)


def dealt_to_sort_out(stored: StoredGame, hand: LiveHand | None) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """For the host (B1, P2: names, never a card): the players whose entries
    share a card with another's, and those who may not change theirs again
    this hand without the host."""
    clashing = tuple(name for name in stored.game.players if name in stored.clashing)
    asking = tuple(name for name, n in (hand.dealt_entries.items() if hand else ()) if n >= DEALT_ENTRIES_PER_HAND)
    return clashing, asking


def own_flip_problem(game: Game, seat: str, card: str | None) -> str | None:
    """B1, P2: what a player's own phone is told of flipping `card` with their
    bid, judged on their own cards alone, so it reads the same whether another
    player holds the card or nobody does; None if the card is one of theirs."""
    if not card or not game.takes_bids or not game.bonus_beats or seat not in game.players:
        return None
    if must_enter_first(game, seat):
        return ENTER_YOURS_FIRST
    if card not in game.bonus_beats_dealt[seat]:
        if card not in BY_ID:
            return said("that card is not one of your Bonus Beats: you flip one of the {count} you entered",
                        count=CARDS_DEALT_PER_PLAYER)
        return said("{card} is not one of your Bonus Beats: you flip one of the {count} you entered",
                    card=term(card, "the {face} card"), count=CARDS_DEALT_PER_PLAYER)
    return None


def must_enter_first(game: Game, seat: str) -> bool:
    """B1, P2: a player's own phone flips only the cards they entered as dealt
    to them, so it offers none until they have entered theirs."""
    return bool(game.takes_bids and game.bonus_beats and seat in game.players
                and seat not in game.bonus_beats_dealt)


def clear_blocked(stored: StoredGame, hand: LiveHand | None, player: str) -> str | None:
    """Why the host may not clear `player`'s entry now (words for the host,
    who may know): their bid this hand flips a card another player entered
    too, which the hand could then not be scored with (B1)."""
    flip = hand.bids[player].bonus_beat if hand is not None and hand.bids[player].entered else None
    others = {**stored.game.bonus_beats_dealt, **stored.clashing}
    if flip and any(flip in cards for name, cards in others.items() if name != player):
        return said("{name} flipped a card with this hand's bid that another player entered too: "
                    "change {name}'s bid first, or clear the other entry", name=player)
    return None


def flipped_face_up(game: Game, hand: LiveHand) -> dict[str, str]:
    """Card -> who flipped it: the cards used in the game, this hand's too
    (every flipped card lies face up, so every phone may know them)."""
    return {**game.bonus_beats_used(),
            **{bid.bonus_beat: seat for seat, bid in hand.bids.items() if bid.entered and bid.bonus_beat}}


def dealable(game: Game, player: str, hand: LiveHand | None = None) -> list[BonusBeat]:
    """B1: the cards `player` may say they were dealt: this table's deck, but
    those another player flipped. Nothing here narrows down the cards another
    player entered (P2)."""
    flipped = flipped_face_up(game, hand) if hand is not None else game.bonus_beats_used()
    return still_dealable(deck_for(len(game.players), game.off_key), player, flipped)


def dealt_entry_problems(game: Game, hand: LiveHand | None, player: str, cards: Sequence[str]) -> list[Problem]:
    """B1: why `player`'s phone may not enter `cards` as the 2 dealt to them,
    judged on what that phone may know: the cards flipped face up. `hand`:
    the hand in progress (None once the game is over)."""
    where = {"player": player}
    if not game.takes_bids or not game.bonus_beats:
        return [problem("this game is played without Bonus Beats", "B1", **where)]
    if hand is None or game.outcome().is_over:
        return [problem("the game is over; no more hands are played", "X8", **where)]
    if len(set(cards)) != len(cards) or len(cards) != CARDS_DEALT_PER_PLAYER:
        return [problem(f"pick the {CARDS_DEALT_PER_PLAYER} different Bonus Beats you were dealt", "B1", **where)]
    flipped = flipped_face_up(game, hand)
    found = [problem(f"{BY_ID[card].face} was flipped by {user}, so it can't be one of yours", "B1", **where)
             for card, user in flipped.items() if card in cards and user != player]
    found += [problem(f"you flipped {BY_ID[card].face} already, so it is one of your two", "B1", **where)
              for card, user in flipped.items() if user == player and card not in cards]
    return found
