"""Statistics with charts: wins per player, bids met by bid size, infamy by
round. Numbers come from companion.stats and the words that say them from
views/shown/stats_words.py; this only lays them out and draws them."""
from __future__ import annotations

import flet as ft

from companion.stats import PlayerStats

from .. import i18n
from .chart import player_colour
from .names import Name
from ..shown import stats_words as words
from .widgets import Panel, S, TextTap, Txt


NAME_WIDTH = 104  # a bar's label when it is a player's name


def Bar(label: str, fraction: float, text: str, colour: str, *, said: str | None = None,
        name: bool = False) -> ft.Control:
    """One labelled horizontal bar; `fraction` of the full width, 0 to 1;
    `said`: what its tooltip says (else 'label: text'); `name`: the label is a
    player's name, kept on one line (a 40-character name ends in an ellipsis,
    whole on a tap) instead of broken letter by letter."""
    filled = round(max(0.0, min(fraction, 1.0)) * 100)
    parts = [ft.Container(bgcolor=colour, border_radius=6, expand=filled)] if filled else []
    parts += [ft.Container(expand=100 - filled)] if filled < 100 else []
    return ft.Row([
        ft.Container(Name(label, S.LABEL_LARGE, expand=False) if name else Txt(label, S.LABEL_LARGE),
                     width=NAME_WIDTH if name else 78),
        ft.Container(ft.Row(parts, spacing=0),
                     height=18, expand=True, bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST, border_radius=6),
        ft.Container(Txt(text, S.LABEL_LARGE, align=ft.TextAlign.RIGHT), width=72),
    ], spacing=8, tooltip=said or i18n.spoken().gettext("{label}: {value}").format(label=label, value=text))


def WinsChart(stats: dict[str, PlayerStats], game: str) -> ft.Control | None:
    """Games won of games finished, per player, for `game`."""
    rows = []
    for index, (name, player) in enumerate(sorted(stats.items(), key=lambda item: item[0].casefold())):
        results = getattr(player, game).results
        if results.played:
            rows.append(Bar(name, results.won / results.played, words.of(results.won, results.played),
                            player_colour(index), name=True))
    if not rows:
        return None
    return Panel([Txt(i18n.spoken().gettext(words.WINS_TITLES[game]), S.TITLE_MEDIUM, weight=ft.FontWeight.W_600),
                  *rows], spacing=8)


def PlayerPanel(player: PlayerStats, colour: str, open_page) -> ft.Control:
    """One player's numbers in words, with their bids met by bid size drawn."""
    _ = i18n.spoken().gettext
    controls: list[ft.Control] = [Txt(player.name, S.TITLE_MEDIUM, weight=ft.FontWeight.W_600)]
    sections = words.player_sections(player, by_bid=False)  # the bids by size are drawn below
    for heading, lines in sections:
        controls.append(Txt(heading, S.BODY_MEDIUM, weight=ft.FontWeight.W_600))
        controls += [Txt(line, S.BODY_MEDIUM) for line in lines]
    if not sections:
        controls.append(Txt(_(words.NO_GAMES), S.BODY_MEDIUM))
    by_size = player.xylotar.bids_by_size
    if by_size:
        controls.append(Txt(_(words.BIDS_TITLE), S.LABEL_LARGE, color=ft.Colors.ON_SURFACE_VARIANT))
        for bid, tally in sorted(by_size.items(), key=lambda item: (item[0] is None, item[0] or 0)):
            controls.append(Bar(words.bid_label(bid), tally.rate or 0.0, words.of(tally.hits, tally.tries), colour))
    infamy = player.xybrid.infamy_by_round
    if infamy:
        top = max(max(infamy.values()), 1)
        controls.append(Txt(_(words.INFAMY_TITLE), S.LABEL_LARGE, color=ft.Colors.ON_SURFACE_VARIANT))
        controls += [Bar(words.round_label(n), value / top, words.infamy(value), colour)
                     for n, value in sorted(infamy.items())]
    controls.append(ft.Row([TextTap(words.open_page(player.name), icon=ft.Icons.INSIGHTS,
                                    on_click=lambda: open_page(player.name))], wrap=True))
    return Panel(controls, spacing=6)
