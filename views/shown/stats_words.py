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

Everything is said in the language spoken here (`i18n.spoken()`: the
session's on a screen, the environment's on the command line), numbers,
shares and days as that language writes them; the titles below are marked
for the catalogs and said where they are shown (`spoken().gettext(BIDS_TITLE)`).
"""
from __future__ import annotations

from typing import NamedTuple

from babel.numbers import format_decimal, format_percent

from companion.games import find_game
from companion.stats import GameResults, PlayerStats, Record, Tally, XybridStats, XylotarStats
from companion.xylotar.bonus_beats import BY_ID as BONUS_BEATS

from .. import i18n
from ..i18n import N_
from .game_rows import day_said, local

NO_GAMES = N_("no games yet")
NO_BID = N_("no bid")  # the Bonus Beat that plays no bid, as a bid's name
WINS_TITLES = {"xylotar": N_("Xylotar games won"), "xybrid": N_("XYbrid games won")}
BIDS_TITLE = N_("Bids met, by bid")
INFAMY_TITLE = N_("Average infamy, by round")

Section = tuple[str, list[str]]  # a heading ("Xylotar") and its lines


def _rate(rate: float, speaker: i18n.Speaker) -> str:
    """'71%', '71 %': a share as the language writes it."""
    return format_percent(rate, locale=speaker.locale)


def one_decimal(value: float, speaker: i18n.Speaker | None = None) -> str:
    """'7.5', '7,5', '12.0': an average, one decimal, as the language writes it."""
    return format_decimal(value, "0.0", locale=(speaker or i18n.spoken()).locale)


def percent(tally: Tally) -> str:
    """'5/7 (71%)', or 'none' when nothing was tried."""
    speaker = i18n.spoken()
    if not tally.tries:
        return speaker.pgettext("tries", "none")
    return speaker.gettext("{hits}/{tries} ({rate})").format(
        hits=speaker.number(tally.hits), tries=speaker.number(tally.tries), rate=_rate(tally.rate, speaker))


def of(hits: int, tries: int) -> str:
    """'2 of 3': a bar's number."""
    speaker = i18n.spoken()
    return speaker.gettext("{hits} of {tries}").format(hits=speaker.number(hits), tries=speaker.number(tries))


def bid_label(bid: int | None) -> str:
    """A bar's label for a bid size: 'bid 3', or 'no bid'."""
    speaker = i18n.spoken()
    return speaker.gettext(NO_BID) if bid is None else speaker.gettext("bid {bid}").format(bid=speaker.number(bid))


def bid_bar(bid: int | None) -> str:
    """A bid's bar under the chart, bare: '3', or 'no bid'."""
    speaker = i18n.spoken()
    return speaker.gettext(NO_BID) if bid is None else speaker.number(bid)


def round_label(number: int) -> str:
    """'round 2'."""
    speaker = i18n.spoken()
    return speaker.gettext("round {number}").format(number=speaker.number(number))


def infamy(value: float) -> str:
    """An average infamy: '7.5' ('7,5' in German and French)."""
    return one_decimal(value)


def face(card: str) -> str:
    """The card as printed; a bare number ('11') reads as a count, so say 'card'."""
    printed = BONUS_BEATS[card].face
    return i18n.spoken().gettext("{face} card").format(face=printed) if printed.isdigit() else printed


def results_lines(results: GameResults, rivals: bool = True) -> list[str]:
    """Finished games and wins, totals, streaks and head to head (`rivals=False`:
    without it, for a page that shows each rival apart)."""
    speaker = i18n.spoken()
    _, n = speaker.gettext, speaker.number
    if results.played:
        line = _("finished games: {played}, won {won} ({rate})").format(
            played=n(results.played), won=n(results.won), rate=_rate(results.win_rate, speaker))
    else:
        line = _("finished games: {played}, won {won}").format(played=n(results.played), won=n(results.won))
    if results.unfinished:
        line = _("{finished}; unfinished: {unfinished}").format(finished=line, unfinished=n(results.unfinished))
    lines = [line]
    if results.played:
        lines.append(_("final total: average {average}, best {best}").format(
            average=one_decimal(results.average, speaker), best=n(results.best)))
        lines.append(_("winning streak: current {current}, longest {longest}").format(
            current=n(results.current_streak), longest=n(results.longest_streak)))
    if rivals and results.head_to_head:
        records = ", ".join(_("{name} {won}-{lost}-{drawn}").format(name=name, won=n(r.wins), lost=n(r.losses),
                                                                   drawn=n(r.draws))
                            for name, r in results.head_to_head.items())
        lines.append(_("head to head (won-lost-drawn): {rivals}").format(rivals=records))
    return lines


def by_bid_line(xy: XylotarStats) -> str:
    """'by bid: 2: 2/2 (100%), no bid: 1/1 (100%)'."""
    speaker = i18n.spoken()
    by_size = ", ".join(speaker.gettext("{bid}: {met}").format(
        bid=speaker.gettext(NO_BID) if bid is None else speaker.number(bid), met=percent(tally))
        for bid, tally in xy.bids_by_size.items())
    return speaker.gettext("by bid: {bids}").format(bids=by_size)


def bonus_beats_lines(xy: XylotarStats) -> list[str]:
    """Scoring cards by points earned, then the cards that change only play."""
    speaker = i18n.spoken()
    _, n = speaker.gettext, speaker.number
    by_use = sorted(xy.bonus_beats.items(), key=lambda item: (-item[1].points, -item[1].used, item[0]))
    scored = [_("{card} {used}x +{points}").format(card=face(card), used=n(use.used), points=n(use.points))
              for card, use in by_use if BONUS_BEATS[card].scoring]
    if xy.unused_cards_points:
        scored.append(_("unused cards +{points}").format(points=n(xy.unused_cards_points)))
    played = [_("{card} {used}x").format(card=face(card), used=n(use.used))
              for card, use in by_use if not BONUS_BEATS[card].scoring]
    lines = []
    if scored:
        lines.append(_("Bonus Beats that score (used, points): {cards}").format(cards=", ".join(scored)))
    if played:
        lines.append(_("Bonus Beats that change play (used): {cards}").format(cards=", ".join(played)))
    return lines


def bids_met_line(xy: XylotarStats) -> str:
    """'bids met: 3/5 (60%) of hands'."""
    return i18n.spoken().gettext("bids met: {percent} of hands").format(percent=percent(xy.bids))


def xylotar_lines(xy: XylotarStats, by_bid: bool = True) -> list[str]:
    """A player's Xylotar; `by_bid=False` leaves out the bids met by bid size
    (the history screen draws those as bars)."""
    speaker = i18n.spoken()
    lines = results_lines(xy.results)
    lines.append(bids_met_line(xy))
    if by_bid:
        lines.append(by_bid_line(xy))
    lines += bonus_beats_lines(xy)
    if xy.off_key_cards:
        lines.append(speaker.ngettext("Off-Key cards won: {count} (-{penalty} points)",
                                      "Off-Key cards won: {count} (-{penalty} points)", xy.off_key_penalty).format(
            count=speaker.number(xy.off_key_cards), penalty=speaker.number(xy.off_key_penalty)))
    return lines


def xybrid_lines(hy: XybridStats) -> list[str]:
    """A player's XYbrid: results and the average infamy gained in each round."""
    _ = i18n.spoken().gettext
    rounds = ", ".join(_("{round} {infamy}").format(round=round_label(n), infamy=infamy(value))
                       for n, value in hy.infamy_by_round.items())
    return [*results_lines(hy.results), _("average infamy: {rounds}").format(rounds=rounds)]


def player_sections(stats: PlayerStats, by_bid: bool = True) -> list[Section]:
    """One (heading, lines) section per game the player has a hand or an
    unfinished game in; none for someone who never played. `by_bid=False`
    leaves out the bids met by bid size (the history screen draws them).
    The headings are the games' names, which are not translated."""
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
        lines.append(f"  {i18n.spoken().gettext(NO_GAMES)}")
    return "\n".join(lines)


# --- a player's own page ----------------------------------------------------
LAST_GAMES = 40  # the most games the line chart draws: the latest
HEAD_TO_HEAD_TITLE = N_("Head to head")
BONUS_TITLE = N_("Points from Bonus Beats, by card")
UNUSED_CARDS = N_("unused cards")
TOTALS_KEY = N_("A larger, ringed point: a game you won. Touch a point for its date and total.")
NO_GAMES_PAGE = N_("No games yet: every game played here shows up on this page.")
NO_FINISHED = N_("No finished game yet: the chart of final totals starts with the first.")


def nobody(name: str) -> str:
    """What the page of a name no one plays under says."""
    return i18n.spoken().gettext("Nobody called {name} has played here").format(name=name)


def renamed_since(old: str, new: str) -> str:
    """A player's page opened at an address from before a rename."""
    return i18n.spoken().gettext("{old} is now called {new}.").format(old=old, new=new)


def open_page(name: str) -> str:
    """The way from the history's statistics to a player's page."""
    return i18n.spoken().gettext("Open {name}'s page").format(name=name)


def times(count: int) -> str:
    """'once', 'twice', '3 times'."""
    speaker = i18n.spoken()
    if count == 1:
        return speaker.pgettext("times", "once")
    if count == 2:
        return speaker.pgettext("times", "twice")
    return speaker.ngettext("{count} time", "{count} times", count).format(count=speaker.number(count))


def rival_line(name: str, record: Record) -> str:
    """'Bob: 2 won, 1 lost' (from this player's side), ', 1 drawn' when there were draws."""
    speaker = i18n.spoken()
    n = speaker.number
    if record.draws:
        return speaker.gettext("{name}: {won} won, {lost} lost, {drawn} drawn").format(
            name=name, won=n(record.wins), lost=n(record.losses), drawn=n(record.draws))
    return speaker.gettext("{name}: {won} won, {lost} lost").format(name=name, won=n(record.wins),
                                                                    lost=n(record.losses))


def rival_said(name: str, record: Record) -> str:
    """The same record as a sentence: 'You beat Bob twice, Bob beat you once, in 3 games'."""
    speaker = i18n.spoken()
    values = dict(name=name, wins=times(record.wins), losses=times(record.losses),
                  drawn=speaker.number(record.draws), games=speaker.number(record.games))
    if record.draws:
        return speaker.ngettext("You beat {name} {wins}, {name} beat you {losses}, {drawn} drawn, in {games} game",
                                "You beat {name} {wins}, {name} beat you {losses}, {drawn} drawn, in {games} games",
                                record.games).format(**values)
    return speaker.ngettext("You beat {name} {wins}, {name} beat you {losses}, in {games} game",
                            "You beat {name} {wins}, {name} beat you {losses}, in {games} games",
                            record.games).format(**values)


def nemesis_line(results: GameResults) -> str | None:
    """'Your nemesis: Bob (beat you 5 of 7)'; None when no one ever beat this player."""
    name = results.nemesis
    if name is None:
        return None
    record = results.head_to_head[name]
    speaker = i18n.spoken()
    return speaker.gettext("Your nemesis: {name} (beat you {losses} of {games})").format(
        name=name, losses=speaker.number(record.losses), games=speaker.number(record.games))


def victim_line(results: GameResults) -> str | None:
    """'Your favourite victim: Cat (you beat them 4 of 6)'; None when this player never beat anyone."""
    name = results.favourite_victim
    if name is None:
        return None
    record = results.head_to_head[name]
    speaker = i18n.spoken()
    return speaker.gettext("Your favourite victim: {name} (you beat them {wins} of {games})").format(
        name=name, wins=speaker.number(record.wins), games=speaker.number(record.games))


def totals_title(results: GameResults) -> str:
    """The line chart's title: 'Final totals, game by game', or of the latest LAST_GAMES."""
    speaker = i18n.spoken()
    if results.played > LAST_GAMES:
        return speaker.gettext("Final totals of your last {last} games (of {played})").format(
            last=speaker.number(LAST_GAMES), played=speaker.number(results.played))
    return speaker.gettext("Final totals, game by game")


class Point(NamedTuple):
    """A point of the line chart: the game's number in the chart (1, 2...), the total, what it says."""

    x: int
    total: int
    said: str


def _point_said(day: str, total: int, won: bool, game: str, speaker: i18n.Speaker) -> str:
    """'Tue 1 Dec 2026: 42 points, won', in the game's unit."""
    values = dict(day=day, total=speaker.number(total))
    if find_game(game).unit == "infamy":
        if won:
            return speaker.ngettext("{day}: {total} infamy, won", "{day}: {total} infamy, won", total).format(**values)
        return speaker.ngettext("{day}: {total} infamy", "{day}: {total} infamy", total).format(**values)
    if won:
        return speaker.ngettext("{day}: {total} points, won", "{day}: {total} points, won", total).format(**values)
    return speaker.ngettext("{day}: {total} points", "{day}: {total} points", total).format(**values)


def totals_points(results: GameResults, game: str) -> list[Point]:
    """The latest LAST_GAMES finished games, oldest first: 'Tue 1 Dec 2026: 42 points, won'."""
    speaker = i18n.spoken()
    shown = results.finishes[-LAST_GAMES:]
    return [Point(x, total, _point_said(day_said(local(started_at)), total, won, game, speaker))
            for x, (started_at, total, won) in enumerate(shown, start=1)]


def chart_said(results: GameResults, game: str) -> str:
    """The line chart for a screen reader: 'Final totals, game by game: 3 games, from 16 to 27 points,
    the latest 27, won 1'."""
    points = totals_points(results, game)
    if not points:
        return totals_title(results)
    speaker = i18n.spoken()
    n = speaker.number
    totals = [p.total for p in points]
    won = sum(1 for f in results.finishes[-LAST_GAMES:] if f.won)
    values = dict(title=totals_title(results), count=n(len(points)), low=n(min(totals)), high=n(max(totals)),
                  latest=n(totals[-1]), won=n(won))
    if find_game(game).unit == "infamy":
        return speaker.ngettext("{title}: {count} game, from {low} to {high} infamy, the latest {latest}, won {won}",
                                "{title}: {count} games, from {low} to {high} infamy, the latest {latest}, won {won}",
                                len(points)).format(**values)
    return speaker.ngettext("{title}: {count} game, from {low} to {high} points, the latest {latest}, won {won}",
                            "{title}: {count} games, from {low} to {high} points, the latest {latest}, won {won}",
                            len(points)).format(**values)


def bonus_points(xy: XylotarStats) -> list[tuple[str, int, str]]:
    """Each Bonus Beat that scores, most points first, then the unused cards' point:
    (the card's face, points, 'used 3 times, +12 points')."""
    speaker = i18n.spoken()
    _, n = speaker.gettext, speaker.number
    by_points = sorted(xy.bonus_beats.items(), key=lambda item: (-item[1].points, -item[1].used, item[0]))
    bars = [(face(card), use.points,
             speaker.ngettext("used {times}, +{points} points", "used {times}, +{points} points", use.points).format(
                 times=times(use.used), points=n(use.points)))
            for card, use in by_points if BONUS_BEATS[card].scoring]
    if xy.unused_cards_points:
        bars.append((_(UNUSED_CARDS), xy.unused_cards_points,
                     speaker.ngettext("+{points} points", "+{points} points", xy.unused_cards_points).format(
                         points=n(xy.unused_cards_points))))
    return bars


def bid_said(bid: int | None, tally: Tally) -> str:
    """A bid's bar for a screen reader: 'bid 3: met 5 of 7 (71%)'."""
    speaker = i18n.spoken()
    return speaker.gettext("{bid}: met {hits} of {tries} ({rate})").format(
        bid=bid_label(bid), hits=speaker.number(tally.hits), tries=speaker.number(tally.tries),
        rate=_rate(tally.rate or 0.0, speaker))
