"""XYbrid: who starts a round whose starter was drawn before it is entered
(round 1's, drawn on the New game screen and stored with the game), in
players' words, for the scoreboard and the round screen. Plain functions,
so tests read them without a browser."""
from __future__ import annotations

from companion import Xybrid
from companion.outcome import join_names
from companion.xybrid import StarterDraw

from . import logic


def drawn(game) -> StarterDraw | None:
    """The draw already made for the game's next round (None: none made, or not XYbrid)."""
    return game.drawn_starter() if isinstance(game, Xybrid) else None


def drawn_words(draw: StarterDraw, number: int | None = None) -> str:
    """'Drawn at random from Ann, Bob and Cat: Bob starts' (+ ' round 1' given a number)."""
    return (f"Drawn at random from {join_names(draw.candidates)}: {draw.chosen} starts"
            + (f" round {number}" if number is not None else ""))


def next_turn(game) -> str:
    """Who leads or starts the next round, and why (`logic.next_turn`); for
    an XYbrid round already drawn, who was drawn and from whom."""
    draw = drawn(game)
    if draw is None:
        return logic.next_turn(game)
    return drawn_words(draw, len(game.rounds) + 1)


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
