"""The game facts cache: for each game, what the statistics need from it
(`companion.facts.GameFacts`), kept as JSON in table `game_facts`.

The cache is derived, never a source. Companion works a game's facts out
from its stored entries, and the repository writes them in the same
transaction as every change to the game. A row is used only while its
fingerprint is the game's `record_hash` and its version is companion's
`FACTS_VERSION`, and its JSON reads back as facts; any other row, or none,
counts as absent: the facts are worked out again from the entries and
written back. Deleting every row loses nothing.

Reading goes through the driver's own cursor (SQLite's or psycopg's), three queries and no ORM
object per row: reading facts is what makes statistics over ten thousand
games fast, so nothing else should cost more than the JSON itself.
"""
from __future__ import annotations

import json
from collections import defaultdict
from typing import Callable

from sqlalchemy import Engine
from sqlmodel import Session

from companion.facts import FACTS_VERSION, GameFacts, game_facts
from companion.stats import collector_paused

from . import bulk, server
from .engine import unavailable

# What a reader does with facts it had to work out again (id -> record_hash, id -> facts).
Keep = Callable[[dict[int, str], dict[int, GameFacts]], None]

_WRITE = ("INSERT INTO game_facts (game_id, fingerprint, version, facts) VALUES (?, ?, ?, {json})"
          " ON CONFLICT (game_id) DO UPDATE SET fingerprint = excluded.fingerprint,"
          " version = excluded.version, facts = excluded.facts")


def _driver(session: Session) -> server.Raw:
    # The session's own connection, so reads and writes share its transaction.
    return server.raw(session)


def _json(on_server: bool) -> str:
    """A `?` parameter holding JSON text, as a value of a JSON column."""
    return "CAST(? AS JSON)" if on_server else "?"


def read(session: Session, game: str | None = None, player: str | None = None, *,
         keep: Keep | None = None) -> list[GameFacts]:
    """The facts of every game not deleted, newest first; optionally one kind,
    or those `player` sat in. Facts missing or stale in the cache are worked
    out from the entries and written back in the session's transaction
    (commit to keep them), or, given `keep`, handed to it instead (a reader's
    transaction writes nothing: `keep_if_free`)."""
    cursor = _driver(session)
    run = cursor.execute
    where, params = bulk.games_where(game, player, on_server=cursor.server)
    with collector_paused():
        # Seats by player id, named from the roster: one str per player, not one per seat.
        name = dict(run("SELECT id, name FROM player").fetchall())
        seated: dict[int, list[str]] = defaultdict(list)
        for game_id, player_id in run(
                "SELECT game_id, player_id FROM seat"
                f" WHERE game_id IN (SELECT id FROM game WHERE {where}) ORDER BY game_id, number", params):
            seated[game_id].append(name[player_id])
        rows = run(
            "SELECT id, started_at, record_hash,"
            " game_facts.fingerprint = record_hash AND game_facts.version = ?, CAST(game_facts.facts AS TEXT)"
            f" FROM game LEFT JOIN game_facts ON game_facts.game_id = game.id WHERE {where}"
            " ORDER BY started_at DESC, id DESC", (FACTS_VERSION, *params)).fetchall()
        found: list[GameFacts | int] = []
        stale: dict[int, str] = {}
        for (game_id, started_at, fingerprint, _, _), derived in zip(rows, _parsed(rows)):
            try:
                found.append(GameFacts.of(game_id, started_at, tuple(seated[game_id]), derived))
                continue
            except ValueError:  # none kept, or a damaged row: counts as absent
                pass
            stale[game_id] = fingerprint
            found.append(game_id)
        if not stale:
            return found  # type: ignore[return-value]
        if keep is None:
            fresh = refresh(session, stale)
        else:
            fresh = work_out(session, stale)
            keep(stale, fresh)
        return [fresh[item] if isinstance(item, int) else item for item in found]


def _parsed(rows: list[tuple]) -> list:
    """Each row's cached facts as parsed JSON, or None where none is usable.
    They are parsed in one go, as one JSON array: one call instead of one per
    game. A damaged text (cut short, say) breaks that array, or changes how
    many values it holds; then each is parsed on its own, and the damaged one
    counts as absent."""
    usable = [text for *_, fresh, text in rows if fresh]
    try:
        values = json.loads("[" + ",".join(usable) + "]")
    except ValueError:
        values = None
    if values is None or len(values) != len(usable):
        values = [_one(text) for text in usable]
    kept = iter(values)
    return [next(kept) if fresh else None for *_, fresh, _ in rows]


def _one(text: str):
    try:
        return json.loads(text)
    except ValueError:
        return None


def refresh(session: Session, fingerprints: dict[int, str]) -> dict[int, GameFacts]:
    """Work out the facts of the games `fingerprints` names (id -> record_hash)
    from their stored entries with companion's engines, and write them to the
    cache; the facts by game id. Deleted games are left out."""
    worked_out = work_out(session, fingerprints)
    write(session, fingerprints, worked_out)
    return worked_out


def write(session: Session, fingerprints: dict[int, str], worked_out: dict[int, GameFacts]) -> None:
    """Keep facts worked out already (from a game the caller holds, as it now
    is) in the cache, in the session's transaction, for these fingerprints."""
    with collector_paused():
        cursor = _driver(session)
        cursor.executemany(_WRITE.format(json=_json(cursor.server)), _rows(fingerprints, worked_out))


def work_out(session: Session, fingerprints: dict[int, str]) -> dict[int, GameFacts]:
    """The facts of the games `fingerprints` names, from their stored entries; nothing written."""
    with collector_paused():
        return {stored.id: game_facts(stored) for stored in bulk.stored_games(session, ids=fingerprints)}


def _rows(fingerprints: dict[int, str], worked_out: dict[int, GameFacts]) -> list[tuple]:
    return [(game_id, fingerprints[game_id], FACTS_VERSION, json.dumps(facts.derived(), separators=(",", ":")))
            for game_id, facts in sorted(worked_out.items())]  # in key order: the table stays packed


# Only while the game is still as it was read: facts of a game changed since would be stale at once.
_KEEP = ("INSERT INTO game_facts (game_id, fingerprint, version, facts)"
         " SELECT CAST(? AS INTEGER), ?, CAST(? AS INTEGER), {json}"
         " WHERE EXISTS (SELECT 1 FROM game WHERE id = CAST(? AS INTEGER) AND record_hash = ?)"
         " ON CONFLICT (game_id) DO UPDATE SET fingerprint = excluded.fingerprint,"
         " version = excluded.version, facts = excluded.facts")


def keep_if_free(engine: Engine) -> Keep:
    """A reader's `keep`: write the facts in a transaction of their own on
    another connection, only if the write lock is free this instant (busy
    timeout 0). If it is not (or the file cannot take a write) they are
    skipped without a word: the cache is derived, the next read tries again,
    and a statistics screen must never wait for someone's entry."""

    def keep(fingerprints: dict[int, str], worked_out: dict[int, GameFacts]) -> None:
        if not worked_out:
            return
        rows = [(*row, row[0], row[1]) for row in _rows(fingerprints, worked_out)]
        raw = engine.raw_connection()
        try:
            if engine.dialect.name == "postgresql":
                _keep_on_server(raw.driver_connection, rows)
            else:
                _keep_in_file(raw, rows)
        except Exception as error:  # noqa: BLE001 - a fault of the store: skipped, the next read tries again
            if unavailable(error) is None:
                raise
        finally:
            raw.close()

    return keep


def _keep_in_file(raw, rows: list[tuple]) -> None:
    driver = raw.driver_connection
    waits = driver.execute("PRAGMA busy_timeout").fetchone()[0]
    try:
        if raw.info.get("query_only"):
            driver.execute("PRAGMA query_only=OFF")
            raw.info["query_only"] = False
        driver.execute("PRAGMA busy_timeout=0")
        driver.execute("BEGIN IMMEDIATE")
        try:
            driver.executemany(_KEEP.format(json="?"), rows)
            driver.execute("COMMIT")
        except BaseException:
            driver.execute("ROLLBACK")
            raise
    finally:
        driver.execute(f"PRAGMA busy_timeout={int(waits)}")


def _keep_on_server(driver, rows: list[tuple]) -> None:
    try:
        if server.take_lock_if_free(driver):
            server.Raw(driver, True).executemany(_KEEP.format(json=_json(True)), rows)
            driver.commit()
    finally:
        driver.rollback()  # nothing left open on a pooled connection (after a commit: nothing to undo)


def skip(_fingerprints: dict[int, str], _worked_out: dict[int, GameFacts]) -> None:
    """The `keep` of a store opened read-only: facts worked out again are used, not kept."""


def forget(session: Session, game_id: int) -> None:
    """Drop a game's facts (the game was deleted)."""
    _driver(session).execute("DELETE FROM game_facts WHERE game_id = ?", (game_id,))


def carry(session: Session, game_id: int, old: str, new: str) -> None:
    """A game's fingerprint changed from `old` to `new` with only a player's
    name (a rename): facts name no one, so facts fresh for `old` stay fresh."""
    _driver(session).execute("UPDATE game_facts SET fingerprint = ? WHERE game_id = ? AND fingerprint = ?",
                             (new, game_id, old))
