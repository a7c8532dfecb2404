"""Read many stored games at once: for lists of games, exports, and working
out the game facts the statistics read (models/game_facts.py).

`SqlGameRepository.get` reads one game with a query per round and checks
every rule again as it rebuilds it: right for one game on screen, far too
slow for ten thousand. This reads every wanted game in seven queries, one
per table, and puts the rounds back with `companion.record.restore`, which
trusts that they were checked when they were entered. The games come
without their history (`StoredGame.history` is empty).
"""
from __future__ import annotations

import json
from collections import defaultdict
from typing import Iterable

from sqlmodel import Session

from companion import record
from companion.services import StoredGame
from companion.stats import collector_paused
from companion.xybrid import MonsterEntry, Part, PartType, Xybrid, XybridRound
from companion.xylotar import Hand, SeatEntry, Xylotar

from . import roster

_PART_TYPES = PartType._value2member_map_


def games_where(game: str | None = None, player: str | None = None,
                ids: Iterable[int] | None = None) -> tuple[str, tuple]:
    """The WHERE clause on table `game` choosing the games not deleted, of one
    kind, that `player` sat in, or with these ids; and its parameters."""
    where, params = ["deleted_at IS NULL"], []
    if ids is not None:
        where.append("id IN (SELECT value FROM json_each(?))")  # one parameter, however many ids
        params.append(json.dumps(list(ids)))
    if game is not None:
        where.append("kind = ?")
        params.append(game)
    if player is not None:
        where.append("id IN (SELECT seat.game_id FROM seat JOIN player ON player.id = seat.player_id"
                     " WHERE player.name_key = ?)")
        params.append(roster.key(player))
    return " AND ".join(where), tuple(params)


def stored_games(session: Session, game: str | None = None, player: str | None = None,
                 ids: Iterable[int] | None = None) -> list[StoredGame]:
    """Every game not deleted, newest first; optionally one kind, those `player` sat in, or these ids."""
    with collector_paused():
        return _read(session, *games_where(game, player, ids))


def _read(session: Session, where: str, params: tuple) -> list[StoredGame]:
    # The driver's own cursor: SQLAlchemy's row objects cost more than the query itself here.
    run = session.connection().connection.driver_connection.execute
    games = f"SELECT id FROM game WHERE {where}"
    rounds = f"SELECT id FROM round WHERE game_id IN ({games})"
    monsters = f"SELECT id FROM monster WHERE round_id IN ({rounds})"

    def within(column: str, subquery: str) -> str:
        # Reading every game: whole tables are cheaper than IN tests; a deleted game's rows go unused.
        return "" if not params else f" WHERE {column} IN ({subquery})"

    names: dict[int, str] = {}
    players: dict[int, list[str]] = defaultdict(list)
    dealt: dict[int, dict[str, list[str]]] = defaultdict(dict)
    for seat_id, game_id, name, cards in run(
            "SELECT seat.id, seat.game_id, player.name, seat.bonus_beats_dealt FROM seat"
            f" JOIN player ON player.id = seat.player_id{within('seat.game_id', games)}"
            " ORDER BY seat.game_id, seat.number", params):
        names[seat_id] = name
        players[game_id].append(name)
        if cards is not None:
            dealt[game_id][name] = json.loads(cards)

    hands: dict[int, tuple[dict, dict]] = defaultdict(lambda: ({}, {}))
    for round_id, seat_id, side, bid, tricks, card, off_key in run(
            "SELECT round_id, seat_id, side, bid, tricks, bonus_beat, off_key_won FROM bid"
            f"{within('round_id', rounds)} ORDER BY id", params):
        results, sides = hands[round_id]
        if side is None:
            results[names[seat_id]] = SeatEntry(bid, tricks, card, off_key)
        else:
            sides[side] = SeatEntry(bid, tricks, card, off_key)

    parts: dict[int, list[Part]] = defaultdict(list)
    for monster_id, value, kind in run(
            f"SELECT monster_id, value, type FROM part{within('monster_id', monsters)}"
            " ORDER BY monster_id, position", params):
        parts[monster_id].append(Part(value, _PART_TYPES.get(kind)))
    adjustments: dict[int, tuple[list, list]] = defaultdict(lambda: ([], []))
    for monster_id, value, note in run(
            f"SELECT monster_id, value, note FROM adjustment{within('monster_id', monsters)}"
            " ORDER BY monster_id, position", params):
        values, notes = adjustments[monster_id]
        if value is not None:
            values.append(value)
        if note is not None:
            notes.append(note)
    deployed: dict[int, dict[str, MonsterEntry]] = defaultdict(dict)
    no_adjustments = ((), ())
    for monster_id, round_id, seat_id, in_hand in run(
            f"SELECT id, round_id, seat_id, hand FROM monster{within('id', monsters)} ORDER BY id", params):
        values, notes = adjustments.get(monster_id, no_adjustments)
        deployed[round_id][names[seat_id]] = MonsterEntry(tuple(parts[monster_id]), in_hand, tuple(values),
                                                          tuple(notes))

    rounds_of: dict[int, list[tuple[int, int | None]]] = defaultdict(list)
    for round_id, game_id, first_seat in run(
            f"SELECT id, game_id, first_player_seat FROM round{within('game_id', games)}"
            " ORDER BY game_id, number", params):
        rounds_of[game_id].append((round_id, first_seat))

    out = []
    for game_id, kind, expansions, dealer_seat, started_at in run(
            f"SELECT id, kind, expansions, dealer_seat, started_at FROM game WHERE {where}"
            " ORDER BY started_at DESC, id DESC", params):
        seated = players[game_id]
        if kind == "xylotar":
            entered = Xylotar(seated, dealer=seated[dealer_seat - 1], expansions=json.loads(expansions),
                              bonus_beats_dealt=dealt.get(game_id))
            played = [Hand(*hands[round_id]) for round_id, _ in rounds_of[game_id]]
        else:
            entered = Xybrid(tuple(seated))
            played = [XybridRound(deployed[round_id], seated[first - 1] if first else None)
                      for round_id, first in rounds_of[game_id]]
        out.append(StoredGame(game_id, record.restore(entered, played), started_at))
    return out
