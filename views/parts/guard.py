"""A screen that fails to render says so, instead of freezing.

Flet renders each browser session's components in one background task; an
exception there ends that task, and from then on the browser keeps its last
frame and takes no update, with nothing said anywhere. Every screen is
declared with `screen` instead of `ft.component`: an error while it renders is
logged on the host, and the browser shows a page that says so, with a button
to try again (the next change at the table tries again too). Nothing
confirmed is lost: it is in the store."""
from __future__ import annotations

import functools
import logging

import flet as ft

from .. import i18n
from ..web import leaves
from .widgets import S, BigButton, Panel, ScreenView, Txt

log = logging.getLogger("xyscore.views")


def screen(fn):
    """`ft.component(fn)`, showing `Broken` if `fn` raises."""
    @functools.wraps(fn)
    def guarded(*args, **kwargs):
        tries, set_tries = ft.use_state(0)  # first, so `fn`'s own hooks keep their places
        leaves.of_session().forget()  # a table screen watches its leaves again as it renders (views/web/leaves.py)
        try:
            return fn(*args, **kwargs)
        except Exception:
            leaves.of_session().forget()
            route = ft.context.page.route
            log.exception("Could not show %s", route)
            return Broken(route, lambda: set_tries(tries + 1))
    return ft.component(guarded)


def Broken(route: str, try_again) -> ft.View:
    _ = i18n.spoken().gettext
    return ScreenView(route, "XY Score", [
        Panel([ft.Icon(ft.Icons.ERROR_OUTLINE, size=56, color=ft.Colors.ERROR),
               Txt(_("This screen could not be shown"), S.HEADLINE_SMALL, weight=ft.FontWeight.W_700),
               Txt(_("Nothing you confirmed is lost: it is kept on the host. Try again; the host's "
                     "window says what went wrong.")),
               BigButton(_("Try again"), try_again, icon=ft.Icons.REFRESH)], padding=24),
    ], back=None, width=520)
