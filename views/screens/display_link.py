"""The table display's link, /display/TOKEN: a landscape tablet across the
table, large type, read-only. It says why: the headline (the hand to play, a
tiebreak hand and who tied, who won and how), who leads or starts next, the
hand in play (every seat's bid as the table may see it, the tricks if they
are tracked), the round just scored with each score's reason, and the scores.

`TableDisplay` is the whole display; the host's own /display/ID
(display.py) shows the same, with a way back."""
from __future__ import annotations

from typing import Callable

import flet as ft

from companion.access import NotAllowed, Role

from .. import i18n
from ..parts.bg_stats_card import BgStatsOnDisplay
from ..parts.chart import ScoreChart
from ..parts.guard import screen
from ..parts.live_hand_view import BidBoard
from ..parts.rematch_button import use_followed
from ..parts.names import Name, name_in_place
from ..parts.per_game import once
from ..parts.scoreboard import BigStandingsOf, standings_in_place, standings_rows
from ..parts.widgets import S, Panel, Txt
from ..shown import display_words, logic, rematch_words
from ..shown.display_words import ScoreRow
from ..shown.table_logic import Keyed, scores_key
from ..state import SharedContext
from ..web import lan, leaves, table_actions
from .link_pages import LinkEnded


ROOMY = 420  # px: a column narrower than this (a phone as the display) draws the hand's board smaller
LONG_NAME = 16  # a name longer than this may not fit a line of large type: it is drawn whole or cut, never broken
SPACE = {S.DISPLAY_SMALL: 10, S.HEADLINE_SMALL: 7, S.TITLE_LARGE: 6}  # a space's width in each style, roughly


def Said(text: str, names, style: ft.TextThemeStyle, **look) -> ft.Control:
    """A sentence in large type that may name players: a long name stays on one
    line, cut with an ellipsis where the screen is too narrow for it (a phone),
    instead of breaking inside a word; read whole by a screen reader."""
    if plain(text, names):
        return Txt(text, style, **look)
    # A word with a name in it ('Cat,') is drawn as a name: cut with an ellipsis if it must be.
    words = [Name("".join(piece for piece, _ in chunk), style, expand=False, tip=False, **look)
             if any(is_name for _, is_name in chunk) else Txt(chunk[0][0], style, **look)
             for chunk in display_words.chunks(text, names)]
    return ft.Semantics(content=ft.Row(words, wrap=True, spacing=SPACE.get(style, 6), run_spacing=0),
                        label=text, container=True, exclude_semantics=True)


def plain(text: str, names) -> bool:
    """Whether `text` is drawn as one Text: it names no player whose name may not fit a line."""
    return not any(len(name) > LONG_NAME and name in text for name in names)


def Turn(turn: str, names) -> ft.Control:
    """Who leads or starts next, and why, in large type."""
    return ft.Container(ft.Row([
        ft.Icon(ft.Icons.PLAY_CIRCLE_OUTLINE, size=40, color=ft.Colors.ON_PRIMARY_CONTAINER),
        ft.Container(Said(turn, names, S.HEADLINE_SMALL, weight=ft.FontWeight.W_700,
                          color=ft.Colors.ON_PRIMARY_CONTAINER), expand=True),
    ], spacing=14, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        bgcolor=ft.Colors.PRIMARY_CONTAINER, border_radius=20, padding=ft.Padding.symmetric(horizontal=18, vertical=10))


def Heading(game, shown: dict, back: ft.Control | None = None) -> list[ft.Control]:
    """The game, the headline and why, and who plays first next (a `back` button
    before the game's name on the host's own display). The headline and the
    turn are leaves (`shown`: `display_seen`'s): a score changes them without drawing the display again."""
    title = Txt(logic.game_title(game), S.TITLE_LARGE, color=ft.Colors.ON_SURFACE_VARIANT)
    return [ft.Row([back, ft.Container(title, expand=True)], spacing=4) if back else title,
            leaves.leaf("headline", HeadlineDraw, shown["headline"]), leaves.leaf("turn", TurnDraw, shown["turn"])]


def HeadlineDraw(headline: str, detail: str | None, players: tuple[str, ...]) -> ft.Control:
    """The headline and why."""
    return ft.Column([Said(headline, players, S.DISPLAY_SMALL, weight=ft.FontWeight.W_800, color=ft.Colors.PRIMARY),
                      *([Said(detail, players, S.TITLE_LARGE)] if detail else [])], spacing=10)


def TurnDraw(turn: str, players: tuple[str, ...]) -> ft.Control:
    """Who plays first next (nothing, hidden, when no one does: the game is over)."""
    return Turn(turn, players) if turn else ft.Container(visible=False)


@leaves.in_place(HeadlineDraw)
def headline_in_place(old: tuple, new: tuple):
    """A hand scored: the headline and why, each drawn as one Text before and after."""
    (headline, detail, players), (new_headline, new_detail, new_players) = old, new
    if (players != new_players or bool(detail) != bool(new_detail)
            or not all(plain(text, players) for text in (headline, detail or "", new_headline, new_detail or ""))):
        return None
    return [(("controls", i), {"value": now}) for i, (was, now) in enumerate(((headline, new_headline),
                                                                              (detail, new_detail))) if was != now]


@leaves.in_place(TurnDraw)
def turn_in_place(old: tuple, new: tuple):
    """A hand scored: who plays first next, drawn as one Text before and after."""
    (turn, players), (new_turn, new_players) = old, new
    if players != new_players or not turn or not new_turn or not (plain(turn, players) and plain(new_turn, players)):
        return None
    return [(("content", "controls", 1, "content"), {"value": new_turn})]


def Revealed(title: str, rows: tuple[ScoreRow, ...]) -> list[ft.Control]:
    """The round just scored: each seat's bid and tricks, its score, and under them why."""
    if not rows:
        return []
    lines = [ft.Column([
        ft.Row([Name(row.seat, S.HEADLINE_SMALL, weight=ft.FontWeight.W_600, loose=False),
                *([Txt(row.what, S.HEADLINE_SMALL,
                       label=i18n.spoken().gettext("{seat} {what}").format(seat=row.seat, what=row.what))]
                  if row.what else []),
                ft.Container(Txt(f"{row.score:+d}", S.HEADLINE_SMALL, weight=ft.FontWeight.W_800),
                             width=80, alignment=ft.Alignment.CENTER_RIGHT)]),
        Txt(row.reason, S.TITLE_MEDIUM, color=ft.Colors.ON_SURFACE_VARIANT),
    ], spacing=0) for row in rows]
    return [Txt(title, S.TITLE_LARGE, weight=ft.FontWeight.W_700), Panel(lines, spacing=8, padding=14)]


def use_roomy() -> tuple[bool, Callable]:
    """Whether the display's columns are wide enough for the hand's board in
    the tablet's large type (not on a phone used as the display: there a long
    name kept its first letter, each seat's row took four lines), and the
    handler that measures it, for the column's `on_size_change`."""
    roomy, set_roomy = ft.use_state(True)

    def measured(event: ft.LayoutSizeChangeEvent) -> None:
        if (event.width >= ROOMY) != roomy:
            set_roomy(event.width >= ROOMY)

    return roomy, measured


def TableDisplay(game, hand=None, bids: dict | None = None, *, tracking: bool = False,
                 back: ft.Control | None = None, finished: list[ft.Control] | None = None,
                 roomy: tuple[bool, Callable] = (True, None), on_host: bool = False) -> ft.Control:
    """The display: side by side on a landscape tablet, stacked on a phone or a
    tablet held upright.
    While a hand is played: the headline and the hand in play (every seat's
    bid), then the standings, the round just scored with why, the chart;
    between hands (a game over, XYbrid) the round just scored sits under the
    headline, so a tablet shows it without scrolling either way. `hand` is the
    hand in play (None between games or in XYbrid), `bids` every seat's bid
    this screen may show; `finished`, what a finished game shows under the
    headline (its BG Stats code: parts/bg_stats_card.py); `roomy`, what
    `use_roomy` gives (the hand's board in large type, and its measure);
    `on_host`, one-phone play (TableView.entered_on_host): the hand is said
    to be entered on the host's screen, not waiting for bids."""
    language = i18n.spoken().code  # each language's words are worked out once per change, kept apart
    # The headline, the turn, the standings, the round just scored and the chart: leaves, changed when a
    # hand is scored without drawing the display again (views/web/leaves.py).
    shown = leaves.values("display", lambda h, _b: display_seen(h.game, language, h.seats) if h is not None else
                          display_seen(game, language), hand, {})
    revealed = leaves.leaf("revealed", RevealedDraw, shown["revealed"])
    left, right = Heading(game, shown, back) + (finished or []), [leaves.leaf("standings", BigStandingsOf,
                                                                        shown["standings"])]
    if hand is not None:
        left.append(OnHost(hand, roomy[0]) if on_host else BidBoard(hand, bids or {}, tracking=tracking,
                                                                     large=roomy[0]))
        right.append(revealed)
    else:
        left.append(revealed)
    right.append(leaves.leaf("chart", ChartDraw, shown["chart"]))
    return ft.ResponsiveRow([
        ft.Container(ft.Column(left, spacing=10), col={"xs": 12, "lg": 6}, on_size_change=roomy[1]),
        ft.Container(ft.Column(right, spacing=14), col={"xs": 12, "lg": 6}),
    ], spacing=36, run_spacing=24)


@screen
def DisplayLinkScreen(token: str, version: int):
    shared = ft.use_context(SharedContext)
    route = lan.path(lan.DISPLAY, token)
    fits = lambda seen: seen.access.role is Role.DISPLAY  # noqa: E731
    try:
        seen = table_actions.open_token(shared, token, fits=fits)
    except NotAllowed as error:
        return LinkEnded(route, error.reason)
    followed = use_followed(seen.access.game_id)  # the host started a rematch: this link opens it now
    # A trick, a bid and a score: in place (the rematch's note goes at the first score: drawn again then).
    leaves.watch_table(seen, lambda: table_actions.open_token(shared, token, fits=fits),
                       lambda fresh: (hand_shown(fresh), bool(followed) and not logic.rounds_of(fresh.game)),
                       numbered=False)
    roomy = use_roomy()
    said = ([Said(rematch_words.new_game(seen.game), seen.game.players, S.HEADLINE_SMALL, weight=ft.FontWeight.W_700)]
            if followed and not logic.rounds_of(seen.game) else [])
    # No way back here: the link is for a tablet without the host's rights.
    return ft.View(route=route, controls=[*said, TableDisplay(seen.game, seen.hand, seen.bids,
                                                              tracking=seen.settings.track_tricks,
                                                              finished=BgStatsOnDisplay(seen.access.game_id,
                                                                                        seen.game),
                                                              roomy=roomy, on_host=seen.entered_on_host)],
                   padding=32, scroll=ft.ScrollMode.AUTO)


def hand_shown(seen) -> int | None:
    """Which hand a display says in words other than its leaves: one-phone play's (`OnHost`)."""
    return seen.hand.number if seen.entered_on_host and seen.hand is not None else None


def OnHost(hand, large: bool) -> ft.Control:
    """One-phone play: the hand being entered on the host's screen, and who leads it."""
    what, leads = display_words.entered_on_host(hand)
    return Panel([Txt(what, S.HEADLINE_MEDIUM if large else S.TITLE_LARGE, weight=ft.FontWeight.W_700),
                  Txt(leads, S.TITLE_LARGE if large else S.BODY_LARGE)], spacing=8, padding=20 if large else 14)


def display_seen(game, language: str, seats: tuple[str, ...] = ()) -> dict:
    """What the display's leaves draw, each worked out once a game and language: the headline and
    why, who plays first next, the standings, the round just scored and the chart. Before the first
    round, the round just scored is `seats` with nothing said, hidden (no title): the first score
    then fills it in place, as every later one does."""
    def revealed() -> tuple:
        rows = tuple(display_words.last_round_rows(game))
        if not rows and seats:
            return "", tuple(ScoreRow(seat, "-" if game.takes_bids else "", 0, "") for seat in seats)
        return display_words.last_round_title(game), rows
    players = tuple(game.players)
    return {"headline": (*once(game, f"headline:{language}", lambda: display_words.headline(game)), players),
            "turn": (once(game, f"turn:{language}", lambda: display_words.turn(game)), players),
            "standings": (once(game, f"standings:{language}", lambda: standings_rows(game)),),
            "revealed": once(game, f"revealed:{language}:{len(seats)}", revealed),
            "chart": (once(game, "scores", lambda: scores_key(game)), language)}


def RevealedDraw(title: str, rows: tuple[ScoreRow, ...]) -> ft.Control:
    return ft.Column(Revealed(title, rows), spacing=8, visible=bool(title))  # hidden before the first round


@leaves.in_place(RevealedDraw)
def revealed_in_place(old: tuple, new: tuple):
    """A hand scored: its title, and each seat's name, bid and tricks, score and why."""
    (title, rows), (new_title, new_rows) = old, new
    if not rows or len(rows) != len(new_rows) or any(bool(a.what) != bool(b.what) for a, b in zip(rows, new_rows)):
        return None
    _ = i18n.spoken().gettext
    changes = [(("controls", 0), {"value": new_title})] if title != new_title else []
    if not title or not new_title:  # the first round scored: it appears
        changes.append(((), {"visible": bool(new_title)}))
    for i, (was, now) in enumerate(zip(rows, new_rows)):
        line = ("controls", 1, "content", "controls", i)
        if was.seat != now.seat:
            changes += [((*line, "controls", 0, "controls", 0, *path), props)
                        for path, props in name_in_place(now.seat)]
        if (was.seat, was.what) != (now.seat, now.what) and now.what:
            changes.append(((*line, "controls", 0, "controls", 1),
                            {"value": now.what, "semantics_label": _("{seat} {what}").format(seat=now.seat,
                                                                                             what=now.what)}))
        if was.score != now.score:
            changes.append(((*line, "controls", 0, "controls", 2 if now.what else 1, "content"),
                            {"value": f"{now.score:+d}"}))
        if was.reason != now.reason:
            changes.append(((*line, "controls", 1), {"value": now.reason}))
    return changes


@leaves.in_place(BigStandingsOf)
def big_standings_in_place(old: tuple, new: tuple):
    """A hand scored: the ranks, names and totals."""
    return standings_in_place(old[0], new[0], big=True)


def ChartDraw(keyed: Keyed, language: str = i18n.ENGLISH) -> ft.Control:
    """The totals by round (nothing before the first), in `language`."""
    game = keyed.value
    if not logic.rounds_of(game):
        return ft.Column([])
    word = logic.round_word(game)
    _ = i18n.speaker(language).gettext
    title = _("Totals by hand") if word == "hand" else _("Totals by round")
    return ft.Column([Txt(title, S.TITLE_LARGE, weight=ft.FontWeight.W_600),
                      ScoreChart(game.players, logic.running_totals(game), height=200, word=word, bar=22)],
                     spacing=14)
