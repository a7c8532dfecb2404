"""What to do before XYbrid's first round: the setup guide for one table.

Each step is a `said(...)` sentence: the command line prints its English, a
screen says it in its player's language (views/parts/setup_guide.py)."""
from __future__ import annotations

from ..errors import GameError, problem, said
from ..guide import SetupGuide
from .monsters import BREAKTHROUGHS_PER_PLAYER, MAX_PLAYERS, MIN_PLAYERS, ROUNDS_PER_GAME, lab_size


def guide(players: int, expansions: tuple[str, ...] = ()) -> SetupGuide:
    if expansions:
        raise GameError([problem("XYbrid has no expansions here", "Y1")])
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise GameError([problem(f"XYbrid is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}", "Y1")])
    lab = lab_size(players)
    steps = (
        said("Make two piles: the core pile (every core part) and the deck (all other parts)."),
        said("Shuffle the deck and lay out the lab: {lab} parts (2 x {players} players + 1). Restock it to {lab} "
             "whenever it runs out.", lab=lab, players=players),
        said("Round 1 only: shuffle the breakthrough cards and deal {count} to each player, kept secret.",
             count=BREAKTHROUGHS_PER_PLAYER),
        said("Each player chooses a core part to start their monster."),
        said("A random player goes first in round 1 (the app can draw); later rounds start with the least "
             "infamous."),
    )
    facts = {"players": players, "lab_size": lab, "breakthroughs_per_player": BREAKTHROUGHS_PER_PLAYER,
             "rounds": ROUNDS_PER_GAME}
    return SetupGuide(said("XYbrid for {players} players", players=players), steps, facts)
