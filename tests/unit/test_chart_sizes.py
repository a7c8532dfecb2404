"""The score chart's bars share the width they are given (issue 11): a long
tiebreak evening with 5 players still fits, a short game keeps its wide bars."""
from views.parts.chart import GAP, THINNEST, sizes


def test_unmeasured_or_roomy_charts_keep_their_widest_bars():
    assert sizes(0, 5, 8, 26) == (26, GAP)
    assert sizes(480, 3, 1, 26) == (26, GAP)


def test_many_hands_and_players_fit_the_width():
    bar, gap = sizes(480, 5, 8, 26)
    assert 8 * 5 * (bar + 3) + 7 * gap <= 480 and bar >= THINNEST


def test_bars_never_vanish():
    assert sizes(300, 5, 60, 26)[0] == THINNEST
