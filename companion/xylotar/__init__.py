"""Xylotar and its Unhinged expansions (Bonus Beats, Off-Key)."""
from .bonus_beats import BY_ID as BONUS_BEATS, BonusBeat
from .game import EXPANSIONS, HandResult, Xylotar
from .hand import Hand, SeatEntry
from .scoring import Breakdown
from .deal import SIDE_PLAYERS, Deal, deal_for

__all__ = ["BONUS_BEATS", "BonusBeat", "Breakdown", "EXPANSIONS", "Hand", "HandResult", "SIDE_PLAYERS",
           "SeatEntry", "Deal", "Xylotar", "deal_for"]
