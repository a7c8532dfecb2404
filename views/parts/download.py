"""A button that hands a file to this browser: its bytes are made off the
event loop (a read of many games takes a while) and sent over this
session's own connection to Flet's file service, whose web side saves them
as a download (a Blob link it clicks). No address serves the file, so only
the screen that shows the button, a host's, can get it."""
from __future__ import annotations

import asyncio
import logging
from typing import Callable

import flet as ft

from companion.errors import StoreUnavailable
from companion.unit_of_work import GameNotFound

from .. import i18n
from ..i18n import N_
from ..web.downloads import Download
from .drafts import session_service
from .widgets import GROWN_PADDING, LEAST, Problems, grown_words

log = logging.getLogger("xyscore.views")

_PICKER = "xyscore.files"  # page.session.store: this session's ft.FilePicker, kept referenced
# Said through the catalogs where shown.
PREPARING = N_("Preparing…")
GONE = N_("This game is no longer stored, so there is nothing to download.")
FAILED = N_("The file could not be handed to this browser. Try again.")


def _picker(page) -> ft.FilePicker:
    """This session's file service."""
    return session_service(page, _PICKER, ft.FilePicker)


async def hand_over(page, download: Download) -> None:
    """Save `download` in this browser as a file of its name."""
    await _picker(page).save_file(file_name=download.name, src_bytes=download.data)


@ft.component
def DownloadButton(text: str, make: Callable[[], Download], *, tooltip: str, icon=ft.Icons.DOWNLOAD,
                   filled: bool = False) -> ft.Control:
    """`text` on the button; `make` reads and builds the file (in a thread)."""
    busy, set_busy = ft.use_state(False)
    problem, set_problem = ft.use_state("")
    page = ft.context.page

    async def download():
        if busy:
            return
        set_busy(True)
        set_problem("")
        try:
            await hand_over(page, await asyncio.to_thread(make))
        except StoreUnavailable as error:
            set_problem(i18n.spoken().gettext(str(error)))  # the store's sentence (views/web/writes.py marks them)
        except GameNotFound:
            set_problem(i18n.spoken().gettext(GONE))
        except Exception:
            log.warning("A download failed", exc_info=True)
            set_problem(i18n.spoken().gettext(FAILED))
        finally:
            set_busy(False)

    kind = ft.FilledTonalButton if filled else ft.TextButton
    # A thumb's height (LEAST) on one line, taller when its words wrap (Material's own is 40, 43 with the text).
    words = grown_words(i18n.spoken().gettext(PREPARING) if busy else text, icon=icon, least=LEAST)
    button = kind(content=words, tooltip=tooltip, on_click=download, disabled=busy,
                  style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=12, vertical=GROWN_PADDING)))
    if not problem:
        return button
    return ft.Column([button, Problems([problem])], spacing=6, tight=True)
