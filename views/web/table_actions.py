"""Every read and write the shared table's screens make, through
companion.table_services; after each write the sessions showing its game
re-render (a revoked phone's next render finds its token ended)."""
from __future__ import annotations

from typing import Callable

from companion import rematch as rematches
from companion import table_services as ts
from companion.access import Access, NotAllowed, Role, TableSettings

from ..hosting import HostRun
from ..state import Shared
from . import writes
from ..i18n import N_
from .leaves import BID, SCORED, TRICK

# Said in the session's language where it is shown (views/screens/link_pages.py's LinkEnded).
WRONG_LINK = N_("This link does not open any game. It may be old or mistyped: "
                "scan the code the host shows now.")


def _done(shared: Shared, result, *games: int, what=None, kept: bool = True):
    """Tell the sessions showing `games` (what changed, if only a trick or a
    bid) and return `result`. `kept`: the write kept the games' table states
    right itself (every table service does, in `shared.tables`); else they
    are forgotten, and read again."""
    writes.changed(shared, *games, what=what, kept=kept)  # on the event loop, when run by writes.send
    return result


def open_token(shared: Shared, token: str, fits: Callable[[ts.TableView], bool] = lambda seen: True
               ) -> ts.TableView:
    """What a phone's or the display's token shows now; raises NotAllowed
    with the words to show for a wrong, old or revoked token, or for one that
    is not the kind of link this screen opens (`fits`)."""
    access = opened(shared, token)
    if access is None:
        raise NotAllowed(WRONG_LINK)
    seen = ts.view(access.game_id, shared.store.reader(), by=access, tables=shared.tables)
    if not fits(seen):
        raise NotAllowed(WRONG_LINK)
    return seen


def opened(shared: Shared, token: str) -> Access | None:
    """What `token` opened when it was first seen working, or None. What a
    token opens changes only in a rematch (which forgets what it opened, see
    `rematch`), so it is kept; whether it still opens it, the game's live
    links say (`ts.view` checks them on every read)."""
    access = shared.tokens.get(token)
    if access is None:
        access = ts.resolve(token, shared.store.reader())
        if access is not None:
            shared.tokens[token] = access
    return access


def host_view(shared: Shared, game_id: int) -> ts.TableView:
    return ts.view(game_id, shared.store.reader(), by=Access.host(game_id), tables=shared.tables)


def join(shared: Shared, access: Access, seat: str) -> str:
    """Sit at `seat`; returns the phone's own token."""
    return _done(shared, ts.join_seat(seat, shared.store.uow(), by=access, tables=shared.tables), access.game_id)


def bid(shared: Shared, access: Access, seat: str, value: int | None, bonus_beat: str | None, version: int):
    return _done(shared, ts.submit_bid(access.game_id, seat, value, bonus_beat, shared.store.uow(), by=access,
                                       expected_version=version, tables=shared.tables), access.game_id, what=BID)


def dealt(shared: Shared, access: Access, cards: list[str]):
    """The Bonus Beats this phone's player was dealt, entered secretly."""
    return _done(shared, ts.enter_dealt(access.game_id, cards, shared.store.uow(), by=access, tables=shared.tables),
                 access.game_id)


def clear_dealt(shared: Shared, game_id: int, player: str) -> None:
    """The host lets `player` enter their Bonus Beats again (a mistaken entry, or past the limit)."""
    _done(shared, ts.clear_dealt(game_id, player, shared.store.uow(), by=Access.host(game_id),
                                 tables=shared.tables), game_id)


def count(shared: Shared, access: Access, seat: str, tricks: int, off_key_won: int, version: int):
    """`seat`'s tricks typed, the shared entry every phone shows."""
    return _done(shared, ts.enter_count(access.game_id, seat, tricks, shared.store.uow(), by=access,
                                        expected_version=version, off_key_won=off_key_won, tables=shared.tables),
                 access.game_id)


def trick(shared: Shared, access: Access, winner: str, off_key: int, version: int):
    return _done(shared, ts.record_trick(access.game_id, winner, shared.store.uow(), by=access,
                                         expected_version=version, off_key=off_key, tables=shared.tables),
                 access.game_id, what=TRICK)


def undo_trick(shared: Shared, access: Access, version: int):
    return _done(shared, ts.undo_trick(access.game_id, shared.store.uow(), by=access, expected_version=version,
                                     tables=shared.tables),
                 access.game_id, what=TRICK)


def score(shared: Shared, access: Access, version: int, tricks=None, off_key_won=None):
    return _done(shared, ts.score_live_hand(access.game_id, shared.store.uow(), by=access,
                                            expected_version=version, tricks=tricks, off_key_won=off_key_won,
                                            tables=shared.tables),
                 access.game_id, what=SCORED)


# --- the host's links --------------------------------------------------------------
def make_link(shared: Shared, run: HostRun, game_id: int, role: Role) -> str:
    """A new join or display link (the old one stops working); kept in memory to show its code."""
    token = ts.issue_link(game_id, role, shared.store.uow(), by=Access.host(game_id), tables=shared.tables)
    run.remember(game_id, role.value, token)
    return _done(shared, token, game_id)


def revoke(shared: Shared, run: HostRun, link: Access) -> None:
    """End a link or a phone: its screens show that it ended."""
    ts.revoke(link.game_id, link.id, shared.store.uow(), by=Access.host(link.game_id), tables=shared.tables)
    if link.seat is None:
        run.forget(link.game_id, link.role.value)
    _done(shared, None, link.game_id)


def change_settings(shared: Shared, game_id: int, settings: TableSettings | dict[str, bool]) -> TableSettings:
    return _done(shared, ts.change_settings(game_id, settings, shared.store.uow(), by=Access.host(game_id),
                                           tables=shared.tables), game_id)


# --- a rematch ---------------------------------------------------------------------------
def rematch(shared: Shared, run: HostRun, game_id: int) -> int:
    """Start finished game `game_id`'s rematch (or give the one started); its
    codes, phones and display follow into it: the codes this run shows are
    the new game's now, and the tokens are opened afresh on their next read."""
    rematch_id = rematches.start_rematch(game_id, shared.store.uow(), by=Access.host(game_id))
    for role in (Role.PLAYER, Role.DISPLAY):
        token = run.token(game_id, role.value)
        if token is not None:
            run.remember(rematch_id, role.value, token)
            run.forget(game_id, role.value)
    for token, access in list(shared.tokens.items()):
        if access.game_id == game_id:
            shared.tokens.pop(token, None)
    return _done(shared, rematch_id, game_id, rematch_id, kept=False)  # the phones of `game_id` move to the rematch


def rematch_of(shared: Shared, game_id: int) -> int | None:
    """The rematch started from game `game_id`, if any."""
    return rematches.rematch_of(game_id, shared.store.reader())
