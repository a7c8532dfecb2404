"""A player's name where it sits beside numbers: one line, cut with an ellipsis
when it does not fit (a name may be 40 characters), the whole name on a tap
(or on hover, with a mouse)."""
from __future__ import annotations

import flet as ft


def Name(name: str, style: ft.TextThemeStyle = ft.TextThemeStyle.BODY_LARGE, *,
         weight: ft.FontWeight | None = None, color: str | None = None, loose: bool = True,
         expand: bool = True, label: str | None = None, tip: bool = True,
         align: ft.TextAlign | None = None) -> ft.Control:
    """In a row, takes the room the row leaves it and no more: `loose` (the
    default) lets a short name stay short, so what follows it (a trophy) sits
    right after it. In a column (a table's header), `expand=False`: the
    column's width is its limit. `label` is what a screen reader says; where it
    names the player in full, `tip=False` leaves the tap-for-the-name out (the
    tooltip would be read before the label). `align` places it in a cell
    wider than the name (a table's column: centred)."""
    text = ft.Text(name, theme_style=style, weight=weight, color=color, max_lines=1, no_wrap=True,
                   overflow=ft.TextOverflow.ELLIPSIS, semantics_label=label, text_align=align)
    return ft.Container(text, expand=expand or None, expand_loose=loose and expand,
                        tooltip=ft.Tooltip(message=name, trigger_mode=ft.TooltipTriggerMode.TAP) if tip else None)


def name_in_place(name: str) -> list:
    """How a `Name` (with its tap-for-the-name) comes to show `name` in place
    (views/web/leaves.py): [(path under it, {property: value})]."""
    return [(("content",), {"value": name}), (("tooltip",), {"message": name})]


def ChipName(name: str, style: ft.TextThemeStyle = ft.TextThemeStyle.BODY_LARGE) -> ft.Text:
    """A name as a chip's label: one line, ending in "…" where the screen is
    narrower than the name (a chip does not wrap its label: a 40-character
    name was cut at the screen's edge). The chip's tooltip says it whole."""
    return ft.Text(name, theme_style=style, max_lines=1, no_wrap=True, overflow=ft.TextOverflow.ELLIPSIS)
