"""The host link on the host's home screen: shown on demand (its QR, to open
the host screens on a tablet, and the link itself, with Copy link), and New
host link, which asks first, then ends the old one at once: every browser that
became the host through it but this one shows the host-only page
(views/hosting.py's `HostRun.renew`). Host screens only: whoever has the link
is the host."""
from __future__ import annotations

import flet as ft

from .. import i18n
from ..hosting import HostRunContext, VisitorContext
from ..i18n import N_
from .share_panel import ask, qr_png
from .widgets import BigButton, Note, Panel, S, TextTap, Txt

# Said in the session's language where they are shown.
RENEW_QUESTION = (N_("Make a new host link?"),
                  N_("The host link you have now stops working at once, and every other device that opened it can "
                     "no longer open the host screens. This device keeps them, and so does this computer's own "
                     "browser if the app runs here."))
RENEWED = N_("New host link made: the old one no longer opens anything.")


@ft.component
def HostLinkCard():
    run = ft.use_context(HostRunContext)
    visitor = ft.use_context(VisitorContext)
    shown, set_shown = ft.use_state(False)
    renewed, set_renewed = ft.use_state(0)  # the key lives in `run`, which no screen observes
    page = ft.context.page
    _ = i18n.spoken().gettext
    if not shown:
        return Panel([
            Txt(_("Open the host screens on a tablet or another computer with the host link. Whoever has this "
                  "link is the host and can do everything: keep it to yourself."), S.BODY_MEDIUM),
            BigButton(_("Show the host link"), lambda: set_shown(True), icon=ft.Icons.KEY, filled=False),
        ])

    async def renew():
        run.renew(kept=visitor)
        set_renewed(renewed + 1)

    link = run.link(page.url)
    return Panel([
        Txt(_("Host link"), S.TITLE_LARGE, weight=ft.FontWeight.W_700),
        Txt(_("Scan it with the tablet, or open it on another computer, to use the host screens there. Whoever "
              "has this link is the host and can do everything: keep it to yourself."), S.BODY_MEDIUM),
        ft.Container(ft.Image(src=qr_png(link, box_size=6), width=220, height=220,
                              semantics_label=_("Host link QR")),
                     alignment=ft.Alignment.CENTER, bgcolor="#FFFFFF", border_radius=12, padding=8),
        ft.Text(link, selectable=True, theme_style=S.BODY_SMALL,
                semantics_label=_("Host link {link}").format(link=link)),
        *([Note(_(RENEWED))] if renewed else []),
        ft.Row([
            TextTap(_("Copy link"), icon=ft.Icons.COPY, action=ft.CopyToClipboard(link),
                    tooltip=_("Copy the host link")),
            TextTap(_("New host link"), icon=ft.Icons.REFRESH, tooltip=_("New host link"),
                    on_click=lambda: ask(page, *map(_, RENEW_QUESTION), _("New host link"), renew)),
            TextTap(_("Hide"), icon=ft.Icons.VISIBILITY_OFF, on_click=lambda: set_shown(False),
                    tooltip=_("Hide the host link")),
        ], wrap=True, spacing=0),
    ], spacing=8)
