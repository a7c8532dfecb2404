"""X8: who wins when players share the highest total after hand 3 (or after a
tiebreak hand), or that everyone plays another hand.

The explanations are messages (companion.errors.Said): as a str the English the
command line always printed; a screen says them in its player's language. A tie
still to play is said as "{names} tie at {points} points[,] and {why}", its `why`
a message of its own, so a screen that already names who tied says only why."""
from __future__ import annotations

from ..errors import Names, said, said_n
from ..outcome import Outcome, Status


def _joined(parts: list[str]) -> str:
    """Clauses one after another, as the explanation always joined them: 'a; b; c' (each language its own ';')."""
    joined = parts[0]
    for part in parts[1:]:
        joined = said("{these}; {those}", these=joined, those=part)
    return joined


def break_tie(game, tied: list[str], top: int, last) -> Outcome:
    """X8: of the `tied` (at `top` points after `last`, the last hand's
    HandResult), those who earned their bid bonus in the last hand compete;
    the fewest tricks wins. Otherwise everyone plays another hand."""
    hand = game.hands[last.number - 1]
    matchers = {name: hand.results[name].tricks for name in tied if last.earned_bid_bonus[name]}
    missed = [name for name in tied if name not in matchers]
    clauses = [said_n("{name} matched their bid with {count} trick", "{name} matched their bid with {count} tricks",
                      "count", name=name, count=tricks)
               for name, tricks in sorted(matchers.items(), key=lambda item: item[1])]
    if missed:
        clauses.append(said_n("{names} did not match their bid", "{names} did not match their bids", "count",
                              names=Names(missed), count=len(missed)))
    detail = said("in hand {number}: {details}", number=last.number, details=_joined(clauses))
    # (English says "points" even for 1: each language its own forms)
    if matchers:
        fewest = min(matchers.values())
        best = [name for name, tricks in matchers.items() if tricks == fewest]
        if len(best) == 1:
            return Outcome(Status.FINISHED, winners=(best[0],),
                           explanation=said_n("{winner} wins the tie at {points} points: {detail}",
                                              "{winner} wins the tie at {points} points: {detail}", "points",
                                              winner=best[0], points=top, detail=detail))
    if not matchers:  # the common case, said with each name once
        why = (said("neither matched their bid in hand {number}: everyone plays another hand", number=last.number)
               if len(tied) == 2 else
               said("none of them matched their bid in hand {number}: everyone plays another hand",
                    number=last.number))
        return Outcome(Status.TIEBREAK_ROUND_NEEDED, next_leaders=(game.next_leader(),),
                       explanation=said_n("{names} tie at {points} points, and {why}",
                                          "{names} tie at {points} points, and {why}", "points",
                                          names=Names(tied), points=top, why=why))
    why = said("the last hand does not decide it ({detail}); everyone plays another hand", detail=detail)
    return Outcome(Status.TIEBREAK_ROUND_NEEDED, next_leaders=(game.next_leader(),),
                   explanation=said_n("{names} tie at {points} points and {why}",
                                      "{names} tie at {points} points and {why}", "points",
                                      names=Names(tied), points=top, why=why))
