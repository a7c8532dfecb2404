"""B1, B2: the Bonus Beats dealt at a table, and those a hand flips, checked
against the game they are flipped in (the cards dealt, and those already used)."""
from __future__ import annotations

from typing import Mapping

from ..errors import Problem, problem, said, said_n
from ..players import shown, who
from . import bonus_beats


def flip_problems(game, hand, number: int) -> list[Problem]:
    """Every B1/B2 rule the cards flipped in `hand` break as hand `number` of `game`."""
    found: list[Problem] = []
    # Read over every hand, so only for a hand that flips a card (at most 2 per player per game, B2).
    used_by = game.bonus_beats_used() if any(e.bonus_beat for e in hand.results.values()) else {}
    flipped = {name: entry.bonus_beat for name, entry in hand.results.items()}
    for name, card in flipped.items():
        if card is not None:
            found += _refusals(game, name, card, used_by, flipped, {"round": number, "player": name})
    return found


def flippable(game, player: str, flipped: Mapping[str, str | None] | None = None,
              number: int | None = None) -> list[bonus_beats.BonusBeat]:
    """B1, B2: the cards `player` may flip in the hand being entered, where
    `flipped` gives the card each seat flipped in it so far: the 2 dealt to
    them (where the cards dealt are known) or else this table's deck, less
    every card the checks would refuse. Correcting hand `number`, the cards
    flipped in every other hand count as used, the later ones too (they are
    checked again as played)."""
    if not game.bonus_beats or player not in game.players:
        return []
    hands = list(game.hands) if number is None else game.hands[:number - 1] + game.hands[number:]
    used_by = {entry.bonus_beat: name for past in hands for name, entry in past.results.items() if entry.bonus_beat}
    dealt = game.bonus_beats_dealt.get(player)
    pool = [bonus_beats.BY_ID[card] for card in dealt] if dealt else bonus_beats.deck_for(len(game.players),
                                                                                         game.off_key)
    others = {seat: card for seat, card in (flipped or {}).items() if seat != player}
    return [card for card in pool if not _refusals(game, player, card.id, used_by, others, {})]


def _refusals(game, name: str, card: str, used_by: Mapping[str, str], flipped: Mapping[str, str | None],
              where: dict) -> list[Problem]:
    """B1, B2: why `name` may not flip `card`, given the cards used in the
    game (card -> who flipped it) and those the seats flip in this hand."""
    found: list[Problem] = []
    dealt = game.bonus_beats_dealt.get(name)
    if dealt is not None and card not in dealt:
        found.append(problem(said("used {card}, which is not one of the {dealt} cards they were dealt",
                                  card=bonus_beats.term(card), dealt=bonus_beats.CARDS_DEALT_PER_PLAYER), "B1", **where))
    elif game.dealt_to_another(name, card):
        # B1: one of each card. Never whose it is: the cards a player holds stay secret (P2). A
        # phone never sees this refusal: it flips only its own player's cards, checked on the game
        # as that phone sees it (companion.table_services.submit_bid); the host and records do.
        found.append(problem(said("can't flip {card}: it was dealt to another player; there is one of each card",
                                  card=bonus_beats.term(card, "the {face} card")), "B1", **where))
    mine = [c for c, user in used_by.items() if user == name]
    if card in used_by:
        found.append(problem(said("{card} was already used in this game by {player}; used cards leave the game",
                                  card=bonus_beats.term(card), player=used_by[card]), "B2", **where))
    elif len(mine) >= bonus_beats.CARDS_DEALT_PER_PLAYER:
        found.append(problem(said("a third Bonus Beat in one game; each player has only 2"), "B2", **where))
    # Never who flipped it: at a shared table a phone sees only its own seat's bid and Bonus Beat
    # until the hand is scored (docs/shared-table.md), and this refusal is shown on that phone.
    if any(other != name and other_card == card for other, other_card in flipped.items()):
        found.append(problem(said("{card} was flipped by another player this hand too; there is one of each card",
                                  card=bonus_beats.term(card)), "B2", **where))
    return found


def dealt_problems(game) -> list[Problem]:
    """B1: the cards dealt at set-up: to players of this game, in a game with
    Bonus Beats, 2 each, each a card of this table's deck, dealt once."""
    found: list[Problem] = []
    players = len(game.players)
    dealt_anywhere: dict[str, str] = {}
    for name, cards in game.bonus_beats_dealt.items():
        if name not in game.players:
            found.append(problem(said("Bonus Beats dealt to someone who is not playing"), "B1", player=who(name)))
            continue
        if not game.bonus_beats:
            found.append(problem(said("Bonus Beats dealt, but this game is played without Bonus Beats"), "B1",
                                 player=name))
            continue
        if len(cards) != bonus_beats.CARDS_DEALT_PER_PLAYER:
            found.append(problem(said_n("dealt {count} Bonus Beat; each player is dealt {dealt}",
                                        "dealt {count} Bonus Beats; each player is dealt {dealt}", "count",
                                        count=len(cards), dealt=bonus_beats.CARDS_DEALT_PER_PLAYER), "B1", player=name))
        for card_id in cards:
            card = bonus_beats.BY_ID.get(card_id) if isinstance(card_id, str) else None
            if card is None:
                found.append(problem(said("dealt unknown Bonus Beat {card}", card=shown(card_id)), "B1", player=name))
            elif not card.allowed(players, game.off_key):
                found.append(problem(said("dealt {card}, which is not in the deck at this table", card=bonus_beats.term(card.id)),
                                     "B1", player=name))
            elif card_id in dealt_anywhere:
                found.append(problem(said("{card} was already dealt to {player}; there is one of each card",
                                          card=bonus_beats.term(card.id), player=dealt_anywhere[card_id]), "B1",
                                     player=name))
            else:
                dealt_anywhere[card_id] = name
    return found
