"""The rules page's topics: our own short summary of the rulebooks, in
players' words, by game (issue 11). No Flet.

Each topic's `lines` are what the page shows: a paragraph, or a bullet line
when it starts with "- ". Numbers the engines hold (the deal at each player
count, the bid limits, the lab's size) and the Bonus Beats cards' faces,
timings and texts are read from `companion`, never copied here. `rules` are
the IDs of the rules summary the topic covers: for tests and maintainers,
never shown.

Each line is a whole sentence made with `said` (companion.errors): as a str
it is its English, and the page says it in its player's language
(`said_lines`), with the engines' numbers, lists and card names in it. A
topic's title is marked `N_` and said where it is shown: `_(topic.title)`."""
from __future__ import annotations

from dataclasses import dataclass

from companion.errors import Listed, Names, Said, Term, said, said_n
from companion.xybrid.monsters import MAX_PLAYERS as XYBRID_MAX, MIN_PLAYERS as XYBRID_MIN
from companion.xybrid.monsters import REQUIRED_PARTS, ROUNDS_PER_GAME, lab_size
from companion.xylotar.bonus_beats import CARDS, CARDS_DEALT_PER_PLAYER, UNUSED_CARDS_POINT, BonusBeat
from companion.xylotar.deal import BID_BONUS, HANDS_PER_GAME, MAX_PLAYERS, MIN_PLAYERS, deal_for
from companion.xylotar.hand import SIDE_PLAYER_MAX_BID, SIDE_PLAYER_MAX_BID_OFF_KEY, highest_bid

from ..i18n import N_

BULLET = "- "  # a line that starts so is shown as a bullet


class Bullet(str):
    """A bullet line: BULLET and its sentence's English; `sentence` is the
    `Said` the page says in its player's language."""

    sentence: Said

    def __new__(cls, sentence: Said):
        made = super().__new__(cls, BULLET + sentence)
        made.sentence = sentence
        return made


@dataclass(frozen=True)
class Topic:
    """One topic of the rules page: /rules/<slug>."""

    slug: str
    title: str  # English, marked N_: said where shown
    game: str  # the game it belongs to, by its record name: "xylotar", "xybrid"
    part: str  # the heading it is listed under: the game, or its expansion (names, the same in every language)
    lines: tuple[str, ...]  # English; each a `Said` or a `Bullet`, said by `said_lines`
    rules: tuple[str, ...]  # rule IDs covered: tests and maintainers only, never on a screen


def said_lines(topic: Topic, speaker) -> list[tuple[bool, str]]:
    """(is a bullet, text) for each of the topic's lines, in `speaker`'s language."""
    shown = []
    for line in topic.lines:
        if isinstance(line, Bullet):
            shown.append((True, speaker.say(line.sentence)))
        elif isinstance(line, Said):
            shown.append((False, speaker.say(line)))
        else:  # a plain str (English only): a bullet when it starts so
            shown.append((line.startswith(BULLET), line.removeprefix(BULLET)))
    return shown


XYLOTAR, UNHINGED, XYBRID = "Xylotar", "Xylotar: Unhinged", "XYbrid"
FOUR, THREE = deal_for(4), deal_for(3)


def _colour(name: str, cli: str | None = None) -> Term:
    """A colour of the cards, said in the page's language ("red": "Rot", "rouge")."""
    return Term("colour", name, cli)


def _deal_line(players: int) -> Bullet:
    deal = deal_for(players)
    if players == 2:
        return Bullet(said("{players} players: {seats} seats: the 2 players and 2 side players; {cards} cards each, "
                           "{tricks} tricks a hand", players=players, seats=deal.seats, cards=deal.cards_per_seat,
                           tricks=deal.tricks_per_hand))
    if players == 3:
        return Bullet(said("{players} players: {seats} seats, without the {colours} cards; {cards} cards each, "
                           "{tricks} tricks a hand", players=players, seats=deal.seats,
                           colours=Names(_colour(name) for name in deal.removed_colours),
                           cards=deal.cards_per_seat, tricks=deal.tricks_per_hand))
    return Bullet(said("{players} players: {seats} seats; {cards} cards each, {tricks} tricks a hand",
                       players=players, seats=deal.seats, cards=deal.cards_per_seat, tricks=deal.tricks_per_hand))


def _card_line(card: BonusBeat) -> Bullet:
    only = [*([said("only with Off-Key")] if card.off_key_only else []),
            *([said("only at {counts} players", counts=Names(str(n) for n in card.player_counts))]
              if card.player_counts != BonusBeat.player_counts else [])]  # not every table's
    face = Term("face", card.id, card.face)  # as printed; words said, and quoted where a language quotes names
    if only:
        return Bullet(said("The {face} card: {what} When: {when} ({only})", face=face, what=card.text,
                           when=card.timing, only=Listed(only)))
    return Bullet(said("The {face} card: {what} When: {when}", face=face, what=card.text, when=card.timing))


def _parts() -> Names:
    """The parts a monster needs, each as 'a head' ('legs'), in the page's language."""
    return Names(Term("part_a", kind.value, kind.label if kind.label.endswith("s") else f"a {kind.label}")
                 for kind in REQUIRED_PARTS)


def _off_key_card(printed: str) -> tuple[Term, str]:
    """'red 9½' as the engine names an Off-Key card: its colour, and the value printed on it."""
    colour, value = printed.rsplit(" ", 1)
    return _colour(colour), value


_OFF_KEY = FOUR.off_key_cards
(_HIGH_COLOUR, _HIGH), (_LOW_COLOUR, _LOW) = _off_key_card(_OFF_KEY[0]), _off_key_card(_OFF_KEY[-1])

TOPICS: tuple[Topic, ...] = (
    Topic("hand", N_("How a hand goes and how many tricks"), "xylotar", XYLOTAR, (
        said("Xylotar is for {low} to {high} players. A game is {hands} hands, and the highest total after hand "
             "{hands} wins.", low=MIN_PLAYERS, high=MAX_PLAYERS, hands=HANDS_PER_GAME),
        said("Every card is dealt. {trump} is trump; at 3 players the red and orange cards stay in the box and "
             "{trump_at_three} is trump.", trump=_colour(FOUR.trump, FOUR.trump.capitalize()),
             trump_at_three=_colour(THREE.trump)),
        said("Whoever leads a trick plays any card except their leftmost, highest one; the others follow the colour "
             "led if they can. The highest trump takes the trick, else the highest card of the colour led, and the "
             "winner leads the next trick."),
        said("Each seat sets one card aside as its bid card and never plays it, so a hand has one trick fewer than "
             "the cards each seat holds:"),
        *(_deal_line(players) for players in range(MIN_PLAYERS, MAX_PLAYERS + 1)),
        said("The tricks of all seats add up to exactly that number. A hand whose tricks do not is refused, and the "
             "app says the number they should add up to."),
    ), ("X1", "X2", "X3")),
    Topic("bidding", N_("Bidding and bid limits"), "xylotar", XYLOTAR, (
        said("Every seat bids once a hand, when it chooses: right after playing a card, peek at two neighbouring "
             "cards of your row and lay one of them face up below your xylotar. Its number is your bid."),
        said("Bids are public: everyone at the table sees each bid once it is made, on every screen too."),
        Bullet(said("A bid is 0 to {high}, or 0 to {high_at_three} at 3 players: the highest card in play.",
                    high=FOUR.max_bid, high_at_three=THREE.max_bid)),
        Bullet(said("A player who flipped the {card} Bonus Beat this hand may bid {bid} ({card_at_three} at 3 "
                    "players: {bid_at_three}).", card=Term("card_name", FOUR.top_card_name),
                    bid=highest_bid(FOUR, bonus_beat=FOUR.top_card),
                    card_at_three=Term("card_name", THREE.top_card_name),
                    bid_at_three=highest_bid(THREE, bonus_beat=THREE.top_card))),
        Bullet(said("An Off-Key card as a bid counts as its whole number: a 2\u00bd is a bid of 2.")),
        Bullet(said("With the Off-Key bid Bonus Beat, the bid is picked from the Off-Key cards set aside, so it can "
                    "be any card's number.")),
        Bullet(said("Side players (two players) bid 0 to {high}, or 0 to {high_off_key} with Off-Key cards.",
                    high=SIDE_PLAYER_MAX_BID, high_off_key=SIDE_PLAYER_MAX_BID_OFF_KEY)),
        said("A bid outside these limits is refused, and the app names the card that would allow it."),
    ), ("X4", "P1")),
    Topic("scoring", N_("Scoring a hand"), "xylotar", XYLOTAR, (
        Bullet(said("1 point for each trick you took.")),
        Bullet(said_n("{count} more point, the bid bonus, if you took exactly as many tricks as you bid; a bid of 0 "
                      "with no tricks counts too.",
                      "{count} more points, the bid bonus, if you took exactly as many tricks as you bid; a bid of 0 "
                      "with no tricks counts too.", "count", count=BID_BONUS)),
        said("Tricks taken, and Off-Key cards won, are counted in the open."),
        said("With Unhinged, a Bonus Beat can change what earns the bid bonus or add points, each Off-Key card you "
             "won costs 1 point, and hand {hands} may give a point for unused Bonus Beats.", hands=HANDS_PER_GAME),
        said("Tap a score on the scoreboard to see its points line by line."),
    ), ("X5", "P3")),
    Topic("leading", N_("Who leads next"), "xylotar", XYLOTAR, (
        Bullet(said("Hand 1: the player to the dealer's left leads. Seats go clockwise, in the order the players "
                    "were entered.")),
        Bullet(said("With two players, the player who did not deal leads hand 1.")),
        Bullet(said("Every later hand: the player with the lowest total leads.")),
        Bullet(said("Tied for the lowest: go clockwise from the player to the left of the last hand's leader; the "
                    "first tied player you reach leads. So the last leader, if tied, comes last.")),
        said("A tiebreak hand's leader is picked the same way."),
    ), ("X6", "X7")),
    Topic("tiebreak", N_("The end of the game and the tiebreak hand"), "xylotar", XYLOTAR, (
        said("After hand {hands} the highest total wins.", hands=HANDS_PER_GAME),
        said("Tied for the highest? Of the tied players, those who made their bid in the last hand are compared: "
             "the one who made it with the fewest tricks wins."),
        said("Making your bid means earning the bid bonus, also through a Bonus Beat: the #, b or no bid card."),
        said("If none of the tied players made their bid, or the ones who did took as many tricks as each other, "
             "everyone plays one more hand, not only the tied players. Its points are added and the same check is "
             "made again, with that hand as the last hand, as often as needed."),
        said("A tiebreak hand gives no point for unused Bonus Beats, and cards still held may be flipped in it."),
    ), ("X8",)),
    Topic("two-players", N_("Two players: the side players"), "xylotar", XYLOTAR, (
        said("Deal as for four: the two players sit across from each other, with an imaginary side player between "
             "them on each side."),
        Bullet(said("A side player's bid is the middle card of its row, the 8th of 15, so it is at most {high} "
                    "({high_off_key} with Off-Key cards).", high=SIDE_PLAYER_MAX_BID,
                    high_off_key=SIDE_PLAYER_MAX_BID_OFF_KEY)),
        Bullet(said("Side players always play their lowest card that is allowed.")),
        Bullet(said("Their tricks count toward the hand's tricks, but they never score, never lead a hand and never "
                    "win.")),
        Bullet(said("The player who did not deal leads hand 1.")),
        Bullet(said("Bonus Beats that count the other players (+1, no bid) count the side players too.")),
    ), ("X9",)),
    Topic("bonus-beats", N_("Bonus Beats"), "xylotar", UNHINGED, (
        said_n("After the normal deal, each player (not the side players) is dealt {count} Bonus Beat face down: "
               "that is theirs for the whole game. The setup guide says which cards to leave out at your table.",
               "After the normal deal, each player (not the side players) is dealt {count} Bonus Beats face down: "
               "those are theirs for the whole game. The setup guide says which cards to leave out at your table.",
               "count", count=CARDS_DEALT_PER_PLAYER),
        said("There is one of each card, so only the player who was dealt a card can flip it."),
        Bullet(said("Flip at most 1 card a hand, so at most {count} a game.", count=CARDS_DEALT_PER_PLAYER)),
        Bullet(said("A flipped card is used even if you did nothing with it, and leaves the game.")),
        Bullet(said("Your cards are secret until you flip one; a flipped card is shown to everyone, with your bid.")),
        Bullet(said("The 8 for 0 card needs a bid of 0. With the no bid card you do not bid; without it you must.")),
        said("These change the score:"),
        *(_card_line(card) for card in CARDS if card.scoring),
        said("These change how you play, not the score:"),
        *(_card_line(card) for card in CARDS if not card.scoring),
    ), ("B1", "B2", "B4", "B5", "P2")),
    Topic("unused-bonus-beats", N_("The point for unused Bonus Beats"), "xylotar", UNHINGED, (
        said_n("At the end of hand {hand}, each player who flipped neither of their Bonus Beats gets {count} extra "
               "point on hand {hand}.",
               "At the end of hand {hand}, each player who flipped neither of their Bonus Beats gets {count} extra "
               "points on hand {hand}.", "count", hand=HANDS_PER_GAME, count=UNUSED_CARDS_POINT),
        said("Only hand {hand} gives it: a tiebreak hand does not, and cards still held may be flipped in a "
             "tiebreak hand.", hand=HANDS_PER_GAME),
    ), ("B3",)),
    Topic("off-key", N_("Off-Key cards and their penalty"), "xylotar", UNHINGED, (
        said("There are {count} Off-Key cards, one of each colour, each half a point under that colour's top card: "
             "from {high_colour} {high} down to {low_colour} {low}. At 3 players the red and orange ones stay out.",
             count=len(_OFF_KEY), high_colour=_HIGH_COLOUR, high=_HIGH, low_colour=_LOW_COLOUR, low=_LOW),
        said("Each hand, shuffle them in and set aside one random card of each colour face down; next hand, shuffle "
             "those back in and set aside again. Each seat is dealt as many cards as without them."),
        Bullet(said("Each Off-Key card you win in a trick costs you 1 point that hand, unless you flipped the \u00bd "
                    "Bonus Beat.")),
        Bullet(said("An Off-Key card used as your bid was not won, so it costs nothing.")),
        Bullet(said("Off-Key cards are won only in tricks you took: no tricks, none won. All seats together win at "
                    "most {count} in a hand ({count_at_three} at 3 players).", count=len(_OFF_KEY),
                    count_at_three=len(THREE.off_key_cards))),
        Bullet(said("Hand scores and totals can go below zero.")),
    ), ("O1", "O2", "O3")),
    Topic("monsters", N_("Building a monster"), "xybrid", XYBRID, (
        said("A monster is complete with {parts}; it may have any number of auxiliary parts too. The core is always "
             "its first part and is worth 0.", parts=_parts()),
        said("The lab holds twice as many parts as there are players, plus one: {count} at 3 players.",
             count=lab_size(3)),
        said("Monsters are deployed only when every monster is complete, so a round is entered with each monster "
             "complete, as it was deployed. The app refuses a monster that lacks a part, and names the part."),
        said("A part destroyed before infamy is counted (by a deploy effect or a breakthrough) is entered as a "
             "negative adjustment, with a note."),
        said("Parts in a monster and in the lab are public; breakthrough cards are secret until revealed."),
    ), ("Y2", "Y3", "P4")),
    Topic("infamy", N_("Infamy each round"), "xybrid", XYBRID, (
        Bullet(said("At deployment you gain the values of your monster's parts, added up.")),
        Bullet(said("Plus 1 for each part in your hand.")),
        Bullet(said("Plus or minus what deploy, mission and breakthrough effects gave or took that round, entered as "
                    "adjustments, each with a note if you like.")),
        said("Tap a score on the scoreboard to see it line by line."),
    ), ("Y4",)),
    Topic("starting", N_("Who starts each round"), "xybrid", XYBRID, (
        Bullet(said("Round 1: a player picked at random starts. The app can draw them when the game is set up.")),
        Bullet(said("Every later round: the least infamous player starts.")),
        Bullet(said("Tied for the least infamous: one of them at random. The app draws, shows and keeps the draw.")),
        said("Turns then go clockwise."),
    ), ("Y5",)),
    Topic("winner", N_("The winner and shared wins"), "xybrid", XYBRID, (
        said("XYbrid is for {low} to {high} players and lasts {rounds} rounds.", low=XYBRID_MIN, high=XYBRID_MAX,
             rounds=ROUNDS_PER_GAME),
        said("The most infamous player after round {rounds} wins.", rounds=ROUNDS_PER_GAME),
        said("The rulebook gives no tiebreak, so players tied for the most infamy share the win."),
    ), ("Y1", "Y6")),
)

BY_SLUG: dict[str, Topic] = {topic.slug: topic for topic in TOPICS}
