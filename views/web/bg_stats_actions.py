"""The BG Stats link of a finished game, and where the host plays (kept once
for every game, companion.host_settings): the reads the game-over card and
the table display make, and the host's write.

Run `set_location` with `saving.use_send` (views/web/writes.py): never on
the event loop. It raises host_settings.LocationRefused (a ValueError in
words) for a place that cannot be kept; nothing is changed then. After it,
every open session re-renders (`writes.changed`), so each screen's code says
the new place at once."""
from __future__ import annotations

from companion import exports, host_settings
from companion.services import StoredGame

from ..state import Shared
from . import writes

_PLACE = ("host", host_settings.LOCATION)  # its key among the reads tied to no game (shared.tables.host)


def location(shared: Shared) -> str | None:
    """Where the host plays, read once for every screen; `writes.changed(shared)` forgets it."""
    return shared.tables.host(_PLACE, lambda: host_settings.location(shared.store.reader()))


def set_location(shared: Shared, place: str) -> str | None:
    """Keep `place` for every game from now on (blank: none); the place as kept."""
    kept = host_settings.set_location(place, shared.store.uow())
    writes.changed(shared)
    return kept


def link(shared: Shared, stored: StoredGame) -> str:
    """The createPlay link of the finished game `stored`, with where the host plays."""
    return exports.bg_stats_link(stored, location=location(shared))
