"""Xylotar's part of the `companion.game/1` record: the set-up (dealer,
expansions, Bonus Beats dealt) and a hand, read from and written to JSON."""
from __future__ import annotations

from typing import Any

from ..errors import GameError, Problem, problem
from ..players import shown, who
from ..record_fields import ROUND_FIELDS, entries, named, not_fields, note_problems
from . import bonus_beats
from .hand import Hand, SeatEntry
from .deal import SIDE_PLAYERS

# The fields a Xylotar record may hold beside every record's; any other is refused.
SET_UP_FIELDS = frozenset({"dealer", "expansions", "bonus_beats_dealt"})
RECORD_PLACE = "a Xylotar record"
HAND_FIELDS = frozenset({"results", "side_players", "leader"}) | ROUND_FIELDS  # `note`: every round's
HAND_PLACE = "a Xylotar hand"
SEAT_FIELDS = frozenset({"bid", "tricks", "bonus_beat", "off_key_won"})


def set_up_from(data: dict, players: list[str]) -> dict:
    """The record's set-up fields, checked for their types only, as the
    engine's keyword arguments; raises GameError naming each wrong one."""
    expansions = data.get("expansions", [])
    dealt = data.get("bonus_beats_dealt", {})
    found: list[Problem] = []
    if not isinstance(expansions, list):
        found.append(problem("expansions must be a list", "record"))
    if not isinstance(dealt, dict) or not all(isinstance(v, list) for v in dealt.values()):
        found.append(problem("bonus_beats_dealt must map players to lists of card ids", "record"))
    if found:
        raise GameError(found)
    by_player: dict[Any, list] = {}
    for key, cards in dealt.items():
        name = named(players, key)
        if name in by_player and not any(p.player == who(name) for p in found):
            # B1: merged or overwritten, another player could flip a card dealt to this one
            spellings = [shown(other) for other in dealt if named(players, other) == name]
            found.append(problem(f"bonus_beats_dealt lists this player twice ({' and '.join(spellings)}); "
                                 "give each player's two cards once", "B1", player=who(name)))
        by_player[name] = cards
    if found:
        raise GameError(found)
    return {"dealer": named(players, data.get("dealer")), "expansions": expansions, "bonus_beats_dealt": by_player}


def set_up_record(*, dealer: str | None, expansions, dealt: dict | None) -> dict:
    """The record's set-up fields: the dealer, the expansions, and the Bonus
    Beats dealt by name where any were recorded, but for entries that share a
    card with another (`bonus_beats.clashing`: the host sorts those out)."""
    out: dict[str, Any] = {"dealer": dealer, "expansions": list(expansions)}
    left_out = bonus_beats.clashing(dealt or {})
    dealt = {name: list(cards) for name, cards in (dealt or {}).items() if cards and name not in left_out}
    if dealt:
        out["bonus_beats_dealt"] = dealt
    return out


def _seat(value: dict, number: int, name: str, found: list[Problem]) -> SeatEntry | None:
    found += not_fields(value, SEAT_FIELDS, "a result", round=number, player=name)
    if "tricks" not in value or "bid" not in value:
        found.append(problem("needs both 'bid' and 'tricks'", "record", round=number, player=name))
        return None
    return SeatEntry(bid=value["bid"], tricks=value["tricks"], bonus_beat=value.get("bonus_beat"),
                     off_key_won=value.get("off_key_won", 0))


def hand_from_dict(raw: Any, players: tuple[str, ...], number: int, found: list[Problem]) -> Hand | None:
    """A Xylotar round of a record as a Hand; None (with `found` extended) if malformed."""
    results = entries(raw, list(players), number, found)
    if results is None:
        return None
    # A field it does not know, or a note that cannot be kept (the note is kept beside the hand, never scored).
    unknown = not_fields(raw, HAND_FIELDS, HAND_PLACE, round=number) + note_problems(raw, number)
    found += unknown
    seats = {name: _seat(value, number, name, found) for name, value in results.items()}
    sides_raw = raw.get("side_players", {})
    sides: dict[str, SeatEntry | None] = {}
    if not isinstance(sides_raw, dict):
        found.append(problem("side_players must be an object with 'left' and 'right'", "X9", round=number))
        return None
    for side, value in sides_raw.items():
        if side not in SIDE_PLAYERS or not isinstance(value, dict):
            found.append(problem(f"unknown side player {shown(side)}; use 'left' and 'right'", "X9", round=number))
            return None
        sides[side] = _seat(value, number, f"{side} side player", found)
    leader = raw.get("leader")
    if leader is not None and not isinstance(leader, str):
        found.append(problem(f"leader must be a player's name, not {shown(leader)}", "X7", round=number))
        return None
    if unknown or None in seats.values() or None in sides.values():
        return None
    return Hand(seats, sides, named(players, leader))
