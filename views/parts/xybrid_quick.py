"""An XYbrid round entered as totals, one thumb: each player's infamy picked
as tens and ones ("20" then "3" is 23; a total under 10 is one tap), with a
"+/−" for the rare negative round. The plain part is views/shown/monster_entry.py."""
from __future__ import annotations

import flet as ft

from .. import i18n
from ..i18n import N_
from ..shown import monster_entry
from .widgets import LEAST, Panel, S, TextTap, Txt

CHIP_HEIGHT = LEAST  # a thumb's target (issue 28)
PER_ROW = 5  # each at least LEAST wide on a 390-pixel phone
# What a digit's button says, by its strip ("Ann's tens 20").
DIGIT_SAID = {"tens": N_("{name}'s tens {number}"), "ones": N_("{name}'s ones {number}")}


def DigitChips(who: str, word: str, value: int | None, on_pick, *, step: int) -> ft.Control:
    """0..9 (times `step`) as a strip of buttons, one tap picks one ("Ann's tens 20");
    a value beyond 9 (a correction of a large total) stays shown. Nothing is
    chosen while `value` is None. `word`: "tens" or "ones"."""
    speaker = i18n.spoken()
    numbers = list(range(0, max(9, value or 0) + 1))

    def chip(n: int) -> ft.Control:
        chosen = n == value
        return TextTap(
            content=Txt(speaker.number(n * step), S.LABEL_LARGE,
                        weight=ft.FontWeight.W_700 if chosen else ft.FontWeight.W_500,
                        color=ft.Colors.ON_PRIMARY if chosen else None),
            tooltip=speaker.gettext(DIGIT_SAID[word]).format(name=who, number=speaker.number(n * step)),
            on_click=lambda _, n=n: on_pick(n), expand=1, height=CHIP_HEIGHT,
            style=ft.ButtonStyle(padding=0, shape=ft.RoundedRectangleBorder(radius=8),
                                 visual_density=ft.VisualDensity.COMPACT,
                                 bgcolor=ft.Colors.PRIMARY if chosen else ft.Colors.SURFACE_CONTAINER_HIGHEST))

    rows = [numbers[i:i + PER_ROW] for i in range(0, len(numbers), PER_ROW)]
    return ft.Column([ft.Row([chip(n) for n in row] + [ft.Container(expand=1) for _ in range(PER_ROW - len(row))],
                             spacing=2) for row in rows], spacing=2)


@ft.component
def QuickPanel(name: str, entry: dict, on_change):
    """One player's total; `on_change(name, fn)` applies fn to this player's current entry."""
    speaker = i18n.spoken()
    _ = speaker.gettext
    total = monster_entry.quick_total(entry)

    def pick(digit: str):
        return lambda n: on_change(name, lambda e: {**e, digit: n})

    negative = entry["negative"]
    sign = TextTap(
        content=Txt("+/−", S.TITLE_SMALL, weight=ft.FontWeight.W_700, color=ft.Colors.ON_PRIMARY if negative else None),
        tooltip=(_("{name}'s infamy is negative") if not negative else _("{name}'s infamy is not negative")).format(
            name=name),
        on_click=lambda: on_change(name, lambda e: {**e, "negative": not e["negative"]}), width=LEAST,
        height=CHIP_HEIGHT, style=ft.ButtonStyle(padding=0, shape=ft.RoundedRectangleBorder(radius=8),
                                                 bgcolor=ft.Colors.PRIMARY if negative else
                                                 ft.Colors.SURFACE_CONTAINER_HIGHEST))
    shown = "–" if total is None else speaker.number(total)
    return Panel([
        ft.Row([ft.Container(Txt(name, S.TITLE_MEDIUM, weight=ft.FontWeight.W_700), expand=True),
                sign,
                ft.Container(Txt(shown, S.HEADLINE_SMALL, weight=ft.FontWeight.W_700,
                                 label=_("{name} scores {score} infamy").format(name=name,
                                                                                 score=speaker.number(total))
                                 if total is not None else _("{name}'s infamy not picked yet").format(name=name),
                                 align=ft.TextAlign.END), width=64)],
               vertical_alignment=ft.CrossAxisAlignment.CENTER, spacing=6),
        DigitChips(name, "tens", entry["tens"], pick("tens"), step=10),
        DigitChips(name, "ones", entry["ones"], pick("ones"), step=1),
    ], padding=8, spacing=4)
