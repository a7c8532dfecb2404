"""The rules page's topics: our own short summary of the rulebooks, in
players' words, by game (issue 11). No Flet.

Each topic's `lines` are what the page shows: a paragraph, or a bullet line
when it starts with "- ". Numbers the engines hold (the deal at each player
count, the bid limits, the lab's size) and the Bonus Beats cards' faces,
timings and texts are read from `companion`, never copied here. `rules` are
the IDs of the rules summary the topic covers: for tests and maintainers,
never shown."""
from __future__ import annotations

from dataclasses import dataclass

from companion.outcome import join_names
from companion.xybrid.monsters import MAX_PLAYERS as XYBRID_MAX, MIN_PLAYERS as XYBRID_MIN
from companion.xybrid.monsters import REQUIRED_PARTS, ROUNDS_PER_GAME, lab_size
from companion.xylotar.bonus_beats import CARDS, CARDS_DEALT_PER_PLAYER, UNUSED_CARDS_POINT, BonusBeat
from companion.xylotar.deal import BID_BONUS, HANDS_PER_GAME, MAX_PLAYERS, MIN_PLAYERS, deal_for
from companion.xylotar.hand import SIDE_PLAYER_MAX_BID, SIDE_PLAYER_MAX_BID_OFF_KEY, highest_bid

BULLET = "- "  # a line that starts so is shown as a bullet


@dataclass(frozen=True)
class Topic:
    """One topic of the rules page: /rules/<slug>."""

    slug: str
    title: str
    game: str  # the game it belongs to, by its record name: "xylotar", "xybrid"
    part: str  # the heading it is listed under: the game, or its expansion
    lines: tuple[str, ...]
    rules: tuple[str, ...]  # rule IDs covered: tests and maintainers only, never on a screen


XYLOTAR, UNHINGED, XYBRID = "Xylotar", "Xylotar: Unhinged", "XYbrid"
FOUR, THREE = deal_for(4), deal_for(3)


def _deal_line(players: int) -> str:
    deal = deal_for(players)
    who = {2: f"{deal.seats} seats: the 2 players and 2 side players",
           3: f"{deal.seats} seats, without the {join_names(deal.removed_colours)} cards"}.get(
        players, f"{deal.seats} seats")
    return (f"{BULLET}{players} players: {who}; {deal.cards_per_seat} cards each, "
            f"{deal.tricks_per_hand} tricks a hand")


def _card_line(card: BonusBeat) -> str:
    only = [*(["only with Off-Key"] if card.off_key_only else []),
            *([f"only at {join_names([str(n) for n in card.player_counts])} players"]
              if card.player_counts != BonusBeat.player_counts else [])]  # not every table's
    return f"{BULLET}The {card.face} card: {card.text} When: {card.timing}" + (f" ({', '.join(only)})" if only else "")


def _a(part: str) -> str:
    """'a head', but 'legs'."""
    return part if part.endswith("s") else f"a {part}"


_OFF_KEY = FOUR.off_key_cards

TOPICS: tuple[Topic, ...] = (
    Topic("hand", "How a hand goes and how many tricks", "xylotar", XYLOTAR, (
        f"Xylotar is for {MIN_PLAYERS} to {MAX_PLAYERS} players. A game is {HANDS_PER_GAME} hands, and the "
        f"highest total after hand {HANDS_PER_GAME} wins.",
        f"Every card is dealt. {FOUR.trump.capitalize()} is trump; at 3 players the red and orange cards stay in "
        f"the box and {THREE.trump} is trump.",
        "Whoever leads a trick plays any card except their leftmost, highest one; the others follow the colour "
        "led if they can. The highest trump takes the trick, else the highest card of the colour led, and the "
        "winner leads the next trick.",
        "Each seat sets one card aside as its bid card and never plays it, so a hand has one trick fewer than "
        "the cards each seat holds:",
        *(_deal_line(players) for players in range(MIN_PLAYERS, MAX_PLAYERS + 1)),
        "The tricks of all seats add up to exactly that number. A hand whose tricks do not is refused, and the "
        "app says the number they should add up to.",
    ), ("X1", "X2", "X3")),
    Topic("bidding", "Bidding and bid limits", "xylotar", XYLOTAR, (
        "Every seat bids once a hand, when it chooses: right after playing a card, peek at two neighbouring "
        "cards of your row and lay one of them face up below your xylotar. Its number is your bid.",
        "Bids are public: everyone at the table sees each bid once it is made, on every screen too.",
        f"{BULLET}A bid is 0 to {FOUR.max_bid}, or 0 to {THREE.max_bid} at 3 players: the highest card in play.",
        f"{BULLET}A player who flipped the {FOUR.top_card_name} Bonus Beat this hand may bid "
        f"{highest_bid(FOUR, bonus_beat=FOUR.top_card)} ({THREE.top_card_name} at 3 players: "
        f"{highest_bid(THREE, bonus_beat=THREE.top_card)}).",
        f"{BULLET}An Off-Key card as a bid counts as its whole number: a 2\u00bd is a bid of 2.",
        f"{BULLET}With the Off-Key bid Bonus Beat, the bid is picked from the Off-Key cards set aside, so it can be "
        "any card's number.",
        f"{BULLET}Side players (two players) bid 0 to {SIDE_PLAYER_MAX_BID}, or 0 to {SIDE_PLAYER_MAX_BID_OFF_KEY} "
        "with Off-Key cards.",
        "A bid outside these limits is refused, and the app names the card that would allow it.",
    ), ("X4", "P1")),
    Topic("scoring", "Scoring a hand", "xylotar", XYLOTAR, (
        f"{BULLET}1 point for each trick you took.",
        f"{BULLET}{BID_BONUS} more points, the bid bonus, if you took exactly as many tricks as you bid; "
        "a bid of 0 with no tricks counts too.",
        "Tricks taken, and Off-Key cards won, are counted in the open.",
        "With Unhinged, a Bonus Beat can change what earns the bid bonus or add points, each Off-Key card you "
        f"won costs 1 point, and hand {HANDS_PER_GAME} may give a point for unused Bonus Beats.",
        "Tap a score on the scoreboard to see its points line by line.",
    ), ("X5", "P3")),
    Topic("leading", "Who leads next", "xylotar", XYLOTAR, (
        f"{BULLET}Hand 1: the player to the dealer's left leads. Seats go clockwise, in the order the players "
        "were entered.",
        f"{BULLET}With two players, the player who did not deal leads hand 1.",
        f"{BULLET}Every later hand: the player with the lowest total leads.",
        f"{BULLET}Tied for the lowest: go clockwise from the player to the left of the last hand's leader; the "
        "first tied player you reach leads. So the last leader, if tied, comes last.",
        "A tiebreak hand's leader is picked the same way.",
    ), ("X6", "X7")),
    Topic("tiebreak", "The end of the game and the tiebreak hand", "xylotar", XYLOTAR, (
        f"After hand {HANDS_PER_GAME} the highest total wins.",
        "Tied for the highest? Of the tied players, those who made their bid in the last hand are compared: the "
        "one who made it with the fewest tricks wins.",
        "Making your bid means earning the bid bonus, also through a Bonus Beat: the #, b or no bid card.",
        "If none of the tied players made their bid, or the ones who did took as many tricks as each other, "
        "everyone plays one more hand, not only the tied players. Its points are added and the same check is "
        "made again, with that hand as the last hand, as often as needed.",
        "A tiebreak hand gives no point for unused Bonus Beats, and cards still held may be flipped in it.",
    ), ("X8",)),
    Topic("two-players", "Two players: the side players", "xylotar", XYLOTAR, (
        "Deal as for four: the two players sit across from each other, with an imaginary side player between "
        "them on each side.",
        f"{BULLET}A side player's bid is the middle card of its row, the 8th of 15, so it is at most "
        f"{SIDE_PLAYER_MAX_BID} ({SIDE_PLAYER_MAX_BID_OFF_KEY} with Off-Key cards).",
        f"{BULLET}Side players always play their lowest card that is allowed.",
        f"{BULLET}Their tricks count toward the hand's tricks, but they never score, never lead a hand and "
        "never win.",
        f"{BULLET}The player who did not deal leads hand 1.",
        f"{BULLET}Bonus Beats that count the other players (+1, no bid) count the side players too.",
    ), ("X9",)),
    Topic("bonus-beats", "Bonus Beats", "xylotar", UNHINGED, (
        f"After the normal deal, each player (not the side players) is dealt {CARDS_DEALT_PER_PLAYER} Bonus Beats "
        "face down: those are theirs for the whole game. The setup guide says which cards to leave out at your "
        "table.",
        "There is one of each card, so only the player who was dealt a card can flip it.",
        f"{BULLET}Flip at most 1 card a hand, so at most {CARDS_DEALT_PER_PLAYER} a game.",
        f"{BULLET}A flipped card is used even if you did nothing with it, and leaves the game.",
        f"{BULLET}Your cards are secret until you flip one; a flipped card is shown to everyone, with your bid.",
        f"{BULLET}The 8 for 0 card needs a bid of 0. With the no bid card you do not bid; without it you must.",
        "These change the score:",
        *(_card_line(card) for card in CARDS if card.scoring),
        "These change how you play, not the score:",
        *(_card_line(card) for card in CARDS if not card.scoring),
    ), ("B1", "B2", "B4", "B5", "P2")),
    Topic("unused-bonus-beats", "The point for unused Bonus Beats", "xylotar", UNHINGED, (
        f"At the end of hand {HANDS_PER_GAME}, each player who flipped neither of their Bonus Beats gets "
        f"{UNUSED_CARDS_POINT} extra point on hand {HANDS_PER_GAME}.",
        f"Only hand {HANDS_PER_GAME} gives it: a tiebreak hand does not, and cards still held may be flipped in a "
        "tiebreak hand.",
    ), ("B3",)),
    Topic("off-key", "Off-Key cards and their penalty", "xylotar", UNHINGED, (
        f"There are {len(_OFF_KEY)} Off-Key cards, one of each colour, each half a point under that colour's "
        f"top card: from {_OFF_KEY[0]} down to {_OFF_KEY[-1]}. At 3 players the red and orange ones stay out.",
        "Each hand, shuffle them in and set aside one random card of each colour face down; next hand, shuffle "
        "those back in and set aside again. Each seat is dealt as many cards as without them.",
        f"{BULLET}Each Off-Key card you win in a trick costs you 1 point that hand, unless you flipped the \u00bd "
        "Bonus Beat.",
        f"{BULLET}An Off-Key card used as your bid was not won, so it costs nothing.",
        f"{BULLET}Off-Key cards are won only in tricks you took: no tricks, none won. All seats together win at most "
        f"{len(_OFF_KEY)} in a hand ({len(THREE.off_key_cards)} at 3 players).",
        f"{BULLET}Hand scores and totals can go below zero.",
    ), ("O1", "O2", "O3")),
    Topic("monsters", "Building a monster", "xybrid", XYBRID, (
        f"A monster is complete with {join_names([_a(kind.label) for kind in REQUIRED_PARTS])}; it may have any "
        "number of auxiliary parts too. The core is always its first part and is worth 0.",
        f"The lab holds twice as many parts as there are players, plus one: {lab_size(3)} at 3 players.",
        "Monsters are deployed only when every monster is complete, so a round is entered with each monster "
        "complete, as it was deployed. The app refuses a monster that lacks a part, and names the part.",
        "A part destroyed before infamy is counted (by a deploy effect or a breakthrough) is entered as a "
        "negative adjustment, with a note.",
        "Parts in a monster and in the lab are public; breakthrough cards are secret until revealed.",
    ), ("Y2", "Y3", "P4")),
    Topic("infamy", "Infamy each round", "xybrid", XYBRID, (
        f"{BULLET}At deployment you gain the values of your monster's parts, added up.",
        f"{BULLET}Plus 1 for each part in your hand.",
        f"{BULLET}Plus or minus what deploy, mission and breakthrough effects gave or took that round, entered as "
        "adjustments, each with a note if you like.",
        "Tap a score on the scoreboard to see it line by line.",
    ), ("Y4",)),
    Topic("starting", "Who starts each round", "xybrid", XYBRID, (
        f"{BULLET}Round 1: a player picked at random starts. The app can draw them when the game is set up.",
        f"{BULLET}Every later round: the least infamous player starts.",
        f"{BULLET}Tied for the least infamous: one of them at random. The app draws, shows and keeps the draw.",
        "Turns then go clockwise.",
    ), ("Y5",)),
    Topic("winner", "The winner and shared wins", "xybrid", XYBRID, (
        f"XYbrid is for {XYBRID_MIN} to {XYBRID_MAX} players and lasts {ROUNDS_PER_GAME} rounds.",
        f"The most infamous player after round {ROUNDS_PER_GAME} wins.",
        "The rulebook gives no tiebreak, so players tied for the most infamy share the win.",
    ), ("Y1", "Y6")),
)

BY_SLUG: dict[str, Topic] = {topic.slug: topic for topic in TOPICS}
