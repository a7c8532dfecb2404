"""The host link on the host's home screen: shown on demand (its QR, to open
the host screens on a tablet, and the link itself, with Copy link), and New
host link, which asks first, then ends the old one at once: every browser that
became the host through it but this one shows the host-only page
(views/hosting.py's `HostRun.renew`). Host screens only: whoever has the link
is the host."""
from __future__ import annotations

import flet as ft

from ..hosting import HostRunContext, VisitorContext
from .share_panel import ask, qr_png
from .widgets import BigButton, Note, Panel, S, TextTap, Txt

WHOEVER = "Whoever has this link is the host and can do everything: keep it to yourself."
RENEW_QUESTION = ("Make a new host link?",
                  "The host link you have now stops working at once, and every other device that opened it can "
                  "no longer open the host screens. This device keeps them, and so does this computer's own "
                  "browser if the app runs here.")
RENEWED = "New host link made: the old one no longer opens anything."


@ft.component
def HostLinkCard():
    run = ft.use_context(HostRunContext)
    visitor = ft.use_context(VisitorContext)
    shown, set_shown = ft.use_state(False)
    renewed, set_renewed = ft.use_state(0)  # the key lives in `run`, which no screen observes
    page = ft.context.page
    if not shown:
        return Panel([
            Txt("Open the host screens on a tablet or another computer with the host link. " + WHOEVER,
                S.BODY_MEDIUM),
            BigButton("Show the host link", lambda: set_shown(True), icon=ft.Icons.KEY, filled=False),
        ])

    async def renew():
        run.renew(kept=visitor)
        set_renewed(renewed + 1)

    link = run.link(page.url)
    return Panel([
        Txt("Host link", S.TITLE_LARGE, weight=ft.FontWeight.W_700),
        Txt("Scan it with the tablet, or open it on another computer, to use the host screens there. " + WHOEVER,
            S.BODY_MEDIUM),
        ft.Container(ft.Image(src=qr_png(link, box_size=6), width=220, height=220, semantics_label="Host link QR"),
                     alignment=ft.Alignment.CENTER, bgcolor="#FFFFFF", border_radius=12, padding=8),
        ft.Text(link, selectable=True, theme_style=S.BODY_SMALL, semantics_label=f"Host link {link}"),
        *([Note(RENEWED)] if renewed else []),
        ft.Row([
            TextTap("Copy link", icon=ft.Icons.COPY, action=ft.CopyToClipboard(link),
                          tooltip="Copy the host link"),
            TextTap("New host link", icon=ft.Icons.REFRESH, tooltip="New host link",
                          on_click=lambda: ask(page, *RENEW_QUESTION, "New host link", renew)),
            TextTap("Hide", icon=ft.Icons.VISIBILITY_OFF, on_click=lambda: set_shown(False),
                          tooltip="Hide the host link"),
        ], wrap=True, spacing=0),
    ], spacing=8)
