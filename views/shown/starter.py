"""XYbrid: the starter of a round drawn before it is entered (round 1's,
drawn on the New game screen and stored with the game; a later round's tie,
drawn once from that draw's seed), for the round screen; `logic.next_turn`
says it on the scoreboard and the displays. Plain functions, so tests read
them without a browser."""
from __future__ import annotations

from companion import Xybrid
from companion.xybrid import StarterDraw


def drawn(game) -> StarterDraw | None:
    """The draw already made for the game's next round (None: none made, or a game that draws none)."""
    return game.drawn_starter()


def round_start(game: Xybrid, number: int | None, raw: dict | None) -> tuple[str | None, StarterDraw | None]:
    """The round screen's starter as it opens, and the draw already made for
    it: a round being corrected keeps who started it; the next round takes
    the player drawn for it (offering no second draw), else its only
    possible starter, else nobody yet (pick or draw)."""
    if number is not None:
        return (raw or {}).get("first_player"), None
    draw = game.drawn_starter()
    if draw is not None:
        return draw.chosen, draw
    candidates = game.next_starters()
    return (candidates[0] if len(candidates) == 1 else None), None
