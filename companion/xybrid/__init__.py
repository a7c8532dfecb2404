"""XYbrid: monsters, infamy per round, who starts, and the shared win (Y1-Y6)."""
from .game import Xybrid
from .monsters import (ADJUSTMENT_EFFECTS, BREAKTHROUGHS_PER_PLAYER, DESTROYED_HINT, MAX_PLAYERS, MAX_VALUE, MIN_PLAYERS,
                       REQUIRED_PARTS, ROUNDS_PER_GAME, SEEDS, Gap, MonsterEntry, Part, PartType, StarterDraw,
                       XybridRound, draw_starter, gap_problems, gaps, lab_size, missing_parts, part_values,
                       tie_draw)

__all__ = ["ADJUSTMENT_EFFECTS", "BREAKTHROUGHS_PER_PLAYER", "DESTROYED_HINT", "Gap", "MAX_PLAYERS", "MAX_VALUE", "MIN_PLAYERS",
           "MonsterEntry", "Part", "PartType", "REQUIRED_PARTS", "ROUNDS_PER_GAME", "SEEDS", "StarterDraw", "Xybrid",
           "XybridRound", "draw_starter", "gap_problems", "gaps", "lab_size", "missing_parts", "part_values",
           "tie_draw"]
