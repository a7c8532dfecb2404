"""A player's own page (/players/NAME/UID; the stable id finds a renamed
player, and the page says so): their name as the title and, for each
game they play, their numbers, the final totals game by game (a line
chart), bids met by bid (bars), what each Bonus Beat earned them, and head
to head with each rival, their nemesis and favourite victim. A name no one
plays under says so, with a way back. Numbers from companion.stats, words
from views/shown/stats_words.py."""
from __future__ import annotations

import flet as ft

from companion.players import name_key
from companion.stats import GameResults, PlayerStats, XybridStats, XylotarStats

from .. import i18n
from ..parts.chart import player_colour
from ..parts.guard import screen
from ..parts.player_charts import BarsChart, TotalsChart
from ..parts.stats_panel import Bar
from ..parts.widgets import S, BigButton, Note, Panel, ScreenView, Section, Txt
from ..shown import stats_words as words
from ..state import SharedContext, go, player_route
from ..web import actions, roster_actions

BACK = "/players"
COLOURS = {"xylotar": player_colour(0), "xybrid": player_colour(1)}


def Numbers(lines: list[str]) -> ft.Control:
    return Panel([Txt(line, S.BODY_MEDIUM) for line in lines], spacing=4)


def HeadToHead(results: GameResults) -> ft.Control | None:
    """Each rival's record from this player's side, then the nemesis and the favourite victim."""
    if not results.head_to_head:
        return None
    rows = [ft.Row([Txt(words.rival_line(name, record), S.BODY_LARGE, label=words.rival_said(name, record))],
                   wrap=True) for name, record in results.head_to_head.items()]
    said = [line for line in (words.nemesis_line(results), words.victim_line(results)) if line]
    title = i18n.spoken().gettext(words.HEAD_TO_HEAD_TITLE)
    return Panel([Txt(title, S.TITLE_SMALL, weight=ft.FontWeight.W_600), *rows,
                  *[Txt(line, S.BODY_LARGE, weight=ft.FontWeight.W_600) for line in said]], spacing=6)


def Results(results: GameResults, game: str) -> list[ft.Control]:
    chart = TotalsChart(results, game, COLOURS[game])
    none_yet = i18n.spoken().gettext(words.NO_FINISHED)
    return [chart if chart is not None else Txt(none_yet, S.BODY_MEDIUM, color=ft.Colors.ON_SURFACE_VARIANT),
            HeadToHead(results)]


def XylotarPart(xy: XylotarStats) -> list[ft.Control]:
    speaker = i18n.spoken()
    # {percent}: how many of how many, and how often: '5/7 (71%)'
    lines = words.results_lines(xy.results, rivals=False) + [
        speaker.gettext("bids met: {percent} of hands").format(percent=words.percent(xy.bids))]
    if xy.off_key_cards:
        lines.append(speaker.ngettext("Off-Key cards won: {count} (-{points} point)",
                                      "Off-Key cards won: {count} (-{points} points)", xy.off_key_penalty).format(
            count=speaker.number(xy.off_key_cards), points=speaker.number(xy.off_key_penalty)))
    bids = BarsChart(words.BIDS_TITLE, [(words.bid_bar(bid), tally.rate or 0.0,
                                         words.bid_said(bid, tally)) for bid, tally in xy.bids_by_size.items()],
                     COLOURS["xylotar"], top=1, percent=True)
    cards = words.bonus_points(xy)
    top = max([points for _, points, _ in cards] + [1])
    bonus = Panel([Txt(speaker.gettext(words.BONUS_TITLE), S.TITLE_SMALL, weight=ft.FontWeight.W_600),
                   *[Bar(label, points / top, f"+{points}", COLOURS["xylotar"], said=said)
                     for label, points, said in cards]], spacing=8) if cards else None
    return [Section("Xylotar"), Numbers(lines), *Results(xy.results, "xylotar"), bids, bonus]


def XybridPart(hy: XybridStats) -> list[ft.Control]:
    # a bar's words for a screen reader: 'round 3: 2.5' (its infamy)
    said = i18n.spoken().gettext("{round}: {infamy}")
    infamy = BarsChart(words.INFAMY_TITLE, [(str(n), value, said.format(round=words.round_label(n),
                                                                        infamy=words.infamy(value)))
                                            for n, value in hy.infamy_by_round.items()], COLOURS["xybrid"])
    return [Section("XYbrid"), Numbers(words.results_lines(hy.results, rivals=False)), *Results(hy.results, "xybrid"),
            infamy]


def Nobody(name: str) -> ft.View:
    _ = i18n.spoken().gettext
    return ScreenView(player_route(name), _("Players"), [
        Panel([Txt(words.nobody(name), S.TITLE_MEDIUM, weight=ft.FontWeight.W_600),
               BigButton(_("See everyone who plays here"), lambda: go(BACK), icon=ft.Icons.PEOPLE)]),
    ], back=BACK)


@screen
def PlayerScreen(name: str, uid: str | None, version: int):
    shared = ft.use_context(SharedContext)
    now = roster_actions.called_now(shared, uid) if uid else None
    was = name if now is not None and name_key(now) != name_key(name) else None  # an address from before a rename
    name = now or name
    stats: PlayerStats = actions.player_stats(shared, name)
    # the roster is read only for a name with no game: one on it has a page, with no games yet
    on_roster = [] if stats.games else [known for known in actions.roster(shared) if name_key(known) == name_key(name)]
    if not stats.games and not on_roster:
        return Nobody(name)
    title = stats.name if stats.games else on_roster[0]
    controls: list = [Txt(title, S.HEADLINE_SMALL, weight=ft.FontWeight.W_700),  # whole, where the bar cuts it
                      *([Note(words.renamed_since(was, title), ft.Icons.BADGE_OUTLINED)] if was else [])]
    xy, hy = stats.xylotar, stats.xybrid
    if xy.hands or xy.results.unfinished:
        controls += XylotarPart(xy)
    if hy.rounds or hy.results.unfinished:
        controls += XybridPart(hy)
    if len(controls) == 1 + bool(was):
        controls.append(Txt(i18n.spoken().gettext(words.NO_GAMES_PAGE), color=ft.Colors.ON_SURFACE_VARIANT))
    return ScreenView(player_route(title, uid if was or now else None), title, [c for c in controls if c is not None],
                      back=BACK)
