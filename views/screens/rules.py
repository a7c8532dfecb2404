"""The rules page, /rules and /rules/<topic>: our own short summary of the
rulebooks in players' words, by topic (views/shown/rules_topics.py). A "why?"
on a score or a note opens its topic; Back returns where the player was (the
route's `from`). It shows no game data, so it opens on any device at the table.

Every word is said in the session's language as the page is drawn: the
titles through the catalogs, each line as `rules_topics.said_lines` says it."""
from __future__ import annotations

import flet as ft

from .. import i18n
from ..hosting import VisitorContext
from ..i18n import N_
from ..parts.guard import screen
from ..parts.widgets import S, BigButton, Note, Panel, ScreenView, Section, Txt
from ..shown import why
from ..shown.rules_topics import said_lines
from ..state import go

TITLE = N_("Rules")


@screen
def RulesScreen(route: str, slug: str | None):
    visitor = ft.use_context(VisitorContext)
    back, game = why.came_from(route), why.opened_for(route)
    if slug is None:
        return TopicList(route, game, back or ("/" if visitor.host else None))
    topic = why.topic(slug)
    if topic is None:
        return TopicList(route, game, back or why.rules_route(game=game), missing=True)
    listed = why.rules_route(came_from=back, game=game or topic.game)
    speaker = i18n.spoken()
    _ = speaker.gettext
    return ScreenView(route, _(TITLE), [
        Txt(topic.part, S.LABEL_LARGE, weight=ft.FontWeight.W_700, color=ft.Colors.PRIMARY),
        Txt(_(topic.title), S.HEADLINE_SMALL, weight=ft.FontWeight.W_700),
        Panel([Line(bullet, text) for bullet, text in said_lines(topic, speaker)], spacing=10),
        BigButton(_("All rules topics"), lambda: go(listed), icon=ft.Icons.MENU_BOOK, filled=False),
    ], back=back or listed)


def Line(bullet: bool, text: str) -> ft.Control:
    """A paragraph, or a bullet line whose wrapped lines hang under its first word."""
    if not bullet:
        return Txt(text)
    return ft.Row([Txt("\u2022", weight=ft.FontWeight.W_700), ft.Container(Txt(text), expand=True)],
                  spacing=8, vertical_alignment=ft.CrossAxisAlignment.START)


def TopicList(route: str, game: str | None, back: str | None, *, missing: bool = False) -> ft.View:
    """Every topic under its game, the game it was opened from first."""
    def opener(slug: str):
        return lambda: go(why.rules_route(slug, came_from=route, game=game))

    _ = i18n.spoken().gettext
    groups = []
    for head, topics in why.grouped(game):  # headed by the games' and the expansion's names, as on their boxes
        groups += [Section(head), Panel([
            ft.ListTile(title=Txt(_(topic.title)), trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT),
                        on_click=opener(topic.slug), content_padding=ft.Padding.symmetric(horizontal=8),
                        shape=ft.RoundedRectangleBorder(radius=12))
            for topic in topics], padding=6, spacing=0)]
    return ScreenView(route, _(TITLE), [
        *([Note(_("There is no such rules topic. Pick one below."))] if missing else []),
        Txt(_("The rules in plain words: our short summary of the rulebooks, by topic."),
            color=ft.Colors.ON_SURFACE_VARIANT),
        *groups,
    ], back=back)
