"""Rows to and from companion's record-format dicts (`companion.game/1`).

The store never scores: it writes a round as entered and reads it back as the
same dict, which `companion.record` turns into a game and checks.
"""
from __future__ import annotations

import hashlib
import json
from typing import Any

from sqlmodel import Session, col, delete, select

from companion.record import FORMAT

from . import roster
from .tables import AdjustmentRow, BidRow, GameRow, MonsterRow, PartRow, Player, RoundRow, SeatRow


def seats_of(session: Session, game_id: int) -> list[tuple[SeatRow, Player]]:
    """A game's seats, clockwise from seat 1, each with its player."""
    query = (select(SeatRow, Player).join(Player, col(SeatRow.player_id) == col(Player.id))
             .where(SeatRow.game_id == game_id).order_by(col(SeatRow.number)))
    return list(session.exec(query).all())


def record_of(session: Session, row: GameRow) -> dict:
    """The game's record as players entered it (XYbrid rounds keep `draw_seed`)."""
    seats = seats_of(session, row.id)
    names = [player.name for _, player in seats]
    data: dict[str, Any] = {"format": FORMAT, "game": row.kind, "players": names}
    if row.kind == "xylotar":
        data["dealer"] = names[row.dealer_seat - 1]
        data["expansions"] = list(row.expansions)
        dealt = {player.name: list(seat.bonus_beats_dealt) for seat, player in seats if seat.bonus_beats_dealt}
        if dealt:
            data["bonus_beats_dealt"] = dealt
    by_seat_id = {seat.id: player.name for seat, player in seats}
    rounds = session.exec(select(RoundRow).where(RoundRow.game_id == row.id).order_by(col(RoundRow.number))).all()
    read = _hand if row.kind == "xylotar" else _monsters
    data["rounds"] = [read(session, entered, by_seat_id, names) for entered in rounds]
    return data


def record_hash(data: dict) -> str:
    """A fingerprint of a record's content: same players, seats, set-up and rounds."""
    return hashlib.sha256(json.dumps(data, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def _seat_entry(bid: BidRow) -> dict:
    out: dict[str, Any] = {"bid": bid.bid, "tricks": bid.tricks}
    if bid.bonus_beat:
        out["bonus_beat"] = bid.bonus_beat
    if bid.off_key_won:
        out["off_key_won"] = bid.off_key_won
    return out


def _hand(session: Session, entered: RoundRow, by_seat_id: dict[int, str], _names: list[str]) -> dict:
    bids = session.exec(select(BidRow).where(BidRow.round_id == entered.id).order_by(col(BidRow.id))).all()
    out: dict[str, Any] = {"results": {by_seat_id[b.seat_id]: _seat_entry(b) for b in bids if b.seat_id}}
    sides = {b.side: _seat_entry(b) for b in bids if b.side}
    if sides:
        out["side_players"] = sides
    return out


def _monsters(session: Session, entered: RoundRow, by_seat_id: dict[int, str], names: list[str]) -> dict:
    results: dict[str, dict] = {}
    for monster in session.exec(select(MonsterRow).where(MonsterRow.round_id == entered.id)
                                .order_by(col(MonsterRow.id))).all():
        parts = session.exec(select(PartRow).where(PartRow.monster_id == monster.id)
                             .order_by(col(PartRow.position))).all()
        adjustments = session.exec(select(AdjustmentRow).where(AdjustmentRow.monster_id == monster.id)
                                   .order_by(col(AdjustmentRow.position))).all()
        value: dict[str, Any] = {"parts": [p.value for p in parts], "hand": monster.hand,
                                 "adjustments": [a.value for a in adjustments if a.value is not None]}
        if parts and all(p.type for p in parts):
            value["part_types"] = [p.type for p in parts]
        notes = [a.note for a in adjustments if a.note is not None]
        if notes:
            value["notes"] = notes
        results[by_seat_id[monster.seat_id]] = value
    out: dict[str, Any] = {"results": results}
    if entered.first_player_seat:
        out["first_player"] = names[entered.first_player_seat - 1]
    if entered.draw_seed is not None:
        out["draw_seed"] = int(entered.draw_seed)
    return out


def write_round(session: Session, row: GameRow, number: int, entered: dict | None) -> None:
    """Make round `number` of the game hold `entered` (a record-format round
    keyed by player name); None removes it. Its entries go with it (ON DELETE CASCADE)."""
    session.exec(delete(RoundRow).where(RoundRow.game_id == row.id, RoundRow.number == number))
    if entered is None:
        return
    seats = seats_of(session, row.id)
    # Names as entered may differ in case from the roster's (X1: the same name).
    seat_of = {player.name_key: seat for seat, player in seats}
    first = entered.get("first_player")
    seed = entered.get("draw_seed")
    round_row = RoundRow(game_id=row.id, number=number,
                         first_player_seat=seat_of[roster.key(first)].number if first is not None else None,
                         draw_seed=str(seed) if seed is not None else None)
    session.add(round_row)
    session.flush()
    for name, value in entered["results"].items():
        if row.kind == "xylotar":
            session.add(_bid_row(round_row.id, value, seat_id=seat_of[roster.key(name)].id))
        else:
            _add_monster(session, round_row.id, seat_of[roster.key(name)].id, value)
    for side, value in entered.get("side_players", {}).items():
        session.add(_bid_row(round_row.id, value, side=side))


def _bid_row(round_id: int, value: dict, *, seat_id: int | None = None, side: str | None = None) -> BidRow:
    return BidRow(round_id=round_id, seat_id=seat_id, side=side, bid=value["bid"], tricks=value["tricks"],
                  bonus_beat=value.get("bonus_beat"), off_key_won=value.get("off_key_won", 0))


def _add_monster(session: Session, round_id: int, seat_id: int, value: dict) -> None:
    monster = MonsterRow(round_id=round_id, seat_id=seat_id, hand=value["hand"])
    session.add(monster)
    session.flush()
    kinds = value.get("part_types") or [None] * len(value["parts"])
    for position, (part, kind) in enumerate(zip(value["parts"], kinds)):
        session.add(PartRow(monster_id=monster.id, position=position, value=part, type=kind))
    adjustments, notes = value.get("adjustments", []), value.get("notes", [])
    for position in range(max(len(adjustments), len(notes))):
        session.add(AdjustmentRow(monster_id=monster.id, position=position,
                                  value=adjustments[position] if position < len(adjustments) else None,
                                  note=notes[position] if position < len(notes) else None))
