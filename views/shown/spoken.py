"""What a screen reader says where the screen shows several things at once:
each standings row is one phrase ("Ann, first, 42 points"), not a rank, a
name and a number read one by one. In the session's language (views/i18n):
"Ann, 1. Platz, 42 Punkte", "Ann, 1re place ex aequo, 42 points". No Flet, so unit tests call it."""
from __future__ import annotations

from companion.games import Game

from .. import i18n
from ..i18n import NC_
from . import logic

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
# A place in the standings, as a screen reader says it: each language its own ("1. Platz", "1re place").
PLACES = (NC_("place", "first"), NC_("place", "second"), NC_("place", "third"), NC_("place", "fourth"),
          NC_("place", "fifth"), NC_("place", "sixth"), NC_("place", "seventh"), NC_("place", "eighth"),
          NC_("place", "ninth"), NC_("place", "tenth"))
assert PLACES == ORDINALS


def ordinal(rank: int, speaker: i18n.Speaker | None = None) -> str:
    """1 -> 'first' ... 10 -> 'tenth'; beyond that '11th' (no game seats so many). Given a `speaker`, in its
    language ('1. Platz', '1re place'; beyond ten its ordinal, '11.', '11e')."""
    if speaker is not None:
        return speaker.pgettext("place", PLACES[rank - 1]) if 1 <= rank <= len(PLACES) else speaker.ordinal(rank)
    if 1 <= rank <= len(ORDINALS):
        return ORDINALS[rank - 1]
    return f"{rank}{'th' if rank % 100 in (11, 12, 13) else {1: 'st', 2: 'nd', 3: 'rd'}.get(rank % 10, 'th')}"


def amount(total: int, unit: str, speaker: i18n.Speaker | None = None) -> str:
    """'42 points', '1 point', '5 infamy' (a word without a plural stays as it is); given a `speaker`,
    Xylotar's points and XYbrid's infamy in its language ('42 Punkte', '5 Infamie')."""
    if speaker is not None and unit == "points":
        return speaker.ngettext("{total} point", "{total} points", abs(total)).format(total=total)
    if speaker is not None and unit == "infamy":
        return speaker.gettext("{total} infamy").format(total=total)
    if abs(total) == 1 and unit.endswith("s"):
        unit = unit[:-1]
    return f"{total} {unit}"


def standing_said(name: str, rank: int, total: int, unit: str, *, tied: bool = False, winner: bool = False) -> str:
    """'Ann, first, 42 points'; 'Ann, joint first, 42 points' when others share
    the rank; ', winner' once the game is won (the trophy on screen). In the session's language."""
    s = i18n.spoken()
    place = ordinal(rank, s)
    if tied:
        place = s.gettext("joint {place}").format(place=place)
    text = s.gettext("{name}, {place}, {amount}, winner") if winner else s.gettext("{name}, {place}, {amount}")
    return text.format(name=name, place=place, amount=amount(total, unit, s))


def standings_said(game: Game) -> list[str]:
    """Each standings row as one phrase, best first, as `logic.standings` ranks them."""
    rows = logic.standings(game)
    ranks = [rank for rank, _, _ in rows]
    winners = set(game.outcome().winners)
    return [standing_said(name, rank, total, game.unit, tied=ranks.count(rank) > 1, winner=name in winners)
            for rank, name, total in rows]
