"""What the table display says so the table knows why (no Flet): each score
of the round just played with its reason on one line, why a tiebreak hand is
played and who tied, who won it and how, and who leads or starts next.

Everything here condenses what the engines already say (`game.explain`, as
`logic.breakdown_lines` completes it for the scoreboard; the outcome; the
engine's `next_turn`): no rule is worked out twice, and no rule IDs or
internal ids reach the screen. Said in the session's language (views/i18n):
the words of this module through the catalogs, the engines' own through
`words.say`."""
from __future__ import annotations

import re
from dataclasses import dataclass

from companion.errors import GameError, Said
from companion.games import Game

from .. import i18n
from ..i18n import N_
from . import logic
from .table_logic import last_hand_bids
from .words import say

SIDE_PLAYER = N_("a side player scores nothing")

# A breakdown line that is a label and a number: "3 tricks: +3", "bid bonus: +5",
# "parts: 0 + 4 + 0 = 4" (only its sum is kept), "Off-Key cards won: -1".
_COUNTED = re.compile(r"^(?P<what>[^:]+): (?:[^=]* = )?(?P<value>[+-]?\d+)$")
# An adjustment (XYbrid), with its note or without: "-2: lost an arm" -> "adjustment -2 (lost an arm)".
# (Said in the session's language: French puts a no-break space before the ':'.)
_ADJUSTED = re.compile(r"^(?P<value>[+-]\d+)(?:\s?: (?P<note>.+))?$")
_MISSED = "bid missed: "  # logic.breakdown_lines says a missed bid's bonus so; the verdict says "missed"
_NO_BONUS = N_("no bid bonus")


@dataclass(frozen=True)
class ScoreRow:
    """One seat of the round just scored: who, what they bid and took ('' without
    bids), the score and why, in one line."""

    seat: str
    what: str
    score: int
    reason: str


def _one_line(lines: list[str], speaker: i18n.Speaker) -> str:
    """Breakdown lines as one line: the counted parts first ('3 tricks +3, bid
    bonus +5'), then what the cards or the monster say, after a ';'."""
    _ = speaker.gettext
    counted, said = [], []
    for line in lines:
        found, adjusted = _COUNTED.match(line), _ADJUSTED.match(line)
        if found:
            if found["value"] != "+0" or not counted:  # nothing from it, unless it is the first (0 tricks)
                counted.append(_("{what} {value}").format(what=found["what"].strip(), value=found["value"]))
        elif line.removeprefix(_MISSED) == _NO_BONUS or line in (_(_NO_BONUS), _("bid missed: no bid bonus")):
            counted.append(_(_NO_BONUS))  # logic says it in English or, once it does, in the session's language
        elif adjusted:
            counted.append(_("adjustment {value} ({note})").format(value=adjusted["value"], note=adjusted["note"])
                           if adjusted["note"] else _("adjustment {value}").format(value=adjusted["value"]))
        else:
            said.append(say(line, speaker))
    parts = list(filter(None, [", ".join(counted), *said]))
    if not parts:
        return ""
    joined = parts[0]
    for part in parts[1:]:
        joined = _("{these}; {those}").format(these=joined, those=part)
    return joined


def score_reason(game: Game, number: int, name: str) -> str:
    """Why `name` scored what they did in round `number`, on one line, as a
    display across the table says it under the score (X5, B4, O3, Y4):
    'made it: 3 tricks +3, bid bonus +5', 'missed: 4 tricks +4, no bid bonus',
    'parts 4, parts in hand +1'. The round's bid and total are said beside it,
    so they are left out here."""
    speaker = i18n.spoken()
    _ = speaker.gettext
    lines = logic.breakdown_lines(game, number, name)
    if len(lines) == 1:  # XYbrid's quick entry: only its total is known
        return say(lines[0], speaker)
    parts = lines[1:-1] if game.takes_bids else lines[:-1]  # the bid line first; the total last
    breakdown = game.scored()[number - 1].breakdowns[name]
    entered = game.rounds[number - 1].to_record()["results"][name]
    made = None  # no bid (B5) or no bid bonus (XYbrid): nothing made or missed
    if "bid_bonus" in breakdown and entered.get("bid") is not None:
        made = bool(breakdown["bid_bonus"])
    said = _one_line(parts, speaker)
    if made is None:
        return said
    if not said:
        return _("made it") if made else _("missed")
    return (_("made it: {reasons}") if made else _("missed: {reasons}")).format(reasons=said)


def last_round_title(game: Game) -> str:
    """'Hand 2: the bids' (what was bid is shown), 'Round 2: the scores'; '' before the first round."""
    rounds = logic.rounds_of(game)
    if not rounds:
        return ""
    _ = i18n.spoken().gettext
    if logic.round_word(game) == "hand":
        said = _("Hand {number}: the bids") if game.takes_bids else _("Hand {number}: the scores")
    else:
        said = _("Round {number}: the bids") if game.takes_bids else _("Round {number}: the scores")
    return said.format(number=len(rounds))


def last_round_rows(game: Game) -> list[ScoreRow]:
    """The round just scored, seat by seat, each score with its reason. Xylotar
    shows every seat's bid (side players too, who score nothing: X9); XYbrid
    each player's infamy."""
    rounds = logic.rounds_of(game)
    if not rounds:
        return []
    number = len(rounds)
    if game.takes_bids:
        side = i18n.spoken().gettext(SIDE_PLAYER)
        return [ScoreRow(seat, what, score, score_reason(game, number, seat) if seat in game.players else side)
                for seat, what, score in last_hand_bids(game)]
    scores = game.scored()[-1].scores
    return [ScoreRow(name, "", scores[name], score_reason(game, number, name)) for name in game.players]


def _tied(totals: dict[str, int], players) -> tuple[list[str], int]:
    """Who has the top total, and what it is (the players an X8 tie is between)."""
    top = max(totals.values())
    return [name for name in players if totals[name] == top], top


def _before_last(game: Game) -> Game | None:
    """The game as it stood before its last round (a new game from its set-up with
    the same rounds pushed, so the shared game is never changed); None before two rounds."""
    rounds = logic.rounds_of(game)
    if len(rounds) < 2:
        return None
    earlier = type(game).from_set_up(game.players, game.set_up_dict())
    try:
        for entered in rounds[:-1]:
            earlier.push(entered)
    except GameError:  # never for a stored game, whose rounds were checked in this order
        return None
    return earlier


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def headline(game: Game) -> tuple[str, str]:
    """What the display says in large type above everything, and under it why.

    - In play: ('Hand 2', '') (who leads it is said by `turn`).
    - X8, a tiebreak hand next: ('Tiebreak hand 4: Bob and Cat tied on 20', 'The last hand does not
      decide it (in hand 3: Bob and Cat did not match their bids); everyone plays another hand').
    - Over after a tiebreak hand: ('Bob wins the tiebreak!', 'Bob and Cat tied on 20 after hand 3.
      Tiebreak hand 4: Bob wins with 30 points').
    - Over: ('Ann wins!', how), as `logic.display_headline` says it; Y6: ('Ann and Bob win!', ...).
    """
    speaker = i18n.spoken()
    _ = speaker.gettext
    outcome = game.outcome()
    hands = logic.round_word(game) == "hand"
    number = len(logic.rounds_of(game))
    if outcome.next_is_tiebreak:
        tied, top = _tied(game.totals(), game.players)
        # The headline names who tied and on what, so of the outcome's explanation ("{names} tie at
        # {points} points, and {why}": companion/xylotar/tiebreak.py) only its why is said.
        explanation = outcome.explanation
        why = say(explanation.values.get("why", explanation) if isinstance(explanation, Said) else explanation,
                  speaker)
        said = (_("Tiebreak hand {number}: {names} tied on {top}") if hands
                else _("Tiebreak round {number}: {names} tied on {top}"))
        return said.format(number=number + 1, names=speaker.names(tied), top=top), _sentence(why)
    if outcome.is_over:
        earlier = _before_last(game)
        if earlier is not None and earlier.outcome().next_is_tiebreak:
            tied, top = _tied(earlier.totals(), earlier.players)
            winners = speaker.ngettext("{names} wins the tiebreak!", "{names} win the tiebreak!",
                                       len(outcome.winners)).format(names=speaker.names(list(outcome.winners)))
            why = (_("{names} tied on {top} after hand {before}. Tiebreak hand {number}: {how}") if hands
                   else _("{names} tied on {top} after round {before}. Tiebreak round {number}: {how}"))
            return winners, why.format(names=speaker.names(tied), top=top, before=number - 1, number=number,
                                       how=say(outcome.explanation, speaker))
        return logic.display_headline(game)
    return logic.next_round_title(game), ""


def chunks(text: str, names) -> list[list[tuple[str, bool]]]:
    """`text` cut where a line may break, for a display that draws a long name
    on one line with an ellipsis instead of breaking it inside a word: the words
    between spaces, each a list of (piece, is_a_name), a name whole even with
    spaces in it ('Ann Lee leads hand 2:' -> [[('Ann Lee', True)], [('leads', False)], [('hand', False)], [('2:', False)]]).
    A name is found only as a whole word; the longest first."""
    found = sorted({name for name in names if name}, key=len, reverse=True)
    pieces = re.split("(" + "|".join(rf"(?<!\w){re.escape(name)}(?!\w)" for name in found) + ")", text) if found else [text]
    out: list[list[tuple[str, bool]]] = [[]]
    for index, piece in enumerate(pieces):
        if index % 2:  # a name
            out[-1].append((piece, True))
            continue
        for number, word in enumerate(piece.split(" ")):
            if number:
                out.append([])
            if word:
                out[-1].append((word, False))
    return [chunk for chunk in out if chunk]


def turn(game: Game) -> str:
    """Who leads (Xylotar, X6, X7) or may start (XYbrid, Y5) the next round, and
    why, in the engine's words, which cite no rule; '' once the game is over."""
    return logic.next_turn(game)


def entered_on_host(hand) -> tuple[str, str]:
    """One-phone play: the hand in play is entered on the host's screen (what a
    display shows instead of the bids it would wait for), and who leads it."""
    _ = i18n.spoken().gettext
    return (_("Hand {number} is being entered on the host's screen").format(number=hand.number),
            _("{leader} leads. The scores show here once it is confirmed.").format(leader=hand.leader))
