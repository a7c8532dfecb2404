"""The live table state of each game, in memory on the host (issue 26).

A `TableState` is everything the screens of one game read: the game as the
engine holds it, the hand in progress, the table's
settings and its live links. It is never changed in place: a write makes a
new one. `Tables` keeps one per game, for every screen of the host:

- **Loaded once from the store**: the first screen to read a game loads it
  (`state`); every other screen, and every later render, reads the kept one.
- **Changed only after a commit**: a write (companion.table_services) holds
  the game's write turn (`writing`), works on a copy, commits, and only then
  puts the new state (`Writing.put`); a write refused or failed puts nothing,
  so the state stays what the store holds.
- **Forgotten** when a change it cannot follow is made (a round entered or
  corrected on the host's screens, undo, a rename, links, settings, ...):
  `forget(game)`, or `forget()` for a change tied to no game; the next read
  loads it again. A load begun before a put or a forget keeps nothing, so a
  read from before a write is never kept after it.

SQLite stays the truth: each state carries the store's `stamp` as it was
loaded or written. A write compares it with the store's in its own
transaction, and a read at most every RECHECK seconds (one statement), and
either loads the state again if another program changed the game (the
command line's rename, an import, a restore). A restart loads from the
store. Standard library only, as all of companion.
"""
from __future__ import annotations

import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Callable, Hashable, TypeVar

from .access import Access, Action, Decision, NotAllowed, Role, TableSettings, may
from .errors import said
from .games import Game
from .live_hand import LiveHand, SeatBid
from .unit_of_work import StoredGame

T = TypeVar("T")
KEPT = 256  # games kept: more than the tables a host serves at once (a game let go is loaded again)
RECHECK = 2.0  # seconds: how long a read trusts a kept state before it asks the store's stamp again
TURNS = 64  # write turns, shared by game id modulo TURNS: bounded, however many games are written
ENDED = said("This link no longer works: the host ended it or made a new one. Scan the host's new code.")


@dataclass(frozen=True)
class TableView:
    """All one phone may see of a game now. Bids and tricks are public (P1,
    P3); `game` and `hand` hold only this phone's own dealt Bonus Beats (P2:
    the other players' stay out of it, the host's view included)."""

    access: Access
    game: Game
    settings: TableSettings
    own_seat: str | None  # the seated player's name
    free_seats: tuple[str, ...]  # seats no phone sits in yet
    hand: LiveHand | None  # the Xylotar hand in progress; None for XYbrid or a finished game
    bids: dict[str, SeatBid]  # every seat's bid (public the moment it is made)
    links: tuple[Access, ...] = ()  # the game's live links and phones, for whoever manages the table
    dealt_entered: bool = False  # has this phone's player entered the Bonus Beats they were dealt?
    # For whoever manages the table (the host): players whose entries share a card with another's (B1),
    # and those who entered theirs DEALT_ENTRIES_PER_HAND times this hand. Names only, never a card (P2).
    clashing: tuple[str, ...] = ()
    asking: tuple[str, ...] = ()

    def may(self, action: Action, seat: str | None = None) -> Decision:
        return may(self.access.role, action, own_seat=self.own_seat, seat=seat, settings=self.settings)

    @property
    def entered_on_host(self) -> bool:
        """One-phone play: no phone sits at the table and nothing of the hand in
        play is entered at it, so the host enters the hand on their own screen
        (a display says so, not whose bid it waits for)."""
        return (self.hand is not None and self.hand.version == 0
                and set(self.game.players) <= set(self.free_seats))


@dataclass(frozen=True)
class TableState:
    """What every screen of one game reads after a change: the same for all of them."""

    stored: StoredGame  # without its history (the host's screens read it once: views/web/actions.load)
    settings: TableSettings
    hand: LiveHand | None  # the Xylotar hand in progress; None for XYbrid or a finished game
    links: tuple[Access, ...]  # the game's live links and phones
    stamp: Any = None  # the store's stamp as loaded or written (companion.table_services.LiveHandRepository.stamp)
    # What is worked out from the game alone (not the hand): kept while the game is unchanged, so a new
    # hand's state (a trick, a bid) carries it over. Emptied with the game: a score makes a new state.
    by_game: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def taken(self) -> list[str]:
        return seated(self.stored.game.players, self.links)

    def still_live(self, by: Access) -> Access:
        """`by` if its link still opens this game (the host's own always does); else NotAllowed."""
        if by.id is None and by.role is Role.HOST:
            return by
        for link in self.links:
            if link.id == by.id:
                return link
        raise NotAllowed(ENDED)

    def once(self, key: Hashable, work_out: Callable[[], T]) -> T:
        """`work_out()` the first time `key` is asked of this game as it is now; what it gave after that.
        Only for what follows from the game alone (never from the hand in progress)."""
        if key not in self.by_game:
            self.by_game[key] = work_out()
        return self.by_game[key]

    def seen(self, own_seat: str | None = None) -> Game:
        """The game as `own_seat`'s screen may show it (None: every other screen), worked out once (P2)."""
        return self.once(("seen", own_seat), lambda: seen_game(self.stored, own_seat))

    def with_hand(self, hand: LiveHand, stamp: Any) -> "TableState":
        """This state with `hand` (on the whole game) as written, and the store's stamp after it."""
        return TableState(self.stored, self.settings, hand, self.links, stamp, self.by_game)


def seen_game(stored: StoredGame, own_seat: str | None = None) -> Game:
    """The game as one screen may show it (P2): while it is played, the cards
    each player entered on their own phone are left out, but for `own_seat`'s
    own (even an entry the game leaves out because it shares a card with
    another's: that phone is not told). A finished game shows everything the
    record keeps."""
    hidden = [name for name in stored.secret_dealt if name != own_seat]
    own = {own_seat: stored.clashing[own_seat]} if own_seat in stored.clashing else None
    if (not hidden and not own) or stored.game.outcome().is_over:
        return stored.game
    return stored.game.hiding_dealt(hidden, own)


def seated(players: list[str], links) -> list[str]:
    """The players whose seat has a phone."""
    return [players[a.seat - 1] for a in links if a.seat is not None]


class Tables:
    """The live table state of each game the host serves, and the reads tied to no game
    (`host`: where the host plays). Safe to use from the event loop and the writer threads."""

    def __init__(self, kept: int = KEPT, recheck: float = RECHECK) -> None:
        self.kept, self.recheck = kept, recheck
        self._states: OrderedDict[int, tuple[TableState, float]] = OrderedDict()  # game -> (state, checked at)
        self._host: dict[Hashable, Any] = {}
        self._mutex = threading.Lock()
        self._turns = [threading.Lock() for _ in range(TURNS)]
        self._tick = 0  # grows at every put and forget
        self._touched: OrderedDict[int, int] = OrderedDict()  # game -> the tick it was last put or forgotten at
        self._floor = 0  # a load begun before this tick keeps nothing (forget(), or `_touched` trimmed)

    def state(self, game_id: int, load: Callable[[], TableState],
              stamp: Callable[[TableState], Any] | None = None) -> TableState:
        """The kept state of `game_id`, else `load()`, kept unless the game changed meanwhile.
        `stamp(state)`, the store's stamp now, is asked at most every `recheck` seconds: a state
        the store no longer matches (another program wrote) is loaded again."""
        with self._mutex:
            kept = self._states.get(game_id)
            began = self._tick
            if kept is not None:
                self._states.move_to_end(game_id)
                if stamp is None or time.monotonic() - kept[1] <= self.recheck:
                    return kept[0]
        if kept is not None and stamp(kept[0]) == kept[0].stamp:
            with self._mutex:
                if self._states.get(game_id) is kept:
                    self._states[game_id] = (kept[0], time.monotonic())
            return kept[0]
        loaded = load()
        with self._mutex:
            if not self._changed_since(game_id, began):
                self._keep(game_id, loaded)
        return loaded

    def kept_state(self, game_id: int) -> TableState | None:
        with self._mutex:
            kept = self._states.get(game_id)
            return kept[0] if kept is not None else None

    def writing(self, game_id: int) -> "Writing":
        """The game's write turn: `with tables.writing(id) as turn:` ... commit ... `turn.put(state)`."""
        return Writing(self, game_id)

    def forget(self, *game_ids: int) -> None:
        """Let these games' states go (none given: every game's, and the reads tied to no game)."""
        with self._mutex:
            self._tick += 1
            if not game_ids:
                self._states.clear()
                self._host.clear()
                self._floor = self._tick
                return
            for game_id in game_ids:
                self._states.pop(game_id, None)
                self._touch(game_id)

    def host(self, key: Hashable, load: Callable[[], T]) -> T:
        """A read tied to no game (where the host plays), loaded once; `forget()` empties it."""
        with self._mutex:
            if key in self._host:
                return self._host[key]
            began = self._tick
        loaded = load()
        with self._mutex:
            if self._floor <= began:
                self._host[key] = loaded
        return loaded

    def __len__(self) -> int:
        return len(self._states)

    # --- helpers ------------------------------------------------------------------
    def _put(self, game_id: int, state: TableState, began: int) -> None:
        with self._mutex:
            if self._changed_since(game_id, began):  # forgotten meanwhile (a change made beside this write)
                self._states.pop(game_id, None)
            else:
                self._keep(game_id, state)
            self._tick += 1
            self._touch(game_id)

    def _changed_since(self, game_id: int, began: int) -> bool:
        return self._floor > began or self._touched.get(game_id, 0) > began

    def _keep(self, game_id: int, state: TableState) -> None:
        self._states[game_id] = (state, time.monotonic())
        self._states.move_to_end(game_id)
        while len(self._states) > self.kept:
            self._states.popitem(last=False)

    def _touch(self, game_id: int) -> None:
        self._touched[game_id] = self._tick
        self._touched.move_to_end(game_id)
        while len(self._touched) > 4 * self.kept:
            _, tick = self._touched.popitem(last=False)
            self._floor = max(self._floor, tick)


class Writing:
    """One write's turn at a game: writes to the same game take turns (and
    SQLite's write lock); `put` keeps the state the write committed."""

    def __init__(self, tables: Tables, game_id: int) -> None:
        self.tables, self.game_id = tables, game_id
        self._turn = tables._turns[game_id % TURNS]
        self.began = 0

    def __enter__(self) -> "Writing":
        self._turn.acquire()
        with self.tables._mutex:
            self.began = self.tables._tick
        return self

    def __exit__(self, *exc) -> None:
        self._turn.release()

    @property
    def state(self) -> TableState | None:
        """The kept state, if any (the write checks its stamp against the store's)."""
        return self.tables.kept_state(self.game_id)

    def put(self, state: TableState) -> None:
        """After the commit: `state` is the game's now (unless the game was forgotten since the turn began)."""
        self.tables._put(self.game_id, state, self.began)

    def forget(self) -> None:
        self.tables.forget(self.game_id)
