"""X8: who wins when players share the highest total after hand 3 (or after a
tiebreak hand), or that everyone plays another hand."""
from __future__ import annotations

from ..outcome import Outcome, Status, join_names


def break_tie(game, tied: list[str], top: int, last) -> Outcome:
    """X8: of the `tied` (at `top` points after `last`, the last hand's
    HandResult), those who earned their bid bonus in the last hand compete;
    the fewest tricks wins. Otherwise everyone plays another hand."""
    hand = game.hands[last.number - 1]
    matchers = {name: hand.results[name].tricks for name in tied if last.earned_bid_bonus[name]}
    missed = [name for name in tied if name not in matchers]
    said = [f"{name} matched their bid with {tricks} trick{'s' if tricks != 1 else ''}"
            for name, tricks in sorted(matchers.items(), key=lambda item: item[1])]
    if missed:
        said.append(f"{join_names(missed)} did not match {'their bids' if len(missed) > 1 else 'their bid'}")
    detail = f"in hand {last.number}: " + "; ".join(said)
    if matchers:
        fewest = min(matchers.values())
        best = [name for name, tricks in matchers.items() if tricks == fewest]
        if len(best) == 1:
            return Outcome(Status.FINISHED, winners=(best[0],),
                           explanation=f"{best[0]} wins the tie at {top} points: {detail}")
    if not matchers:  # the common case, said with each name once
        nobody = "neither" if len(tied) == 2 else "none of them"
        return Outcome(Status.TIEBREAK_ROUND_NEEDED, next_leaders=(game.next_leader(),),
                       explanation=f"{join_names(tied)} tie at {top} points, and {nobody} matched their bid "
                                   f"in hand {last.number}: everyone plays another hand")
    return Outcome(Status.TIEBREAK_ROUND_NEEDED, next_leaders=(game.next_leader(),),
                   explanation=f"{join_names(tied)} tie at {top} points and the last hand does not decide it "
                               f"({detail}); everyone plays another hand")
