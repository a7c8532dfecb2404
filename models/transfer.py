"""Export and import games as `companion.game/1` records.

An export is one record, or a JSON list of records for many; each carries
`started_at`, `ended_at` (when its last round was entered) and the stable
ids `uid` and `player_uids` (optional fields of the format, kept by an
import: docs/game-record.md), the game's `note` and each round's that has
one (`rounds[].note`), on XYbrid rounds the
starter draw's `draw_seed`, and on an XYbrid game whose round-1 starter was
drawn at set-up its `starter_draw` (a documented optional field).

Importing the same game twice does not duplicate it. Two records are the same
game when their content fingerprint matches (game, players in seat order,
dealer, expansions, dealt Bonus Beats and every round as entered; see
`models.rows.record_hash`) and, when the file says when the game started,
`started_at` matches too. So an export imported back, or one file imported
twice, adds nothing; a game exported mid-game and imported after more rounds
were entered elsewhere is a different game. Fingerprints use the names players
have now (a rename fingerprints their games again), so a file exported before
someone was renamed no longer matches. A duplicate of a deleted game brings
it back.

An import is all or nothing: a file with any problem is refused with every
problem named, and nothing is written.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from typing import TextIO

from companion import record, services
from companion.errors import GameError
from companion.notes import clean_note
from companion.players import shown

from .store import Store
from .tables import UID_LENGTH

AUTHOR = services.IMPORTED


class ImportRefused(ValueError):
    """The file cannot be imported; `str(error)` says why, one line per problem."""


@dataclass
class Imported:
    added: list[int] = field(default_factory=list)  # ids of the new games
    already_had: list[int] = field(default_factory=list)  # ids of games the store already held


def export_game(store: Store, game_id: int) -> dict:
    """One game's record; raises companion.services.GameNotFound."""
    return services.export_record(game_id, store.reader())


def export_all(store: Store) -> list[dict]:
    """Every game not deleted, oldest first: each the record `export_game` gives,
    read in bulk (models/bulk.py) rather than one game at a time."""
    return services.export_records(store.reader())


def write_records(records: list[dict], out: TextIO) -> None:
    """Write records (as `export_all` gives them) to `out` a game at a time,
    the text exactly `json.dumps(records, indent=2, ensure_ascii=False) + "\n"`
    (what `xyscore export` writes) without building it as one string."""
    if not records:
        out.write("[]\n")
        return
    separator = "[\n  "
    for game in records:
        out.write(separator + json.dumps(game, indent=2, ensure_ascii=False).replace("\n", "\n  "))
        separator = ",\n  "
    out.write("\n]\n")


def import_text(store: Store, text: str) -> Imported:
    """Import one record or a JSON list of them; raises ImportRefused, writing nothing.

    The text is read as `xyscore score` reads a record (`companion.record.parse`:
    a byte-order mark is fine; NaN, overlong numbers and deep nesting are
    refused), and every game is checked before the store is opened for writing."""
    try:
        data = record.parse(text)
    except GameError as error:
        raise ImportRefused(f"{error}; nothing was imported") from None
    many = isinstance(data, list)
    records = data if many else [data]
    if many and not records:
        raise ImportRefused("the file holds an empty list: no games to import")
    checked, problems = [], []
    for number, raw in enumerate(records, start=1):
        where = f"game {number}: " if many else ""
        try:
            checked.append(_checked(raw))
        except (GameError, ImportRefused) as error:
            problems += [where + line for line in str(error).splitlines()]
    if problems:
        raise ImportRefused("\n".join(problems + ["nothing was imported"]))
    result = Imported()
    # All or none, in one transaction; a game the store has (the same fingerprint,
    # names as the roster spells them) is taken back and the one stored is given.
    games = [(game, raw.get("rounds", []), started_at, ids) for game, raw, started_at, ids in checked]
    for game_id, new in services.import_games(games, store.uow(), author=AUTHOR):
        (result.added if new else result.already_had).append(game_id)
    return result


def _checked(raw: object) -> tuple[record.Game, dict, str | None, dict]:
    """The game the record holds, checked by companion, the record, its start
    time if it gives one, and its stable ids and end (those it gives)."""
    game = record.from_dict(raw)  # raises GameError naming every broken rule
    assert isinstance(raw, dict)
    started_at = raw.get("started_at")
    if started_at is not None and not _is_moment(started_at):
        raise ImportRefused(f"started_at must be a date and time like '2026-11-30T17:00:00+00:00', "
                            f"not {shown(started_at)}")
    ids = _ids(raw, len(game.players))
    # A Xylotar record's `starter_draw` or a hand's `draw_seed` is refused as any field it does not know.
    for number, entered in enumerate(raw.get("rounds", []), start=1):
        seed = entered.get("draw_seed")
        if seed is None:
            continue
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**64:
            raise ImportRefused(f"round {number}: draw_seed must be a whole number from 0 to 2**64 - 1, "
                                f"not {shown(seed)}")
    return game, raw, started_at, ids


def _ids(raw: dict, players: int) -> dict:
    """The record's `ended_at`, `uid` and `player_uids` (one per player, in
    the order of `players`), those it gives, ids in their usual spelling, and
    its `note` and its rounds' (`round_notes`, by number, those that have one);
    raises ImportRefused for one that is not what it should be."""
    ids: dict = {}
    try:
        note = clean_note(raw.get("note"))
    except ValueError as error:
        raise ImportRefused(f"note: {error}") from None
    if note is not None:
        ids["note"] = note
    # Each round's note (issue 28), checked with the round (companion.record_fields.note_problems).
    rounds = raw.get("rounds", [])
    noted = {number: clean_note(entered.get("note")) for number, entered in enumerate(rounds, start=1)}
    if any(noted.values()):
        ids["round_notes"] = {number: note for number, note in noted.items() if note is not None}
    ended_at = raw.get("ended_at")
    if ended_at is not None:
        if not _is_moment(ended_at):
            raise ImportRefused(f"ended_at must be a date and time like '2026-11-30T19:00:00+00:00', "
                                f"not {shown(ended_at)}")
        ids["ended_at"] = ended_at
    if raw.get("uid") is not None:
        ids["uid"] = _uid(raw["uid"], "uid")
    given = raw.get("player_uids")
    if given is not None:
        if not isinstance(given, list) or len(given) != players:
            raise ImportRefused(f"player_uids must be a list of {players} ids, one per player, in the order of players")
        uids = [_uid(value, "player_uids") for value in given]
        if len(set(uids)) < len(uids):
            raise ImportRefused("player_uids gives one id to two players")
        ids["player_uids"] = uids
    return ids


def _uid(value: object, name: str) -> str:
    """A stable id as the store keeps it: a UUID (or, for a row stored before
    schema 0013, what BG Stats was sent for it): printable text, at most
    `UID_LENGTH` characters."""
    if isinstance(value, str) and 0 < len(value) <= UID_LENGTH and value.isprintable() and value == value.strip():
        return value
    raise ImportRefused(f"{name} must hold ids like '0b0e3c4e-5a8f-4a37-9d21-6f1c2f3e4d5a', not {shown(value)}")


def _is_moment(value: object) -> bool:
    try:
        return isinstance(value, str) and datetime.fromisoformat(value) is not None
    except ValueError:
        return False
