"""The host's Share panel for one game: the players' code and the display
code (QR and link, Copy link, Share, a new code), the links and phones at the
table with a button to end each, and what players may do. Ending a link or a
phone, and a new code (which ends the old one), asks first."""
from __future__ import annotations

import functools

import flet as ft

from companion.access import Access, Role, TableSettings

from .. import i18n
from ..hosting import HostRunContext
from ..i18n import N_
from ..shown.table_logic import link_name
from ..state import SharedContext
from ..web import lan, qr, table_actions
from . import saving
from .text_box import ticked
from .widgets import BigButton, Panel, S, TextTap, Txt

qr_png = functools.lru_cache(maxsize=16)(qr.qr_png)  # the host's screen re-renders on every change

# Where the browser has a share sheet (navigator.share): phones, tablets, macOS and Windows; never
# Linux's browsers, where a Share button would do nothing.
SHARE_SHEETS = (ft.PagePlatform.IOS, ft.PagePlatform.ANDROID, ft.PagePlatform.MACOS, ft.PagePlatform.WINDOWS)
KINDS = ((Role.PLAYER, lan.JOIN), (Role.DISPLAY, lan.DISPLAY))
# Each code's words (said in the session's language where they are shown): its title, what it is for, its
# button, and its links' tooltips and semantics labels.
CODE_WORDS = {
    Role.PLAYER: {"title": N_("Players' code"), "hint": N_("Players scan this to join and pick their seat."),
                  "make": N_("Make the players' code"), "copy": N_("Copy the players' code link"),
                  "share": N_("Share the players' code link"), "new": N_("New players' code"),
                  "qr": N_("Players' code QR"), "link": N_("Players' code link {link}")},
    Role.DISPLAY: {"title": N_("Display code"), "hint": N_("Open this on the tablet across the table: read-only."),
                   "make": N_("Make the display code"), "copy": N_("Copy the display code link"),
                   "share": N_("Share the display code link"), "new": N_("New display code"),
                   "qr": N_("Display code QR"), "link": N_("Display code link {link}")},
}


def code_words(role: Role, speaker: i18n.Speaker | None = None) -> dict[str, str]:
    """A code's words in `speaker`'s language (the session's by default)."""
    speaker = speaker or i18n.spoken()
    return {what: speaker.gettext(text) for what, text in CODE_WORDS[role].items()}


def live_token(shared, run, game_id: int, role: Role, live: tuple[Access, ...]) -> str | None:
    """The link of `role` made this run, if it is still among the `live` ones."""
    token = run.token(game_id, role.value)
    if token and table_actions.opened(shared, token) not in live:
        run.forget(game_id, role.value)
        return None
    return token


def share_now(shared, run, game_id: int) -> None:
    """Share the table in one tap: the players' code made now if this run
    shows none live for the game, so the codes open with its QR on screen."""
    if live_token(shared, run, game_id, Role.PLAYER, table_actions.host_view(shared, game_id).links) is None:
        table_actions.make_link(shared, run, game_id, Role.PLAYER)


# --- what the host is asked, in players' words ----------------------------------------
def end_question(link: Access, players) -> tuple[str, str]:
    """The title and the words of the question before ending `link` (a code or a phone), in the session's language."""
    _ = i18n.spoken().gettext
    if link.seat is not None:
        name = list(players)[link.seat - 1]
        return (_("End {name}'s phone?").format(name=name),
                _("{name}'s phone stops working for this game and {name}'s seat is free for another phone.").format(
                    name=name))
    if link.role is Role.PLAYER:
        return (_("End the players' code?"),
                _("Phones can no longer join with it. Phones already at a seat keep working, and you can "
                  "make a new players' code."))
    return (_("End the display code?"),
            _("The tablet showing it stops showing this game. You can make a new display code."))


def new_code_question(role: Role) -> tuple[str, str]:
    """The title and the words of the question before a new code replaces the old one."""
    _ = i18n.spoken().gettext
    if role is Role.PLAYER:
        return (_("Make a new players' code?"),
                _("The old players' code stops working: phones that have not joined yet need the new one. "
                  "Phones already at a seat keep working."))
    return (_("Make a new display code?"),
            _("The old display code stops working: the tablet showing it stops showing this game until it "
              "opens the new one."))


def copied_words(role: Role) -> str:
    _ = i18n.spoken().gettext
    return (_("Link copied: send it to the players.") if role is Role.PLAYER
            else _("Link copied: open it on the tablet."))


def ask(page, title: str, text: str, yes: str, on_yes) -> None:
    """A question that must be answered: `yes` runs `on_yes`, Keep changes nothing (all said already)."""
    async def confirmed():
        page.pop_dialog()
        await on_yes()

    page.show_dialog(ft.AlertDialog(
        modal=True,
        title=Txt(title, S.TITLE_LARGE, weight=ft.FontWeight.W_700),
        content=Txt(text),
        actions=[TextTap(i18n.spoken().gettext("Keep"), on_click=lambda: page.pop_dialog()),
                 ft.FilledButton(yes, on_click=confirmed)]))


@ft.component
def CodeCard(game_id: int, role: Role, kind: str, base: str, token: str | None, language: str = i18n.ENGLISH):
    """One code's card, in `language` (the session's: a prop, so the memo draws it again when it changes)."""
    shared = ft.use_context(SharedContext)
    run = ft.use_context(HostRunContext)
    sending, send = saving.use_send()
    page = ft.context.page
    speaker = i18n.speaker(language)
    _ = speaker.gettext
    words = code_words(role, speaker)
    title, hint = words["title"], words["hint"]

    async def make():
        await send(lambda: table_actions.make_link(shared, run, game_id, role))

    if token is None:
        return Panel([Txt(title, S.TITLE_LARGE, weight=ft.FontWeight.W_700), Txt(hint, S.BODY_MEDIUM),
                      BigButton(saving.label(sending, words["make"]), make, icon=ft.Icons.QR_CODE,
                                disabled=sending.busy),
                      *saving.notice(sending)])

    def ask_new():
        ask(page, *new_code_question(role), _("New code"), make)

    def copied():
        page.show_dialog(ft.SnackBar(Txt(copied_words(role), color=ft.Colors.ON_INVERSE_SURFACE),
                                     show_close_icon=True, duration=4000))

    link = f"{base}{lan.path(kind, token)}"
    return Panel([
        Txt(title, S.TITLE_LARGE, weight=ft.FontWeight.W_700),
        Txt(hint, S.BODY_MEDIUM),
        ft.Container(ft.Image(src=qr_png(link, box_size=6), width=220, height=220,
                              semantics_label=words["qr"]),
                     alignment=ft.Alignment.CENTER, bgcolor="#FFFFFF", border_radius=12, padding=8),
        ft.Text(link, selectable=True, theme_style=S.BODY_SMALL, semantics_label=words["link"].format(link=link)),
        ft.Row([
            # The browser lets a page write to the clipboard or open its share sheet only while it
            # handles the tap itself: the client does both (an action), then tells us (on_click).
            TextTap(_("Copy link"), icon=ft.Icons.COPY, action=ft.CopyToClipboard(link), on_click=copied,
                    tooltip=words["copy"]),
            *([TextTap(_("Share"), icon=ft.Icons.SHARE, action=ft.ShareText(link, title=title, subject=title),
                       tooltip=words["share"])] if page.platform in SHARE_SHEETS else []),
            TextTap(_("New code"), icon=ft.Icons.REFRESH, on_click=ask_new, disabled=sending.busy,
                    tooltip=words["new"]),
        ], wrap=True, spacing=0),
        *saving.notice(sending),
    ], spacing=8)


@ft.component
def Phones(players: tuple[str, ...], live: tuple, language: str = i18n.ENGLISH):
    """The links and phones at the table, each with End (in `language`, the session's: a memo prop)."""
    _ = i18n.speaker(language).gettext
    shared = ft.use_context(SharedContext)
    run = ft.use_context(HostRunContext)
    sending, send = saving.use_send()
    page = ft.context.page

    def end(link: Access):
        async def ended():
            await send(lambda: table_actions.revoke(shared, run, link))

        def tapped():
            ask(page, *end_question(link, players), _("End"), ended)
        return tapped

    rows = [ft.Row([ft.Container(Txt(link_name(link, players), S.TITLE_MEDIUM), expand=True),
                    ft.OutlinedButton(_("End"), icon=ft.Icons.LINK_OFF,
                                      tooltip=_("End {link}").format(link=link_name(link, players)),
                                      on_click=end(link), disabled=sending.busy)])
            for link in live]
    return Panel((rows or [Txt(_("No links or phones yet."), color=ft.Colors.ON_SURFACE_VARIANT)])
                 + saving.notice(sending), spacing=4)


@ft.component
def SettingSwitch(game_id: int, field: str, value: bool, label: str, hint: str):
    """One of the game's settings: a short label (a switch's own label does not
    wrap: a long one was cut at 145% text on a phone), and what it does under
    it, in lines that wrap. Each switch sends its own write (on or off as it
    shows, the others as stored), so a switch tapped while another saves is
    not lost; it is disabled only while its own write is on its way."""
    shared = ft.use_context(SharedContext)
    sending, send = saving.use_send()

    async def flip(e):
        on = ticked(e)
        await send(lambda: table_actions.change_settings(shared, game_id, {field: on}))

    return ft.Column([
        ft.Switch(label=label, value=value, disabled=sending.busy, on_change=flip),
        ft.Container(Txt(hint, S.BODY_SMALL, color=ft.Colors.ON_SURFACE_VARIANT), padding=ft.Padding.only(left=8)),
        *saving.notice(sending),
    ], spacing=0)


@ft.component
def SettingsPanel(game_id: int, settings: TableSettings, language: str = i18n.ENGLISH):
    """What players may do, in `language` (the session's: a memo prop)."""
    _ = i18n.speaker(language).gettext

    def switch(label: str, field: str, hint: str) -> ft.Control:
        return SettingSwitch(game_id, field, getattr(settings, field), label, hint, key=field)

    return Panel([
        switch(_("Track each trick"), "track_tricks",
               _("Who won each trick is tapped as it is played. Off: each seat's tricks are counted when the "
                 "hand ends.")),
        switch(_("Players tap tricks"), "players_track_tricks",
               _("The players' phones tap who won each trick (and, with two players, enter the side players' "
                 "bids), not only the host.")),
        switch(_("Players score hands"), "players_score_hands",
               _("A player's phone may score the hand, not only the host.")),
    ], spacing=12)


# The host's screen re-renders on every change at the table; these parts only when their own values change.
CodeCardMemo, PhonesMemo, SettingsMemo = ft.memo(CodeCard), ft.memo(Phones), ft.memo(SettingsPanel)


def SharePanel(shared, run, game_id: int, players: tuple[str, ...], base: str,
               live: tuple[Access, ...]) -> list[ft.Control]:
    """`live`: the game's live links and phones. In the session's language (the memos' props hold it)."""
    speaker = i18n.spoken()
    cards = [ft.Container(CodeCardMemo(game_id, role, kind, base, live_token(shared, run, game_id, role, live),
                                       speaker.code, key=str(role)),
                          col={"xs": 12, "md": 6}) for role, kind in KINDS]
    return [ft.ResponsiveRow(cards, spacing=12, run_spacing=12),
            Txt(speaker.gettext("Links and phones"), S.TITLE_MEDIUM, weight=ft.FontWeight.W_600),
            PhonesMemo(players, live, speaker.code)]
