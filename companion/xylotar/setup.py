"""What to do before Xylotar's first hand: the setup guide for one table.

Each step is a `said(...)` sentence: the command line prints its English, a
screen says it in its player's language (views/parts/setup_guide.py)."""
from __future__ import annotations

from ..errors import GameError, Listed, Names, Term, problem, said, said_n
from ..guide import SetupGuide
from . import bonus_beats
from .hand import highest_bid
from .deal import deal_for

EXPANSIONS = ("bonus_beats", "off_key")
EXPANSION_NAMES = {"bonus_beats": "Bonus Beats", "off_key": "Off-Key"}
# The colours as the guide names them (deal.COLOURS' names), said in a screen's language.
COLOUR_WORDS = {
    "red": said("red"), "orange": said("orange"), "yellow": said("yellow"), "0-7 colour": said("0-7 colour"),
    "0-6 colour": said("0-6 colour"), "0-5 colour": said("0-5 colour"), "0-4 colour": said("0-4 colour"),
    "pink": said("pink"),
}


def unknown_expansion(name: str):
    """B1: an expansion this app does not know, and the ones it does (a screen says them by their names)."""
    return problem(said("unknown expansion {name}; choose from {choices}", name=name,
                        choices=Listed(Term("expansion", known) for known in EXPANSIONS)), "B1")


def _colour(name: str):
    return COLOUR_WORDS.get(name, name)


def _off_key_card(name: str, top: int):
    """O1: an Off-Key card, by its colour and the value printed on it ('red 9½')."""
    return said("{colour} {value}\u00bd", colour=_colour(name), value=top - 1)


def guide(players: int, expansions: tuple[str, ...]) -> SetupGuide:
    unknown = [e for e in expansions if e not in EXPANSIONS]
    if unknown:
        raise GameError([unknown_expansion(repr(unknown[0]))])
    try:
        table = deal_for(players)
    except ValueError as error:
        raise GameError([problem(str(error).removesuffix(" (X1)"), "X1")]) from None
    off_key = "off_key" in expansions
    bonus = "bonus_beats" in expansions
    trump = _colour(table.trump)
    steps = [said("Give each player 1 high note card and return the extras to the box.")]
    if table.removed_colours:
        steps.append(said_n("Remove the {colours} cards: {count} card leaves the game and {trump} is trump.",
                            "Remove the {colours} cards: {count} cards leave the game and {trump} is trump.",
                            "count", colours=Names(_colour(c) for c in table.removed_colours),
                            count=60 - table.cards_in_play, trump=trump))
    else:
        steps.append(said("Play with all {count} cards; {trump} is trump.", count=table.cards_in_play, trump=trump))
    if off_key:
        steps.append(said("Off-Key: shuffle in the {count} Off-Key cards ({cards}), then set aside 1 random card of "
                          "each colour face down ({colours} cards); next hand, shuffle them back in and set aside "
                          "again.", count=len(table.off_key_cards),
                          cards=Listed(_off_key_card(name, top) for name, top in table.colours),
                          colours=len(table.colours)))
    if players == 2:
        steps.append(said("Sit across from each other and deal for 4 seats: 15 cards each to both players and to the "
                          "two imaginary side players between you. Each side player's bid is the exact centre card "
                          "of their row (the 8th of 15); side players always play their lowest legal card."))
    else:
        steps.append(said("Deal all the cards: {count} to each player.", count=table.cards_per_seat))
    if bonus:
        bids = said("bids run from 0 to {most} ({more} for a player who flipped {card} that hand)",
                    most=table.max_bid, more=table.max_bid + 1,
                    card=Term("card_name", table.top_card_name, table.top_card_name))
    else:
        bids = said("bids run from 0 to {most}", most=table.max_bid)
    if players == 2:
        side = highest_bid(table, side_player=True, off_key=off_key)
        bids = (said("{bids}; a side player's centre card is at most {side}", bids=bids, side=side) if off_key
                else said("{bids}; a side player's centre card is at most {side} (8 with Off-Key)", bids=bids,
                          side=side))
    steps.append(said("Each hand has {tricks} tricks (each seat keeps 1 card as its bid); {bids}.",
                      tricks=table.tricks_per_hand, bids=bids))
    removed = bonus_beats.removed_for(players, off_key)
    deck = bonus_beats.deck_for(players, off_key)
    if bonus:
        # The faces printed on the cards, not the app's ids: they stay as printed in every language.
        steps.append(said_n("Bonus Beats: take out the {cards} card; shuffle the other {count} and deal 2 face down "
                            "to each player after the normal deal.",
                            "Bonus Beats: take out the {cards} cards; shuffle the other {count} and deal 2 face "
                            "down to each player after the normal deal.",
                            "removed", cards=Names(card.face for card in removed), removed=len(removed),
                            count=len(deck)))
    steps.append(said("Hand 1 is led by the player who did not deal.") if players == 2
                 else said("Hand 1 is led by the player to the dealer's left."))
    facts = {
        "players": players, "seats": table.seats, "cards_in_play": table.cards_in_play,
        "cards_per_seat": table.cards_per_seat, "tricks_per_hand": table.tricks_per_hand,
        "max_bid": table.max_bid, "trump": table.trump, "removed_colours": list(table.removed_colours),
    }
    if bonus:
        facts["bonus_beats_removed"] = [card.id for card in removed]
        facts["bonus_beats_deck"] = len(deck)
        facts["bonus_beats_per_player"] = bonus_beats.CARDS_DEALT_PER_PLAYER
    if off_key:
        facts["off_key_cards"] = list(table.off_key_cards)
        facts["off_key_set_aside"] = len(table.colours)
    named = Names(Term("expansion", e, EXPANSION_NAMES[e]) for e in EXPANSIONS if e in expansions)
    title = (said("Xylotar for {players} players with {expansions}", players=players, expansions=named) if named
             else said("Xylotar for {players} players", players=players))
    return SetupGuide(title, tuple(steps), facts)
