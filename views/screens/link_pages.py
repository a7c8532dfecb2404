"""The host link, /host/KEY, which opens the host screens on another device;
and the pages a link shows when it opens nothing: a wrong, old or revoked
token, or a host screen opened from another device. They show no game data."""
from __future__ import annotations

import flet as ft

from companion.errors import Said

from .. import i18n
from ..hosting import HOST, HostRunContext, VisitorContext
from ..parts.guard import screen
from ..parts.widgets import S, BigButton, Panel, ScreenView, Txt
from ..i18n import N_
from ..shown.words import say
from ..state import go


OLD_HOST_LINK = N_("This host link was replaced by a new one, or the app was started again since. The host "
                   "finds the current host link on the host's home screen.")


@screen
def HostLink(key: str):
    run = ft.use_context(HostRunContext)
    visitor = ft.use_context(VisitorContext)
    tried, set_tried = ft.use_state(0)  # a tap after the link was renewed shows it ended
    route = f"/{HOST}/{key}"
    if not run.opens_host(key):
        return LinkEnded(route, OLD_HOST_LINK)

    def open_host():
        if run.let_in(visitor, key):
            go("/")
        else:
            set_tried(tried + 1)

    _ = i18n.spoken().gettext
    return ScreenView(route, "XY Score", [
        Txt(_("This browser will be able to do everything the host can. Whoever has this link is the host: "
              "keep it to yourself.")),
        BigButton(_("Open the host screens"), open_host, icon=ft.Icons.LOCK_OPEN),
    ], back=None, width=520)


def LinkEnded(route: str, reason: str) -> ft.View:
    """Why a link opens nothing: `reason` is said in the session's language (a message id
    of the catalogs, or the table's refusal as it says it)."""
    speaker = i18n.spoken()
    _ = speaker.gettext
    return ScreenView(route, _("Link not working"), [
        Panel([ft.Icon(ft.Icons.LINK_OFF, size=56, color=ft.Colors.ERROR),
               Txt(_("This link no longer works"), S.HEADLINE_SMALL, weight=ft.FontWeight.W_700),
               Txt(say(reason, speaker) if isinstance(reason, Said) else _(reason))], padding=24),
    ], back=None, width=520)


def HostOnly(route: str) -> ft.View:
    _ = i18n.spoken().gettext
    return ScreenView(route, "XY Score", [
        Panel([ft.Icon(ft.Icons.LOCK_OUTLINE, size=56, color=ft.Colors.PRIMARY),
               Txt(_("This screen is for the host"), S.HEADLINE_SMALL, weight=ft.FontWeight.W_700),
               Txt(_("To join the game, scan the players' code on the host's screen. "
                     "The host opens this screen with the host link, shown on the host's home screen."))],
              padding=24),
    ], back=None, width=520)
