"""Every write the UI makes, through companion.services (the one write path);
after each, the sessions showing the game changed (every session, for a
change not tied to one game) are told to re-render."""
from __future__ import annotations

import dataclasses

from companion import notes, services, table_services

from ..state import Shared
from . import writes


HOST = "Host"  # who the history says made a change from the host's screens


def _done(shared: Shared, result, *games: int):
    """Tell the sessions showing `games` (none: every session) and return `result`."""
    writes.changed(shared, *games)  # on the event loop, when run by writes.send
    return result


def start_game(shared: Shared, game: str, players: list[str], *, played_on: str | None = None, **table) -> int:
    """Store a new game; its players join the roster if new, in the same
    transaction (the store's `games.add` does it), so a game that cannot be
    stored leaves no names behind. `played_on`: a game entered afterwards, the day it was played."""
    created = services.new_game(game, players, **table)
    game_id = services.start_game(created, shared.store.uow(), played_on=played_on)
    return _done(shared, game_id, game_id)


def set_note(shared: Shared, game_id: int, text: str) -> str | None:
    """The game's note, kept (raises ValueError, in players' words, for one that cannot be)."""
    return _done(shared, notes.set_note(game_id, text, shared.store.uow()), game_id)


def set_round_note(shared: Shared, game_id: int, number: int, text: str) -> str | None:
    """Round `number`'s note, kept (raises ValueError, in players' words, for one that cannot
    be, or for a round the game no longer has); a host's screen's alone, as the game's note."""
    return _done(shared, notes.set_round_note(game_id, number, text, shared.store.uow()), game_id)


def record_round(shared: Shared, game_id: int, raw: dict, number: int | None = None, *, author: str = HOST,
                 expected: int | None = None, drop_later: bool = False, reopen: bool = False):
    """Enter the next round (`expected`: the number the screen showed), or
    correct round `number` (`drop_later`: and drop the rounds after it, if
    the correction ends the game there; `reopen`: even if it reopens the
    finished game). Raises GameError (services.EndsEarlier for a correction
    that would end the game early, services.Reopens for one that reopens it)."""
    if number is None:
        return _done(shared, services.record_round(game_id, raw, shared.store.uow(), author=author,
                                                   expected=expected), game_id)
    return _done(shared, services.correct_round(game_id, number, raw, shared.store.uow(), author=author,
                                                drop_later=drop_later, reopen=reopen), game_id)


def undo(shared: Shared, game_id: int, *, author: str = HOST):
    return _done(shared, services.undo(game_id, shared.store.uow(), author=author), game_id)


def redo(shared: Shared, game_id: int, *, author: str = HOST):
    return _done(shared, services.redo(game_id, shared.store.uow(), author=author), game_id)


def delete_game(shared: Shared, game_id: int) -> None:
    services.delete_game(game_id, shared.store.uow())
    _done(shared, None)  # every session: a rematch's scoreboard, a phone's link may point at it


def add_player(shared: Shared, name: str) -> str:
    """Put a name on the roster; raises the store's RosterError if it cannot be."""
    return _done(shared, services.add_player(name, shared.store.uow()))


# --- reads: readers, which never wait for a write (models.store.Store.reader) ---
def load(shared: Shared, game_id: int):
    """The stored game (engine, id, history); raises services.GameNotFound.

    From the game's live table state (`shared.tables`, companion/table_state.py),
    read once for every screen: the scoreboard, the table display and the
    round screens of all sessions. Screens only read it (a check on a trial
    copy, never a push)."""
    state = table_services.table_state(game_id, shared.store.reader(), shared.tables)
    # The host's screens never show the Bonus Beats a player entered on their own phone (P2); they show the
    # history, read once for the game as it now is (a trick or a bid leaves both as they were).
    return state.once("host's", lambda: dataclasses.replace(state.stored, game=state.seen(),
                                                            history=services.history(game_id, shared.store.reader())))


def game_list(shared: Shared, game: str | None = None, player: str | None = None) -> list:
    """One summary per stored game (who, when, status, winners), newest first."""
    return services.list_games(shared.store.reader(), game=game, player=player)


def player_stats(shared: Shared, player: str):
    """One player's statistics (companion.stats.PlayerStats), from the store's facts cache."""
    return services.player_stats(shared.store.reader(), player)


def game_facts(shared: Shared, game: str | None = None, player: str | None = None) -> list:
    """What the statistics need from each game (of `player` only, if given), from the store's facts cache."""
    # facts it works out again are kept only if no one is writing (a reader)
    return services.game_facts(shared.store.reader(), game=game, player=player)


def unfinished_ids(store) -> list[int]:
    """The ids of the games not finished yet, newest first, from the stored
    summaries (no game is read whole or scored again)."""
    return [summary.id for summary in services.list_games(store.reader()) if summary.status != "finished"]


def game_to_show(store) -> int | None:
    """What the table display follows: the newest unfinished game, else the newest game."""
    games = services.list_games(store.reader())
    playing = [summary.id for summary in games if summary.status != "finished"]
    return (playing or [summary.id for summary in games[:1]] or [None])[0]


def in_play(shared: Shared) -> list:
    """The stored games not finished yet, newest first, whole."""
    return [load(shared, game_id) for game_id in unfinished_ids(shared.store)]


def roster(shared: Shared) -> list[str]:
    return services.roster(shared.store.reader())


__all__ = ["add_player", "delete_game", "game_facts", "game_list", "player_stats", "load", "record_round", "redo", "roster",
           "start_game", "game_to_show", "in_play", "unfinished_ids", "undo"]
