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
can neither write nor read.

With `tables` (companion/table_state.py, the host's one keeper of each
game's live table state), every write keeps that state right: a bid, a
trick or a typed count works on the kept state (checked against the store's
stamp in its transaction: one of its own, `uow.live_write()`, where the store
has one) and writes only the hand's row, in one statement, then keeps the new
state once committed; scoring reads the game from its
rows as before and keeps the state after it; the other writes forget it; `view` reads it (the
store only to load it). They raise NotAllowed (with words), StaleEntry, GameError, GameNotFound.
"""
from __future__ import annotations

import dataclasses
from typing import Iterable, Mapping

from . import services
from .access import Access, Action, NotAllowed, Role, TableSettings, check_join, free_seats, may, require
from .errors import GameError, problem, said
from .live_hand import LiveHand, StaleEntry
from .own_cards import (ASK_THE_HOST, DEALT_ENTRIES_PER_HAND, clear_blocked, dealt_entry_problems, dealt_to_sort_out,
                        own_flip_problem)
from .services import Game, GameNotFound, StoredGame
from .table_state import ENDED, Tables, TableState, TableView, seated, seen_game  # noqa: F401 (named here too)
from .table_store import AccessRepository, LiveHandRepository, LiveWrite, TableUnitOfWork  # noqa: F401 (named here too)


OTHER_GAME = said("This link is for another game.")
DELETED = said("This link no longer works: the host deleted this game.")


# --- links and settings ---------------------------------------------------------
def resolve(token: str, uow: TableUnitOfWork) -> Access | None:
    """What a link's token opens; None for a wrong, old or revoked one."""
    with uow:
        return uow.access.resolve(token)


def issue_link(game_id: int, role: Role | str, uow: TableUnitOfWork, *, by: Access,
               tables: Tables | None = None) -> str:
    """A new join (role player) or display link; the old one of that role stops working."""
    with _turn(tables, game_id) as turn, uow:
        checked(uow, game_id, by, Action.MANAGE_TABLE)
        token = uow.access.issue(game_id, Role(role))
        uow.commit()
        turn.forget()
    return token


def revoke(game_id: int, access_id: int, uow: TableUnitOfWork, *, by: Access, tables: Tables | None = None) -> bool:
    """End a link or a phone's seat (the seat is free again); False if it had ended."""
    with _turn(tables, game_id) as turn, uow:
        checked(uow, game_id, by, Action.MANAGE_TABLE)
        done = uow.access.revoke(game_id, access_id)
        uow.commit()
        turn.forget()
    return done


def links(game_id: int, uow: TableUnitOfWork, *, by: Access) -> list[Access]:
    """The game's live links and phones, for the host to see and revoke."""
    with uow:
        checked(uow, game_id, by, Action.MANAGE_TABLE)
        return uow.access.list(game_id)


def change_settings(game_id: int, settings: TableSettings | Mapping[str, bool], uow: TableUnitOfWork, *,
                    by: Access, tables: Tables | None = None) -> TableSettings:
    """Set what players may do at the game (the host only): `settings` whole, or the fields to change,
    the others as stored when the write runs (two switches tapped back to back both take)."""
    with _turn(tables, game_id) as turn, uow:
        checked(uow, game_id, by, Action.MANAGE_TABLE)
        if not isinstance(settings, TableSettings):
            settings = dataclasses.replace(uow.access.settings(game_id), **settings)
        uow.access.change_settings(game_id, settings)
        uow.commit()
        turn.forget()
    return settings


def join_seat(seat: str, uow: TableUnitOfWork, *, by: Access, tables: Tables | None = None) -> str:
    """Sit the phone holding join link `by` at `seat` (a player's name);
    returns the phone's own token, which opens only that seat."""
    with _turn(tables, by.game_id) as turn, uow:
        stored, _, _ = checked(uow, by.game_id, by, Action.JOIN_SEAT)
        players = stored.game.players
        require(check_join(seat, players, seated(players, uow.access.list(by.game_id))))
        token = uow.access.issue(by.game_id, Role.PLAYER, seat=players.index(seat) + 1)
        uow.commit()
        turn.forget()
    return token


# --- what a phone sees -------------------------------------------------------------
def view(game_id: int, uow: TableUnitOfWork, *, by: Access, tables: Tables | None = None) -> TableView:
    """What the phone holding `by` may see of the game now: from the game's
    live table state kept in `tables` (read in `uow`, a reader, only if none
    is kept); each screen's own link is checked against it."""
    if by.game_id != game_id:
        raise NotAllowed(OTHER_GAME)
    try:
        state = table_state(game_id, uow, tables)
    except GameNotFound:
        raise NotAllowed(DELETED) from None
    try:
        current = state.still_live(by)
    except NotAllowed:
        if tables is None:
            raise
        # A link the kept state does not know may be newer than it (issued by another program, or
        # another host): the store says, once, before the screen is told its link ended.
        tables.forget(game_id)
        try:
            state = table_state(game_id, uow, tables)
        except GameNotFound:
            raise NotAllowed(DELETED) from None
        current = state.still_live(by)
    own = _seat_name(state.stored.game, current)
    require(may(current.role, Action.VIEW, own_seat=own, settings=state.settings))
    game = state.seen(own)
    hand = state.hand if state.hand is None or game is state.stored.game else state.hand.seen_with(game)
    free = tuple(free_seats(state.stored.game.players, state.taken))
    manages = may(current.role, Action.MANAGE_TABLE, own_seat=own, settings=state.settings).allowed
    to_sort = dealt_to_sort_out(state.stored, state.hand) if manages else ((), ())
    return TableView(current, game, state.settings, own, free, hand, dict(hand.bids) if hand else {},
                     state.links if manages else (), own in state.stored.secret_dealt, *to_sort)


def table_state(game_id: int, uow: TableUnitOfWork, tables: Tables | None = None) -> TableState:
    """The game's live table state (companion.table_state): the one kept in
    `tables`, else read in `uow` (a reader) and kept. Raises GameNotFound."""
    def load() -> TableState:
        with uow:
            return _state(uow, game_id)

    def stamp(state: TableState) -> object:
        with uow:
            return uow.live.stamp(game_id, state.hand.number if state.hand is not None else None)

    return tables.state(game_id, load, stamp) if tables is not None else load()


def _state(uow: TableUnitOfWork, game_id: int, stored: StoredGame | None = None,
           settings: TableSettings | None = None) -> TableState:
    """The game's table state as `uow` reads it (`stored`, `settings`: as already read in it)."""
    stored = stored or uow.games.get(game_id, history=False)  # no screen of the table shows the history
    hand = _live(uow, stored) if _in_play(stored.game) else None
    return TableState(stored, settings or uow.access.settings(game_id), hand, tuple(uow.access.list(game_id)),
                      uow.live.stamp(game_id, hand.number if hand is not None else None))


# --- the Bonus Beats dealt -------------------------------------------------------------
def enter_dealt(game_id: int, cards: Iterable[str], uow: TableUnitOfWork, *, by: Access,
                tables: Tables | None = None) -> Game:
    """The 2 Bonus Beats dealt to the player whose phone holds `by`, entered on
    that phone (B1), secret from every other screen (P2); that phone then offers
    only these. Checked on what that phone may know (companion.own_cards): an
    entry sharing a card with another's is taken too, and the host is told.
    Returns the game as that phone sees it. Raises GameError, NotAllowed."""
    cards = list(cards)
    with _turn(tables, game_id) as turn, uow:
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
            turn.forget()
    return changed


def clear_dealt(game_id: int, player: str, uow: TableUnitOfWork, *, by: Access, tables: Tables | None = None) -> None:
    """The host lets `player` enter their dealt Bonus Beats again (their phone asks for
    the 2 cards; their count this hand starts over): how a clash is sorted out."""
    with _turn(tables, game_id) as turn, uow:
        stored, _, _ = checked(uow, game_id, by, Action.MANAGE_TABLE)
        if player not in stored.game.players or not stored.game.takes_bids:
            raise GameError([problem(said("not at this table"), "X1", player=player)])
        hand = _live(uow, stored) if _in_play(stored.game) else None
        if blocked := clear_blocked(stored, hand, player):
            raise GameError([problem(blocked, "B1", player=player)])
        uow.games.set_dealt(game_id, player, [], secret=False)
        if hand is not None:
            hand.dealt_entries.pop(player, None)
            uow.live.put(game_id, hand.number, hand.to_dict())
        uow.commit()
        turn.forget()


# --- the hand in progress -------------------------------------------------------------
def submit_bid(game_id: int, seat: str, bid: int | None, bonus_beat: str | None, uow: TableUnitOfWork, *,
               by: Access, expected_version: int, tables: Tables | None = None) -> LiveHand:
    """Enter `seat`'s bid and the Bonus Beat it flipped (both public at once,
    P1); `expected_version` is the seat's version as the phone showed it."""
    def write(hand: LiveHand, own: str | None) -> None:
        # From a player's own phone, on the game as that phone sees it (P2): its words never depend on
        # another player's cards.
        said = own_flip_problem(hand.game, seat, bonus_beat) if seat == own else None
        if said:
            raise GameError([problem(said, "B1", round=hand.number, player=seat)])
        hand.enter_bid(seat, bid, bonus_beat, expected_version=expected_version)

    return _change(game_id, uow, by, Action.ENTER_BID, seat, write, tables=tables)


def enter_count(game_id: int, seat: str, tricks: int, uow: TableUnitOfWork, *, by: Access, expected_version: int,
                off_key_won: int = 0, tables: Tables | None = None) -> LiveHand:
    """Type the tricks (and Off-Key cards) `seat` won, when tricks are not
    tracked one by one: one shared entry that every phone shows and edits;
    `expected_version` is the seat's count version as the phone showed it."""
    def write(hand: LiveHand, _own) -> None:
        hand.enter_count(seat, tricks, off_key_won, expected_version=expected_version)

    return _change(game_id, uow, by, Action.ENTER_TRICKS, seat, write, typed=True, tables=tables)


def record_trick(game_id: int, winner: str, uow: TableUnitOfWork, *, by: Access, expected_version: int,
                 off_key: int = 0, tables: Tables | None = None) -> LiveHand:
    """`winner` took the next trick, with `off_key` Off-Key cards in it;
    `expected_version` is the hand's `tricks_version` as the phone showed it."""
    return _change(game_id, uow, by, Action.TRACK_TRICKS, None,
                   lambda hand, _own: hand.record_trick(winner, off_key, expected_version=expected_version),
                   tables=tables)


def undo_trick(game_id: int, uow: TableUnitOfWork, *, by: Access, expected_version: int,
               tables: Tables | None = None) -> LiveHand:
    """Take back the last trick recorded."""
    return _change(game_id, uow, by, Action.TRACK_TRICKS, None,
                   lambda hand, _own: hand.undo_trick(expected_version=expected_version), tables=tables)


def score_live_hand(game_id: int, uow: TableUnitOfWork, *, by: Access, expected_version: int,
                    tricks: Mapping[str, int] | None = None, off_key_won: Mapping[str, int] | None = None,
                    author: str = "", tables: Tables | None = None) -> Game:
    """Record the hand in progress as the game's next round, with the tricks
    tracked, or `tricks` (and `off_key_won`) given per seat, or else the
    counts typed at the table (`enter_count`). `expected_version` is the
    hand's `version` as the phone showed it: a hand changed since is refused
    with StaleEntry, whose `current` is the hand as it is now. The game's
    table state is read again in the same transaction and kept once committed."""
    with _turn(tables, game_id) as turn, uow:
        stored, settings, current = checked(uow, game_id, by, Action.SCORE_HAND)
        hand = _live(uow, stored)
        if hand.version != expected_version:
            raise StaleEntry(said("hand {number} changed on another phone since you looked; check it and confirm "
                                  "again", number=hand.number), hand)
        if tricks is None and not settings.track_tricks and not hand.tricks:
            tricks, off_key_won = hand.typed()
        entered = hand.round_dict(tricks, off_key_won)
        # On the game as read above, in this transaction (it holds the write
        # lock, so no other entry comes between): the round is checked
        # against every rule there, and the game is not read again.
        game = services.record_round_in(stored, entered, uow,
                                        author=author or _seat_name(stored.game, current) or "")
        after = _state(uow, game_id, stored, settings)  # `stored.game` is the game with the hand now
        uow.commit()
        turn.put(after)
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
            typed: bool = False, tables: Tables | None = None) -> LiveHand:
    """A bid, a trick or a typed count: on the game's kept table state, if the
    store's stamp says it is the store's still (checked in this transaction,
    which holds the write lock; else the state is read again here); the hand's
    row written in one statement; the new state kept once it is committed."""
    with _turn(tables, game_id) as turn:
        state = turn.state
        live = uow.live_write() if state is not None and state.hand is not None else None
        if live is not None:  # the hand in play of a kept state: in a transaction of its own, if still the store's
            with live:
                if live.stamp(game_id, state.hand.number) == state.stamp:
                    return _stored(turn, state, lambda: state.hand, live, live.commit, game_id, by, action, seat,
                                   write, typed)
        with uow:
            if state is None or state.hand is None or uow.live.stamp(game_id, state.hand.number) != state.stamp:
                if state is not None:  # behind the store (another host's write not heard yet): read again, even
                    turn.forget()      # if this write is refused
                state = _state(uow, game_id)
            return _stored(turn, state, lambda: state.hand or _live(uow, state.stored), uow.live, uow.commit,
                           game_id, by, action, seat, write, typed)


def _stored(turn, state: TableState, in_play, live: LiveHandRepository | LiveWrite, commit, game_id: int,
            by: Access, action: Action, seat: str | None, write, typed: bool) -> LiveHand:
    """`write` made, if `by` may, on a copy of the hand `in_play()` (never the kept one; from a
    player's phone, on the game as that phone may know it, P2), its row written through `live`
    and committed; the new state kept in `turn` (a finished game's hand is not kept)."""
    if by.game_id != game_id:
        raise NotAllowed(OTHER_GAME)
    current = state.still_live(by)
    own = _seat_name(state.stored.game, current)
    require(may(current.role, action, own_seat=own, seat=seat, settings=state.settings))
    if typed and state.settings.track_tricks:
        raise NotAllowed(said("Tricks are tapped one by one in this game, as they are won."))
    hand = in_play().seen_with(state.seen(own) if own is not None else state.stored.game)
    write(hand, own)
    stamp = live.update(game_id, hand.number, hand.to_dict(), names=state.stored.game.players, stamp=state.stamp)
    commit()
    if state.hand is None:
        turn.forget()
    else:  # the kept hand is on the whole game: the copy written, if it is on it too
        turn.put(state.with_hand(hand if hand.game is state.stored.game else hand.seen_with(state.stored.game),
                                 stamp))
    return hand


def _turn(tables: Tables | None, game_id: int):
    """The game's write turn in `tables` (none: a keeper of this write's own, which keeps nothing for later)."""
    return (tables if tables is not None else Tables()).writing(game_id)


def _in_play(game: Game) -> bool:
    return game.takes_bids and not game.outcome().is_over


def _live(uow: TableUnitOfWork, stored: StoredGame) -> LiveHand:
    """The game's next hand with what was entered for it (raises GameError
    for XYbrid, which has no secret bids, or a finished game)."""
    game = stored.game
    if not game.takes_bids:
        raise GameError([problem(said("XYbrid rounds have no bids or tricks to enter on phones"), "record")])
    return LiveHand.from_dict(game, uow.live.get(stored.id, len(game.hands) + 1) or {})


def _seat_name(game: Game, access: Access) -> str | None:
    return game.players[access.seat - 1] if access.seat is not None else None
