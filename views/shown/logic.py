"""View logic as plain functions: what screens show, computed from the
companion's engines. No Flet here, so tests need no browser."""
from __future__ import annotations

from companion.games import Game, find_game
from companion.outcome import join_names
from companion.record import round_word, rounds_of  # noqa: F401 (the screens call them from here)


def game_name(kind: str) -> str:
    """'Xylotar', 'XYbrid': the game a record or a listed game names."""
    return find_game(kind).name


def game_title(game: Game) -> str:
    """'Xylotar with Bonus Beats and Off-Key', 'XYbrid'."""
    if not game.expansions:
        return game.name
    return game.name + " with " + join_names([game.expansion_names[e] for e in game.expansions])


def played(game: Game) -> str:
    """'1 round played', '2 hands played'."""
    count = len(rounds_of(game))
    return f"{count} {round_word(game)}{'s' if count != 1 else ''} played"


def progress_line(game: Game) -> str:
    """'Ann, Bob and Cat: 2 hands played' or '... Ann won'."""
    outcome = game.outcome()
    state = played(game)
    if outcome.is_over:
        state += f"; {join_names(outcome.winners)} won"
    elif outcome.next_is_tiebreak:
        state += "; tiebreak hand next"
    return f"{join_names(game.players)}: {state}"



def next_round_title(game: Game) -> str:
    """The round to enter next: 'Round 2', 'Hand 4 (tiebreak)' (X8, from the outcome)."""
    tiebreak = " (tiebreak)" if game.outcome().next_is_tiebreak else ""
    return f"{round_word(game).title()} {len(rounds_of(game)) + 1}{tiebreak}"


def next_round_button(game: Game) -> str:
    """'Enter round 2', 'Enter tiebreak hand 4' (X8, from the outcome)."""
    tiebreak = "tiebreak " if game.outcome().next_is_tiebreak else ""
    return f"Enter {tiebreak}{round_word(game)} {len(rounds_of(game)) + 1}"


def standings(game: Game) -> list[tuple[int, str, int]]:
    """(rank, name, total), best first, as the outcome decides it.

    The winners (`outcome().winners`) come first at rank 1, whether a
    tiebreak split equal totals (X8) or the win is shared (Y6). Everyone
    else follows by total, and equal totals share a rank: so a tie not yet
    decided (a tiebreak hand to play) is shown as a tie."""
    totals = game.totals()
    winners = list(game.outcome().winners)
    others = sorted((name for name in game.players if name not in winners), key=lambda name: -totals[name])
    out = [(1, name, totals[name]) for name in winners]
    for index, name in enumerate(others, start=len(winners)):
        if index == len(winners) or totals[name] != totals[others[index - len(winners) - 1]]:
            rank = index + 1
        out.append((rank, name, totals[name]))
    return out


def breakdown_lines(game: Game, number: int, name: str) -> list[str]:
    """Why `name` scored what they did in round `number`, line by line (the engine says it)."""
    return game.explain(number, name)


def score_rows(game: Game) -> list[dict]:
    """One row per round: number, who led or started, each player's score."""
    return [{"number": r.number, "leader": r.leader or "", "scores": r.scores} for r in game.scored()]


def running_totals(game: Game) -> list[dict[str, int]]:
    """Totals after each round, for the chart."""
    return [dict(r.totals) for r in game.scored()]


def next_turn(game: Game) -> str:
    """Who leads (Xylotar) or may start (XYbrid) the next round, and why, or '' (the engine says it)."""
    return game.next_turn()
