"""A player's Bonus Beats on their own phone (P2): the 2 cards they were
dealt, picked once and kept secret from every other screen, and, with each
bid, the ones they still hold, each in full (its timing and text as printed)."""
from __future__ import annotations

import flet as ft

from companion.own_cards import dealable
from companion.xylotar.bonus_beats import CARDS_DEALT_PER_PLAYER as DEALT

from .. import i18n
from ..shown import hand_entry
from ..web import writes
from . import saving
from .saving import attempt
from .widgets import BigButton, Panel, Problems, S, TextTap, Txt


def CardTile(card, chosen: bool, on_tap, tip: str) -> ft.Control:
    """One Bonus Beat in full: its face, when it may be flipped and what it does,
    as printed; a screen reader reads it as one button ("Ann flips view 2. Before ...").
    A face in words, its timing and text are the core's `said` words, said in the session's language."""
    speaker = i18n.spoken()
    face, timing, text = speaker.say(card.face), speaker.say(card.timing), speaker.say(card.text)
    tile = ft.Container(ft.Column([
        ft.Row([Txt(face, S.TITLE_MEDIUM, weight=ft.FontWeight.W_800,
                    color=ft.Colors.ON_PRIMARY_CONTAINER if chosen else None),
                *([ft.Icon(ft.Icons.CHECK_CIRCLE, color=ft.Colors.PRIMARY, size=20)] if chosen else [])],
               spacing=6),
        Txt(timing, S.LABEL_MEDIUM, weight=ft.FontWeight.W_600),
        Txt(text, S.BODY_SMALL),
    ], spacing=2), padding=10, border_radius=12, on_click=on_tap, ink=True,
        bgcolor=ft.Colors.PRIMARY_CONTAINER if chosen else ft.Colors.SURFACE_CONTAINER_HIGHEST,
        border=ft.Border.all(2, ft.Colors.PRIMARY) if chosen else None)
    label = speaker.gettext("{tip}. {timing} {text}").format(tip=tip, timing=timing, text=text)
    return ft.Semantics(content=tile, label=label, button=True, selected=chosen,
                        container=True, exclude_semantics=True)


def HeldCards(seat: str, cards: list, chosen: str | None, on_pick) -> ft.Control:
    """The player's own Bonus Beats still held (their phone only, P2), each in
    full; tap one to flip it with the bid, tap it again to keep it. In the session's language."""
    speaker = i18n.spoken()
    _ = speaker.gettext
    tiles = [ft.Container(CardTile(card, card.id == chosen, lambda _, c=card.id: on_pick(None if c == chosen else c),
                                   _("{seat} flips {face}").format(seat=seat, face=speaker.say(card.face))),
                          col={"xs": 12, "sm": 6}) for card in cards]
    return ft.Column([
        Txt(_("Flip a Bonus Beat with this bid? Tap it; only you see the cards you hold."), S.BODY_SMALL,
            color=ft.Colors.ON_SURFACE_VARIANT),
        ft.ResponsiveRow(tiles, spacing=8, run_spacing=8),
    ], spacing=6)


@ft.component
def DealtCards(game, hand, seat: str, entered: bool, on_keep, start_open: bool = False):
    """The 2 Bonus Beats `seat` was dealt, picked on their own phone and kept
    secret (P2): no other screen, the host's included, shows them; offered
    are the cards they may have been dealt in `hand` (the hand in play). Open at
    first (`start_open`: the game's start), else a line with the cards (or
    that they are not entered) and a way to change them."""
    held = game.bonus_beats_dealt.get(seat, ())
    picked, set_picked = ft.use_state(None)
    opened, set_opened = ft.use_state(start_open)
    problems, set_problems = ft.use_state(())
    sending, send = saving.use_send()
    chosen = list(held) if picked is None else picked
    speaker = i18n.spoken()
    _ = speaker.gettext
    if not opened:
        if entered:
            # as printed: a symbol, or words in the session's language
            faces = ", ".join(speaker.say(hand_entry.BONUS_BEATS[c].face) for c in held)
            line = _("Your Bonus Beats: {faces}").format(faces=faces)
            label = _("Your Bonus Beats {faces}").format(faces=faces)
            hint = _("Only this phone sees them; the table sees how many you have left.")
        else:
            line, label = _("Your Bonus Beats: not entered"), _("Your Bonus Beats not entered")
            hint = _("Enter the {count} you were dealt: this phone then offers only those. Only you see "
                       "them.").format(count=DEALT)
        return Panel([ft.Row([
            ft.Container(Txt(line, S.TITLE_SMALL, weight=ft.FontWeight.W_600, label=label), expand=True),
            TextTap(_("Change") if entered else _("Enter"), icon=ft.Icons.EDIT,
                    tooltip=_("Change the Bonus Beats you were dealt") if entered else
                    _("Enter the Bonus Beats you were dealt"), on_click=lambda: set_opened(True)),
        ]), Txt(hint, S.BODY_SMALL, color=ft.Colors.ON_SURFACE_VARIANT)], spacing=2, padding=10)

    def toggle(card: str):
        def tapped(_=None):
            mine = list(chosen)
            if card in mine:
                mine.remove(card)
            elif len(mine) < DEALT:
                mine.append(card)
            set_picked(mine)
        return tapped

    async def keep():
        done = await attempt(send, lambda: on_keep(list(chosen)), set_problems)
        if isinstance(done, writes.Stored):
            set_picked(None)
            set_opened(False)

    chips = [ft.Chip(label=Txt(speaker.say(card.face), S.LABEL_LARGE), selected=card.id in chosen,
                     on_select=toggle(card.id), tooltip=_("I was dealt {face}").format(face=speaker.say(card.face)))
             for card in dealable(game, seat, hand)]
    picked_cards = [ft.Container(CardTile(hand_entry.BONUS_BEATS[c], True, toggle(c), _("Put back {face}").format(
                                     face=speaker.say(hand_entry.BONUS_BEATS[c].face))),
                                 col={"xs": 12, "sm": 6}) for c in chosen]
    return Panel([
        Txt(_("Your Bonus Beats"), S.TITLE_LARGE, weight=ft.FontWeight.W_700),
        Txt(i18n.spoken().ngettext("Tap the {count} card you were dealt. Only this phone sees them; the table sees "
                                   "how many you have left.",
                                   "Tap the {count} cards you were dealt. Only this phone sees them; the table sees "
                                   "how many you have left.", DEALT).format(count=DEALT),
            S.BODY_MEDIUM),
        ft.Row(chips, wrap=True, spacing=6, run_spacing=6),
        *([ft.ResponsiveRow(picked_cards, spacing=8, run_spacing=8)] if picked_cards else []),
        # The count on a line of its own: beside both buttons, at 145% text it broke inside "picked".
        Txt(_("{picked} of {count} picked").format(picked=len(chosen), count=DEALT), S.BODY_MEDIUM,
            color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Row([
            TextTap(_("Not now"), on_click=lambda: set_opened(False)),
            BigButton(saving.label(sending, _("Keep my cards")), keep, icon=ft.Icons.LOCK,
                      disabled=len(chosen) != DEALT or sending.busy),
        ], alignment=ft.MainAxisAlignment.END, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        *([Problems(list(problems))] if problems else []),
        *saving.notice(sending),
    ], spacing=8)
