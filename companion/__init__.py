"""XY Score's core: rules, scoring, tiebreaks and the game record.

Standard library only; the UI (`views`) and the store (`models`) build on it.
"""
from .errors import GameError, Problem
from .outcome import Outcome, Status
from .setup_guide import PLAYER_LIMITS, SetupGuide, setup_guide
from .xybrid import MonsterEntry, Part, PartType, Xybrid, XybridRound, draw_starter
from .xylotar import Hand, SeatEntry, Xylotar

__all__ = ["GameError", "Hand", "MonsterEntry", "Outcome", "PLAYER_LIMITS", "Part", "PartType", "Problem", "SeatEntry",
           "SetupGuide", "Status", "Xybrid", "XybridRound", "Xylotar", "draw_starter", "setup_guide"]
