"""The host's table display (/display, /display/ID): a tablet in landscape
across the table, large type, no editing controls; /display follows the
latest game in play. It shows what the display link shows (display_link.py:
why each score, a tiebreak and who tied, who plays first next, the hand in
play), and a small way back for the host: to the game's scoreboard from
/display/ID, home from /display."""
from __future__ import annotations

import flet as ft

from companion.access import NotAllowed
from companion.services import GameNotFound

from .. import i18n
from ..parts.bg_stats_card import BgStatsOnDisplay
from ..parts.guard import screen
from ..parts.widgets import IconTap, S, Txt
from ..state import SharedContext, go
from ..web import actions, leaves, table_actions
from .display_link import TableDisplay, hand_shown, use_roomy


def BackButton(game_id: int | None) -> ft.Control:
    """Small and quiet: to the scoreboard (/game/ID), or home from /display."""
    _ = i18n.spoken().gettext
    to, words = (f"/game/{game_id}", _("Back to the scoreboard")) if game_id is not None else ("/", _("Back to home"))
    return IconTap(ft.Icons.ARROW_BACK, tooltip=words, icon_size=22, icon_color=ft.Colors.ON_SURFACE_VARIANT,
                         on_click=lambda: go(to))


@screen
def DisplayScreen(game_id: int | None, version: int):
    shared = ft.use_context(SharedContext)
    roomy = use_roomy()
    chosen = game_id if game_id is not None else actions.game_to_show(shared.store)
    try:
        seen = table_actions.host_view(shared, chosen) if chosen is not None else None
    except (GameNotFound, NotAllowed):
        seen = None
    route = f"/display/{game_id}" if game_id is not None else "/display"
    back = BackButton(game_id)
    if seen is None:
        body = [Txt("XY Score", S.DISPLAY_MEDIUM, weight=ft.FontWeight.W_800),
                Txt(i18n.spoken().gettext("No game yet. Start one on a phone: the scores appear here."),
                    S.HEADLINE_SMALL)]
        return ft.View(route=route, controls=[ft.Row([back]), *body], padding=40,
                       vertical_alignment=ft.MainAxisAlignment.CENTER,
                       horizontal_alignment=ft.CrossAxisAlignment.CENTER)
    if game_id is not None:  # /display alone follows the latest game: any change re-renders it
        leaves.watch_table(seen, lambda: table_actions.host_view(shared, chosen), hand_shown,
                           numbered=False)  # a trick, a bid and a score: in place
    # The hand in play, every seat's bid as the host's table view holds it.
    return ft.View(route=route, controls=[TableDisplay(seen.game, seen.hand, seen.bids,
                                                       tracking=seen.settings.track_tricks, back=back,
                                                       finished=BgStatsOnDisplay(chosen, seen.game), roomy=roomy,
                                                       on_host=seen.entered_on_host)],
                   padding=32, scroll=ft.ScrollMode.AUTO)
