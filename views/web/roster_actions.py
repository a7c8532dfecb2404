"""The roster's reads and writes for the players screen, through
companion.services (the one write path); after each write every open
session is told to re-render (`writes.changed`), so a new name or a merge
shows at once on every screen: the history, the statistics, a phone's seat.

Run the writes with `saving.use_send` (views/web/writes.py): never on the
event loop. Each raises the store's RosterError (a ValueError in words)
when the roster cannot do it; nothing is changed then."""
from __future__ import annotations

from companion import player_pages, services

from ..state import Shared, player_route
from . import writes


def games_played(shared: Shared) -> dict[str, int]:
    """Everyone on the roster, alphabetically, with how many games they played (one query)."""
    return services.games_played(shared.store.reader())


def rename_player(shared: Shared, old: str, new: str) -> str:
    """The new name as kept."""
    renamed = services.rename_player(old, new, shared.store.uow())
    writes.changed(shared)
    return renamed


def merge_player(shared: Shared, name: str, into: str) -> str:
    """`name`'s games become `into`'s, and `name` leaves the roster; the name kept."""
    kept = services.merge_player(name, into, shared.store.uow())
    writes.changed(shared)
    return kept


def remove_player(shared: Shared, name: str) -> None:
    """Only a player with no games leaves the roster."""
    services.remove_player(name, shared.store.uow())
    writes.changed(shared)


def page_of(shared: Shared, name: str) -> str:
    """The route of `name`'s own page, with the player's stable id: it still opens after a rename."""
    return player_route(name, player_pages.player_uid(shared.store.reader(), name))


def called_now(shared: Shared, uid: str) -> str | None:
    """The name the player with stable id `uid` goes by now, None for no one."""
    return player_pages.player_called(shared.store.reader(), uid)
