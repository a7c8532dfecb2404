"""What to do before XYbrid's first round: the setup guide for one table."""
from __future__ import annotations

from ..errors import GameError, problem
from ..guide import SetupGuide
from .monsters import BREAKTHROUGHS_PER_PLAYER, MAX_PLAYERS, MIN_PLAYERS, ROUNDS_PER_GAME, lab_size


def guide(players: int, expansions: tuple[str, ...] = ()) -> SetupGuide:
    if expansions:
        raise GameError([problem("XYbrid has no expansions here", "Y1")])
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise GameError([problem(f"XYbrid is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}", "Y1")])
    lab = lab_size(players)
    steps = (
        "Make two piles: the core pile (every core part) and the deck (all other parts).",
        f"Shuffle the deck and lay out the lab: {lab} parts (2 x {players} players + 1). Restock it to {lab} "
        "whenever it runs out.",
        f"Round 1 only: shuffle the breakthrough cards and deal {BREAKTHROUGHS_PER_PLAYER} to each player, "
        "kept secret.",
        "Each player chooses a core part to start their monster.",
        "A random player goes first in round 1 (the app can draw); later rounds start with the least infamous.",
    )
    facts = {"players": players, "lab_size": lab, "breakthroughs_per_player": BREAKTHROUGHS_PER_PLAYER,
             "rounds": ROUNDS_PER_GAME}
    return SetupGuide(f"XYbrid for {players} players", steps, facts)
