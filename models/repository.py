"""The GameRepository of companion.services, on SQLite.

It maps rows to companion's objects and back; it never scores and never
checks a rule (companion rebuilds and checks every game it reads). Every
change to a game also brings its fingerprint (`GameRow.record_hash`) and
its cached facts up to date, in the same transaction (models/game_facts.py).

A game is read once per transaction: `get` reads its rows once
(models/bulk.py) into the engine's game and into its record as the rows
give it, and keeps the record. A change `apply`-ed to a game read so is
written, then the kept record follows it (the round as the rows will give
it back), so the fingerprint is taken without reading the game again; and
given the game as it now is (`result=`, the engine the round was checked
on), its facts are worked out from that. Without either, the game's rows
are read back, as for any change whose record cannot be followed.
"""
from __future__ import annotations

from typing import Sequence

from sqlalchemy.orm import SessionTransaction
from sqlmodel import Session, col, func, select

from companion.history import Change
from companion.facts import GameFacts, game_facts as facts_of
from companion.xylotar.bonus_beats import clashing
from companion.services import Game, GameNotFound, GameSummary, StoredGame, now

from . import bulk, game_facts, roster
from .rows import hand_record, monster_record, record_hash, record_of, seat_record, seats_of, without_notes, \
    write_round, xybrid_record
from .tables import ChangeRow, GameRow, Player, RoundRow, SeatRow


class SqlGameRepository:
    def __init__(self, session: Session, keep_facts: game_facts.Keep | None = None):
        """`keep_facts`: what a read does with facts it had to work out again
        (models.game_facts.read); None writes them in the session's transaction."""
        self.session = session
        self._keep_facts = keep_facts
        # The session's identity map holds a row only while something does:
        # held here, a game's row is read once per transaction, not once per look.
        self._rows: dict[int, GameRow] = {}
        self._records: dict[int, dict] = {}  # game id -> its record as its rows give it (no started_at), read here

    # --- companion.services.GameRepository ------------------------------
    def add(self, game: Game, *, started_at: str, uid: str | None = None,
            player_uids: list[str | None] | None = None, ended_at: str | None = None, note: str | None = None,
            played_on: bool = False) -> int:
        """Store a new game's set-up (its players join the roster if new), an
        XYbrid starter drawn for round 1 included; its id. `uid` and
        `player_uids` (an import's): kept unless another game or player
        holds one already (a player on the roster keeps their own)."""
        set_up = game.set_up_dict()  # the record's fields: Xylotar's dealer and cards, XYbrid's draw (Y5)
        dealer, drawn = set_up.get("dealer"), set_up.get("starter_draw")
        dealt = set_up.get("bonus_beats_dealt", {})
        row = GameRow(kind=game.game, started_at=started_at, expansions=list(set_up.get("expansions", [])),
                      dealer_seat=game.players.index(dealer) + 1 if dealer is not None else None,
                      first_player_seat=game.players.index(drawn["first_player"]) + 1 if drawn else None,
                      draw_seed=str(drawn["draw_seed"]) if drawn else None, ended_at=ended_at, note=note,
                      played_on=played_on)
        if uid is not None and self._free(GameRow, uid):
            row.uid = uid
        self.session.add(row)
        self.session.flush()
        given = list(player_uids or [])
        for number, name in enumerate(game.players, start=1):
            player = roster.find(self.session, name)
            if player is None:
                player = roster.add(self.session, name)
                wanted = given[number - 1] if number <= len(given) else None
                if wanted is not None and self._free(Player, wanted):
                    player.uid = wanted
                    self.session.add(player)
            cards = dealt.get(name)
            self.session.add(SeatRow(game_id=row.id, player_id=player.id, number=number,
                                     bonus_beats_dealt=list(cards) if cards is not None else None))
        self._entries_changed(row)
        return row.id

    def get(self, game_id: int, *, history: bool = True) -> StoredGame:
        """The game as stored. Its rounds were checked when they were entered,
        under the rules of their day, so they are put back as stored (as the
        bulk reads do), not checked again: a game entered before a rule
        changed (December 2026: the bid caps, complete monsters) still opens
        and plays on. Every round entered or corrected from now on is checked.

        The rows are read once (models/bulk.py) into the game and into its
        record, which is kept for a change to follow (see the module's
        docstring). `history=False` leaves the history unread (empty)."""
        row = self._row(game_id)
        ((stored, kept),) = bulk.stored_games_and_records(self.session, ids=[game_id])
        for key in ("started_at", "ended_at", "uid", "player_uids"):
            kept.pop(key, None)
        self._records[game_id] = without_notes(kept)  # as `record_of` gives it: the fingerprint's
        seats = self.session.exec(select(Player.name, SeatRow.bonus_beats_dealt, SeatRow.dealt_secret)
                                  .join(SeatRow, col(SeatRow.player_id) == col(Player.id))
                                  .where(SeatRow.game_id == game_id).order_by(col(SeatRow.number))).all()
        return StoredGame(row.id, stored.game, row.started_at, self.history(game_id) if history else [],
                          tuple(name for name, _, secret in seats if secret),
                          clashing({name: cards for name, cards, _ in seats}), stored.uid, stored.player_uids,
                          stored.ended_at, stored.note, stored.played_on, stored.round_notes)

    def set_note(self, game_id: int, note: str | None) -> None:
        """See companion.services.GameRepository.set_note."""
        row = self._row(game_id)
        row.note = note
        self.session.add(row)
        self._records.pop(game_id, None)

    def set_round_note(self, game_id: int, number: int, note: str | None) -> None:
        """See companion.services.GameRepository.set_round_note. Not in the
        game's fingerprint (as its note is not): nothing else changes."""
        self._row(game_id)
        found = self.session.exec(select(RoundRow).where(RoundRow.game_id == game_id,
                                                         RoundRow.number == number)).first()
        if found is None:
            raise GameNotFound(f"game {game_id} has no round {number}")
        found.note = note
        self.session.add(found)
        self.session.flush()

    def set_dealt(self, game_id: int, player: str, cards: list[str], *, secret: bool) -> None:
        """See companion.services.GameRepository.set_dealt: the seat's cards,
        and the game's fingerprint and facts with them."""
        row = self._row(game_id)
        for seat, named in seats_of(self.session, game_id):
            if roster.key(named.name) == roster.key(player):
                seat.bonus_beats_dealt, seat.dealt_secret = list(cards), secret
                self.session.add(seat)
                break
        else:
            raise GameNotFound(f"{player} is not playing in game {game_id}")
        self._records.pop(game_id, None)
        self._entries_changed(row)

    def apply(self, game_id: int, change: Change, *, result: Game | None = None) -> None:
        """See companion.services.GameRepository.apply: `result`, the game with
        the change made, is what its facts are worked out from."""
        self.apply_all(game_id, [change], result=result)

    def apply_all(self, game_id: int, changes: list[Change], *, result: Game | None = None) -> None:
        """`apply` each change in order, fingerprinting the game and working out
        its facts once at the end, not once per change: an import of a long
        game stays linear in its rounds."""
        row = self._row(game_id)
        names = self.names(game_id)
        position = self.session.exec(select(func.count()).where(ChangeRow.game_id == game_id)).one()
        for change in changes:
            # A round changed keeps the players' words on it (a correction, its undo); one taken back loses them.
            write_round(self.session, row, change.round, change.after, keep_note=change.before is not None)
            self.session.add(ChangeRow(game_id=game_id, position=position, action=change.action, round=change.round,
                                       before=by_seat(change.before, names), after=by_seat(change.after, names),
                                       author=change.author, at=change.at, undoes=change.undoes))
            position += 1
        self._entries_changed(row, changes, result)

    def delete(self, game_id: int) -> None:
        """Hide the game from every list; its rows stay, so nothing entered is ever erased."""
        row = self._row(game_id)
        row.deleted_at = now()
        self.session.add(row)
        self.session.flush()
        self._records.pop(game_id, None)
        game_facts.forget(self.session, game_id)

    # --- reads for the app ----------------------------------------------
    def history(self, game_id: int) -> list[Change]:
        """Every change to the game, oldest first, naming players as they are called now."""
        self._row(game_id)
        names = self.names(game_id)
        rows = self.session.exec(select(ChangeRow).where(ChangeRow.game_id == game_id)
                                 .order_by(col(ChangeRow.position))).all()
        return [Change(c.action, c.round, by_name(c.before, names), by_name(c.after, names), c.author, c.at,
                       c.undoes) for c in rows]  # type: ignore[arg-type]

    def stored_games(self, game: str | None = None, player: str | None = None) -> list[StoredGame]:
        """Every game not deleted, newest first, without its history (`get` has it);
        optionally one kind, or those `player` sat in. Read in bulk (models/bulk.py)."""
        return bulk.stored_games(self.session, game, player)

    def game_facts(self, game: str | None = None, player: str | None = None) -> list[GameFacts]:
        """What the statistics need from each game not deleted, newest first;
        optionally one kind, or those `player` sat in. Read from the facts
        cache; missing or stale facts are worked out and written back (commit to keep them)."""
        return game_facts.read(self.session, game, player, keep=self._keep_facts)

    def list_games(self, game: str | None = None, player: str | None = None) -> list[GameSummary]:
        return [GameSummary.of(facts) for facts in self.game_facts(game, player)]

    def record(self, game_id: int) -> dict:
        """The game's companion.game/1 record, with when it started."""
        self._row(game_id)  # GameNotFound for a deleted game
        (kept,) = bulk.records(self.session, ids=[game_id])  # as an export of every game gives it
        return kept

    def records(self, game: str | None = None, player: str | None = None) -> list[dict]:
        """The record (as `record` gives it) of every game not deleted, oldest first;
        optionally one kind, or those `player` sat in. Read in bulk (models/bulk.py)."""
        return bulk.records(self.session, game, player)

    def same_game(self, game_id: int, started_at: str | None) -> int | None:
        """Another stored game (deleted or not) with the content of game `game_id`,
        and the same start time when `started_at` is given; its id, or None."""
        fingerprint = self.session.get(GameRow, game_id).record_hash
        query = select(GameRow).where(GameRow.record_hash == fingerprint, GameRow.id != game_id)
        for row in self.session.exec(query.order_by(col(GameRow.id))).all():
            if started_at is None or row.started_at == started_at:
                return row.id
        return None

    def savepoint(self) -> SessionTransaction:
        """A nested transaction: `.rollback()` takes back what was written since, `.commit()` keeps it."""
        self._records.clear()  # a rollback would leave them behind the rows
        return self.session.begin_nested()

    def undelete(self, game_id: int) -> None:
        row = self.session.get(GameRow, game_id)
        if row is None:
            raise GameNotFound(f"there is no game {game_id}")
        row.deleted_at = None
        self.session.add(row)
        self._entries_changed(row)

    def refresh_fingerprints(self, player: str | None = None, *, game_ids: Sequence[int] = ()) -> None:
        """Fingerprint again every game `player` sat in (or these games): a
        fingerprint holds names (see same_game); their facts name seats and stay."""
        self._records.clear()  # they hold the old name
        query = (select(GameRow).join(SeatRow, col(SeatRow.game_id) == col(GameRow.id))
                 .join(Player, col(Player.id) == col(SeatRow.player_id)).where(Player.name_key == roster.key(player))
                 if player is not None else select(GameRow).where(col(GameRow.id).in_(game_ids)))
        for row in self.session.exec(query).all():
            old = row.record_hash
            self._fingerprint(row)
            game_facts.carry(self.session, row.id, old, row.record_hash)

    def names(self, game_id: int) -> list[str]:
        """The game's players in seat order, named as they are called now (as read in this transaction)."""
        kept = self._records.get(game_id)
        if kept is not None:
            return list(kept["players"])
        return [player.name for _, player in seats_of(self.session, game_id)]

    # --- helpers ----------------------------------------------------------
    def _free(self, table: type[GameRow] | type[Player], uid: str) -> bool:
        """No game (or player) holds this stable id yet."""
        self.session.flush()
        return self.session.exec(select(table.id).where(table.uid == uid)).first() is None

    def _row(self, game_id: int) -> GameRow:
        row = self._rows.get(game_id) or self.session.get(GameRow, game_id)
        if row is None or row.deleted_at is not None:
            raise GameNotFound(f"there is no game {game_id}")
        self._rows[game_id] = row
        return row

    def _fingerprint(self, row: GameRow) -> None:
        self.session.flush()
        row.record_hash = record_hash(record_of(self.session, row))
        self.session.add(row)
        self.session.flush()

    def _entries_changed(self, row: GameRow, changes: Sequence[Change] = (), result: Game | None = None) -> None:
        """Fingerprint the game again and work out its facts, in this transaction:
        from its record kept since `get` and from `result` where they can be, else from its rows."""
        kept = self._records.pop(row.id, None)
        kept = _followed(kept, changes) if kept is not None else None
        if kept is None:
            self._fingerprint(row)
        else:
            self._records[row.id] = kept
            row.record_hash = record_hash(kept)
            self.session.add(row)
            self.session.flush()
        if result is None:
            game_facts.refresh(self.session, {row.id: row.record_hash})
        else:
            game_facts.write(self.session, {row.id: row.record_hash},
                             {row.id: facts_of(StoredGame(row.id, result, row.started_at))})


def _followed(kept: dict, changes: Sequence[Change]) -> dict | None:
    """The record `kept` with `changes` made, as the rows will give it back
    once `write_round` wrote them; None where it cannot follow (a round
    removed other than the last, a round beyond the next)."""
    rounds = list(kept["rounds"])
    for change in changes:
        if change.after is None:
            if change.round != len(rounds):
                return None
            rounds.pop()
        elif change.round <= len(rounds):
            rounds[change.round - 1] = as_read_back(change.after, kept["players"])
        elif change.round == len(rounds) + 1:
            rounds.append(as_read_back(change.after, kept["players"]))
        else:
            return None
    return {**kept, "rounds": rounds}


def as_read_back(entered: dict, names: list[str]) -> dict:
    """A record round as `rows.record_of` gives it back once `rows.write_round`
    stored it: players as the roster names them, a Xylotar seat's `bid` row,
    an XYbrid monster's `part` and `adjustment` rows, the starter draw's seed."""
    name_of = {roster.key(name): name for name in names}
    results = entered["results"]
    bids = {name_of[roster.key(name)]: _seat_read_back(value) for name, value in results.items()
            if "tricks" in value}
    sides = {side: _seat_read_back(value) for side, value in entered.get("side_players", {}).items()}
    if bids or sides:
        leader = entered.get("leader")
        return hand_record(bids, sides, name_of[roster.key(leader)] if leader is not None else None)
    first, seed = entered.get("first_player"), entered.get("draw_seed")
    return xybrid_record({name_of[roster.key(name)]: _monster_read_back(value) for name, value in results.items()},
                         name_of[roster.key(first)] if first is not None else None,
                         str(seed) if seed is not None else None, bool(entered.get("starter_kept")))


def _seat_read_back(value: dict) -> dict:
    return seat_record(value["bid"], value["tricks"], value.get("bonus_beat"), value.get("off_key_won", 0))


def _monster_read_back(value: dict) -> dict:
    if "infamy" in value:  # entered as a total
        return monster_record([], [], 0, [], [], value["infamy"])
    kinds = value.get("part_types") or [None] * len(value["parts"])
    parts = list(zip(value["parts"], kinds))
    adjustments, notes = value.get("adjustments", []), value.get("notes", [])
    positions = range(max(len(adjustments), len(notes)))
    return monster_record([part for part, _ in parts], [kind for _, kind in parts], value["hand"],
                          [adjustments[i] if i < len(adjustments) else None for i in positions],
                          [notes[i] if i < len(notes) else None for i in positions])


def by_seat(entered: dict | None, names: list[str]) -> dict | None:
    """A record round with players named by seat number ("1" is seat 1), as history keeps it."""
    if entered is None:
        return None
    seat = {roster.key(name): str(number) for number, name in enumerate(names, start=1)}
    out = {**entered, "results": {seat[roster.key(name)]: value for name, value in entered["results"].items()}}
    for field in NAMED_FIELDS:
        if entered.get(field) is not None:
            out[field] = seat[roster.key(entered[field])]
    return out


def by_name(kept: dict | None, names: list[str]) -> dict | None:
    """The inverse of `by_seat`, with the names players have now."""
    if kept is None:
        return None
    out = {**kept, "results": {names[int(number) - 1]: value for number, value in kept["results"].items()}}
    for field in NAMED_FIELDS:
        if kept.get(field) is not None:
            out[field] = names[int(kept[field]) - 1]
    return out


# A round's fields beside `results` that name a player: XYbrid's starter, a Xylotar hand's recorded leader.
NAMED_FIELDS = ("first_player", "leader")
