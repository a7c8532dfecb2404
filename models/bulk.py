"""Read many stored games at once: for lists of games, exports, and working
out the game facts the statistics read (models/game_facts.py).

Reading games one at a time, with a query per round, would be far too
slow for ten thousand. This reads every wanted game in seven queries, one
per table, and builds either of two things from the rows:

- `stored_games`: companion's games, the rounds put back with
  `companion.record.restore`, which trusts that they were checked when they
  were entered. The games come without their history (`StoredGame.history`
  is empty).
- `records`: each game's `companion.game/1` record with `started_at`, for
  the JSON export; built by the same `models.rows` functions as the record
  of one game (`SqlGameRepository.record`), so both are the same.

`stored_games_and_records` builds both from one read: what
`SqlGameRepository.get` reads a game with.
"""
from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass
from typing import Any, Callable, Iterable

from sqlmodel import Session

from companion import record
from companion.games import find_game
from companion.history import IMPORTED
from companion.services import StoredGame
from companion.stats import collector_paused
from companion.xybrid import MonsterEntry, Part, PartType, XybridRound
from companion.xylotar import Hand, SeatEntry

from . import roster, rows, server

_PART_TYPES = PartType._value2member_map_


# Games with these ids: one parameter, however many ids (a JSON list), on SQLite and on PostgreSQL.
_IDS = {False: "id IN (SELECT value FROM json_each(?))",
        True: "id IN (SELECT CAST(value AS INTEGER) FROM json_array_elements_text(CAST(? AS JSON)))"}


def games_where(game: str | None = None, player: str | None = None,
                ids: Iterable[int] | None = None, *, on_server: bool = False) -> tuple[str, tuple]:
    """The WHERE clause on table `game` choosing the games not deleted, of one
    kind, that `player` sat in, or with these ids; and its parameters
    (`?` placeholders: models.server.Raw runs it on either dialect)."""
    where, params = ["deleted_at IS NULL"], []
    if ids is not None:
        where.append(_IDS[on_server])
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
        return _read(session, _GAMES, game, player, ids)


def records(session: Session, game: str | None = None, player: str | None = None,
            ids: Iterable[int] | None = None) -> list[dict]:
    """The `companion.game/1` record of every game not deleted, with `started_at`,
    **oldest first** (as an export lists them); optionally one kind, those
    `player` sat in, or these ids. Each is the record `SqlGameRepository.record`
    gives, XYbrid rounds' `draw_seed` included: the same `models.rows` functions
    build both from the same rows."""
    with collector_paused():
        return _read(session, _RECORDS, game, player, ids)


def stored_games_and_records(session: Session, ids: Iterable[int]) -> list[tuple[StoredGame, dict]]:
    """`stored_games` and `records` of these games (not deleted, newest
    first) from one read of their rows: for a game about to be changed,
    whose record (and so its fingerprint) can then follow the change without
    reading the game again (models/repository.py)."""
    with collector_paused():
        return _read(session, _BOTH, None, None, ids)


@dataclass(frozen=True)
class _Shape:
    """What the rows of many games are built into: companion's objects, or records."""
    seat: Callable[[int | None, int, str | None, int], Any]  # bid, tricks, Bonus Beat, Off-Key cards won
    monster: Callable[[list, list, int, list, list, int | None], Any]  # part values, types, hand, adjustments,
    # notes, total (a quick entry's infamy)
    hand: Callable[[dict, dict, str | None], Any]  # a Xylotar round: entries by player name, by side player; leader
    # entries by name, first player, draw seed, whether the starter is kept as played
    xybrid_round: Callable[[dict, str | None, str | None, bool], Any]
    # id, kind, seats' names, dealer seat, expansions, Bonus Beats dealt, rounds, start, XYbrid's set-up draw,
    # stable ids and end
    game: Callable[[int, str, list, int | None, list, dict | None, list, str, dict | None, rows.Identities], Any]
    order: str  # of the games
    ends: bool = False  # whether the games' ends are wanted (an export's): a read of their histories


# When a game's last round was entered here: an import's entries are dated the day of the import.
_LAST_ENTERED = ("(SELECT MAX(at) FROM change WHERE change.game_id = game.id AND action = 'add'"
                 f" AND author <> '{IMPORTED}')")


def _monster(values: list[int], types: list[str | None], hand: int, adjustments: list, notes: list,
             total: int | None) -> MonsterEntry:
    if total is not None:
        return MonsterEntry(total=total)
    return MonsterEntry(tuple(map(Part, values, map(_PART_TYPES.get, types))), hand, tuple(adjustments), tuple(notes))


def _stored_game(game_id: int, kind: str, seated: list[str], dealer_seat: int | None, expansions: list[str],
                 dealt: dict | None, played: list, started_at: str, drawn: dict | None,
                 ids: rows.Identities) -> StoredGame:
    engine = find_game(kind)
    set_up = engine.set_up_record(dealer=seated[dealer_seat - 1] if dealer_seat else None, expansions=expansions,
                                  dealt=dealt, starter_draw=drawn)
    entered = engine.from_set_up(seated, set_up)
    return StoredGame(game_id, record.restore(entered, played), started_at, uid=ids.uid,
                      player_uids=dict(zip(seated, ids.player_uids)), ended_at=ids.ended_at, note=ids.note,
                      played_on=ids.played_on, round_notes=dict(ids.round_notes))


def _record(_game_id: int, kind: str, seated: list[str], dealer_seat: int | None, expansions: list[str],
            dealt: dict | None, played: list, started_at: str, drawn: dict | None, ids: rows.Identities) -> dict:
    return {**rows.game_record(kind, seated, dealer_seat, expansions, dealt or {},
                               rows.with_round_notes(played, ids.round_notes), drawn),
            "started_at": started_at, **ids.record()}


_GAMES = _Shape(SeatEntry, _monster, Hand, lambda results, first, _seed, kept: XybridRound(results, first, kept),
                _stored_game,
                "started_at DESC, id DESC")
_RECORDS = _Shape(rows.seat_record, rows.monster_record, rows.hand_record, rows.xybrid_record, _record,
                  "started_at, id", ends=True)


def _both(first: _Shape, second: _Shape) -> _Shape:
    """A shape building each thing both ways at once: pairs (as `first` builds it, as `second` does)."""
    def one(entries: dict) -> dict:
        return {key: pair[0] for key, pair in entries.items()}

    def two(entries: dict) -> dict:
        return {key: pair[1] for key, pair in entries.items()}

    def game(game_id, kind, seated, dealer_seat, expansions, dealt, played, started_at, drawn, ids):
        return (first.game(game_id, kind, seated, dealer_seat, expansions, dealt, [p[0] for p in played],
                           started_at, drawn, ids),
                second.game(game_id, kind, seated, dealer_seat, expansions, dealt, [p[1] for p in played],
                            started_at, drawn, ids))

    return _Shape(lambda *values: (first.seat(*values), second.seat(*values)),
                  lambda *values: (first.monster(*values), second.monster(*values)),
                  lambda results, sides, leader: (first.hand(one(results), one(sides), leader),
                                                  second.hand(two(results), two(sides), leader)),
                  lambda results, player, seed, kept: (first.xybrid_round(one(results), player, seed, kept),
                                                       second.xybrid_round(two(results), player, seed, kept)),
                  game, first.order)


_BOTH = _both(_GAMES, _RECORDS)


def _read(session: Session, shape: _Shape, game: str | None, player: str | None,
          ids: Iterable[int] | None) -> list:
    # The driver's own cursor: SQLAlchemy's row objects cost more than the query itself here.
    cursor = server.raw(session)
    run = cursor.execute
    where, params = games_where(game, player, ids, on_server=cursor.server)
    games = f"SELECT id FROM game WHERE {where}"
    rounds = f"SELECT id FROM round WHERE game_id IN ({games})"
    monsters = f"SELECT id FROM monster WHERE round_id IN ({rounds})"

    def within(column: str, subquery: str) -> str:
        # Reading every game: whole tables are cheaper than IN tests; a deleted game's rows go unused.
        return "" if not params else f" WHERE {column} IN ({subquery})"

    names: dict[int, str] = {}
    players: dict[int, list[str]] = defaultdict(list)
    player_uids: dict[int, list[str]] = defaultdict(list)
    dealt: dict[int, dict[str, list[str]]] = defaultdict(dict)
    for seat_id, game_id, name, cards, uid in run(
            "SELECT seat.id, seat.game_id, player.name, CAST(seat.bonus_beats_dealt AS TEXT), player.uid FROM seat"
            f" JOIN player ON player.id = seat.player_id{within('seat.game_id', games)}"
            " ORDER BY seat.game_id, seat.number", params):
        names[seat_id] = name
        players[game_id].append(name)
        player_uids[game_id].append(uid)
        if cards is not None:
            dealt[game_id][name] = json.loads(cards)

    seat = shape.seat
    hands: dict[int, tuple[dict, dict]] = defaultdict(lambda: ({}, {}))
    for round_id, seat_id, side, bid, tricks, card, off_key in run(
            "SELECT round_id, seat_id, side, bid, tricks, bonus_beat, off_key_won FROM bid"
            f"{within('round_id', rounds)} ORDER BY id", params):
        results, sides = hands[round_id]
        if side is None:
            results[names[seat_id]] = seat(bid, tricks, card, off_key)
        else:
            sides[side] = seat(bid, tricks, card, off_key)

    parts: dict[int, tuple[list, list]] = defaultdict(lambda: ([], []))
    for monster_id, value, kind in run(
            f"SELECT monster_id, value, type FROM part{within('monster_id', monsters)}"
            " ORDER BY monster_id, position", params):
        values, kinds = parts[monster_id]
        values.append(value)
        kinds.append(kind)
    adjustments: dict[int, tuple[list, list]] = defaultdict(lambda: ([], []))
    for monster_id, value, note in run(
            f"SELECT monster_id, value, note FROM adjustment{within('monster_id', monsters)}"
            " ORDER BY monster_id, position", params):
        values, notes = adjustments[monster_id]
        if value is not None:
            values.append(value)
        if note is not None:
            notes.append(note)
    monster = shape.monster
    deployed: dict[int, dict[str, Any]] = defaultdict(dict)
    for monster_id, round_id, seat_id, in_hand, total in run(
            f"SELECT id, round_id, seat_id, hand, total FROM monster{within('id', monsters)} ORDER BY id", params):
        values, kinds = parts.get(monster_id) or ([], [])  # lists of its own for each monster
        adjusted, notes = adjustments.get(monster_id) or ([], [])
        deployed[round_id][names[seat_id]] = monster(values, kinds, in_hand, adjusted, notes, total)

    rounds_of: dict[int, list[tuple[int, int | None, str | None, int]]] = defaultdict(list)
    notes_of: dict[int, list[tuple[int, str]]] = defaultdict(list)  # the players' words on a round (issue 28)
    for round_id, game_id, number, first_seat, seed, kept, note in run(
            "SELECT id, game_id, number, first_player_seat, draw_seed, starter_kept, note"
            f" FROM round{within('game_id', games)} ORDER BY game_id, number", params):
        rounds_of[game_id].append((round_id, first_seat, seed, kept))
        if note is not None:
            notes_of[game_id].append((number, note))

    out = []
    hand, xybrid_round, build = shape.hand, shape.xybrid_round, shape.game
    for (game_id, kind, expansions, dealer_seat, started_at, drawn_seat, drawn_seed, uid, ended_at, note, played_on,
         last) in run(
            "SELECT id, kind, CAST(expansions AS TEXT), dealer_seat, started_at, first_player_seat, draw_seed, uid,"
            f" ended_at, note, played_on, {_LAST_ENTERED if shape.ends else 'NULL'} FROM game WHERE {where}"
            f" ORDER BY {shape.order}", params):
        seated = players[game_id]
        # A Xylotar hand's entries are `bid` rows, an XYbrid round's `monster` rows.
        # A round's first player: an XYbrid round's starter, a Xylotar hand's leader where recorded.
        played = [hand(*hands[round_id], seated[first - 1] if first else None) if round_id in hands
                  else xybrid_round(deployed[round_id], seated[first - 1] if first else None, seed, bool(kept))
                  for round_id, first, seed, kept in rounds_of[game_id]]
        out.append(build(game_id, kind, seated, dealer_seat, json.loads(expansions), dealt.get(game_id), played,
                         started_at, rows.starter_draw(seated, drawn_seat, drawn_seed),
                         rows.Identities(uid, tuple(player_uids[game_id]), ended_at, last, note, bool(played_on),
                                         tuple(notes_of.get(game_id, ())))))
    return out
