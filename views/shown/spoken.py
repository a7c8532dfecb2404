"""What a screen reader says where the screen shows several things at once:
each standings row is one phrase ("Ann, first, 42 points"), not a rank, a
name and a number read one by one. No Flet, so unit tests call it."""
from __future__ import annotations

from companion.games import Game

from . import logic

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def ordinal(rank: int) -> str:
    """1 -> 'first' ... 10 -> 'tenth'; beyond that '11th' (no game seats so many)."""
    if 1 <= rank <= len(ORDINALS):
        return ORDINALS[rank - 1]
    return f"{rank}{'th' if rank % 100 in (11, 12, 13) else {1: 'st', 2: 'nd', 3: 'rd'}.get(rank % 10, 'th')}"


def amount(total: int, unit: str) -> str:
    """'42 points', '1 point', '5 infamy' (a word without a plural stays as it is)."""
    if abs(total) == 1 and unit.endswith("s"):
        unit = unit[:-1]
    return f"{total} {unit}"


def standing_said(name: str, rank: int, total: int, unit: str, *, tied: bool = False, winner: bool = False) -> str:
    """'Ann, first, 42 points'; 'Ann, joint first, 42 points' when others share
    the rank; ', winner' once the game is won (the trophy on screen)."""
    place = f"joint {ordinal(rank)}" if tied else ordinal(rank)
    return f"{name}, {place}, {amount(total, unit)}" + (", winner" if winner else "")


def standings_said(game: Game) -> list[str]:
    """Each standings row as one phrase, best first, as `logic.standings` ranks them."""
    rows = logic.standings(game)
    ranks = [rank for rank, _, _ in rows]
    winners = set(game.outcome().winners)
    return [standing_said(name, rank, total, game.unit, tied=ranks.count(rank) > 1, winner=name in winners)
            for rank, name, total in rows]
