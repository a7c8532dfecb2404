"""What a trick changes on a table's screen, updated in place.

A trick changes a few values on each screen of the table (the trick line,
the winner's "took N" and its spoken phrase, the version the next tap
names), not its structure. So a table screen keeps its structure as
components, re-rendered only when the structure changes (a bid, a score, a
new hand, the first or last trick), and each value a trick changes is a
*leaf*: a small memoized component fed by a per-session `@ft.observable`
`Cell` (Flet subscribes a component to an observable passed as its
argument). After a trick the hub calls the session back with `what=TRICK`;
the session reads the table afresh and sets its cells, and only the leaves
whose value changed re-render (views/state.py `Changes.games_changed`).
Where a leaf's drawing says how (`in_place`: a trick's "took N" and trick
line, a bid's bid, icon and count), the controls it drew are changed in
place instead, in one patch message, and nothing is rendered or diffed: the
same tree a render would give (tests/integration/test_live_leaves.py checks
every client's tree against a fresh session's). A hand scored (`SCORED`)
changes its leaves in place first where they can be (each seat's row, each
bid entry, the scores); a screen that says which hand is in play only in
its leaves (the display, a phone, the host's table: `watch_table(numbered=
False)`) is then not drawn again at all, and one that does is drawn again,
skipping the leaves already changed.

How a screen takes part: while it renders it calls `watch(structure,
read)` (what of its structure a trick could change, and how to read the
table afresh), and each part that shows a trick's values registers how it
works them out (`values`) and draws them (`leaf`). The keys of the cells
stay the same from hand to hand, so a new hand updates rather than
re-mounts. Anything unsure (the read fails, the structure differs, no
screen watches) re-renders the whole screen as before."""
from __future__ import annotations

import logging
import weakref
from dataclasses import dataclass
from typing import Any, Callable, Hashable

import flet as ft
from flet.components.utils import current_component

from .leaf_wire import send_together

log = logging.getLogger(__name__)

TRICK = "trick"  # a change that touched only the tricks of a hand in play (a trick tapped or undone)
BID = "bid"  # a change that touched only one seat's bid in the hand in play
IN_PLACE = (TRICK, BID)  # the changes a screen may show by updating its leaves
SCORED = "scored"  # the hand in play scored: its leaves change in place first, then the screen draws again
# (unless its structure is the same: a screen that says which hand is in play only in leaves)

Values = Callable[[Any, dict], dict]  # (the hand in play, every seat's bid) -> {cell key: value}


@ft.observable
@dataclass(eq=False)
class Cell:
    """One value a trick may change, on one session's screen."""

    value: Any = None


class Live:
    """One session's cells, and what its table screen watches."""

    def __init__(self) -> None:
        self.cells: dict[str, Cell] = {}
        self.structure: Hashable = None
        self.read: Callable[[], tuple | None] | None = None  # -> (structure, hand, bids), or None
        self.parts: dict[str, Values] = {}

    def forget(self) -> None:
        """The session shows a screen that watches nothing: a change re-renders it."""
        self.read, self.structure = None, None
        self.parts.clear()

    def refreshed(self, ahead: bool = False) -> bool:
        """Read the table afresh and set the cells; False (nothing set) if the
        screen's structure changed or anything is unsure. `ahead`: the screen
        is about to draw again (a hand scored); whatever its structure, the
        leaves that can be changed in place are first, so that drawing the
        screen finds them drawn (their memo holds) and skips them."""
        if self.read is None:
            return False
        try:
            found = self.read()
            if found is None:
                return False
            structure, hand, bids = found
            same = structure == self.structure
            if not same and not ahead:
                return False
            values: dict = {}
            for part in list(self.parts.values()):
                values.update(part(hand, bids))
        except Exception:  # noqa: BLE001 - the whole screen renders instead, and says what failed
            log.exception("A screen's live values could not be read; it re-renders")
            return False
        batch: list = []  # what changes in place, sent together once every cell is set
        try:
            for key, value in values.items():
                cell = self.cells.get(key)
                if cell is None:
                    if same:
                        return False
                    continue
                if cell.value == value:
                    continue  # unchanged (most of a screen's cells): not even Flet's observable is asked
                if not patched(cell, value, batch) and same:
                    cell.value = value  # an observable: its leaf re-renders
        finally:
            send_together(batch)
        return same


_live: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def of_session() -> Live:
    """This session's cells (call while rendering, or from the session's hub callback)."""
    session = ft.context.page.session
    live = _live.get(session)
    if live is None:
        live = _live[session] = Live()
    return live


def watch(structure: Hashable, read: Callable[[], tuple | None]) -> None:
    """The screen rendering now: a trick may update its leaves in place while
    `structure` stays the same; `read()` gives (structure, hand, bids) afresh."""
    live = of_session()
    live.structure, live.read = structure, read
    live.parts.clear()


def values(name: str, work_out: Values, hand, bids: dict) -> dict:
    """`work_out(hand, bids)`, registered as part `name` of the screen's live values."""
    of_session().parts[name] = work_out
    return work_out(hand, bids)


def kept(name: str, work_out: Values, hand, bids: dict) -> dict[str, Cell]:
    """`values`, each in its cell: for a component that reads them when it
    is tapped (a version to name), or passes them to leaves of its own."""
    return {key: cell(key, value) for key, value in values(name, work_out, hand, bids).items()}


def cell(key: str, value: Any, told: bool = False, batch: list | None = None) -> Cell:
    """The session's cell `key`, holding `value`: set quietly (the screen is
    rendering its leaf now), or `told` (its leaf re-renders if it changed:
    a leaf under a memoized part that may skip this render); a change made
    in place waits in `batch`, if given (leaf_wire.send_together)."""
    cells = of_session().cells
    found = cells.get(key)
    if found is None:
        found = cells[key] = Cell()
    if told:
        if not patched(found, value, batch):  # in place where its part says how; else its part draws again
            found.value = value
    else:
        object.__setattr__(found, "value", value)
    return found


def shown(held: Cell) -> Any:
    """What a memoized part fed by `held` is given beside it, for the memo to
    compare: the cell's value if the part last drew that value (`drawn`),
    else something equal to nothing, so the part draws again. (The memo
    compares with the arguments of the screen's last render; the hub may
    have redrawn the part since with other values, and a screen may then
    come back to the old ones: the next hand's "0 of 4 have bid".)"""
    object.__setattr__(held, "memo_shown", True)  # a memo given `held`, then this (`patched` keeps it right)
    return held.value if getattr(held, "drawn", _NOTHING) == held.value else object()


def drawn(held: Cell) -> Any:
    """`held`'s value, as the part drawing it now draws it (see `shown`)."""
    object.__setattr__(held, "drawn", held.value)  # not a field: the cell's listeners are not told
    return held.value


_NOTHING = object()


@ft.component
def LeafPart(held: Cell, shown: Any, draw: Callable[..., ft.Control]):
    """`draw(*held.value)`: re-rendered when the hub sets the cell, or when the
    screen renders it with another value than it last drew (`shown`, for the memo only)."""
    return draw(*drawn_here(held, draw))


def drawn_here(held: Cell, draw: Callable) -> Any:
    """`drawn(held)`, in the component rendering now (a leaf, or a memoized part fed by
    `held`): a later change of `held` may then be made on what it drew (`patched`)."""
    object.__setattr__(held, "owner", current_component()._state)  # what it drew, and whether it still shows
    object.__setattr__(held, "draw", draw)
    return drawn(held)


# draw -> how a change of its value is made on the controls it drew: (old, new) -> [(path from
# what it drew to a control, {property: value})], or None where it must draw again.
IN_PLACE_PATCHES: dict[Callable, Callable] = {}


def in_place(draw: Callable) -> Callable:
    """Register how `draw`'s controls take a new value in place (see `patched`)."""
    def register(patch: Callable) -> Callable:
        IN_PLACE_PATCHES[draw] = patch
        return patch
    return register


def _at(body: ft.Control, path: tuple) -> ft.Control:
    """The control at `path` under `body`. A path through a memoized part's body (`_b`)
    forgets that part's memo: its arguments still say what it drew before the change, so
    it draws again the next time it renders."""
    control = body
    for step in path:
        if step == "_b":
            control._state.last_args = ()
        control = control[step] if isinstance(step, int) else getattr(control, step)
    return control


def looked_here(held: Cell, draw: Callable, look: Callable[[Any], Any]) -> Any:
    """`drawn_here` for a part with state of its own: `look(value)` is all it shows for
    a value of `held`, with its own state as it is now, and what it draws. A change is
    then made in place by comparing what it shows (`draw`'s patch takes two looks);
    returns the look to draw now."""
    value = drawn_here(held, draw)
    object.__setattr__(held, "look", look)
    object.__setattr__(held, "seen", look(value))
    return held.seen


def patched(held: Cell, value: Any, batch: list | None = None) -> bool:
    """Show `value` by changing the controls its leaf drew, in one patch message,
    without rendering the leaf again, where its `draw` says how (`in_place`);
    False if it cannot (the leaf gone, not drawn yet, about to draw again).
    With a `batch`, the message waits in it (leaf_wire.send_together)."""
    old = held.value
    if old == value or not _in_place(held):
        return False
    look = getattr(held, "look", None)
    if not _sent(held, *((held.seen, look(value)) if look else (old, value)), batch):
        return False
    object.__setattr__(held, "value", value)
    object.__setattr__(held, "drawn", value)
    state = held.owner
    if getattr(held, "memo_shown", False) and len(state.last_args) > 1 and state.last_args[0] is held:
        state.last_args = (held, value, *state.last_args[2:])  # drawn now: a screen drawing it again skips it
    return True


def relooked(held: Cell) -> bool:
    """After a change of a `looked_here` part's own state made without a render
    (a ref's): show it in place; False if it cannot (it must draw again)."""
    look = getattr(held, "look", None)
    return look is not None and _in_place(held) and _sent(held, held.seen, look(held.value))


def _in_place(held: Cell) -> bool:
    """Whether what `held`'s part drew is shown, as drawn: nothing about to draw it again."""
    state = getattr(held, "owner", None)
    return (getattr(held, "draw", None) in IN_PLACE_PATCHES and state is not None and state.mounted
            and not state.is_dirty and state.last_b is not None and getattr(held, "drawn", _NOTHING) == held.value)


def _sent(held: Cell, old: Any, new: Any, batch: list | None = None) -> bool:
    """Change what `held`'s part drew for `old` into what it draws for `new` (values, or looks);
    the message sent now, or kept in `batch`."""
    state = held.owner
    changes = [] if old == new else IN_PLACE_PATCHES[held.draw](old, new)
    connection = ft.context.page.session.connection
    if changes is None or connection is None:  # not connected: the leaf renders, and Flet keeps its patch
        return False
    # One message for the leaf: each changed property replaced at its path under the leaf's
    # first control, as Flet's own diff of two renders says it; the controls take the new
    # values too, so the next render is diffed against what the browser shows.
    ops = []
    for path, props in changes:
        control = _at(state.last_b, path)
        frozen = control.__dict__.pop("_frozen", None)
        try:
            for name, prop in props.items():
                setattr(control, name, prop)
            control._dirty.clear()  # (a control, or a style it holds)
        finally:
            if frozen is not None:
                object.__setattr__(control, "_frozen", frozen)
        ops += [{"op": "replace", "path": [*path, name], "value": prop} for name, prop in props.items()]
    if ops and batch is not None:
        batch.append((state.last_b, ops))  # sent with the others of its refresh
    elif ops:
        send_together([(state.last_b, ops)])
    if getattr(held, "look", None) is not None:
        object.__setattr__(held, "seen", new)
    return True


Leaf = ft.memo(LeafPart)


def leaf(key: str, draw: Callable[..., ft.Control], value: tuple) -> ft.Control:
    """A leaf drawing `draw(*value)` now, and the cell's value after each trick.
    `draw` must be one function for the life of the app (a module's)."""
    held = cell(key, value)
    return Leaf(held, shown(held), draw, key=key)


def structure_of(hand, typed: bool = True, numbered: bool = True) -> Hashable:
    """What of a hand's look a trick or a bid may change beyond its leaves:
    the hand (unless not `numbered`: a screen whose every part that says
    which hand is in play is a leaf, so a score changes it in place), how
    many Off-Key cards the next trick may hold and (with Off-Key cards,
    whose chips go) whether every trick is played, the Bonus Beats flipped
    (each seat's cards offered) and, where the tricks are `typed` (not
    tapped), whether everyone has bid (each seat's count appears). Where
    tricks are tapped, the last bid folds the bid entries and opens scoring
    through their own cells."""
    if hand is None:
        return None
    return (hand.number if numbered else None, hand.most_off_key_in_trick(),
            bool(hand.game.off_key) and hand.next_to_lead() is None,
            typed and hand.everyone_has_bid, tuple(hand.flipped().items()))


def watch_table(seen, see: Callable[[], Any], more: Callable[[Any], Hashable] = lambda seen: None, *,
                numbered: bool = True) -> None:
    """`watch` for a screen showing `seen` (a companion.table_services.TableView),
    read again with `see()`; `more(seen)`, what else of the screen's
    structure a bid may change; `numbered`, see `structure_of`. A screen
    with no hand in play watches nothing."""
    if seen.hand is None:
        return

    def of(found) -> Hashable:
        return structure_of(found.hand, not found.settings.track_tricks, numbered), more(found)

    def read() -> tuple | None:
        fresh = see()
        return None if fresh.hand is None else (of(fresh), fresh.hand, fresh.bids)

    watch(of(seen), read)
