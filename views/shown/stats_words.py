"""The statistics in words: what `xyscore stats` prints and the history
screen's panels say, built from `companion.stats`' values (no flet here).

`player_sections(stats)` gives one (heading, lines) section per game the
player took part in; `player_text(stats)` lays them out for the command line,
each section's lines indented under its heading. A Bonus Beat is named by the
face printed on the card, never by its id.

A player's own page (/players/NAME) says its numbers to the player, in the
second person: each rival's record ("Bob: 2 won, 1 lost"), the nemesis
("Your nemesis: Bob (beat you 5 of 7)"), the favourite victim, and the
points and labels of its charts (`totals_points`, `chart_said`).
"""
from __future__ import annotations

from typing import NamedTuple

from companion.games import find_game
from companion.stats import GameResults, PlayerStats, Record, Tally, XybridStats, XylotarStats
from companion.xylotar.bonus_beats import BY_ID as BONUS_BEATS

from .game_rows import day_said, local

NO_GAMES = "no games yet"
NO_BID = "no bid"  # the Bonus Beat that plays no bid, as a bid's name
WINS_TITLES = {"xylotar": "Xylotar games won", "xybrid": "XYbrid games won"}
BIDS_TITLE = "Bids met, by bid"
INFAMY_TITLE = "Average infamy, by round"

Section = tuple[str, list[str]]  # a heading ("Xylotar") and its lines


def percent(tally: Tally) -> str:
    """'5/7 (71%)', or 'none' when nothing was tried."""
    return f"{tally.hits}/{tally.tries} ({tally.rate:.0%})" if tally.tries else "none"


def of(hits: int, tries: int) -> str:
    """'2 of 3': a bar's number."""
    return f"{hits} of {tries}"


def bid_label(bid: int | None) -> str:
    """A bar's label for a bid size: 'bid 3', or 'no bid'."""
    return NO_BID if bid is None else f"bid {bid}"


def round_label(number: int) -> str:
    return f"round {number}"


def infamy(value: float) -> str:
    return f"{value:.1f}"


def face(card: str) -> str:
    """The card as printed; a bare number ('11') reads as a count, so say 'card'."""
    printed = BONUS_BEATS[card].face
    return f"{printed} card" if printed.isdigit() else printed


def results_lines(results: GameResults, rivals: bool = True) -> list[str]:
    """Finished games and wins, totals, streaks and head to head (`rivals=False`:
    without it, for a page that shows each rival apart)."""
    lines = [f"finished games: {results.played}, won {results.won}"
             + (f" ({results.win_rate:.0%})" if results.played else "")
             + (f"; unfinished: {results.unfinished}" if results.unfinished else "")]
    if results.played:
        lines.append(f"final total: average {results.average:.1f}, best {results.best}")
        lines.append(f"winning streak: current {results.current_streak}, longest {results.longest_streak}")
    if rivals and results.head_to_head:
        rivals = ", ".join(f"{name} {r.wins}-{r.losses}-{r.draws}" for name, r in results.head_to_head.items())
        lines.append(f"head to head (won-lost-drawn): {rivals}")
    return lines


def by_bid_line(xy: XylotarStats) -> str:
    by_size = ", ".join(f"{NO_BID if bid is None else bid}: {percent(t)}" for bid, t in xy.bids_by_size.items())
    return f"by bid: {by_size}"


def bonus_beats_lines(xy: XylotarStats) -> list[str]:
    """Scoring cards by points earned, then the cards that change only play."""
    by_use = sorted(xy.bonus_beats.items(), key=lambda item: (-item[1].points, -item[1].used, item[0]))
    scored = [f"{face(card)} {use.used}x +{use.points}" for card, use in by_use if BONUS_BEATS[card].scoring]
    if xy.unused_cards_points:
        scored.append(f"unused cards +{xy.unused_cards_points}")
    played = [f"{face(card)} {use.used}x" for card, use in by_use if not BONUS_BEATS[card].scoring]
    lines = []
    if scored:
        lines.append(f"Bonus Beats that score (used, points): {', '.join(scored)}")
    if played:
        lines.append(f"Bonus Beats that change play (used): {', '.join(played)}")
    return lines


def xylotar_lines(xy: XylotarStats, by_bid: bool = True) -> list[str]:
    """A player's Xylotar; `by_bid=False` leaves out the bids met by bid size
    (the history screen draws those as bars)."""
    lines = results_lines(xy.results)
    lines.append(f"bids met: {percent(xy.bids)} of hands")
    if by_bid:
        lines.append(by_bid_line(xy))
    lines += bonus_beats_lines(xy)
    if xy.off_key_cards:
        lines.append(f"Off-Key cards won: {xy.off_key_cards} (-{xy.off_key_penalty} points)")
    return lines


def xybrid_lines(hy: XybridStats) -> list[str]:
    """A player's XYbrid: results and the average infamy gained in each round."""
    rounds = ", ".join(f"{round_label(n)} {infamy(value)}" for n, value in hy.infamy_by_round.items())
    return [*results_lines(hy.results), f"average infamy: {rounds}"]


def player_sections(stats: PlayerStats, by_bid: bool = True) -> list[Section]:
    """One (heading, lines) section per game the player has a hand or an
    unfinished game in; none for someone who never played. `by_bid=False`
    leaves out the bids met by bid size (the history screen draws them)."""
    sections = []
    xy, hy = stats.xylotar, stats.xybrid
    if xy.hands or xy.results.unfinished:
        sections.append(("Xylotar", xylotar_lines(xy, by_bid)))
    if hy.rounds or hy.results.unfinished:
        sections.append(("XYbrid", xybrid_lines(hy)))
    return sections


def player_text(stats: PlayerStats) -> str:
    """The statistics as a few lines of plain text for the command line:
    the name, then each game's heading with its lines indented."""
    lines = [stats.name]
    for heading, body in player_sections(stats):
        lines.append(heading)
        lines += [f"  {line}" for line in body]
    if len(lines) == 1:
        lines.append(f"  {NO_GAMES}")
    return "\n".join(lines)


# --- a player's own page ----------------------------------------------------
LAST_GAMES = 40  # the most games the line chart draws: the latest
HEAD_TO_HEAD_TITLE = "Head to head"
BONUS_TITLE = "Points from Bonus Beats, by card"
UNUSED_CARDS = "unused cards"
TOTALS_KEY = "A larger, ringed point: a game you won. Touch a point for its date and total."
NO_GAMES_PAGE = "No games yet: every game played here shows up on this page."
NO_FINISHED = "No finished game yet: the chart of final totals starts with the first."


def nobody(name: str) -> str:
    """What the page of a name no one plays under says."""
    return f"Nobody called {name} has played here"


def renamed_since(old: str, new: str) -> str:
    """A player's page opened at an address from before a rename."""
    return f"{old} is now called {new}."


def open_page(name: str) -> str:
    """The way from the history's statistics to a player's page."""
    return f"Open {name}'s page"


def times(count: int) -> str:
    return "once" if count == 1 else "twice" if count == 2 else f"{count} times"


def rival_line(name: str, record: Record) -> str:
    """'Bob: 2 won, 1 lost' (from this player's side), ', 1 drawn' when there were draws."""
    return f"{name}: {record.wins} won, {record.losses} lost" + (f", {record.draws} drawn" if record.draws else "")


def rival_said(name: str, record: Record) -> str:
    """The same record as a sentence: 'You beat Bob twice, Bob beat you once, in 3 games'."""
    drawn = f", {record.draws} drawn" if record.draws else ""
    return (f"You beat {name} {times(record.wins)}, {name} beat you {times(record.losses)}{drawn}, "
            f"in {record.games} {'game' if record.games == 1 else 'games'}")


def nemesis_line(results: GameResults) -> str | None:
    """'Your nemesis: Bob (beat you 5 of 7)'; None when no one ever beat this player."""
    name = results.nemesis
    if name is None:
        return None
    record = results.head_to_head[name]
    return f"Your nemesis: {name} (beat you {record.losses} of {record.games})"


def victim_line(results: GameResults) -> str | None:
    """'Your favourite victim: Cat (you beat them 4 of 6)'; None when this player never beat anyone."""
    name = results.favourite_victim
    if name is None:
        return None
    record = results.head_to_head[name]
    return f"Your favourite victim: {name} (you beat them {record.wins} of {record.games})"


def totals_title(results: GameResults) -> str:
    """The line chart's title: 'Final totals, game by game', or of the latest LAST_GAMES."""
    if results.played > LAST_GAMES:
        return f"Final totals of your last {LAST_GAMES} games (of {results.played:,})"
    return "Final totals, game by game"


class Point(NamedTuple):
    """A point of the line chart: the game's number in the chart (1, 2...), the total, what it says."""

    x: int
    total: int
    said: str


def totals_points(results: GameResults, game: str) -> list[Point]:
    """The latest LAST_GAMES finished games, oldest first: 'Tue 1 Dec 2026: 42 points, won'."""
    unit = find_game(game).unit
    shown = results.finishes[-LAST_GAMES:]
    return [Point(x, total, f"{day_said(local(started_at))}: {total} {unit}" + (", won" if won else ""))
            for x, (started_at, total, won) in enumerate(shown, start=1)]


def chart_said(results: GameResults, game: str) -> str:
    """The line chart for a screen reader: 'Final totals, game by game: 3 games, from 16 to 27 points,
    the latest 27, won 1'."""
    points = totals_points(results, game)
    if not points:
        return totals_title(results)
    totals = [p.total for p in points]
    won = sum(1 for f in results.finishes[-LAST_GAMES:] if f.won)
    return (f"{totals_title(results)}: {len(points)} {'game' if len(points) == 1 else 'games'}, "
            f"from {min(totals)} to {max(totals)} {find_game(game).unit}, the latest {totals[-1]}, won {won}")


def bonus_points(xy: XylotarStats) -> list[tuple[str, int, str]]:
    """Each Bonus Beat that scores, most points first, then the unused cards' point:
    (the card's face, points, 'used 3 times, +12 points')."""
    by_points = sorted(xy.bonus_beats.items(), key=lambda item: (-item[1].points, -item[1].used, item[0]))
    bars = [(face(card), use.points, f"used {times(use.used)}, +{use.points} points")
            for card, use in by_points if BONUS_BEATS[card].scoring]
    if xy.unused_cards_points:
        bars.append((UNUSED_CARDS, xy.unused_cards_points, f"+{xy.unused_cards_points} points"))
    return bars


def bid_said(bid: int | None, tally: Tally) -> str:
    """A bid's bar for a screen reader: 'bid 3: met 5 of 7 (71%)'."""
    return f"{bid_label(bid)}: met {of(tally.hits, tally.tries)} ({tally.rate:.0%})"
