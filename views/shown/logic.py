"""View logic as plain functions: what screens show, computed from the
companion's engines. No Flet here, so tests need no browser."""
from __future__ import annotations

from companion.games import Game, find_game
from companion.history import Change, describe, differences
from companion.record import round_word, rounds_of  # noqa: F401 (the screens call them from here)
from companion.xylotar import BONUS_BEATS

from .. import i18n
from ..i18n import N_
from .words import say


def _by_word(game: Game, hand: str, round_: str) -> str:
    """The message for the game's round word: Xylotar's `hand` one, else XYbrid's `round_` one."""
    return hand if round_word(game) == "hand" else round_


def game_name(kind: str) -> str:
    """'Xylotar', 'XYbrid': the game a record or a listed game names."""
    return find_game(kind).name


def game_title(game: Game) -> str:
    """'Xylotar with Bonus Beats and Off-Key', 'XYbrid' (the expansions' names as on their boxes)."""
    if not game.expansions:
        return game.name
    s = i18n.spoken()
    return s.gettext("{game} with {expansions}").format(
        game=game.name, expansions=s.names([game.expansion_names[e] for e in game.expansions]))


def played(game: Game) -> str:
    """'1 round played', '2 hands played'."""
    count = len(rounds_of(game))
    s = i18n.spoken()
    text = (s.ngettext("{count} hand played", "{count} hands played", count) if round_word(game) == "hand" else
            s.ngettext("{count} round played", "{count} rounds played", count))
    return text.format(count=count)


def progress_line(game: Game) -> str:
    """'Ann, Bob and Cat: 2 hands played' or '... Ann won'."""
    s = i18n.spoken()
    outcome = game.outcome()
    state = played(game)
    if outcome.is_over:
        state = s.ngettext("{played}; {winners} won", "{played}; {winners} won", len(outcome.winners)).format(
            played=state, winners=s.names(list(outcome.winners)))
    elif outcome.next_is_tiebreak:
        state = s.gettext("{played}; tiebreak hand next").format(played=state)
    return s.gettext("{players}: {state}").format(players=s.names(list(game.players)), state=state)



def next_round_title(game: Game) -> str:
    """The round to enter next: 'Round 2', 'Hand 4 (tiebreak)' (X8, from the outcome)."""
    if game.outcome().next_is_tiebreak:
        text = _by_word(game, N_("Hand {number} (tiebreak)"), N_("Round {number} (tiebreak)"))
    else:
        text = _by_word(game, N_("Hand {number}"), N_("Round {number}"))
    return i18n.spoken().gettext(text).format(number=len(rounds_of(game)) + 1)


def next_round_button(game: Game) -> str:
    """'Enter round 2', 'Enter tiebreak hand 4' (X8, from the outcome)."""
    if game.outcome().next_is_tiebreak:
        text = _by_word(game, N_("Enter tiebreak hand {number}"), N_("Enter tiebreak round {number}"))
    else:
        text = _by_word(game, N_("Enter hand {number}"), N_("Enter round {number}"))
    return i18n.spoken().gettext(text).format(number=len(rounds_of(game)) + 1)


def standings(game: Game) -> list[tuple[int, str, int]]:
    """(rank, name, total), best first, as the outcome decides it.

    The winners (`outcome().winners`) come first at rank 1, whether a
    tiebreak split equal totals (X8) or the win is shared (Y6). Everyone
    else follows by total, and equal totals share a rank: so a tie not yet
    decided (a tiebreak hand to play) is shown as a tie."""
    return ranked(game.players, game.totals(), game.outcome().winners)


def ranked(players, totals: dict[str, int], winners) -> list[tuple[int, str, int]]:
    """`standings` from the players, their totals and the winners (a stored
    game's summary has them without the game)."""
    winners = list(winners)
    others = sorted((name for name in players if name not in winners), key=lambda name: -totals[name])
    out = [(1, name, totals[name]) for name in winners]
    for index, name in enumerate(others, start=len(winners)):
        if index == len(winners) or totals[name] != totals[others[index - len(winners) - 1]]:
            rank = index + 1
        out.append((rank, name, totals[name]))
    return out


def breakdown_lines(game: Game, number: int, name: str) -> list[str]:
    """Why `name` scored what they did in round `number`, line by line (the
    engine says it, in players' words), and before the total what its lines
    leave unsaid (X5, B4): a bid bonus not earned, a Bonus Beat flipped that earned nothing. In the session's
    language: the engine's lines are messages (companion.errors.Said), said through `words.say`."""
    s = i18n.spoken()
    lines = [say(line, s) for line in game.explain(number, name)]
    bid, card = _unsaid(game.scored()[number - 1].breakdowns[name],
                        game.rounds[number - 1].to_record()["results"][name])
    # The bid bonus is said after the tricks (Xylotar's first two lines), the card before the total.
    return lines[:2] + bid + lines[2:-1] + card + lines[-1:] if bid or card else lines


def _unsaid(breakdown: dict, entered: dict) -> tuple[list[str], list[str]]:
    """X5: a bid missed earns no bid bonus; B4: a card flipped says what it
    did in the breakdown's notes, so a flipped card without one earned nothing.
    Read from the record's scoring output and the round as recorded
    (docs/game-record.md); a round without a bid bonus (XYbrid) leaves nothing unsaid."""
    if "bid_bonus" not in breakdown:
        return [], []
    s = i18n.spoken()
    bid = [] if breakdown["bid_bonus"] else [
        s.gettext("bid missed: no bid bonus") if entered.get("bid") is not None else s.gettext("no bid bonus")]
    card = BONUS_BEATS.get(entered.get("bonus_beat") or "")
    flipped = ([s.gettext("{face} card flipped: no points from it this hand").format(face=card.face)]
               if card and not breakdown["notes"] else [])
    return bid, flipped


def change_said(change: Change, word: str) -> str:
    """A history line in the session's language: 'Cat hat Runde 2 korrigiert' (companion.history.describe)."""
    return say(describe(change, word), i18n.spoken())


def changes_said(change: Change) -> list[str]:
    """What a change did to its round, field by field, in the session's language:
    ['Cat: Ansage 0 -> 1'] (companion.history.differences)."""
    s = i18n.spoken()
    return [say(line, s) for line in differences(change)]


def score_rows(game: Game) -> list[dict]:
    """One row per round: number, who led or started it (played first), each
    player's score and each player's running total after it."""
    return [{"number": r.number, "leader": r.leader or "", "scores": dict(r.scores), "totals": dict(r.totals)}
            for r in game.scored()]


# The by-round table's small words: under the round word, and once above the table (a
# "(total)" under each of 5 names does not fit a phone's column: it broke as "(tot / al)").
# Said through the catalogs where shown (`_(logic.FIRST_HEADER)`).
FIRST_HEADER = N_("played first")
TABLE_NOTE = N_("Each score, with the running total under it")


def column_name(name: str, most: int = 5) -> str:
    """A name as a narrow column's header shows it: whole when short, else its
    first letters and an ellipsis ('Maximiliana ...' -> 'Maxi…'); the whole
    name is a tap away."""
    return name if len(name) <= most else name[:most - 1].rstrip() + "…"


def column_names(names: list[str], most: int = 5) -> list[str]:
    """Each name as a narrow column's header shows it (`column_name`), told
    apart where two would read the same: players who share a name's start
    are shown by their initials ('Bartholomew Smith' -> 'BS'), else by its
    first letter and its end ('Maximiliana' -> 'M…na')."""
    cut = [column_name(name, most) for name in names]

    def apart(name: str) -> str:
        words = name.split()
        initials = "".join(word[0] for word in words)
        if len(words) > 1 and len(initials) <= most and sum(
                "".join(w[0] for w in other.split()) == initials for other in names) == 1:
            return initials
        return name[0] + "…" + name[-(most - 2):]
    return [apart(name) if cut.count(short) > 1 else short for name, short in zip(names, cut)]


def total_shown(total: int) -> str:
    """A running total as the by-round table shows it under a round's score: '(23)'."""
    return f"({total})"


def total_said(game: Game, number: int, name: str, total: int) -> str:
    """The running total in words, for a screen reader: 'Ann total after hand 2: 14 points'."""
    s = i18n.spoken()
    if round_word(game) == "hand":
        text = s.ngettext("{name} total after hand {number}: {total} points",
                          "{name} total after hand {number}: {total} points", total)
    else:
        text = s.ngettext("{name} total after round {number}: {total} infamy",
                          "{name} total after round {number}: {total} infamy", total)
    return text.format(name=name, number=number, total=s.number(total))


def first_said(game: Game, number: int, leader: str) -> str:
    """Who led (Xylotar) or started (XYbrid) a round, in words: 'Bob played first in hand 2'."""
    if not leader:
        return ""
    text = _by_word(game, N_("{leader} played first in hand {number}"), N_("{leader} played first in round {number}"))
    return i18n.spoken().gettext(text).format(leader=leader, number=number)


def running_totals(game: Game) -> list[dict[str, int]]:
    """Totals after each round, for the chart."""
    return [dict(r.totals) for r in game.scored()]


def next_turn(game: Game) -> str:
    """Who leads (Xylotar) or may start (XYbrid) the next round, and why, or '' (the engine says it), in the
    session's language."""
    return say(game.next_turn(), i18n.spoken())


def display_headline(game: Game) -> tuple[str, str]:
    """What a table display says above the standings: ('Ann wins!', why) once
    the game is over (the engine's words, without a rule's ID), else
    ('Hand 3', who leads or starts it and why)."""
    outcome = game.outcome()
    if outcome.is_over:
        return win_line(outcome.winners), say(outcome.explanation, i18n.spoken())
    return next_round_title(game), next_turn(game)


def win_line(winners) -> str:
    """Who won, as a finished game's banner says it: 'Ann wins!', 'Ann and Bob win!' (a shared win, Y6)."""
    s = i18n.spoken()
    return s.ngettext("{winners} wins!", "{winners} win!", len(winners)).format(winners=s.names(list(winners)))
