"""What players do with a stored game: plain values in, a unit of work,
no rules of their own (the engines in `xylotar` and `xybrid` hold those).

One write path: every write goes through these functions, and each is one
transaction: `with uow: ...; uow.commit()`. Each write `f(..., uow)` has an
`f_in(..., uow)` that does the same inside a unit of work the caller already
has open, and leaves the commit (or the rollback) to it: so another service
(`companion.table_services`) can read the game once, check what it must,
and record the round in the same transaction, on the game it read.

One read path: the reads below (`load`, `list_games`, `game_facts`,
`roster`, ...) each open the unit of work they are given; pass them a reader
(`models.store.Store.reader`), which never waits for a writer.

The store (`models`) implements the `UnitOfWork`, `GameRepository` and
`Savepoint` protocols (companion/unit_of_work.py, named here too); tests may use a fake (tests/fakes.py). Both
have every member the protocols declare
(tests/integration/test_unit_of_work_protocol.py).
"""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Iterable

from . import notes, record, stats
from .errors import AlreadyEntered, GameError, problem, said
from .correction import corrected
from .facts import GameFacts
from .history import IMPORTED, Change, redo_changes, undo_changes  # IMPORTED: who entered an import's rounds
from .games import Game, find_game
from .outcome import rounds_named
from .stats import PlayerStats, collector_paused
# The protocols and values the services take and give, named here too (`services.StoredGame`, ...).
from .unit_of_work import GameNotFound, GameRepository, GameSummary, Savepoint, StoredGame, UnitOfWork  # noqa: F401
from .xybrid import StarterDraw


def now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def new_game(game: str, players: Iterable[str], *, dealer: str | None = None, expansions: Iterable[str] = (),
             bonus_beats_dealt: dict | None = None, starter_draw: StarterDraw | None = None) -> Game:
    """A game with no rounds yet; raises GameError for a table that cannot be.
    XYbrid's `starter_draw` is round 1's starter drawn at set-up (Y5), stored with the game."""
    return find_game(game).set_up(tuple(players), dealer=dealer, expansions=expansions,
                                  bonus_beats_dealt=bonus_beats_dealt, starter_draw=starter_draw)


def start_game(game: Game, uow: UnitOfWork, *, played_on: str | None = None) -> int:
    """Store a newly set-up game; returns its id. `played_on` ('2026-11-28'):
    a game entered afterwards, the day it was played (companion.notes)."""
    with uow:
        game_id = start_game_in(game, uow, played_on=played_on)
        uow.commit()
    return game_id


def start_game_in(game: Game, uow: UnitOfWork, *, played_on: str | None = None) -> int:
    if played_on is None:
        return uow.games.add(game, started_at=now())
    day = notes.played_on(played_on)  # its start and its end: the rounds are typed later
    return uow.games.add(game, started_at=day, ended_at=day, played_on=True)


def _as_entered(game: Game, number: int, entered: dict) -> dict:
    """Round `number` as the record keeps it, with the XYbrid starter draw's
    seed (Y5) when one was entered: the engine's round does not carry it."""
    after = record.round_to_dict(game.rounds[number - 1])
    if game.draws_starter and isinstance(entered.get("draw_seed"), int):
        after["draw_seed"] = entered["draw_seed"]
    return after


def _as_stored(stored: StoredGame, number: int) -> dict:
    """Round `number` as the history last set it (with any draw seed), else as the engine has it."""
    for change in reversed(stored.history):
        if change.round == number and change.after is not None:
            return change.after
    return record.round_to_dict(record.rounds_of(stored.game)[number - 1])


# --- writes: `f` is one transaction, `f_in` the same inside the caller's -------------
def record_round(game_id: int, entered: dict, uow: UnitOfWork, *, author: str = "",
                 expected: int | None = None) -> Game:
    """Add the next round (a record-format round dict). Raises GameError,
    storing nothing, if it breaks a rule, or if `expected` (the round number
    the screen was entering) is no longer the next one: another screen entered
    that round first, and this entry must not become the round after it."""
    with uow:
        game = record_round_in(uow.games.get(game_id, history=False), entered, uow, author=author,
                               expected=expected)
        uow.commit()
    return game


def record_round_in(stored: StoredGame, entered: dict, uow: UnitOfWork, *, author: str = "",
                    expected: int | None = None) -> Game:
    """`record_round` in the caller's open unit of work, on `stored`, the game
    as read in it (its history is not needed): the round is checked against
    every rule on it, `stored.game` takes it, and it is stored with the game
    as it now is (`apply(..., result=)`), so the game is not read again."""
    game = stored.game
    number = len(record.rounds_of(game)) + 1
    if expected is not None and expected != number:
        raise AlreadyEntered(record.round_word(game), expected)
    game.push(record.round_from_dict(game, entered, number))
    after = _as_entered(game, number, entered)
    uow.games.apply(stored.id, Change("add", number, None, after, author, now()), result=game)
    return game


class EndsEarlier(GameError):
    """A correction that would end the game before rounds already entered
    (X8: it breaks the tie that a tiebreak hand was played for, whichever
    hand it corrects). Stored only when asked to drop those rounds
    (`correct_round(..., drop_later=True)`). `number`: the round corrected;
    `ends_after`: the round the game would end after; `dropped`: the later
    rounds, in order."""

    def __init__(self, game: Game, number: int, dropped: list[int]):
        self.number, self.dropped, self.ends_after = number, dropped, dropped[0] - 1
        word = record.round_word(game)
        super().__init__([problem(f"this correction ends the game after {word} {self.ends_after}, so "
                                  f"{rounds_named(word, dropped)} would no longer be played", "X8", round=number)])


class Reopens(GameError):
    """A correction that opens a finished game again (X8: it makes a tie that
    another hand must break). Stored only when asked (`correct_round(...,
    reopen=True)`): a rematch may have been started, and a result already
    sent to BG Stats would be wrong. `winners`: who had won; `explanation`:
    how the game would stand."""

    def __init__(self, game: Game, number: int, winners: tuple[str, ...], explanation: str):
        self.number, self.winners, self.explanation = number, winners, explanation
        super().__init__([problem(said("this correction reopens the finished game: {explanation}",
                                       explanation=explanation), "X8", round=number)])


def correct_round(game_id: int, number: int, entered: dict, uow: UnitOfWork, *, author: str = "",
                  drop_later: bool = False, reopen: bool = False) -> Game:
    """Replace round `number`, checked against the whole game as it would
    then stand (companion/correction.py): totals and the outcome follow; the
    later rounds stay as played, each started by whoever started it.
    Raises GameError, storing nothing, if the corrected game breaks a rule;
    EndsEarlier if it would end the game before the later rounds, unless
    `drop_later`: then they are dropped, in the same one step of the history;
    Reopens if it would open a finished game again, unless `reopen`."""
    with uow:
        game = correct_round_in(uow.games.get(game_id), number, entered, uow, author=author, drop_later=drop_later,
                                reopen=reopen)
        uow.commit()
    return game


def correct_round_in(stored: StoredGame, number: int, entered: dict, uow: UnitOfWork, *,
                     author: str = "", drop_later: bool = False, reopen: bool = False) -> Game:
    """`correct_round` in the caller's open unit of work, on `stored` as read
    in it with its history (the round's `before` is taken from it). A later
    round that now records who started it as played (or no longer needs to)
    is changed in the same step ("keep"), so undo takes that back too."""
    game = stored.game
    if not 1 <= number <= len(record.rounds_of(game)):
        raise GameError([problem(said("there is no round {number} to correct", number=number), "record", round=number)])
    done = corrected(game, number, record.round_from_dict(game, entered, number))  # GameError: a rule broken
    if done.dropped and not drop_later:
        raise EndsEarlier(game, number, list(done.dropped))
    if done.reopens and not reopen:
        outcome = game.outcome()
        raise Reopens(game, number, outcome.winners, done.game.outcome().explanation)
    at = now()
    changes = [Change("drop", n, _as_stored(stored, n), None, author, at) for n in reversed(done.dropped)]
    for n in range(number + 1, len(done.game.rounds) + 1):
        before = _as_stored(stored, n)
        after = _as_entered(done.game, n, before)
        if after != before:
            changes.append(Change("keep", n, before, after, author, at))
    changes.append(Change("correct", number, _as_stored(stored, number), _as_entered(done.game, number, entered),
                          author, at))
    uow.games.apply_all(stored.id, changes, result=done.game)
    return done.game


def undo(game_id: int, uow: UnitOfWork, *, author: str = "") -> Game | None:
    """Undo the latest change still in effect (a correction with the rounds
    it dropped, together); the game as it is then, or None if there was
    nothing to undo."""
    with uow:
        game = undo_in(uow.games.get(game_id), uow, author=author)
        uow.commit()
    return game


def undo_in(stored: StoredGame, uow: UnitOfWork, *, author: str = "") -> Game | None:
    """`undo` in the caller's open unit of work, on `stored` as read in it with its history."""
    return _step_in(stored, uow, undo_changes(stored.history, author=author, at=now()))


def redo(game_id: int, uow: UnitOfWork, *, author: str = "") -> Game | None:
    """Redo the latest undone change; the game as it is then, or None if
    there was nothing to redo."""
    with uow:
        game = redo_in(uow.games.get(game_id), uow, author=author)
        uow.commit()
    return game


def redo_in(stored: StoredGame, uow: UnitOfWork, *, author: str = "") -> Game | None:
    """`redo` in the caller's open unit of work, on `stored` as read in it with its history."""
    return _step_in(stored, uow, redo_changes(stored.history, author=author, at=now()))


def _step_in(stored: StoredGame, uow: UnitOfWork, changes: list[Change]) -> Game | None:
    if not changes:
        return None
    # What is put back was checked under the rules of its day: it is not
    # checked again, so the game is read back as the store now has it.
    uow.games.apply_all(stored.id, changes)
    return uow.games.get(stored.id, history=False).game


def delete_game(game_id: int, uow: UnitOfWork) -> None:
    """Remove a game from every list (the store keeps its rows: nothing entered is erased)."""
    with uow:
        delete_game_in(game_id, uow)
        uow.commit()


def delete_game_in(game_id: int, uow: UnitOfWork) -> None:
    uow.games.delete(game_id)


def add_player(name: str, uow: UnitOfWork) -> str:
    """Put a name on the roster; the name as kept. Raises ValueError (the
    store's RosterError) if it is taken or not a name."""
    with uow:
        added = add_player_in(name, uow)
        uow.commit()
    return added


def add_player_in(name: str, uow: UnitOfWork) -> str:
    return uow.add_player(name)


def rename_player(old: str, new: str, uow: UnitOfWork) -> str:
    """Rename a player in every game at once; the new name as kept. Raises
    ValueError (RosterError) naming the problem."""
    with uow:
        renamed = rename_player_in(old, new, uow)
        uow.commit()
    return renamed


def rename_player_in(old: str, new: str, uow: UnitOfWork) -> str:
    return uow.rename_player(old, new)


def merge_player(name: str, into: str, uow: UnitOfWork) -> str:
    """Two names that are one person: `name`'s games become `into`'s, `name`
    leaves the roster; the name kept. Raises ValueError (RosterError) naming
    the problem, such as a game both sat at."""
    with uow:
        kept = merge_player_in(name, into, uow)
        uow.commit()
    return kept


def merge_player_in(name: str, into: str, uow: UnitOfWork) -> str:
    return uow.merge_player(name, into)


def remove_player(name: str, uow: UnitOfWork) -> None:
    """Take a player with no games off the roster; raises ValueError (RosterError) otherwise."""
    with uow:
        remove_player_in(name, uow)
        uow.commit()


def remove_player_in(name: str, uow: UnitOfWork) -> None:
    uow.remove_player(name)


def import_games(games: Iterable[tuple], uow: UnitOfWork, *, author: str = IMPORTED) -> list[tuple[int, bool]]:
    """Store games read from records, all or none: each `(game, rounds as the
    record gives them, started_at or None)`, and optionally the record's
    stable ids, end and notes (`{"uid": ..., "player_uids": [...], "ended_at": ...,
    "note": ..., "round_notes": {2: ...}}`, any of them), the game already checked against every rule
    (companion.record.from_dict). Per game, (its id, whether it is new): see
    `import_game_in`."""
    with uow:
        done = [import_game_in(game, given, started_at, uow, author=author, ids=ids[0] if ids else None)
                for game, given, started_at, *ids in games]
        uow.commit()
    return done


def import_game_in(game: Game, given: list[dict], started_at: str | None, uow: UnitOfWork, *,
                   author: str = IMPORTED, ids: dict | None = None) -> tuple[int, bool]:
    """`import_games` of one game, in the caller's open unit of work. Its
    rounds become its history (by `author`), with the XYbrid starter draws'
    seeds the record gives. If the store already has the same game (the same
    content and, when `started_at` is given, the same start), it is taken
    back and the one stored is returned (brought back if it was deleted):
    (id, whether it is new). The game keeps its own end, the record's
    `ended_at`: its history is dated the day of the import; its note and its
    rounds' (`ids["round_notes"]`: by round number), as the record gives them."""
    savepoint = uow.games.savepoint()
    ids = ids or {}
    start = started_at or now()
    game_id = uow.games.add(game, started_at=start, uid=ids.get("uid"), player_uids=ids.get("player_uids"),
                            ended_at=ids.get("ended_at"), note=ids.get("note"))
    changes = []
    for number, (entered, as_given) in enumerate(zip(record.to_dict(game)["rounds"], given), start=1):
        if "draw_seed" in as_given:
            entered["draw_seed"] = as_given["draw_seed"]
        changes.append(Change("add", number, None, entered, author, now()))
    # All rounds at once: the store fingerprints the game and works its facts out once, not once per round.
    uow.games.apply_all(game_id, changes)
    for number, note in sorted(ids.get("round_notes", {}).items()):  # the players' words on a round (issue 28)
        uow.games.set_round_note(game_id, number, note)
    same = uow.games.same_game(game_id, started_at)
    if same is None:
        savepoint.commit()
        return game_id, True
    savepoint.rollback()
    uow.games.undelete(same)
    return same, False


# --- reads: each opens the unit of work it is given (a reader: Store.reader) ------------
def load(game_id: int, uow: UnitOfWork) -> StoredGame:
    """The stored game: engine, id, start and history; raises GameNotFound."""
    with uow:
        return uow.games.get(game_id)


def uow_game(game_id: int, uow: UnitOfWork) -> Game:
    """Read a game (rebuilt from its rounds)."""
    with uow:
        return uow.games.get(game_id, history=False).game


def list_games(uow: UnitOfWork, *, game: str | None = None, player: str | None = None) -> list[GameSummary]:
    """One summary per stored game (who, when, status, winners), newest first."""
    with uow:
        return uow.games.list_games(game, player)


def stored_games(uow: UnitOfWork, *, game: str | None = None, player: str | None = None) -> list[StoredGame]:
    """Every stored game, whole but without its history, newest first."""
    with uow:
        return uow.games.stored_games(game, player)


def game_facts(uow: UnitOfWork, *, game: str | None = None, player: str | None = None) -> list[GameFacts]:
    """What the statistics need from each game, newest first (from the store's facts cache)."""
    with uow:
        return uow.games.game_facts(game, player)


def player_stats(uow: UnitOfWork, player: str) -> PlayerStats:
    """One player's statistics, from the facts of the games they sat in.
    Read and counted under one pause of the cycle collector, the facts let
    go before it resumes: the thousands of objects read are then freed, not
    walked by the collector first (a tenth of the time over 10,000 games)."""
    with collector_paused():
        return stats.player_stats(game_facts(uow, player=player), player)


def history(game_id: int, uow: UnitOfWork) -> list[Change]:
    """Who changed which round of the game, and when, oldest first; raises GameNotFound."""
    with uow:
        return uow.games.history(game_id)


def roster(uow: UnitOfWork) -> list[str]:
    """Everyone on the roster, alphabetically."""
    with uow:
        return list(uow.players())


def games_played(uow: UnitOfWork) -> dict[str, int]:
    """Everyone on the roster, alphabetically, with how many games they played."""
    with uow:
        return dict(uow.games_played())


def export_record(game_id: int, uow: UnitOfWork) -> dict:
    """One game's companion.game/1 record, with `started_at`; raises GameNotFound."""
    with uow:
        return uow.games.record(game_id)


def export_records(uow: UnitOfWork, *, game: str | None = None, player: str | None = None) -> list[dict]:
    """Every game's record (as `export_record` gives it), oldest first."""
    with uow:
        return uow.games.records(game, player)
