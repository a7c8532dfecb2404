"""The results picture under a finished game (on /game/ID and /history/ID):
a small preview and a button that downloads it as a PNG to post in a group
chat (drawn on the host, views/web/results_png.py)."""
from __future__ import annotations

import asyncio

import flet as ft

from .. import i18n
from ..shown import game_rows
from ..web.downloads import Download
from ..web.results_png import HEIGHT, WIDTH, results_png
from .chart import PALETTE
from .download import DownloadButton
from .widgets import Panel, Section, Txt

PREVIEW_WIDTH = 216  # a fifth of the picture


def picture(stored) -> Download:
    """The picture of the finished game `stored`, named as its other downloads are."""
    game = stored.game
    return Download(game_rows.file_name(game.game, stored.started_at, game.players, "png"),
                    results_png(game, stored.started_at, PALETTE))


@ft.component
def Preview(stored, drawn_for: tuple) -> ft.Control:
    """The picture, small, drawn off the event loop once the screen shows."""
    shown, set_shown = ft.use_state(None)

    async def draw() -> None:
        set_shown(await asyncio.to_thread(lambda: picture(stored).data))

    ft.use_effect(draw, [drawn_for])
    if shown is None:
        return ft.Container(width=PREVIEW_WIDTH, height=PREVIEW_WIDTH * HEIGHT // WIDTH)
    return ft.Image(src=shown, width=PREVIEW_WIDTH, height=PREVIEW_WIDTH * HEIGHT // WIDTH,
                    border_radius=8, semantics_label=i18n.spoken().gettext("A preview of the results picture"))


def ResultsPicture(game_id: int, stored) -> list[ft.Control]:
    """The controls for a finished game (GameOver shows them only then)."""
    _ = i18n.spoken().gettext
    game = stored.game
    # The language too: the picture's words are the session's (drawn again when it changes).
    drawn_for = (game_id, stored.started_at, tuple(game.players), tuple(game.totals().items()), len(game.scored()),
                 i18n.spoken().code)
    return [
        Section(_("Results picture")),
        Panel([
            Txt(_("The final standings and the chart, as a picture to post in your group chat.")),
            ft.Row([Preview(stored, drawn_for, key=str(drawn_for)),
                    DownloadButton(_("Results picture"), lambda: picture(stored), icon=ft.Icons.IMAGE_OUTLINED,
                                   tooltip=_("Download the results picture"), filled=True)],
                   wrap=True, spacing=16, run_spacing=12, vertical_alignment=ft.CrossAxisAlignment.END),
        ]),
    ]
