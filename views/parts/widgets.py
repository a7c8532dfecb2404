"""Small building blocks every screen uses: the screen frame, big steppers,
panels. Text uses the theme's named styles, which the text scale enlarges."""
from __future__ import annotations

from typing import Callable

import flet as ft

from .. import i18n
from ..i18n import N_
from ..state import SessionContext, go
from .language import LanguageMenu
from .theme import SIZES

THUMB = 56  # a big button's height, in logical pixels
LEAST = 48  # the smallest target a thumb is given (44 at the very least, issue 28)
BAR = 56  # the top bar's height at 100% text: two lines of its title fit in it (Material's toolbar)
TITLE_LINES = 2  # a screen's title wraps to two lines (three in a smaller size) before it is cut short (…)
CHIPS_A_ROW = 6  # numbers in a row: each at least LEAST wide on a 390-pixel phone
S = ft.TextThemeStyle


def IconTap(icon, **options) -> ft.IconButton:
    """An icon button a thumb can hit: LEAST pixels square unless told otherwise
    (Material's own is 40 pixels, its padding outside what it draws)."""
    return ft.IconButton(icon, **{"width": LEAST, "height": LEAST, **options})


def TextTap(*args, **options) -> ft.TextButton:
    """A text button a thumb can hit: LEAST pixels tall unless told otherwise (Material's is 40)."""
    return ft.TextButton(*args, **{"height": LEAST, **options})


def Txt(value: str, style: ft.TextThemeStyle = S.BODY_LARGE, *, weight: ft.FontWeight | None = None,
        color: str | None = None, label: str | None = None, italic: bool = False,
        align: ft.TextAlign | None = None) -> ft.Text:
    return ft.Text(value, theme_style=style, weight=weight, color=color, italic=italic, semantics_label=label,
                   text_align=align)


@ft.component
def ScreenView(route: str, title: str | ft.Control, controls: list, *, back: str | None = "/",
               actions: list | None = None, width: int = 760, footer: ft.Control | None = None) -> ft.View:
    """One screen: an app bar (back, title, text size, theme) over a scrolling
    column, and an optional footer that stays in view (a running sum, Confirm)."""
    session = ft.use_context(SessionContext)
    bar = (TopBarMemo(title, back, session.text_scale, session.dark, language=session.language) if not actions else
           TopBar(title, back, session.text_scale, session.dark, actions, language=session.language))
    return ft.View(
        route=route,
        appbar=bar,
        controls=[ft.Container(
            content=ft.Column(controls, spacing=14, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
            width=width, padding=ft.Padding.only(left=14, right=14, top=6, bottom=28))],
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        scroll=ft.ScrollMode.AUTO,
        padding=0,
        bottom_appbar=ft.BottomAppBar(
            # Align hands down loose constraints, so `width` shrinks to fit a phone.
            content=ft.Container(ft.Container(footer, width=width, padding=ft.Padding.symmetric(horizontal=4)),
                                 alignment=ft.Alignment.CENTER),
            # Flutter's bar is 80 high; larger text gets a taller bar, so the
            # footer's second line is never cut off.
            padding=ft.Padding.symmetric(horizontal=10, vertical=8),
            height=None if session.text_scale <= 1 else round(80 * session.text_scale),
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH) if footer else None,
    )


@ft.component
def TopBar(title: str | ft.Control, back: str | None, text_scale: float, dark: bool, actions: list | None = None, *,
           language: str = "en"):
    """Back, the screen's title (or a leaf drawing it: a phone's, "hand 3", changed at a score), language,
    text size and theme."""
    session = ft.use_context(SessionContext)
    _ = i18n.spoken().gettext
    leading = IconTap(ft.Icons.ARROW_BACK, tooltip=_("Back"), on_click=lambda: go(back)) if back else None
    # The bar's own tools, kept while only the title changes (a phone's "hand 3" at each score).
    bar_actions = list(actions or []) + [Tools(session, language, text_scale, dark, key="tools")]
    # A long title (German runs a third longer; text at 145%) wraps to a second line rather than being cut
    # short, in a smaller size if a word of it is too wide for the bar on a phone; with larger text the bar
    # grows to hold two lines, as the footer's does (ScreenView).
    words = title if isinstance(title, ft.BaseControl) else TitleText(title, text_scale, len(actions or []))
    return ft.AppBar(leading=leading, automatically_imply_leading=False, title=words, actions=bar_actions,
                     toolbar_height=None if text_scale <= 1 else round(BAR * text_scale))


def TitleText(title: str, text_scale: float, actions: int = 0) -> ft.Text:
    """A screen's title in its bar, beside `actions` buttons of the screen's own and the bar's tools."""
    style, lines = title_style(title, text_scale, actions + TOOLS)
    return ft.Text(title, theme_style=style, weight=ft.FontWeight.W_600, max_lines=lines,
                   overflow=ft.TextOverflow.ELLIPSIS)


# Roboto's advance widths, in its size, at the most for each kind of letter: a text's width is estimated on
# the server (a little wider rather than narrower) where a layout must be chosen before the phone draws it.
NARROW_LETTERS, SLIM_LETTERS, WIDE_LETTERS = "iìíîïjlI.,:;'!|·", "frt-() ⟦⟧", "mwMWÖÄÜ"
PHONE = 390  # the narrowest screen a title is made to fit, in logical pixels
ROOM_FOR_WORDS = 100  # a title given less room than this is not wrapped: a word would not fit a line
TITLE_BESIDE = 116  # the bar's back button and spacing beside its title (measured: 130 px left with 3 icons)
TITLE_STYLES = ((S.TITLE_LARGE, "title_large"), (S.TITLE_MEDIUM, "title_medium"), (S.TITLE_SMALL, "title_small"))


def text_width(text: str, size: float, *, bold: bool = False) -> int:
    """About how wide `text` is drawn at `size` px in Roboto (a little wider rather than narrower)."""
    em = sum(0.28 if c in NARROW_LETTERS else 0.45 if c in SLIM_LETTERS else 0.88 if c in WIDE_LETTERS
             else 0.68 if c.isupper() else 0.55 for c in text)
    return round(em * size * (1.03 if bold else 1))


def title_style(title: str, text_scale: float, actions: int) -> tuple[ft.TextThemeStyle, int]:
    """The largest title style in which each word of `title` is whole and the title takes at most two lines
    (three in the smallest) beside the back button and `actions` icons on a phone, and how many lines it may
    take; else the smallest in three lines, or with too little room for a word (a game's name beside the
    scoreboard's tools: it is also said below them) on one line, cut short (…)."""
    room = PHONE - TITLE_BESIDE - LEAST * actions
    words = title.split() or [""]
    for style, name in TITLE_STYLES:
        size = SIZES[name] * text_scale
        space = text_width(" ", size, bold=True)
        if max(text_width(word, size, bold=True) for word in words) > room:
            continue
        lines, line = 1, 0
        for word in words:
            wide = text_width(word, size, bold=True)
            if line and line + space + wide > room:
                lines, line = lines + 1, wide
            else:
                line += (space if line else 0) + wide
        most = TITLE_LINES if style != S.TITLE_SMALL else TITLE_LINES + 1  # three small lines fill the bar
        if lines <= most:
            return style, most
    # Too long even so (the estimate errs wide): the smallest, in three lines; beside many tools, one line.
    return (S.TITLE_SMALL, TITLE_LINES + 1) if room >= ROOM_FOR_WORDS else (S.TITLE_LARGE, 1)


@ft.component
def ToolsPart(session, language: str, text_scale: float, dark: bool):
    """Language, text size and theme, in the bar: a row as tight as the bar's own actions."""
    _ = i18n.spoken().gettext
    return ft.Row([
        LanguageMenu(session),
        IconTap(ft.Icons.FORMAT_SIZE, tooltip=_("Text size {percent}%").format(percent=int(text_scale * 100)),
                on_click=session.next_text_scale),
        IconTap(ft.Icons.LIGHT_MODE if dark else ft.Icons.DARK_MODE,
                tooltip=_("Light theme") if dark else _("Dark theme"), on_click=session.toggle_theme),
    ], spacing=0, tight=True)


Tools = ft.memo(ToolsPart)
TOOLS = 3  # the buttons ToolsPart draws, beside the title
TopBarMemo = ft.memo(TopBar)  # the screen re-renders on every change at the table; its bar rarely changes


def Panel(controls: list, *, padding: int = 16, color: str | None = None, spacing: int = 10) -> ft.Container:
    """A rounded panel grouping one thing (a seat, a player, a step)."""
    return ft.Container(
        content=ft.Column(controls, spacing=spacing, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
        padding=padding, border_radius=20, bgcolor=color or ft.Colors.SURFACE_CONTAINER,
    )


def keyed(control: ft.Control, key: str) -> ft.Control:
    """`control`, matched by `key` when its screen draws again rather than by its place: a part
    that comes or goes above it (a tiebreak's banner) moves it instead of drawing it anew."""
    control.key = key
    return control


def stacks(scale: float) -> bool:
    """With text larger than 100%, a caption or a status goes above what it names
    instead of beside it, so each keeps its width (the chips, Send bid, a hand's title)."""
    return scale > 1.09


def Section(title: str) -> ft.Text:
    return Txt(title.upper(), S.LABEL_LARGE, weight=ft.FontWeight.W_700, color=ft.Colors.PRIMARY)


def NumberStepper(label: str, value: int, on_step: Callable[[int], None], *, low: int = 0, high: int = 99,
                  who: str = "", hint: str = "") -> ft.Control:
    """A value between big minus/plus buttons; buttons say whose they are ("Ann Bid: more").
    `on_step` gets -1 or +1: quick taps each count, even before the screen re-renders."""
    _ = i18n.spoken().gettext
    name = f"{who} {label}".strip()
    button = dict(icon_size=26, width=THUMB, height=THUMB,
                  style=ft.ButtonStyle(shape=ft.CircleBorder(), bgcolor=ft.Colors.SECONDARY_CONTAINER))
    return ft.Row([
        ft.Column([Txt(label, S.TITLE_MEDIUM, weight=ft.FontWeight.W_500),
                   *([Txt(hint, S.BODY_SMALL, color=ft.Colors.ON_SURFACE_VARIANT)] if hint else [])],
                  spacing=0, expand=True),
        ft.IconButton(ft.Icons.REMOVE, tooltip=_("{name}: less").format(name=name), disabled=value <= low,
                      on_click=lambda: on_step(-1), **button),
        ft.Container(Txt(str(value), S.HEADLINE_MEDIUM, weight=ft.FontWeight.W_700, label=f"{name} {value}"),
                     width=60, alignment=ft.Alignment.CENTER),
        ft.IconButton(ft.Icons.ADD, tooltip=_("{name}: more").format(name=name), disabled=value >= high,
                      on_click=lambda: on_step(1), **button),
    ], vertical_alignment=ft.CrossAxisAlignment.CENTER, spacing=6)


def stepped(value: int, step: int, low: int, high: int) -> int:
    return min(max(value + step, low), high)


GROWN_PADDING = 8  # above and below the words of a button that grows with them


def grown_words(text: str, *, icon=None, least: int = THUMB) -> ft.Control:
    """A button's words (and its icon), wrapped at a space when they need two lines, beside a strut that
    holds the button `least` pixels tall (with GROWN_PADDING above and below) whatever the text size: a
    button of one line looks as it does at a fixed height, one of two lines grows and is never cut.
    No text style: the words take the button's, the theme's, which follows the text size
    (views/parts/theme.py); the icon takes the button's colour and size."""
    words = ft.Text(text, text_align=ft.TextAlign.CENTER, expand=1, expand_loose=True)
    strut = ft.Container(width=0, height=least - 2 * GROWN_PADDING)
    return ft.Row([*([ft.Icon(icon)] if icon else []), words, strut], tight=True, spacing=8,
                  alignment=ft.MainAxisAlignment.CENTER, vertical_alignment=ft.CrossAxisAlignment.CENTER)


def BigButton(text: str, on_click, *, icon=None, disabled: bool = False, filled: bool = True) -> ft.Control:
    """A button a thumb's height (THUMB), or taller when its words need two lines (German runs a third
    longer; text at 145%), its icon kept beside them."""
    kind = ft.FilledButton if filled else ft.OutlinedButton
    return kind(content=grown_words(text, icon=icon), on_click=on_click, disabled=disabled,
                style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=16),
                                     padding=ft.Padding.only(left=16 if icon else 24, right=24,
                                                             top=GROWN_PADDING, bottom=GROWN_PADDING)))


def Problems(lines: list[str]) -> ft.Control:
    """Why something cannot be confirmed, in the rules' words."""
    return ft.Container(
        content=ft.Column([ft.Row([ft.Icon(ft.Icons.ERROR_OUTLINE, color=ft.Colors.ON_ERROR_CONTAINER),
                                   ft.Container(Txt(line, color=ft.Colors.ON_ERROR_CONTAINER), expand=True)])
                           for line in lines], spacing=6),
        bgcolor=ft.Colors.ERROR_CONTAINER, border_radius=14, padding=12,
    )


def Note(text: str, icon=ft.Icons.INFO_OUTLINE) -> ft.Control:
    return ft.Container(
        content=ft.Row([ft.Icon(icon, color=ft.Colors.ON_TERTIARY_CONTAINER),
                        ft.Container(Txt(text, color=ft.Colors.ON_TERTIARY_CONTAINER), expand=True)]),
        bgcolor=ft.Colors.TERTIARY_CONTAINER, border_radius=14, padding=12,
    )


CAPTION = 56  # logical pixels: a caption beside its numbers ("Ansage" at 12 px is about 46 wide)
# What a strip of numbers is for: its caption, each number's name ("Ann's bid 3") and what the caption
# says to a screen reader, as a stepper did ("Ann Bid 3").
CHIPS = {
    "bid": (N_("Bid"), N_("{seat}'s bid {n}"), N_("{seat} Bid {value}")),
    "tricks": (N_("Tricks"), N_("{seat}'s tricks {n}"), N_("{seat} Tricks {value}")),
    "off_key_won": (N_("Off-Key"), N_("{seat}'s Off-Key won {n}"), N_("{seat} Off-Key won {value}")),
    "off_key_in_trick": (N_("Off-Key"), N_("Trick's Off-Key cards in it {n}"), N_("Trick Off-Key cards in it {value}")),
}


def chip_words(field: str) -> tuple[str, str, str]:
    """CHIPS[field] in the session's language: caption, a number's name, the caption's spoken label."""
    _ = i18n.spoken().gettext
    caption, name, says = CHIPS[field]
    return _(caption), _(name), _(says)


def NumberChips(field: str, value: int, on_pick: Callable[[int], None], *, high: int, who: str = "",
                low: int = 0, per_row: int = 11, height: int = 28, scale: float = 1.0) -> ft.Control:
    """Numbers `low`..`high` as a strip of small buttons, one tap picks one
    (a value outside the range stays shown, so a rule refusal can point at it).
    `field` (one of CHIPS) says what they are, in the session's language;
    `who` whose they are. Beside the numbers, the caption's column fits
    "Ansage" and "Annonce" on one line; with larger text (`scale`) the
    caption goes above them, so each number keeps a thumb's width."""
    caption, name, says = chip_words(field)
    height, per_row = max(height, LEAST), min(per_row, CHIPS_A_ROW)  # a thumb's width and height each
    numbers = list(range(low, max(high, value) + 1))
    rows = [numbers[i:i + per_row] for i in range(0, len(numbers), per_row)]

    def chip(n: int) -> ft.Control:
        words, style = chip_look(n == value)
        return ft.TextButton(
            content=Txt(str(n), S.LABEL_LARGE, **words),
            tooltip=name.format(seat=who, n=n), on_click=lambda _, n=n: on_pick(n), expand=1, height=height,
            style=ft.ButtonStyle(padding=0, shape=ft.RoundedRectangleBorder(radius=8),
                                 visual_density=ft.VisualDensity.COMPACT, **style))

    strips = [ft.Row([chip(n) for n in row] + [ft.Container(expand=1) for _ in range(per_row - len(row))],
                     spacing=2) for row in rows]
    caption_text = Txt(caption, S.LABEL_MEDIUM, color=ft.Colors.ON_SURFACE_VARIANT,
                       label=says.format(seat=who, value=value))
    if stacks(scale):  # larger text: the caption above, so each number keeps a thumb's width
        return ft.Column([caption_text, *strips], spacing=2)
    return ft.Row([
        ft.Container(caption_text, width=round(CAPTION * scale)),
        ft.Column(strips, spacing=2, expand=True),
    ], spacing=2, vertical_alignment=ft.CrossAxisAlignment.START)


def chip_look(chosen: bool) -> tuple[dict, dict]:
    """A number chip's text and button style, picked or not."""
    return ({"weight": ft.FontWeight.W_700 if chosen else ft.FontWeight.W_500,
             "color": ft.Colors.ON_PRIMARY if chosen else None},
            {"bgcolor": ft.Colors.PRIMARY if chosen else ft.Colors.SURFACE_CONTAINER_HIGHEST})


def chips_in_place(field: str, old: int, new: int, *, high: int, who: str = "", low: int = 0, per_row: int = 11,
                   scale: float = 1.0) -> list | None:
    """How NumberChips' strip with `old` picked comes to show `new` picked, in place
    (views/web/leaves.py): [(path under the strip, {property: value})]; None where the
    strip itself changes (a number outside the range, shown or no longer)."""
    if not (low <= old <= high and low <= new <= high):
        return None
    per_row = min(per_row, CHIPS_A_ROW)
    stacked = stacks(scale)  # as NumberChips draws it

    def at(n: int) -> tuple:
        row, column = divmod(n - low, per_row)
        return ("controls", 1 + row, "controls", column) if stacked else ("controls", 1, "controls", row,
                                                                          "controls", column)
    says = chip_words(field)[2]
    changes: list = [(("controls", 0) if stacked else ("controls", 0, "content"),
                      {"semantics_label": says.format(seat=who, value=new)})]
    for n, chosen in ((old, False), (new, True)):
        words, style = chip_look(chosen)
        changes += [((*at(n), "content"), words), ((*at(n), "style"), style)]
    return changes


def WhyLink(topic: str, about: str, *, game: str | None = None, text: str | None = None) -> ft.Control:
    """A small "why?" that opens the rules page at `topic`, in plain words
    (views/shown/why.py: which topic explains what); Back there returns to
    this screen. `about` names what it explains, for a screen reader and a
    tap on it ("Why: the tiebreak"); `game` lists that game's topics first.
    `text` is what it shows ("why?" in the session's language, unless told)."""
    _ = i18n.spoken().gettext
    from ..shown.why import rules_route  # imported where it is used: the rest of this module needs no rules

    def open_rules():
        go(rules_route(topic, came_from=ft.context.page.route, game=game))

    # TRANSLATORS: {about} is what the rule explains, already said ("the tiebreak", "Ann's score in hand 3").
    return TextTap(_("why?") if text is None else text, icon=ft.Icons.HELP_OUTLINE,
                   tooltip=_("Why: {about}").format(about=about), on_click=open_rules,
                   height=LEAST, style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=8)))
