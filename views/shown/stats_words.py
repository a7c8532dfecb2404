"""The statistics in words: what `xyscore stats` prints and the history
screen's panels say, built from `companion.stats`' values (no flet here).

`player_sections(stats)` gives one (heading, lines) section per game the
player took part in; `player_text(stats)` lays them out for the command line,
each section's lines indented under its heading. A Bonus Beat is named by the
face printed on the card, never by its id.
"""
from __future__ import annotations

from companion.stats import GameResults, PlayerStats, Tally, XybridStats, XylotarStats
from companion.xylotar.bonus_beats import BY_ID as BONUS_BEATS

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


def results_lines(results: GameResults) -> list[str]:
    """Finished games and wins, totals, streaks and head to head."""
    lines = [f"finished games: {results.played}, won {results.won}"
             + (f" ({results.win_rate:.0%})" if results.played else "")
             + (f"; unfinished: {results.unfinished}" if results.unfinished else "")]
    if results.played:
        lines.append(f"final total: average {results.average:.1f}, best {results.best}")
        lines.append(f"winning streak: current {results.current_streak}, longest {results.longest_streak}")
    if results.head_to_head:
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
