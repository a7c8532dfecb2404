"""What to do before Xylotar's first hand: the setup guide for one table."""
from __future__ import annotations

from ..errors import GameError, Listed, Term, problem, said
from ..guide import SetupGuide
from ..outcome import join_names
from . import bonus_beats
from .hand import highest_bid
from .deal import deal_for

EXPANSIONS = ("bonus_beats", "off_key")
EXPANSION_NAMES = {"bonus_beats": "Bonus Beats", "off_key": "Off-Key"}


def unknown_expansion(name: str):
    """B1: an expansion this app does not know, and the ones it does (a screen says them by their names)."""
    return problem(said("unknown expansion {name}; choose from {choices}", name=name,
                        choices=Listed(Term("expansion", known) for known in EXPANSIONS)), "B1")


def guide(players: int, expansions: tuple[str, ...]) -> SetupGuide:
    unknown = [e for e in expansions if e not in EXPANSIONS]
    if unknown:
        raise GameError([unknown_expansion(repr(unknown[0]))])
    try:
        table = deal_for(players)
    except ValueError as error:
        raise GameError([problem(str(error).removesuffix(" (X1)"), "X1")]) from None
    off_key = "off_key" in expansions
    steps = ["Give each player 1 high note card and return the extras to the box."]
    if table.removed_colours:
        steps.append(f"Remove the {join_names(table.removed_colours)} cards: {60 - table.cards_in_play} cards "
                     f"leave the game and {table.trump} is trump.")
    else:
        steps.append(f"Play with all {table.cards_in_play} cards; {table.trump} is trump.")
    if off_key:
        steps.append(f"Off-Key: shuffle in the {len(table.off_key_cards)} Off-Key cards "
                     f"({', '.join(table.off_key_cards)}), then set aside 1 random card of each colour face down "
                     f"({len(table.colours)} cards); next hand, shuffle them back in and set aside again.")
    if players == 2:
        steps.append("Sit across from each other and deal for 4 seats: 15 cards each to both players and to the "
                     "two imaginary side players between you. Each side player's bid is the exact centre card of "
                     "their row (the 8th of 15); side players always play their lowest legal card.")
    else:
        steps.append(f"Deal all the cards: {table.cards_per_seat} to each player.")
    bids = f"bids run from 0 to {table.max_bid}"
    if "bonus_beats" in expansions:
        bids += f" ({table.max_bid + 1} for a player who flipped {table.top_card_name} that hand)"
    if players == 2:
        bids += (f"; a side player's centre card is at most {highest_bid(table, side_player=True, off_key=off_key)}"
                 + ("" if off_key else " (8 with Off-Key)"))
    steps.append(f"Each hand has {table.tricks_per_hand} tricks (each seat keeps 1 card as its bid); {bids}.")
    removed = bonus_beats.removed_for(players, off_key)
    deck = bonus_beats.deck_for(players, off_key)
    if "bonus_beats" in expansions:
        cards = join_names([card.face for card in removed])  # the faces printed on the cards, not the app's ids
        steps.append(f"Bonus Beats: take out the {cards} card{'s' if len(removed) != 1 else ''}; "
                     f"shuffle the other {len(deck)} and deal 2 face down to each player after the normal deal.")
    leader = "the player who did not deal" if players == 2 else "the player to the dealer's left"
    steps.append(f"Hand 1 is led by {leader}.")
    facts = {
        "players": players, "seats": table.seats, "cards_in_play": table.cards_in_play,
        "cards_per_seat": table.cards_per_seat, "tricks_per_hand": table.tricks_per_hand,
        "max_bid": table.max_bid, "trump": table.trump, "removed_colours": list(table.removed_colours),
    }
    if "bonus_beats" in expansions:
        facts["bonus_beats_removed"] = [card.id for card in removed]
        facts["bonus_beats_deck"] = len(deck)
        facts["bonus_beats_per_player"] = bonus_beats.CARDS_DEALT_PER_PLAYER
    if off_key:
        facts["off_key_cards"] = list(table.off_key_cards)
        facts["off_key_set_aside"] = len(table.colours)
    title = f"Xylotar for {players} players" + (
        " with " + join_names([EXPANSION_NAMES[e] for e in EXPANSIONS if e in expansions]) if expansions else "")
    return SetupGuide(title, tuple(steps), facts)
