"""What to do before the first round: the setup guide for one table, as the
game's engine says it (companion/xylotar/setup.py, companion/xybrid/setup.py)."""
from __future__ import annotations

from .games import PLAYER_LIMITS, find_game
from .guide import SetupGuide

__all__ = ["PLAYER_LIMITS", "SetupGuide", "setup_guide"]


def setup_guide(game: str, players: int, expansions: tuple[str, ...] | list[str] = ()) -> SetupGuide:
    """The guide for `game` at `players`; raises GameError for a table that cannot be."""
    return find_game(game).setup_guide(players, tuple(expansions))
