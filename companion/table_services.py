"""What the phones at a shared table do: join a seat, enter the Bonus Beats
they were dealt (secret, P2), bid (public, P1), track or type the tricks
(public, P3), score the hand; and what the host does with links and settings.

Like `companion.services`: plain values in, a unit of work, one transaction
per confirmed entry, no rules of their own (`access` says who may,
`live_hand` and the engines say what may be). Each transaction reads the
game once and works on what it read: scoring the hand records the round
through `services.record_round_in`, in the same transaction, on the same
game (no second read). Every function takes `by`, the
`Access` a token resolved to (`Access.host(game_id)` for the host's own app),
and checks it again inside its transaction, so a link revoked a moment ago
can neither write nor read. They raise NotAllowed (with words to show),
StaleEntry (with the current value), GameError and GameNotFound.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping, Protocol

from . import services
from .access import Access, Action, Decision, NotAllowed, Role, TableSettings, check_join, free_seats, may, require
from .errors import GameError, problem
from .host_settings import HostSettings
from .live_hand import LiveHand, SeatBid, StaleEntry
from .own_cards import (ASK_THE_HOST, DEALT_ENTRIES_PER_HAND, clear_blocked, dealt_entry_problems, dealt_to_sort_out,
                        own_flip_problem)
from .services import Game, StoredGame, UnitOfWork


class AccessRepository(Protocol):
    def issue(self, game_id: int, role: Role | str, seat: int | None = None) -> str:
        """A new token; a new link (no seat) replaces the game's live link of that role."""

    def resolve(self, token: str) -> Access | None: ...

    def current(self, access: Access) -> Access | None:
        """`access` if its token is still live."""

    def revoke(self, game_id: int, access_id: int) -> bool: ...

    def list(self, game_id: int) -> list[Access]: ...

    def settings(self, game_id: int) -> TableSettings: ...

    def change_settings(self, game_id: int, settings: TableSettings) -> None: ...

    def rematch(self, game_id: int) -> int | None:
        """The game started as game `game_id`'s rematch, unless it was deleted; else None."""

    def pass_on(self, game_id: int, rematch_id: int) -> None:
        """Game `rematch_id` is game `game_id`'s rematch: the old game's live links
        and phones open the new one from now on, each phone at the same seat number."""


class LiveHandRepository(Protocol):
    def get(self, game_id: int, number: int) -> dict | None:
        """Hand `number`'s entries (`LiveHand.to_dict`), players named as they are called now; None if none."""

    def put(self, game_id: int, number: int, entries: dict) -> None:
        """Keep hand `number`'s entries, replacing what was kept."""


class TableUnitOfWork(UnitOfWork, Protocol):
    """`services.UnitOfWork` with the shared table's links, settings and hands in progress."""

    access: AccessRepository
    live: LiveHandRepository
    host_settings: HostSettings  # this host's own, for every game: where it plays (companion.host_settings)


ENDED = "This link no longer works: the host ended it or made a new one. Scan the host's new code."
OTHER_GAME = "This link is for another game."
DELETED = "This link no longer works: the host deleted this game."


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


# --- links and settings ---------------------------------------------------------
def resolve(token: str, uow: TableUnitOfWork) -> Access | None:
    """What a link's token opens; None for a wrong, old or revoked one."""
    with uow:
        return uow.access.resolve(token)


def issue_link(game_id: int, role: Role | str, uow: TableUnitOfWork, *, by: Access) -> str:
    """A new join (role player) or display link; the old one of that role stops working."""
    with uow:
        checked(uow, game_id, by, Action.MANAGE_TABLE)
        token = uow.access.issue(game_id, Role(role))
        uow.commit()
    return token


def revoke(game_id: int, access_id: int, uow: TableUnitOfWork, *, by: Access) -> bool:
    """End a link or a phone's seat (the seat is free again); False if it had ended."""
    with uow:
        checked(uow, game_id, by, Action.MANAGE_TABLE)
        done = uow.access.revoke(game_id, access_id)
        uow.commit()
    return done


def links(game_id: int, uow: TableUnitOfWork, *, by: Access) -> list[Access]:
    """The game's live links and phones, for the host to see and revoke."""
    with uow:
        checked(uow, game_id, by, Action.MANAGE_TABLE)
        return uow.access.list(game_id)


def change_settings(game_id: int, settings: TableSettings, uow: TableUnitOfWork, *, by: Access) -> None:
    """Set what players may do at the game (the host only)."""
    with uow:
        checked(uow, game_id, by, Action.MANAGE_TABLE)
        uow.access.change_settings(game_id, settings)
        uow.commit()


def join_seat(seat: str, uow: TableUnitOfWork, *, by: Access) -> str:
    """Sit the phone holding join link `by` at `seat` (a player's name);
    returns the phone's own token, which opens only that seat."""
    with uow:
        stored, _, _ = checked(uow, by.game_id, by, Action.JOIN_SEAT)
        players = stored.game.players
        require(check_join(seat, players, _seated(players, uow.access.list(by.game_id))))
        token = uow.access.issue(by.game_id, Role.PLAYER, seat=players.index(seat) + 1)
        uow.commit()
    return token


# --- what a phone sees -------------------------------------------------------------
@dataclass(frozen=True)
class TableState:
    """What every screen of one game reads after a change: the same for all
    of them, so it can be read once (see `view`). Never changed in place."""

    stored: StoredGame
    settings: TableSettings
    hand: LiveHand | None
    links: tuple[Access, ...]  # the game's live links and phones

    @property
    def taken(self) -> list[str]:
        return _seated(self.stored.game.players, self.links)

    def still_live(self, by: Access) -> Access:
        """`by` if its link still opens this game (the host's own always does); else NotAllowed."""
        if by.id is None and by.role is Role.HOST:
            return by
        for link in self.links:
            if link.id == by.id:
                return link
        raise NotAllowed(ENDED)


def view(game_id: int, uow: TableUnitOfWork, *, by: Access, shared: dict | None = None) -> TableView:
    """What the phone holding `by` may see of the game now. `shared`, if
    given, is a dict the caller empties on every write: the game's state,
    its live links with it, is read into it once for all the screens that
    render after a change; each screen's own link is checked against it."""
    if by.game_id != game_id:
        raise NotAllowed(OTHER_GAME)
    state = shared.get(game_id) if shared is not None else None
    if state is None:
        with uow:
            try:
                state = _state(uow, game_id)
            except services.GameNotFound:
                raise NotAllowed(DELETED) from None
        if shared is not None:
            shared[game_id] = state
    current = state.still_live(by)
    own = _seat_name(state.stored.game, current)
    require(may(current.role, Action.VIEW, own_seat=own, settings=state.settings))
    game = seen_game(state.stored, own)
    hand = state.hand if state.hand is None or game is state.stored.game else state.hand.seen_with(game)
    free = tuple(free_seats(state.stored.game.players, state.taken))
    manages = may(current.role, Action.MANAGE_TABLE, own_seat=own, settings=state.settings).allowed
    to_sort = dealt_to_sort_out(state.stored, state.hand) if manages else ((), ())
    return TableView(current, game, state.settings, own, free, hand, dict(hand.bids) if hand else {},
                     state.links if manages else (), own in state.stored.secret_dealt, *to_sort)


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


def _state(uow: TableUnitOfWork, game_id: int) -> TableState:
    stored = uow.games.get(game_id, history=False)  # no screen of the table shows the history
    hand = _live(uow, stored) if _in_play(stored.game) else None
    return TableState(stored, uow.access.settings(game_id), hand, tuple(uow.access.list(game_id)))


# --- the Bonus Beats dealt -------------------------------------------------------------
def enter_dealt(game_id: int, cards: Iterable[str], uow: TableUnitOfWork, *, by: Access) -> Game:
    """The 2 Bonus Beats dealt to the player whose phone holds `by`, entered on
    that phone (B1), secret from every other screen (P2); that phone then offers
    only these. Checked on what that phone may know (companion.own_cards): an
    entry sharing a card with another's is taken too, and the host is told.
    Returns the game as that phone sees it. Raises GameError, NotAllowed."""
    cards = list(cards)
    with uow:
        stored, _, current = checked(uow, game_id, by, Action.ENTER_DEALT)
        game, player = stored.game, _seat_name(stored.game, current)
        hand = _live(uow, stored) if _in_play(game) else None
        found = dealt_entry_problems(game, hand, player, cards)
        if found or hand is None:  # the game is over: `found` says so
            raise GameError(found)
        mine = seen_game(stored, player)
        # On the game without the others' cards: every hand so far checked again, a card flipped stays theirs.
        changed = mine.hiding_dealt(p for p in game.players if p != player).with_dealt(player, cards)
        if set(cards) != set(mine.bonus_beats_dealt.get(player, ())):
            if hand.dealt_entries.get(player, 0) >= DEALT_ENTRIES_PER_HAND:
                raise NotAllowed(ASK_THE_HOST)
            hand.dealt_entries[player] = hand.dealt_entries.get(player, 0) + 1
            uow.live.put(game_id, hand.number, hand.to_dict())
            uow.games.set_dealt(game_id, player, cards, secret=True)
            uow.commit()
    return changed


def clear_dealt(game_id: int, player: str, uow: TableUnitOfWork, *, by: Access) -> None:
    """The host lets `player` enter their dealt Bonus Beats again (their phone asks for
    the 2 cards; their count this hand starts over): how a clash is sorted out."""
    with uow:
        stored, _, _ = checked(uow, game_id, by, Action.MANAGE_TABLE)
        if player not in stored.game.players or not stored.game.takes_bids:
            raise GameError([problem("not at this table", "X1", player=player)])
        hand = _live(uow, stored) if _in_play(stored.game) else None
        if blocked := clear_blocked(stored, hand, player):
            raise GameError([problem(blocked, "B1", player=player)])
        uow.games.set_dealt(game_id, player, [], secret=False)
        if hand is not None:
            hand.dealt_entries.pop(player, None)
            uow.live.put(game_id, hand.number, hand.to_dict())
        uow.commit()


# --- the hand in progress -------------------------------------------------------------
def submit_bid(game_id: int, seat: str, bid: int | None, bonus_beat: str | None, uow: TableUnitOfWork, *,
               by: Access, expected_version: int) -> LiveHand:
    """Enter `seat`'s bid and the Bonus Beat it flipped (both public at once,
    P1); `expected_version` is the seat's version as the phone showed it."""
    def write(hand: LiveHand, own: str | None) -> None:
        # From a player's own phone, on the game as that phone sees it (P2): its words never depend on
        # another player's cards.
        said = own_flip_problem(hand.game, seat, bonus_beat) if seat == own else None
        if said:
            raise GameError([problem(said, "B1", round=hand.number, player=seat)])
        hand.enter_bid(seat, bid, bonus_beat, expected_version=expected_version)

    return _change(game_id, uow, by, Action.ENTER_BID, seat, write)


def enter_count(game_id: int, seat: str, tricks: int, uow: TableUnitOfWork, *, by: Access, expected_version: int,
                off_key_won: int = 0) -> LiveHand:
    """Type the tricks (and Off-Key cards) `seat` won, when tricks are not
    tracked one by one: one shared entry that every phone shows and edits;
    `expected_version` is the seat's count version as the phone showed it."""
    def write(hand: LiveHand, _own) -> None:
        hand.enter_count(seat, tricks, off_key_won, expected_version=expected_version)

    return _change(game_id, uow, by, Action.ENTER_TRICKS, seat, write, typed=True)


def record_trick(game_id: int, winner: str, uow: TableUnitOfWork, *, by: Access, expected_version: int,
                 off_key: int = 0) -> LiveHand:
    """`winner` took the next trick, with `off_key` Off-Key cards in it;
    `expected_version` is the hand's `tricks_version` as the phone showed it."""
    return _change(game_id, uow, by, Action.TRACK_TRICKS, None,
                   lambda hand, _own: hand.record_trick(winner, off_key, expected_version=expected_version))


def undo_trick(game_id: int, uow: TableUnitOfWork, *, by: Access, expected_version: int) -> LiveHand:
    """Take back the last trick recorded."""
    return _change(game_id, uow, by, Action.TRACK_TRICKS, None,
                   lambda hand, _own: hand.undo_trick(expected_version=expected_version))


def score_live_hand(game_id: int, uow: TableUnitOfWork, *, by: Access, expected_version: int,
                    tricks: Mapping[str, int] | None = None, off_key_won: Mapping[str, int] | None = None,
                    author: str = "") -> Game:
    """Record the hand in progress as the game's next round, with the tricks
    tracked, or `tricks` (and `off_key_won`) given per seat, or else the
    counts typed at the table (`enter_count`). `expected_version` is the
    hand's `version` as the phone showed it: a hand changed since is refused
    with StaleEntry, whose `current` is the hand as it is now."""
    with uow:
        stored, settings, current = checked(uow, game_id, by, Action.SCORE_HAND)
        hand = _live(uow, stored)
        if hand.version != expected_version:
            raise StaleEntry(f"hand {hand.number} changed on another phone since you looked; check it and "
                             f"confirm again", hand)
        if tricks is None and not settings.track_tricks and not hand.tricks:
            tricks, off_key_won = hand.typed()
        entered = hand.round_dict(tricks, off_key_won)
        # On the game as read above, in this transaction (it holds the write
        # lock, so no other entry comes between): the round is checked
        # against every rule there, and the game is not read again.
        game = services.record_round_in(stored, entered, uow,
                                        author=author or _seat_name(stored.game, current) or "")
        uow.commit()
    return game


# --- helpers (`checked` is also the rematch's: companion/rematch.py) -------------------
def checked(uow: TableUnitOfWork, game_id: int, by: Access, action: Action,
             seat: str | None = None) -> tuple[StoredGame, TableSettings, Access]:
    """The game (read once, without its history: no table service needs it),
    its settings and `by` as it stands now, if `by` may do `action`."""
    current = uow.access.current(by)
    if current is None:
        raise NotAllowed(ENDED)
    if current.game_id != game_id:
        raise NotAllowed(OTHER_GAME)
    stored = uow.games.get(game_id, history=False)
    settings = uow.access.settings(game_id)
    require(may(current.role, action, own_seat=_seat_name(stored.game, current), seat=seat, settings=settings))
    return stored, settings, current


def _change(game_id: int, uow: TableUnitOfWork, by: Access, action: Action, seat: str | None, write,
            typed: bool = False) -> LiveHand:
    with uow:
        stored, settings, current = checked(uow, game_id, by, action, seat)
        if typed and settings.track_tricks:
            raise NotAllowed("Tricks are tapped one by one in this game, as they are won.")
        own = _seat_name(stored.game, current)
        hand = _live(uow, stored)
        if own is not None:  # a player's phone writes on what it may know (P2)
            hand = hand.seen_with(seen_game(stored, own))
        write(hand, own)
        uow.live.put(game_id, hand.number, hand.to_dict())
        uow.commit()
    return hand


def _in_play(game: Game) -> bool:
    return game.takes_bids and not game.outcome().is_over


def _live(uow: TableUnitOfWork, stored: StoredGame) -> LiveHand:
    """The game's next hand with what was entered for it (raises GameError
    for XYbrid, which has no secret bids, or a finished game)."""
    game = stored.game
    if not game.takes_bids:
        raise GameError([problem("XYbrid rounds have no bids or tricks to enter on phones", "record")])
    return LiveHand.from_dict(game, uow.live.get(stored.id, len(game.hands) + 1) or {})


def _seat_name(game: Game, access: Access) -> str | None:
    return game.players[access.seat - 1] if access.seat is not None else None


def _seated(players: list[str], links: Iterable[Access]) -> list[str]:
    """The players whose seat has a phone."""
    return [players[a.seat - 1] for a in links if a.seat is not None]
