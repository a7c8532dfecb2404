"""View logic as plain functions: what screens show, computed from the
companion's engines. No Flet here, so tests need no browser."""
from __future__ import annotations

from companion import Xybrid, Xylotar
from companion.outcome import join_names
from companion.record import round_word, rounds_of  # noqa: F401 (the screens call them from here)

GAME_NAMES = {"xylotar": "Xylotar", "xybrid": "XYbrid"}
EXPANSION_NAMES = {"bonus_beats": "Bonus Beats", "off_key": "Off-Key"}


def game_title(game: Xylotar | Xybrid) -> str:
    """'Xylotar with Bonus Beats and Off-Key', 'XYbrid'."""
    title = GAME_NAMES[game.game]
    expansions = getattr(game, "expansions", ())
    if expansions:
        title += " with " + join_names([EXPANSION_NAMES[e] for e in expansions])
    return title


def played(game: Xylotar | Xybrid) -> str:
    """'1 round played', '2 hands played'."""
    count = len(rounds_of(game))
    return f"{count} {round_word(game)}{'s' if count != 1 else ''} played"


def progress_line(game: Xylotar | Xybrid) -> str:
    """'Ann, Bob and Cat: 2 hands played' or '... Ann won'."""
    outcome = game.outcome()
    state = played(game)
    if outcome.is_over:
        state += f"; {join_names(outcome.winners)} won"
    elif outcome.next_is_tiebreak:
        state += "; tiebreak hand next"
    return f"{join_names(game.players)}: {state}"



def next_round_title(game: Xylotar | Xybrid) -> str:
    """The round to enter next: 'Round 2', 'Hand 4 (tiebreak)' (X8, from the outcome)."""
    tiebreak = " (tiebreak)" if game.outcome().next_is_tiebreak else ""
    return f"{round_word(game).title()} {len(rounds_of(game)) + 1}{tiebreak}"


def next_round_button(game: Xylotar | Xybrid) -> str:
    """'Enter round 2', 'Enter tiebreak hand 4' (X8, from the outcome)."""
    tiebreak = "tiebreak " if game.outcome().next_is_tiebreak else ""
    return f"Enter {tiebreak}{round_word(game)} {len(rounds_of(game)) + 1}"


def standings(game: Xylotar | Xybrid) -> list[tuple[int, str, int]]:
    """(rank, name, total), best first; equal totals share a rank."""
    totals = game.totals()
    order = sorted(game.players, key=lambda name: -totals[name])
    out, rank = [], 0
    for index, name in enumerate(order):
        if index == 0 or totals[name] != totals[order[index - 1]]:
            rank = index + 1
        out.append((rank, name, totals[name]))
    return out


def breakdown_lines(game: Xylotar | Xybrid, number: int, name: str) -> list[str]:
    """Why `name` scored what they did in round `number`, line by line."""
    if isinstance(game, Xylotar):
        result = game.results()[number - 1]
        entry = game.hands[number - 1].results[name]
        bid = "no bid" if entry.bid is None else f"bid {entry.bid}"
        lines = [f"{bid}, took {entry.tricks}"] + result.scores[name].lines()
        return lines + [f"hand total: {result.scores[name].total}"]
    entry = game.rounds[number - 1].results[name]
    lines = [f"parts: {' + '.join(str(p.value) for p in entry.parts) or '0'} = {sum(p.value for p in entry.parts)}",
             f"parts in hand: +{entry.hand}"]
    notes = list(entry.notes) + [""] * len(entry.adjustments)
    lines += [f"{'+' if v >= 0 else ''}{v}{': ' + note if note else ''}" for v, note in zip(entry.adjustments, notes)]
    missing = entry.breakdown()["missing_parts"]
    if missing:
        lines.append("incomplete monster: no " + join_names([m.replace("_", " ") for m in missing]))
    return lines + [f"round total: {entry.infamy} infamy"]


def score_rows(game: Xylotar | Xybrid) -> list[dict]:
    """One row per round: number, who led or started, each player's score."""
    if isinstance(game, Xylotar):
        return [{"number": r.number, "leader": r.leader, "scores": {n: b.total for n, b in r.scores.items()}}
                for r in game.results()]
    return [{"number": number, "leader": entered.first_player or "", "scores": scores}
            for number, (entered, scores) in enumerate(zip(game.rounds, game.scores()), start=1)]


def running_totals(game: Xylotar | Xybrid) -> list[dict[str, int]]:
    """Totals after each round, for the chart."""
    if isinstance(game, Xylotar):
        return [dict(r.totals) for r in game.results()]
    return game.totals_by_round()


def drawn_words(draw, number: int | None = None) -> str:
    """'Drawn at random from Ann, Bob and Cat: Bob starts' (+ ' round 1' given a number)."""
    return (f"Drawn at random from {join_names(draw.candidates)}: {draw.chosen} starts"
            + (f" round {number}" if number is not None else ""))


def next_turn(game: Xylotar | Xybrid) -> str:
    """Who leads (Xylotar) or may start (XYbrid) the next round, and why, or ''."""
    outcome = game.outcome()
    if outcome.is_over:
        return ""
    if isinstance(game, Xybrid):
        starters = outcome.next_leaders
        draw = game.drawn_starter()  # round 1's starter, drawn at set-up and stored with the game
        if draw is not None:
            return drawn_words(draw, len(game.rounds) + 1)
        if not game.rounds:
            return "Round 1: draw a random player to start (Y5)"
        if len(starters) == 1:
            return f"{starters[0]} starts round {len(game.rounds) + 1}: least infamous (Y5)"
        return f"{join_names(starters)} tie as least infamous: draw who starts round {len(game.rounds) + 1} (Y5)"
    leader = game.next_leader()
    number = len(game.hands) + 1
    if not game.hands:
        if len(game.players) == 2:
            return f"{leader} leads hand 1: {game.dealer} dealt, so the other player leads (X9)"
        return f"{leader} leads hand 1: left of the dealer, {game.dealer} (X6)"
    totals = game.totals()
    lowest = [n for n in game.players if totals[n] == totals[leader]]
    tied = "" if len(lowest) == 1 else (f"; tied with {join_names([n for n in lowest if n != leader])}, "
                                       f"first clockwise after the last leader")
    return f"{leader} leads hand {number}: lowest total, {totals[leader]}{tied} (X7)"
