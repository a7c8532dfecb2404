"""The game facts cache: for each game, what the statistics need from it
(`companion.facts.GameFacts`), kept as JSON in table `game_facts`.

The cache is derived, never a source. Companion works a game's facts out
from its stored entries, and the repository writes them in the same
transaction as every change to the game. A row is used only while its
fingerprint is the game's `record_hash` and its version is companion's
`FACTS_VERSION`, and its JSON reads back as facts; any other row, or none,
counts as absent: the facts are worked out again from the entries and
written back. Deleting every row loses nothing.

Reading goes through the SQLite driver's own cursor, two queries and no ORM
object per row: reading facts is what makes statistics over ten thousand
games fast, so nothing else should cost more than the JSON itself.
"""
from __future__ import annotations

import json
import sqlite3
from collections import defaultdict

from sqlmodel import Session

from companion.facts import FACTS_VERSION, GameFacts, game_facts
from companion.stats import collector_paused

from . import bulk

_WRITE = ("INSERT INTO game_facts (game_id, fingerprint, version, facts) VALUES (?, ?, ?, ?)"
          " ON CONFLICT (game_id) DO UPDATE SET fingerprint = excluded.fingerprint,"
          " version = excluded.version, facts = excluded.facts")


def _driver(session: Session) -> sqlite3.Connection:
    # The session's own connection, so reads and writes share its transaction.
    return session.connection().connection.driver_connection


def read(session: Session, game: str | None = None, player: str | None = None) -> list[GameFacts]:
    """The facts of every game not deleted, newest first; optionally one kind,
    or those `player` sat in. Facts missing or stale in the cache are worked
    out from the entries and written back (commit to keep them)."""
    run = _driver(session).execute
    where, params = bulk.games_where(game, player)
    with collector_paused():
        seated: dict[int, list[str]] = defaultdict(list)
        for game_id, name in run(
                "SELECT seat.game_id, player.name FROM seat JOIN player ON player.id = seat.player_id"
                f" WHERE seat.game_id IN (SELECT id FROM game WHERE {where}) ORDER BY seat.game_id, seat.number",
                params):
            seated[game_id].append(name)
        found: list[GameFacts | int] = []
        stale: dict[int, str] = {}
        for game_id, started_at, fingerprint, cached, version, text in run(
                "SELECT id, started_at, record_hash, game_facts.fingerprint, game_facts.version, game_facts.facts"
                f" FROM game LEFT JOIN game_facts ON game_facts.game_id = game.id WHERE {where}"
                " ORDER BY started_at DESC, id DESC", params):
            if cached == fingerprint and version == FACTS_VERSION:
                try:
                    found.append(GameFacts.of(game_id, started_at, tuple(seated[game_id]), json.loads(text)))
                    continue
                except (ValueError, TypeError):  # a damaged row counts as absent
                    pass
            stale[game_id] = fingerprint
            found.append(game_id)
        if not stale:
            return found  # type: ignore[return-value]
        fresh = refresh(session, stale)
        return [fresh[item] if isinstance(item, int) else item for item in found]


def refresh(session: Session, fingerprints: dict[int, str]) -> dict[int, GameFacts]:
    """Work out the facts of the games `fingerprints` names (id -> record_hash)
    from their stored entries with companion's engines, and write them to the
    cache; the facts by game id. Deleted games are left out."""
    with collector_paused():
        worked_out = {stored.id: game_facts(stored) for stored in bulk.stored_games(session, ids=fingerprints)}
        _driver(session).executemany(_WRITE, [
            (game_id, fingerprints[game_id], FACTS_VERSION, json.dumps(facts.derived(), separators=(",", ":")))
            for game_id, facts in sorted(worked_out.items())])  # in key order: the table stays packed
    return worked_out


def forget(session: Session, game_id: int) -> None:
    """Drop a game's facts (the game was deleted)."""
    _driver(session).execute("DELETE FROM game_facts WHERE game_id = ?", (game_id,))


def carry(session: Session, game_id: int, old: str, new: str) -> None:
    """A game's fingerprint changed from `old` to `new` with only a player's
    name (a rename): facts name no one, so facts fresh for `old` stay fresh."""
    _driver(session).execute("UPDATE game_facts SET fingerprint = ? WHERE game_id = ? AND fingerprint = ?",
                             (new, game_id, old))
