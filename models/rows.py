"""Rows to and from companion's record-format dicts (`companion.game/1`).

The store never scores: it writes a round as entered and reads it back as the
same dict, which `companion.record` turns into a game and checks.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from sqlmodel import Session, col, delete, select

from companion.games import find_game
from companion.history import game_end
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
    by_seat_id = {seat.id: player.name for seat, player in seats}
    rounds = session.exec(select(RoundRow).where(RoundRow.game_id == row.id).order_by(col(RoundRow.number))).all()
    return game_record(row.kind, names, row.dealer_seat, row.expansions,
                       {player.name: seat.bonus_beats_dealt for seat, player in seats},
                       [_round(session, entered, by_seat_id, names) for entered in rounds],
                       starter_draw(names, row.first_player_seat, row.draw_seed))


# --- a record from the values of its rows: the one place that decides what a
# record holds, for one game read here and for many read at once (models/bulk.py).
def game_record(kind: str, names: list[str], dealer_seat: int | None, expansions: list[str],
                dealt: dict[str, list[str] | None], rounds: list[dict], drawn: dict | None = None) -> dict:
    """A game's record: its seats' names in order, its set-up as stored (Bonus
    Beats dealt by name, None or empty where none were; XYbrid's `starter_draw`
    as `starter_draw` gives it, if one was drawn at set-up) and its record rounds."""
    set_up = find_game(kind).set_up_record(dealer=names[dealer_seat - 1] if dealer_seat else None,
                                           expansions=expansions, dealt=dealt, starter_draw=drawn)
    return {"format": FORMAT, "game": kind, "players": names, **set_up, "rounds": rounds}


@dataclass(frozen=True)
class Identities:
    """A game's stable ids (issue 27): its own, its seats' players' in seat
    order; and its end: `ended_at` as an import kept it, else `last_entered`
    (when its history last added a round), None for a game with no rounds."""
    uid: str
    player_uids: tuple[str, ...]
    ended_at: str | None = None
    last_entered: str | None = None
    note: str | None = None  # the players' own words on the game (issue 28)
    played_on: bool = False  # entered afterwards: it ended the day it was played (`ended_at`)
    round_notes: tuple[tuple[int, str], ...] = ()  # (round number, its note) for each round with one

    def record(self) -> dict:
        """The record's fields for them: `uid`, `player_uids` and, when known,
        `ended_at`; and the game's `note`, if it has one."""
        end = game_end(self.ended_at, self.last_entered, afterwards=self.played_on)
        return {**({"ended_at": end} if end else {}), "uid": self.uid, "player_uids": list(self.player_uids),
                **({"note": self.note} if self.note else {})}


def with_round_notes(rounds: list[dict], notes: tuple[tuple[int, str], ...]) -> list[dict]:
    """The record's rounds, each that has a note with its `note` (issue 28).
    Not part of the fingerprint (`record_hash` is taken without them, as
    without the game's note): the same game with or without notes is one game."""
    if not notes:
        return rounds
    noted = dict(notes)
    return [{**entered, "note": noted[number]} if number in noted else entered
            for number, entered in enumerate(rounds, start=1)]


def without_notes(kept: dict) -> dict:
    """A record as `record_of` gives it: without the game's note or its rounds'."""
    kept.pop("note", None)
    kept["rounds"] = [{key: value for key, value in entered.items() if key != "note"} if "note" in entered
                      else entered for entered in kept["rounds"]]
    return kept


def starter_draw(names: list[str], first_player_seat: int | None, draw_seed: str | None) -> dict | None:
    """A game row's set-up draw (XYbrid) as the record's `starter_draw`; None if none was drawn."""
    if first_player_seat is None or draw_seed is None:
        return None
    return {"first_player": names[first_player_seat - 1], "draw_seed": int(draw_seed)}


def hand_record(results: dict[str, dict], sides: dict[str, dict], leader: str | None = None) -> dict:
    """A Xylotar record round: `seat_record`s by player name and by side
    player, and who led it where that is recorded (as played, X7)."""
    out: dict[str, Any] = {"results": results}
    if sides:
        out["side_players"] = sides
    if leader is not None:
        out["leader"] = leader
    return out


def seat_record(bid: int | None, tricks: int, bonus_beat: str | None, off_key_won: int) -> dict:
    """One Xylotar seat's entry, from a `bid` row's values."""
    out: dict[str, Any] = {"bid": bid, "tricks": tricks}
    if bonus_beat:
        out["bonus_beat"] = bonus_beat
    if off_key_won:
        out["off_key_won"] = off_key_won
    return out


def monster_record(values: list[int], types: list[str | None], hand: int,
                   adjustments: list[int | None], notes: list[str | None], total: int | None = None) -> dict:
    """One XYbrid player's entry, from its `part` rows' values and types and
    its `adjustment` rows' values and notes, in position order; or, entered
    quickly, its `total` alone."""
    if total is not None:
        return {"infamy": total}
    value: dict[str, Any] = {"parts": values, "hand": hand,
                             "adjustments": [a for a in adjustments if a is not None]}
    if values and all(types):
        value["part_types"] = types
    notes = [n for n in notes if n is not None]
    if notes:
        value["notes"] = notes
    return value


def xybrid_record(results: dict[str, dict], first_player: str | None, draw_seed: str | None,
                  starter_kept: bool = False) -> dict:
    """An XYbrid record round: `monster_record`s by player name, who started,
    the draw's seed, and whether that starter is kept as played (Y5)."""
    out: dict[str, Any] = {"results": results}
    if first_player:
        out["first_player"] = first_player
    if draw_seed is not None:
        out["draw_seed"] = int(draw_seed)
    if starter_kept:
        out["starter_kept"] = True
    return out


def record_hash(data: dict) -> str:
    """A fingerprint of a record's content: same players, seats, set-up and rounds."""
    return hashlib.sha256(json.dumps(data, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def _round(session: Session, entered: RoundRow, by_seat_id: dict[int, str], names: list[str]) -> dict:
    """A record round from its rows: a Xylotar hand's `bid` rows, or an XYbrid round's `monster` rows."""
    bids = session.exec(select(BidRow).where(BidRow.round_id == entered.id).order_by(col(BidRow.id))).all()
    if not bids:
        return _monsters(session, entered, by_seat_id, names)
    return hand_record({by_seat_id[b.seat_id]: _seat_entry(b) for b in bids if b.seat_id},
                       {b.side: _seat_entry(b) for b in bids if b.side},
                       names[entered.first_player_seat - 1] if entered.first_player_seat else None)


def _seat_entry(bid: BidRow) -> dict:
    return seat_record(bid.bid, bid.tricks, bid.bonus_beat, bid.off_key_won)


def _monsters(session: Session, entered: RoundRow, by_seat_id: dict[int, str], names: list[str]) -> dict:
    results: dict[str, dict] = {}
    for monster in session.exec(select(MonsterRow).where(MonsterRow.round_id == entered.id)
                                .order_by(col(MonsterRow.id))).all():
        parts = session.exec(select(PartRow).where(PartRow.monster_id == monster.id)
                             .order_by(col(PartRow.position))).all()
        adjustments = session.exec(select(AdjustmentRow).where(AdjustmentRow.monster_id == monster.id)
                                   .order_by(col(AdjustmentRow.position))).all()
        results[by_seat_id[monster.seat_id]] = monster_record(
            [p.value for p in parts], [p.type for p in parts], monster.hand,
            [a.value for a in adjustments], [a.note for a in adjustments], monster.total)
    first = names[entered.first_player_seat - 1] if entered.first_player_seat else None
    return xybrid_record(results, first, entered.draw_seed, entered.starter_kept)


def write_round(session: Session, row: GameRow, number: int, entered: dict | None, *,
                keep_note: bool = False) -> None:
    """Make round `number` of the game hold `entered` (a record-format round
    keyed by player name); None removes it. Its entries go with it (ON DELETE
    CASCADE), and so does its note unless `keep_note` (the round changed, as
    by a correction: the players' words on it stay with it)."""
    where = (RoundRow.game_id == row.id, RoundRow.number == number)
    note = session.exec(select(RoundRow.note).where(*where)).first() if keep_note and entered is not None else None
    session.exec(delete(RoundRow).where(*where))
    if entered is None:
        return
    seats = seats_of(session, row.id)
    # Names as entered may differ in case from the roster's (X1: the same name).
    seat_of = {player.name_key: seat for seat, player in seats}
    first = entered.get("first_player", entered.get("leader"))  # XYbrid's starter, a Xylotar hand's recorded leader
    seed = entered.get("draw_seed")
    round_row = RoundRow(game_id=row.id, number=number,
                         first_player_seat=seat_of[roster.key(first)].number if first is not None else None,
                         draw_seed=str(seed) if seed is not None else None,
                         starter_kept=bool(entered.get("starter_kept")), note=note)
    session.add(round_row)
    session.flush()
    for name, value in entered["results"].items():
        if "tricks" not in value:  # an XYbrid monster (or its total); a Xylotar seat has its bid and tricks
            _add_monster(session, round_row.id, seat_of[roster.key(name)].id, value)
        else:
            session.add(_bid_row(round_row.id, value, seat_id=seat_of[roster.key(name)].id))
    for side, value in entered.get("side_players", {}).items():
        session.add(_bid_row(round_row.id, value, side=side))


def _bid_row(round_id: int, value: dict, *, seat_id: int | None = None, side: str | None = None) -> BidRow:
    return BidRow(round_id=round_id, seat_id=seat_id, side=side, bid=value["bid"], tricks=value["tricks"],
                  bonus_beat=value.get("bonus_beat"), off_key_won=value.get("off_key_won", 0))


def _add_monster(session: Session, round_id: int, seat_id: int, value: dict) -> None:
    if "infamy" in value:  # entered as a total: no part, hand or adjustment rows
        session.add(MonsterRow(round_id=round_id, seat_id=seat_id, hand=0, total=value["infamy"]))
        return
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
