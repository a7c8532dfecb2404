"""Add this game to BG Stats: under a finished game's scoreboard (/game/ID,
/history/ID) a QR code of its createPlay link (companion.exports) that each
player scans with their own phone, a button that opens the link, Copy link,
and where the host plays, set once for every game (companion.host_settings).
The table display shows the same code, large, once the game is over
(`BgStatsOnDisplay`).

The link holds the whole play, so its code is large (version 20 to 30 for 3
to 5 players): error correction L (a code on a screen is never smudged, and
L's larger modules scan more easily), drawn 4 pixels a module where it fits
(a tablet: about 600 pixels for 5 players, not the 316 it was), as wide as a
phone's screen on a phone; a link too long for any code says so and keeps the button and Copy link."""
from __future__ import annotations

import functools

import flet as ft

from companion.host_settings import LocationRefused

from .. import i18n
from ..i18n import N_
from ..shown import roster_words
from ..state import SharedContext
from ..web import actions, bg_stats_actions, qr
from . import saving
from .text_box import TextBox, use_typed
from .widgets import LEAST, Note, Panel, Problems, S, TextTap, Txt

# Said through the catalogs where they are shown (`i18n.spoken().gettext(TITLE)`).
TITLE = N_("Add this game to BG Stats")
HINT = N_("Each player scans this code with their own phone's camera: BG Stats opens with this game "
          "filled in, to keep in their own log.")
QR_LABEL = N_("BG Stats QR")
# TRANSLATORS: "Open in BG Stats" and "Copy link" are the names of the two buttons beside the code.
TOO_LONG = N_("This game's link is too long for a code: open it on each phone with Open in BG Stats, "
              "or Copy link and send it to each player.")
COPIED = N_("Link copied: send it to each player.")
PLACE_HINT = N_("Kept for every game from now on, and sent to BG Stats with each one.")
LEVEL = "L"
BOX = 8  # PNG pixels a module: sharp at up to 3 screen pixels a logical pixel


@functools.lru_cache(maxsize=16)  # every screen re-renders on every change at the table
def code(link: str) -> tuple[bytes, int] | None:
    """`link` as a QR code PNG, and how many modules wide it is (its quiet
    zone included); None for a link too long for any QR code."""
    try:
        modules = qr.qr_code(link, level=LEVEL).modules_count + 2 * qr.BORDER
    except qr.TooLongForCode:
        return None
    return qr.qr_png(link, box_size=BOX, level=LEVEL), modules


PIXELS_A_MODULE = 4  # where the screen has room: a phone's camera reads a dense code from across the table
ON_CARD, ON_DISPLAY = 600, 640  # the widest a code is drawn under the scoreboard, and on the table display


def qr_width(modules: int, largest: int) -> int:
    """How wide to draw a code of `modules`: PIXELS_A_MODULE pixels a module, at
    most `largest` (a narrower screen draws it as wide as it is)."""
    return min(largest, PIXELS_A_MODULE * modules)


def QrImage(link: str, largest: int) -> ft.Control:
    """The code on white (its own quiet zone around it), or why there is none."""
    _ = i18n.spoken().gettext
    made = code(link)
    if made is None:
        return Note(_(TOO_LONG))
    png, modules = made
    # Only a width: the image keeps its square shape when a narrow screen gives it less.
    return ft.Container(ft.Image(src=png, width=qr_width(modules, largest), fit=ft.BoxFit.CONTAIN,
                                 semantics_label=_(QR_LABEL)),
                        alignment=ft.Alignment.CENTER, bgcolor="#FFFFFF", border_radius=12)


def BgStatsCard(game_id: int, stored) -> list[ft.Control]:
    """The card under a finished game's scoreboard (GameOver shows it only then)."""
    return [BgStatsPanel(game_id, stored)]


@ft.component
def BgStatsPanel(game_id: int, stored):
    shared = ft.use_context(SharedContext)
    page = ft.context.page
    place = bg_stats_actions.location(shared)
    link = bg_stats_actions.link(shared, stored)
    _ = i18n.spoken().gettext

    def copied():
        page.show_dialog(ft.SnackBar(Txt(i18n.spoken().gettext(COPIED), color=ft.Colors.ON_INVERSE_SURFACE),
                                     show_close_icon=True,
                                     duration=4000))

    return Panel([
        Txt(_(TITLE), S.TITLE_LARGE, weight=ft.FontWeight.W_700),
        Txt(_(HINT), S.BODY_MEDIUM),
        QrImage(link, largest=ON_CARD),
        ft.Row([
            ft.FilledButton(_("Open in BG Stats"), icon=ft.Icons.OPEN_IN_NEW,
                            url=ft.Url(link, target=ft.UrlTarget.BLANK), tooltip=_("Open this game in BG Stats"),
                            height=LEAST),
            # The browser writes to the clipboard only while it handles the tap itself: the client does.
            TextTap(_("Copy link"), icon=ft.Icons.COPY, action=ft.CopyToClipboard(link), on_click=copied,
                    tooltip=_("Copy the BG Stats link")),
        ], wrap=True, spacing=8),
        PlaceField(place),
    ])


@ft.component
def PlaceField(place: str | None):
    """Where did you play? The host types it once; every game's code says it from then on."""
    shared = ft.use_context(SharedContext)
    typed = use_typed(None)  # None: not edited, the field shows the place kept
    said, set_said = ft.use_state(("", False, None))  # (a refusal, refused?, the place saved)
    sending, send = saving.use_send()
    shown = (place or "") if typed.shown is None else typed.shown

    async def save():
        asked = (place or "") if typed.last is None else typed.last
        try:
            done = await send(lambda: bg_stats_actions.set_location(shared, asked))
        except LocationRefused as refused:  # why, in players' words: nothing was kept
            set_said((refused, True, None))  # said below, in the language spoken when it is drawn
            return
        if done:  # stored: the field shows the place as kept (trimmed), and says so
            typed.set(None)
            set_said(("", False, (done.value,)))  # said below, in the language spoken when it is drawn

    refusal, refused, saved = said
    words = roster_words.said(refusal) if refused else ""
    if saved is not None:
        words = saved_words(saved[0])
    _ = i18n.spoken().gettext
    return ft.Column([
        Txt(_("Where did you play?"), S.TITLE_MEDIUM, weight=ft.FontWeight.W_600),
        ft.Row([
            TextBox(shown, typed.set, label=_("Where you played"), hint_text=_("Ann's kitchen"), expand=True,
                    on_submit=save),
            ft.FilledButton(saving.label(sending, _("Save")), on_click=save, disabled=sending.busy,
                            tooltip=_("Save where you played"), height=LEAST),
        ], vertical_alignment=ft.CrossAxisAlignment.CENTER),
        Txt(_(PLACE_HINT), S.BODY_SMALL, color=ft.Colors.ON_SURFACE_VARIANT),
        *([Problems([words]) if refused else Note(words, ft.Icons.CHECK_CIRCLE_OUTLINE)] if words else []),
        *saving.notice(sending),
    ], spacing=8)


def saved_words(place: str | None) -> str:
    """What Save says: the place every code now sends, or that none is sent."""
    _ = i18n.spoken().gettext
    return (_("Saved: every game's code now says you played at {place}.").format(place=place) if place
            else _("Saved: the codes no longer say where you played."))


def BgStatsOnDisplay(game_id: int | None, game) -> list[ft.Control]:
    """The table display's code, large, once the game is over (nothing before)."""
    if game_id is None or not game.outcome().is_over:
        return []
    return [BgStatsBig(game_id)]


@ft.component
def BgStatsBig(game_id: int):
    shared = ft.use_context(SharedContext)
    link = bg_stats_actions.link(shared, actions.load(shared, game_id))
    _ = i18n.spoken().gettext
    return Panel([
        Txt(_(TITLE), S.HEADLINE_SMALL, weight=ft.FontWeight.W_700),
        Txt(_("Each player scans this with their own phone's camera."), S.TITLE_MEDIUM),
        QrImage(link, largest=ON_DISPLAY),
    ], padding=18)
