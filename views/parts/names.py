"""A player's name where it sits beside numbers: one line, cut with an ellipsis
when it does not fit (a name may be 40 characters), the whole name on a tap
(or on hover, with a mouse)."""
from __future__ import annotations

import flet as ft


def Name(name: str, style: ft.TextThemeStyle = ft.TextThemeStyle.BODY_LARGE, *,
         weight: ft.FontWeight | None = None, color: str | None = None, loose: bool = True) -> ft.Control:
    """Takes the room its row leaves it and no more: `loose` (the default) lets a
    short name stay short, so what follows it (a trophy) sits right after it."""
    text = ft.Text(name, theme_style=style, weight=weight, color=color, max_lines=1, no_wrap=True,
                   overflow=ft.TextOverflow.ELLIPSIS)
    return ft.Container(text, expand=True, expand_loose=loose,
                        tooltip=ft.Tooltip(message=name, trigger_mode=ft.TooltipTriggerMode.TAP))
