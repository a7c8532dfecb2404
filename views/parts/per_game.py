"""What every screen of a table works out alike from the game (or the hand
in play), worked out once per change rather than once per screen.

After a change, every screen of the table that renders reads the same game
object (the hub's shared reads, views/web/live.py; companion.table_services
`view`), and never changes it. So the words and keys a display or a phone
derive from the whole game (the round just scored with why, the headline,
the scores' key) are kept here by that object, with its number of rounds in
the key in case a caller does change it: eight screens of a table cost one
working-out. The last few games are kept, each with the object itself, so
an id is never reused while kept."""
from __future__ import annotations

from collections import OrderedDict
from typing import Callable, Hashable, TypeVar

T = TypeVar("T")
KEPT = 64  # games: more than the tables a host serves at once

_kept: OrderedDict[tuple[int, int], tuple[object, dict]] = OrderedDict()


def once(game, what: str, work_out: Callable[[], T]) -> T:
    """`work_out()`, the first time it is asked of `game` as it is now; what it gave after that."""
    # With its number of rounds (Xylotar's hands, XYbrid's rounds) in the key, in case a caller changes it.
    return _once(_kept, (id(game), len(game.rounds)), game, KEPT, what, work_out)


KEPT_HANDS = 64  # hands in play, likewise
_hands: OrderedDict[int, tuple[object, dict]] = OrderedDict()


def once_per_hand(hand, what: Hashable, work_out: Callable[[], T]) -> T:
    """`once` for a hand in play as the table's state holds it (a new object at each bid or
    trick, never changed): what the screens of a table work out alike from it (the board's rows,
    the trick line), worked out once per change, not once per screen. `what` says all else it
    depends on (the bids a screen may show, its size, its language)."""
    return _once(_hands, id(hand), hand, KEPT_HANDS, what, work_out)


def _once(kept_by: OrderedDict, key: Hashable, owner: object, most: int, what: Hashable,
          work_out: Callable[[], T]) -> T:
    """What `owner` (kept in `kept_by` under `key`, at most `most` owners) gave for `what`, worked out once."""
    kept = kept_by.get(key)
    if kept is None or kept[0] is not owner:
        kept = kept_by[key] = (owner, {})
        while len(kept_by) > most:
            kept_by.popitem(last=False)
    worked_out = kept[1]
    if what not in worked_out:
        worked_out[what] = work_out()
    return worked_out[what]
