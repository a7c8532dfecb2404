"""(to be built for issue 13)"""
from __future__ import annotations

import flet as ft


def BgStatsCard(game_id: int, stored) -> list[ft.Control]:
    return []
