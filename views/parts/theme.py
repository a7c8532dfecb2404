"""Light and dark themes; the session's text scale enlarges every text style."""
from __future__ import annotations

import flet as ft

SEED = "#2E6B5E"  # felt-table green
# Material 3 sizes, a little larger: the app is read at arm's length.
SIZES = {
    "display_large": 60, "display_medium": 46, "display_small": 38,
    "headline_large": 32, "headline_medium": 28, "headline_small": 24,
    "title_large": 22, "title_medium": 18, "title_small": 16,
    "body_large": 17, "body_medium": 15, "body_small": 13,
    "label_large": 16, "label_medium": 13, "label_small": 12,
}


def build_theme(scale: float) -> ft.Theme:
    # Without a colour, a style set here renders black on the dark theme.
    styles = {name: ft.TextStyle(size=round(size * scale, 1), color=ft.Colors.ON_SURFACE)
              for name, size in SIZES.items()}
    # A button's own words follow the text size too: a style given on a button replaces the theme's
    # label style whole, so the buttons' themes carry the sized one (issue 28: they stayed at 100%).
    label = ft.TextStyle(size=round(SIZES["label_large"] * scale, 1), weight=ft.FontWeight.W_600)
    return ft.Theme(
        color_scheme_seed=SEED,
        text_theme=ft.TextTheme(**styles),
        filled_button_theme=ft.FilledButtonTheme(style=ft.ButtonStyle(text_style=label)),
        outlined_button_theme=ft.OutlinedButtonTheme(style=ft.ButtonStyle(text_style=label)),
        text_button_theme=ft.TextButtonTheme(style=ft.ButtonStyle(text_style=label)),
        button_theme=ft.ButtonTheme(style=ft.ButtonStyle(text_style=label)),
        # Standard: an icon button is 48 pixels square, a thumb's target (comfortable made it 40).
        visual_density=ft.VisualDensity.STANDARD,
    )


def apply(page: ft.Page, scale: float, dark: bool) -> None:
    page.theme = build_theme(scale)
    page.dark_theme = build_theme(scale)
    page.theme_mode = ft.ThemeMode.DARK if dark else ft.ThemeMode.LIGHT
