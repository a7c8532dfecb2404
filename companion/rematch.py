"""A rematch: the next game at the same table, started from a finished one.

The same game, the same players in the same seats, the same expansions and
table settings. In Xylotar the deal passes clockwise: the player to the old
dealer's left deals the rematch (X6 names that player to lead its hand 1,
so it is `first_leader`); XYbrid has no dealer and draws who starts round 1,
as any new game does (Y5).

The finished game's links and phones follow: the same tokens open the
rematch from then on, each phone at its seat, so nobody scans again. The
finished game itself stays as it was (its rounds, its history).

Like `companion.table_services`: plain values in, a unit of work, one
transaction; only the host may (`Action.REMATCH`).
"""
from __future__ import annotations

from . import services
from .access import Access, Action
from .errors import GameError, problem, said
from .games import Game
from .table_services import TableUnitOfWork, checked
from .xybrid import draw_starter

NOT_OVER = said("This game is not over yet: finish it, then start the rematch.")
TIEBREAK = said("This game is tied: play the tiebreak hand first, then start the rematch.")


def next_dealer(game: Game) -> str | None:
    """Who deals the rematch (X6: the deal passes clockwise, to the dealer's
    left, wrapping round from the last seat to the first); None for a game
    with no dealer, whose starter is drawn (XYbrid)."""
    return None if game.draws_starter else game.first_leader()


def set_up(game: Game) -> Game:
    """The rematch of `game`, with no rounds yet: the same game, seats and
    expansions, the next dealer, or a new draw of who starts."""
    players = list(game.players)
    return services.new_game(game.game, players, dealer=next_dealer(game), expansions=game.expansions,
                             starter_draw=draw_starter(players) if game.draws_starter else None)


def rematch_of(game_id: int, uow: TableUnitOfWork) -> int | None:
    """The id of the rematch started from game `game_id`, if any (and not deleted)."""
    with uow:
        return uow.access.rematch(game_id)


def start_rematch(game_id: int, uow: TableUnitOfWork, *, by: Access) -> int:
    """Start the rematch of finished game `game_id`; its id. A game whose
    rematch was started already gives that one, so a second tap (on another
    of the host's screens) starts no second game. Raises NotAllowed for
    anyone but the host, GameError for a game in play or awaiting its
    tiebreak hand (nothing is stored then), GameNotFound."""
    with uow:
        stored, settings, _ = checked(uow, game_id, by, Action.REMATCH)
        outcome = stored.game.outcome()
        if not outcome.is_over:
            raise GameError([problem(TIEBREAK if outcome.next_is_tiebreak else NOT_OVER, "X8")])
        started = uow.access.rematch(game_id)
        if started is not None:
            return started
        rematch_id = services.start_game_in(set_up(stored.game), uow)
        uow.access.change_settings(rematch_id, settings)
        uow.access.pass_on(game_id, rematch_id)
        uow.commit()
    return rematch_id
