"""Issue 29's layouts that fit: a screen's title in a size whose words are whole on a 390-px phone (German
runs a third longer; text at 145%), and the scoreboard pad's columns wide enough for their captions."""
from __future__ import annotations

import flet as ft

from views import i18n
from views.parts import hand_pad
from views.parts.widgets import text_width, title_style

S = ft.TextThemeStyle


def test_a_short_title_keeps_the_large_size_and_may_take_two_lines():
    assert title_style("Neues Spiel", 1.45, 3) == (S.TITLE_LARGE, 2)
    assert title_style("New game", 1.0, 3) == (S.TITLE_LARGE, 2)


def test_a_title_with_a_long_word_is_smaller_rather_than_broken_inside_the_word():
    assert title_style("Link funktioniert nicht", 1.45, 3) == (S.TITLE_SMALL, 3)
    assert title_style("Historique", 1.45, 3)[0] in (S.TITLE_MEDIUM, S.TITLE_SMALL)


def test_a_title_beside_the_scoreboards_tools_stays_on_one_line_cut_short():
    assert title_style("Xylotar", 1.45, 6) == (S.TITLE_LARGE, 1)  # the game's name is said below the tools too


def test_the_pads_columns_fit_their_captions_in_french_and_german(monkeypatch):
    assert text_width("Annonce", 12) > text_width("Plis", 12)
    for code, caption in (("fr", "Annonce"), ("de", "Ansage")):
        monkeypatch.setattr(i18n, "_language_here", lambda code=code: code)
        widths = hand_pad.column_widths(("bid", "tricks"), 63, 1.45)
        assert i18n.spoken().gettext("Bid") == caption
        assert widths["bid"] >= text_width(caption, 12 * 1.45) + 6 > 63  # wider than a box: the word stays whole
    monkeypatch.setattr(i18n, "_language_here", lambda: "en")
    assert hand_pad.column_widths(("bid", "tricks"), 48, 1.0) == {"bid": 48, "tricks": 48}
