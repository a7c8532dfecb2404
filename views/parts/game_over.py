"""What the game-over screen offers once a game is finished: a rematch, the
play for BG Stats (a QR code each player scans, and its link), and the
results picture to post. Each part lives in its own module."""
from __future__ import annotations

import flet as ft

from .bg_stats_card import BgStatsCard
from .rematch_button import RematchButton
from .results_picture import ResultsPicture


def GameOver(game_id: int, stored, *, read_only: bool = False) -> list[ft.Control]:
    """The controls under a finished game's scoreboard (none while it is in play).
    `read_only`: a past game opened from History (no rematch there)."""
    if not stored.game.outcome().is_over:
        return []
    return [
        *([] if read_only else RematchButton(game_id, stored)),
        *BgStatsCard(game_id, stored),
        *ResultsPicture(game_id, stored),
    ]
