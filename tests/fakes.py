"""An in-memory store with the surface of `models.store.Store` that the views
use, for tests that must not need SQLite: its unit of work has every member
of companion.services.UnitOfWork and its GameRepository
(tests/integration/test_unit_of_work_protocol.py)."""
from __future__ import annotations

import copy
import uuid

from companion import record
from companion.facts import game_facts
from companion.history import Change
from companion.players import name_key
from companion.roster import (check_add, check_merge, check_remove, check_rename, checked_name,
                              name_taken, not_on_roster)
from companion.services import GameNotFound, GameSummary, StoredGame
from companion.xylotar.bonus_beats import clashing


def _without_clashes(kept: dict) -> tuple[dict, dict]:
    """A copy of record `kept` without the dealt entries that share a card, and
    those entries: as the store keeps a clash, left out of the game (B1)."""
    kept = copy.deepcopy(kept)
    left_out = clashing(kept.get("bonus_beats_dealt", {}))
    for name in left_out:
        del kept["bonus_beats_dealt"][name]
    return kept, left_out


class FakeSavepoint:
    def __init__(self, store: "FakeStore") -> None:
        self.store = store
        self._saved = copy.deepcopy((store.rows, store.roster))

    def commit(self) -> None:
        pass

    def rollback(self) -> None:
        self.store.rows, self.store.roster = copy.deepcopy(self._saved)


class FakeGames:
    def __init__(self, store: "FakeStore") -> None:
        self.store = store

    # --- writes ----------------------------------------------------------
    def add(self, game, *, started_at: str, uid: str | None = None, player_uids=None,
            ended_at: str | None = None, note: str | None = None, played_on: bool = False) -> int:
        """Like the store's: the game's players join the roster if new (the
        fake keeps no players' ids: BG Stats falls back on their names)."""
        known = {name_key(name) for name in self.store.roster}
        self.store.roster += [name for name in game.players if name_key(name) not in known]
        game_id = max(self.store.rows, default=0) + 1  # as SQLite numbers rows: a rolled-back id is used again
        self.store.rows[game_id] = {"record": record.to_dict(game), "started_at": started_at, "history": [],
                                    "deleted": False, "uid": uid or str(uuid.uuid4()), "ended_at": ended_at,
                                    "note": note, "played_on": played_on}
        return game_id

    def set_note(self, game_id: int, note: str | None) -> None:
        self._row(game_id)["note"] = note

    def set_round_note(self, game_id: int, number: int, note: str | None) -> None:
        """Like the store's: a round's note, kept beside it (None: none)."""
        notes = self._row(game_id).setdefault("round_notes", {})
        if note is None:
            notes.pop(number, None)
        else:
            notes[number] = note

    def apply(self, game_id: int, change, *, result=None) -> None:
        self.apply_all(game_id, [change])

    def apply_all(self, game_id: int, changes, *, result=None) -> None:
        row = self._row(game_id)
        rounds = row["record"]["rounds"]
        for change in changes:
            after = {k: v for k, v in (change.after or {}).items() if k != "draw_seed"}
            if change.after is None:
                del rounds[change.round - 1:]
                row["round_notes"] = {n: note for n, note in row.get("round_notes", {}).items() if n < change.round}
            elif change.round <= len(rounds):
                rounds[change.round - 1] = after
            else:
                rounds.append(after)
            row["history"].append(change)

    def delete(self, game_id: int) -> None:
        self._row(game_id)["deleted"] = True

    def undelete(self, game_id: int) -> None:
        if game_id not in self.store.rows:
            raise GameNotFound(game_id)
        self.store.rows[game_id]["deleted"] = False

    def same_game(self, game_id: int, started_at: str | None) -> int | None:
        mine = self.store.rows[game_id]["record"]
        for other, row in sorted(self.store.rows.items()):
            if other != game_id and row["record"] == mine and started_at in (None, row["started_at"]):
                return other
        return None

    def savepoint(self) -> FakeSavepoint:
        return FakeSavepoint(self.store)

    def set_dealt(self, game_id: int, player: str, cards: list[str], *, secret: bool) -> None:
        row = self._row(game_id)
        row["record"].setdefault("bonus_beats_dealt", {})[player] = list(cards)
        if not cards:  # cleared: as the store's record, no entry for the player
            del row["record"]["bonus_beats_dealt"][player]
        row["secret"] = sorted({*row.get("secret", ()), player} if secret else set(row.get("secret", ())) - {player})

    # --- reads -----------------------------------------------------------
    def get(self, game_id: int, *, history: bool = True) -> StoredGame:
        row = self._row(game_id)
        kept, left_out = _without_clashes(row["record"])
        return StoredGame(game_id, record.from_dict(kept), row["started_at"],
                          list(row["history"]) if history else [], tuple(row.get("secret", ())), left_out,
                          uid=row["uid"], ended_at=row["ended_at"], note=row.get("note"),
                          played_on=row.get("played_on", False), round_notes=dict(row.get("round_notes", {})))

    def history(self, game_id: int) -> list:
        return list(self._row(game_id)["history"])

    def stored_games(self, game: str | None = None, player: str | None = None) -> list[StoredGame]:
        found = [self.get(game_id, history=False) for game_id in sorted(self.store.rows, reverse=True)
                 if not self.store.rows[game_id]["deleted"]]
        return [s for s in found if (game is None or s.game.game == game)
                and (player is None or name_key(player) in {name_key(name) for name in s.game.players})]

    def game_facts(self, game: str | None = None, player: str | None = None) -> list:
        return [game_facts(stored) for stored in self.stored_games(game, player)]

    def list_games(self, game: str | None = None, player: str | None = None) -> list[GameSummary]:
        return [GameSummary.of(facts) for facts in self.game_facts(game, player)]

    def record(self, game_id: int) -> dict:
        row = self._row(game_id)
        return {**_without_clashes(row["record"])[0], "started_at": row["started_at"]}

    def records(self, game: str | None = None, player: str | None = None) -> list[dict]:
        return [self.record(stored.id) for stored in reversed(self.stored_games(game, player))]

    def _row(self, game_id: int) -> dict:
        row = self.store.rows.get(game_id)
        if row is None or row["deleted"]:
            raise GameNotFound(game_id)
        return row


class FakeUnitOfWork:
    def __init__(self, store: "FakeStore") -> None:
        self.store = store
        self.games = FakeGames(store)

    def __enter__(self):
        self._saved = copy.deepcopy((self.store.rows, self.store.roster))
        return self

    def __exit__(self, *exc) -> None:
        if self._saved is not None:
            self.store.rows, self.store.roster = self._saved

    def commit(self) -> None:
        self._saved = None

    # --- the roster ---------------------------------------------------------
    def players(self) -> list[str]:
        return sorted(self.store.roster, key=str.casefold)

    def player_uid(self, name: str) -> str | None:
        return None  # the fake keeps no stable ids: a page's address holds the name only

    def player_named(self, uid: str) -> str | None:
        return None

    def add_player(self, name: str) -> str:
        cleaned = check_add(name, name_taken(checked_name(name), self.store.roster))
        self.store.roster.append(cleaned)
        return cleaned

    def rename_player(self, old: str, new: str) -> str:
        found = self._found(old)
        cleaned = check_rename(new, name_taken(checked_name(new), self.store.roster, own=found))
        self.store.roster[self.store.roster.index(found)] = cleaned
        self._named_anew(found, cleaned)
        return cleaned

    def merge_player(self, name: str, into: str) -> str:
        one, kept = self._found(name), self._found(into)
        together = sorted(row["started_at"] for row in self.store.rows.values()
                          if {name_key(one), name_key(kept)} <= {name_key(n) for n in row["record"]["players"]})
        check_merge(one, kept, same=one == kept, together=together)
        self.store.roster.remove(one)
        self._named_anew(one, kept)
        return kept

    def remove_player(self, name: str) -> None:
        found = self._found(name)
        sat = [row["deleted"] for row in self.store.rows.values()
               if name_key(found) in {name_key(n) for n in row["record"]["players"]}]
        check_remove(found, games=sat.count(False), in_deleted=True in sat)
        self.store.roster.remove(found)

    def games_played(self) -> dict[str, int]:
        shown = [row["record"]["players"] for row in self.store.rows.values() if not row["deleted"]]
        return {name: sum(name in players for players in shown) for name in self.players()}

    def _found(self, name: str) -> str:
        found = [known for known in self.store.roster if name_key(known) == name_key(name)]
        if not found:
            raise not_on_roster(name)
        return found[0]

    def _named_anew(self, old: str, new: str) -> None:
        for row in self.store.rows.values():
            row["record"] = _renamed_record(row["record"], old, new)
            row["history"] = [_renamed_change(change, old, new) for change in row["history"]]

    # --- the same reads as `games` has ------------------------------------------
    def list_games(self, game: str | None = None, player: str | None = None) -> list[GameSummary]:
        return self.games.list_games(game, player)

    def stored_games(self, game: str | None = None, player: str | None = None) -> list[StoredGame]:
        return self.games.stored_games(game, player)

    def game_facts(self, game: str | None = None, player: str | None = None) -> list:
        return self.games.game_facts(game, player)

    def history(self, game_id: int) -> list:
        return self.games.history(game_id)


def _renamed(name: str, old: str, new: str) -> str:
    return new if name_key(name) == name_key(old) else name


def _renamed_round(entered: dict | None, old: str, new: str) -> dict | None:
    if entered is None:
        return None
    out = {**entered, "results": {_renamed(name, old, new): value for name, value in entered["results"].items()}}
    for field in ("first_player", "leader"):  # XYbrid's starter, a Xylotar hand's recorded leader
        if entered.get(field) is not None:
            out[field] = _renamed(entered[field], old, new)
    return out


def _renamed_record(data: dict, old: str, new: str) -> dict:
    out = {**data, "players": [_renamed(name, old, new) for name in data["players"]],
           "rounds": [_renamed_round(entered, old, new) for entered in data["rounds"]]}
    if "dealer" in data:
        out["dealer"] = _renamed(data["dealer"], old, new)
    if "bonus_beats_dealt" in data:
        out["bonus_beats_dealt"] = {_renamed(name, old, new): cards
                                    for name, cards in data["bonus_beats_dealt"].items()}
    if data.get("starter_draw"):
        out["starter_draw"] = {**data["starter_draw"],
                               "first_player": _renamed(data["starter_draw"]["first_player"], old, new)}
    return out


def _renamed_change(change: Change, old: str, new: str) -> Change:
    return Change(change.action, change.round, _renamed_round(change.before, old, new),
                  _renamed_round(change.after, old, new), change.author, change.at, change.undoes)


class FakeStore:
    fault = None  # models.store.Store.fault: a store that opened read-only says why

    def __init__(self) -> None:
        self.rows: dict = {}
        self.roster: list[str] = []

    def has(self, game_id: int) -> bool:
        """Is there a game `game_id`, not deleted?"""
        return game_id in self.rows and not self.rows[game_id]["deleted"]

    def uow(self) -> FakeUnitOfWork:
        return FakeUnitOfWork(self)

    def reader(self):
        """The store's read-only unit of work (models.store.Store.reader); here the same fake."""
        return self.uow()
