"""The Xylotar hand being played, before it is scored: the bids (public the
moment they are made, P1), each trick as it is won or, instead, each seat's
tricks typed when the hand ends (public too, P3).

A `LiveHand` is built from its game (which gives the hand's number, its
leader and the table) and what was entered so far. Each seat's bid entry
carries a version, and so does the list of tricks: a write names the version
it saw, and one made on a stale view raises `StaleEntry` carrying the current
value, so a phone that lost a race is told what the other one entered.

Every screen at the table sees every bid, `who_has_bid` and the typed
counts. Scoring turns the hand into the record-format round that
`companion.services.record_round` takes, so the table never adds anything up.

Seats are named as the engine names them: players by name, the side players
of a 2-player game (X9) as "left side player" and "right side player".
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from . import record
from .errors import EnteredElsewhere, GameError, Listed, Problem, problem, said, said_n
from .players import shown
from .xylotar import SIDE_PLAYERS, Hand, SeatEntry, Xylotar, limits
from .xylotar.bonus_beats import BY_ID, NO_BID
from .xylotar.hand import is_count, side_player_name


@dataclass(frozen=True)
class SeatBid:
    """One seat's secret bid and the Bonus Beat it flipped; `version` counts
    the writes to it (0: nothing entered yet)."""

    bid: int | None = None
    bonus_beat: str | None = None
    version: int = 0

    @property
    def entered(self) -> bool:
        """Has this seat bid? (The 'no bid' Bonus Beat counts as bidding.)"""
        return self.version > 0 and (self.bid is not None or self.bonus_beat == NO_BID)


@dataclass(frozen=True)
class SeatCount:
    """One seat's tricks and Off-Key cards won, typed when the hand ends
    (the same shared entry on every phone); `version` counts the writes to it."""

    tricks: int = 0
    off_key_won: int = 0
    version: int = 0


@dataclass(frozen=True)
class Trick:
    """One trick as it was won: by which seat, with how many Off-Key cards in it."""

    winner: str
    off_key: int = 0


class StaleEntry(EnteredElsewhere):
    """A write made on an out-of-date view; `current` is the value now stored
    (a SeatBid for a bid, a SeatCount for a seat's typed tricks, the tuple of
    tricks for the tricks, the LiveHand for a confirmation of the whole hand)."""

    def __init__(self, message: str, current: "SeatBid | SeatCount | tuple[Trick, ...] | LiveHand"):
        self.current = current
        super().__init__(message)


TRACKED = said("tricks were tracked in this hand; undo them to type the counts instead")


class LiveHand:
    """The next hand of `game`, with the bids and tricks entered so far."""

    def __init__(self, game: Xylotar, bids: Mapping[str, SeatBid] | None = None,
                 tricks: Iterable[Trick] = (), tricks_version: int = 0,
                 counts: Mapping[str, SeatCount] | None = None, dealt_entries: Mapping[str, int] | None = None):
        if game.outcome().is_over:
            raise GameError([problem(said("the game is over; no more hands are played"), "X8",
                                     round=len(game.hands) + 1)])
        self.game = game
        self.number = len(game.hands) + 1
        sides = tuple(side_player_name(side) for side in SIDE_PLAYERS) if game.deal.players == 2 else ()
        self.seats: tuple[str, ...] = tuple(game.players) + sides
        bids = dict(bids or {})
        unknown = set(bids) - set(self.seats)
        if unknown:
            raise ValueError(said("bids for seats not at this table: {seats}", seats=sorted(unknown)))
        self.bids: dict[str, SeatBid] = {seat: bids.get(seat, SeatBid()) for seat in self.seats}
        self.tricks: list[Trick] = list(tricks)
        self.tricks_version = tricks_version
        counts = dict(counts or {})
        unknown = set(counts) - set(self.seats)
        if unknown:
            raise ValueError(said("tricks typed for seats not at this table: {seats}", seats=sorted(unknown)))
        self.counts: dict[str, SeatCount] = {seat: counts.get(seat, SeatCount()) for seat in self.seats}
        # How often each player entered their dealt Bonus Beats this hand (companion.table_services.enter_dealt).
        self.dealt_entries: dict[str, int] = {name: n for name, n in (dealt_entries or {}).items() if n}

    def seen_with(self, game: Xylotar) -> "LiveHand":
        """The same entries as the next hand of `game` (the game as one screen may show it)."""
        return LiveHand(game, self.bids, self.tricks, self.tricks_version, self.counts, self.dealt_entries)

    # --- what everyone may see ---------------------------------------------
    @property
    def version(self) -> int:
        """Grows with every write to the hand: a confirmation names the one it saw."""
        return (sum(entry.version for entry in self.bids.values()) + self.tricks_version
                + sum(count.version for count in self.counts.values()))

    @property
    def leader(self) -> str:
        """Who leads the hand's first trick (X6, X7; X9 at 2 players)."""
        return self.game.next_leader()

    def who_has_bid(self) -> dict[str, bool]:
        """Per seat, whether it has bid: all a display shows before scoring."""
        return {seat: entry.entered for seat, entry in self.bids.items()}

    @property
    def everyone_has_bid(self) -> bool:
        return all(self.who_has_bid().values())

    @property
    def tricks_per_hand(self) -> int:
        return self.game.deal.tricks_per_hand

    @property
    def tricks_played(self) -> int:
        return len(self.tricks)

    def tricks_won(self) -> dict[str, int]:
        """Tricks each seat has won so far (tracked tricks only)."""
        won = {seat: 0 for seat in self.seats}
        for trick in self.tricks:
            won[trick.winner] += 1
        return won

    def off_key_won(self) -> dict[str, int]:
        """Off-Key cards each seat has won so far in tracked tricks."""
        won = {seat: 0 for seat in self.seats}
        for trick in self.tricks:
            won[trick.winner] += trick.off_key
        return won

    def off_key_typed(self, seat: str) -> int:
        """The Off-Key cards typed as won by the seats other than `seat`."""
        return sum(count.off_key_won for other, count in self.counts.items() if other != seat)

    def most_off_key(self, seat: str, tricks: int) -> int:
        """O3: the most Off-Key cards `seat` may be typed as winning with `tricks` tricks."""
        return limits.off_key(self.game.deal, self.game.off_key, tricks, self.off_key_typed(seat))

    def most_off_key_in_trick(self) -> int:
        """O3: the most Off-Key cards the next tracked trick may hold."""
        return limits.off_key_in_trick(self.game.deal, self.game.off_key, sum(self.off_key_won().values()))

    def next_to_lead(self) -> str | None:
        """Who leads the next trick: the hand's leader, then each trick's
        winner; None once every trick is played."""
        if self.tricks_played >= self.tricks_per_hand:
            return None
        return self.tricks[-1].winner if self.tricks else self.leader

    @property
    def tricks_typed(self) -> int:
        """The tricks typed so far, over every seat."""
        return sum(count.tricks for count in self.counts.values())

    @property
    def counts_add_up(self) -> bool:
        """Do the typed tricks add up to the hand's (X3)? Seats not typed took 0."""
        return self.tricks_typed == self.tricks_per_hand

    def flipped(self) -> dict[str, str]:
        """The Bonus Beat each seat flipped with its bid this hand (public, P2), for `flips.flippable`."""
        return {seat: bid.bonus_beat for seat, bid in self.bids.items() if bid.entered and bid.bonus_beat}

    def bids_of(self, seats: Iterable[str]) -> dict[str, SeatBid]:
        """The bids of `seats` only: for the phones allowed to see them."""
        return {seat: self.bids[seat] for seat in seats if seat in self.bids}

    # --- entering ------------------------------------------------------------
    def enter_bid(self, seat: str, bid: int | None, bonus_beat: str | None, *, expected_version: int) -> SeatBid:
        """Set `seat`'s bid and Bonus Beat (None for none). Raises StaleEntry
        if the seat's version is not `expected_version`, GameError if the bid
        breaks a rule (X4, B1, B2, B5)."""
        self._check_seat(seat)
        current = self.bids[seat]
        if current.version != expected_version:
            raise StaleEntry(said("{seat}'s bid was changed on another phone meanwhile; it is now {now}",
                                  seat=seat, now=_said(current)), current)
        found = self._bid_problems(seat, SeatEntry(bid, 0, bonus_beat))
        if found:
            raise GameError(found)
        self.bids[seat] = SeatBid(bid, bonus_beat, current.version + 1)
        return self.bids[seat]

    def enter_count(self, seat: str, tricks: int, off_key_won: int = 0, *, expected_version: int) -> SeatCount:
        """Set the tricks (and Off-Key cards) `seat` won, typed when the hand
        ends. Raises StaleEntry if the seat's count changed since
        `expected_version`, GameError if it cannot be (X3, O3)."""
        self._check_seat(seat)
        current = self.counts[seat]
        if current.version != expected_version:
            raise StaleEntry(said("{seat}'s tricks were changed on another phone meanwhile; they are now {tricks}",
                                  seat=seat, tricks=current.tricks), current)
        where = {"round": self.number, "player": seat}
        found: list[Problem] = []
        if self.tricks:
            found.append(problem(TRACKED, "X3", round=self.number))
        if not is_count(tricks) or tricks not in limits.tricks(self.game.deal):
            found.append(problem(said("tricks won must be 0 to {most}, not {tricks}", most=self.tricks_per_hand,
                                      tricks=shown(tricks)), "X3", **where))
        # O3, said as scoring the hand says it: this seat's cards, then all the seats' together.
        found += limits.off_key_problems(self.game.deal, self.game.off_key, tricks, off_key_won, where)
        if not found:
            found += limits.off_key_total_problems(self.game.deal, off_key_won + self.off_key_typed(seat),
                                                   {"round": self.number})
        if found:
            raise GameError(found)
        self.counts[seat] = SeatCount(tricks, off_key_won, current.version + 1)
        return self.counts[seat]

    def typed(self) -> tuple[dict[str, int], dict[str, int]]:
        """The typed counts as `round_dict` takes them: tricks, Off-Key cards won."""
        return ({seat: count.tricks for seat, count in self.counts.items()},
                {seat: count.off_key_won for seat, count in self.counts.items()})

    def record_trick(self, winner: str, off_key: int = 0, *, expected_version: int) -> Trick:
        """Add the next trick, won by `winner` with `off_key` Off-Key cards in it.
        Raises StaleEntry if the tricks changed since `expected_version`,
        GameError if the trick cannot be (X3, O3)."""
        self._check_tricks_version(expected_version)
        self._check_seat(winner)
        where = {"round": self.number}
        found: list[Problem] = []
        if self.tricks_played >= self.tricks_per_hand:
            found.append(problem(said("all {count} tricks of this hand are recorded", count=self.tricks_per_hand), "X3",
                                 **where))
        if not is_count(off_key) or off_key < 0:
            found.append(problem(said("Off-Key cards in a trick must be 0 or more, not {count}", count=shown(off_key)), "O3",
                                 **where))
        elif off_key and not self.game.off_key:
            found.append(problem(said("Off-Key cards in a trick, but this game is played without Off-Key"), "O3", **where))
        elif off_key > self.game.deal.seats:
            found.append(problem(said("a trick has {seats} cards, so it cannot hold {count} Off-Key cards",
                                      seats=self.game.deal.seats, count=off_key), "O3", **where))
        else:
            found += limits.off_key_total_problems(self.game.deal, sum(self.off_key_won().values()) + off_key, where)
        if found:
            raise GameError(found)
        trick = Trick(winner, off_key)
        self.tricks.append(trick)
        self.tricks_version += 1
        return trick

    def undo_trick(self, *, expected_version: int) -> Trick:
        """Take back the last trick recorded. Raises StaleEntry as record_trick
        does, GameError if no trick is recorded."""
        self._check_tricks_version(expected_version)
        if not self.tricks:
            raise GameError([problem(said("no trick is recorded in this hand yet"), "X3", round=self.number)])
        self.tricks_version += 1
        return self.tricks.pop()

    def _check_seat(self, seat: str) -> None:
        if seat not in self.bids:
            raise GameError([problem(said("not at this table"), "X1", round=self.number, player=seat)])

    def _check_tricks_version(self, expected_version: int) -> None:
        if expected_version != self.tricks_version:
            done = Listed(said("{number} {winner}", number=i, winner=t.winner)
                          for i, t in enumerate(self.tricks, start=1)) or said("none")
            raise StaleEntry(said("the tricks were changed on another phone meanwhile; tricks now: {done}", done=done),
                             tuple(self.tricks))

    def _bid_problems(self, seat: str, entry: SeatEntry) -> list[Problem]:
        """What the engine would say about `seat` making this bid: the hand
        with every other seat as entered so far (or bidding 0), checked as the
        game's next hand, keeping only this seat's problems. The trial's
        tricks add up (X3) because the engine checks a hand's Bonus Beats
        against the game only once the hand is sound on its own."""
        trial = {other: SeatEntry(bid.bid, 0, bid.bonus_beat) if bid.entered else SeatEntry(0, 0)
                 for other, bid in self.bids.items()}
        trial[seat] = entry
        first = self.seats[0]
        trial[first] = SeatEntry(trial[first].bid, self.tricks_per_hand, trial[first].bonus_beat)
        found = self.game.check(_hand(self.game, trial))
        return [p for p in found if p.player == seat and p.rule != "X3"]

    # --- scoring ---------------------------------------------------------------
    def round_dict(self, tricks: Mapping[str, int] | None = None,
                   off_key_won: Mapping[str, int] | None = None) -> dict:
        """The hand as a record-format round for `services.record_round`: the
        bids entered, with the tricks tracked, or else `tricks` (and
        `off_key_won`) typed per seat. Raises GameError naming each seat that
        has not bid, or the tricks still missing; the rules themselves are
        checked when the round is recorded."""
        where = {"round": self.number}
        found = [problem(said("has not bid yet"), "X4", player=seat, **where)
                 for seat, entered in self.who_has_bid().items() if not entered]
        if tricks is None:
            if self.tricks_played < self.tricks_per_hand:
                found.append(problem(said_n("{played} of {count} trick recorded; record the rest, or type each seat's "
                                            "tricks", "{played} of {count} tricks recorded; record the rest, or type "
                                            "each seat's tricks", "count", played=self.tricks_played,
                                            count=self.tricks_per_hand), "X3", **where))
            tricks, off_key_won = self.tricks_won(), self.off_key_won()
        elif self.tricks:
            found.append(problem(TRACKED, "X3", **where))
        else:
            found += [problem(said("no tricks entered"), "X3", player=seat, **where)
                      for seat in self.seats if seat not in tricks]
        if found:
            raise GameError(found)
        off_key_won = off_key_won or {}
        seats = {seat: SeatEntry(self.bids[seat].bid, tricks[seat], self.bids[seat].bonus_beat,
                                 off_key_won.get(seat, 0)) for seat in self.seats}
        return record.round_to_dict(_hand(self.game, seats))

    # --- storing -----------------------------------------------------------------
    def to_dict(self) -> dict:
        """What to store: the entries (the hand's number and leader follow from the game)."""
        return {"bids": {seat: {"bid": entry.bid, "bonus_beat": entry.bonus_beat, "version": entry.version}
                         for seat, entry in self.bids.items() if entry.version},
                "tricks": [{"winner": trick.winner, "off_key": trick.off_key} for trick in self.tricks],
                "tricks_version": self.tricks_version,
                "counts": {seat: {"tricks": count.tricks, "off_key_won": count.off_key_won, "version": count.version}
                           for seat, count in self.counts.items() if count.version},
                "dealt_entries": dict(self.dealt_entries)}

    @classmethod
    def from_dict(cls, game: Xylotar, data: Mapping[str, Any]) -> "LiveHand":
        """The hand `to_dict` stored, as the next hand of `game`."""
        bids = {seat: SeatBid(value["bid"], value["bonus_beat"], value["version"])
                for seat, value in data.get("bids", {}).items()}
        tricks = [Trick(value["winner"], value["off_key"]) for value in data.get("tricks", [])]
        counts = {seat: SeatCount(value["tricks"], value["off_key_won"], value["version"])
                  for seat, value in data.get("counts", {}).items()}
        return cls(game, bids, tricks, data.get("tricks_version", 0), counts, data.get("dealt_entries"))


def rename_seats(data: Mapping[str, Any], names: Mapping[str, str]) -> dict:
    """`data` from `to_dict` with each seat renamed by `names` (seats it does
    not name keep theirs): the store keeps players by seat number."""
    return {**data,
            "bids": {names.get(seat, seat): value for seat, value in data.get("bids", {}).items()},
            "counts": {names.get(seat, seat): value for seat, value in data.get("counts", {}).items()},
            "dealt_entries": {names.get(seat, seat): n for seat, n in data.get("dealt_entries", {}).items()},
            "tricks": [{**trick, "winner": names.get(trick["winner"], trick["winner"])}
                       for trick in data.get("tricks", [])]}


def _hand(game: Xylotar, seats: Mapping[str, SeatEntry]) -> Hand:
    sides = {side: seats[side_player_name(side)] for side in SIDE_PLAYERS if side_player_name(side) in seats}
    return Hand({name: seats[name] for name in game.players}, sides)


def _said(entry: SeatBid) -> str:
    if not entry.entered:
        return said("not entered")
    bid = said("no bid") if entry.bid is None else said("bid {bid}", bid=entry.bid)
    card = BY_ID.get(entry.bonus_beat) if entry.bonus_beat and entry.bonus_beat != NO_BID else None
    return said("{bid} with the {face} card", bid=bid, face=card.face) if card else bid  # its face, never its id
