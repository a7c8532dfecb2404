"""Issue 28: every control a thumb taps on a phone is at least 44x44 px, at
100% and at 145% text, on every screen a phone shows during a game: both
games' scoreboards and round entry, a correction, the shared table's seat
phone, the host's table and the display, a game over and its history. Each screen is walked from top to
bottom (Flutter keeps only what is near the view in its semantics tree, so
each step measures what is in view)."""
import re

import pytest

from companion import draw_starter, services
from companion import table_services as ts
from companion.access import Access, Role
from tests.e2e.table import Player, join

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
LEAST = 44
TAPPABLE = """() => {
  const out = [];
  const tappable = 'flt-semantics[flt-tappable], flt-semantics[role=button], flt-semantics[role=checkbox], '
    + 'flt-semantics[role=switch], flt-semantics[role=radio], flt-semantics[role=link], flt-semantics[role=tab]';
  for (const e of document.querySelectorAll(tappable)) {
    const r = e.getBoundingClientRect();
    if (!r.width || !r.height || r.bottom <= 0 || r.top >= innerHeight) continue;
    const named = e.closest('[aria-label]');
    const label = (e.getAttribute('aria-label') || e.textContent.trim()
                   || (named && named.getAttribute('aria-label')) || '?').slice(0, 60);
    out.push([label, Math.round(r.left), r.width, r.height]);
  }
  return out; }"""
WHERE = """() => [...document.querySelectorAll('flt-semantics')].slice(0, 400)
  .map(e => Math.round(e.getBoundingClientRect().top)).join(',')"""


def too_small(me: Player, screen: str, ready) -> set[str]:
    """Walk the screen open on `me` from top to bottom at 100% text, then at 145% (a player taps the app
    bar's text size); every tappable control smaller than 44x44 px in view on the way, named by what it
    says. `ready`: a text (or a pattern) the screen shows once drawn."""
    page = me.page
    shown = page.get_by_text(ready) if isinstance(ready, re.Pattern) else page.get_by_text(ready, exact=True).or_(
        page.get_by_role("button", name=ready, exact=True))
    shown.first.wait_for()
    small = walked(me, screen, 100)
    if me.control("Text size 100%").count():  # (a screen without one follows the display's)
        me.set_text_size(145)
        small |= walked(me, screen, 145)
    return small


def walked(me: Player, screen: str, text_size: int) -> set[str]:
    page = me.page
    page.wait_for_timeout(600)
    page.mouse.move(4, PHONE["height"] / 2)  # the screen's margin: a wheel there scrolls it
    moved(page, -100_000)  # from the top
    # A control half under the app bar or the footer is measured clipped: each is kept at its largest, as
    # seen while the screen scrolls by less than its height (a control's label and left edge name it).
    seen: dict[tuple[str, int], tuple[float, float]] = {}
    for _ in range(40):
        for label, left, width, height in page.evaluate(TAPPABLE):
            wide, high = seen.get((label, left), (0, 0))
            seen[(label, left)] = (max(wide, width), max(high, height))
        if not moved(page, 350):  # the bottom: nothing moved
            break
    return {f"{screen} at {text_size}%: {label} ({round(wide)}x{round(high)})"
            for (label, _), (wide, high) in seen.items() if wide + 0.5 < LEAST or high + 0.5 < LEAST}


def moved(page, by: int) -> bool:
    """Scroll the screen by `by` px with the wheel; whether anything moved."""
    before = page.evaluate(WHERE)
    page.mouse.wheel(0, by)
    page.wait_for_timeout(350)
    return page.evaluate(WHERE) != before


def xylotar_table(served) -> int:
    # Five players, the most a table of Xylotar seats: the narrowest columns a phone shows (X1, X3: 11 tricks)
    game = services.new_game("xylotar", ["Ann", "Bob", "Cat", "Dan", "Eve"], dealer="Eve",
                             expansions=("bonus_beats", "off_key"))
    game_id = services.start_game(game, served.store.uow())
    services.record_round(game_id, {"results": {"Ann": {"bid": 3, "tricks": 4}, "Bob": {"bid": 4, "tricks": 4},
                                                "Cat": {"bid": 2, "tricks": 2}, "Dan": {"bid": 1, "tricks": 1},
                                                "Eve": {"bid": 0, "tricks": 0}}},
                          served.store.uow())
    served.app.state.shared.hub.changed()
    return game_id


def test_every_control_on_a_phone_during_a_xylotar_game_is_a_thumb_wide(app_page, served):
    game_id = xylotar_table(served)
    small: set[str] = set()
    for screen, path, ready in (("scoreboard", f"/game/{game_id}", "Tricks entered 0 of 11"),
                                ("round entry", f"/game/{game_id}/round", "Tricks entered 0 of 11"),
                                ("correction", f"/game/{game_id}/round/1", "Tricks entered 11 of 11"),
                                ("host's table", f"/game/{game_id}/table", "This hand"),
                                ("display", f"/display/{game_id}", re.compile(r"^Ann, "))):
        small |= too_small(Player(app_page(path, **PHONE)), screen, ready)
    link = ts.issue_link(game_id, Role.PLAYER, served.store.uow(), by=Access.host(game_id))
    phone = join(app_page, f"/join/{link}", "Ann", **PHONE)
    small |= too_small(phone, "seat phone", "Your bid")
    assert not small, "\n".join(sorted(small))


def test_every_control_on_a_phone_during_a_xybrid_game_is_a_thumb_wide(app_page, served):
    players = ("Ann", "Bob", "Cat")
    draw = draw_starter(players, seed=7)
    game_id = services.start_game(services.new_game("xybrid", players, starter_draw=draw), served.store.uow())
    monster = {"parts": [0, 3, 2, 1, 2], "part_types": ["core", "head", "left_arm", "right_arm", "legs"], "hand": 1,
               "adjustments": []}
    services.record_round(game_id, {"results": {name: monster for name in players}, "first_player": draw.chosen,
                                    "draw_seed": draw.seed}, served.store.uow())
    served.app.state.shared.hub.changed()
    # and a game played to its end: its game over (the results picture to download) and its history (the
    # record's downloads, each hand's note)
    done = services.start_game(services.new_game("xybrid", players, starter_draw=draw), served.store.uow())
    for infamy in ((5, 4, 3), (4, 6, 5), (3, 3, 9)):
        services.record_round(done, {"results": {name: {"infamy": value} for name, value in zip(players, infamy)}},
                              served.store.uow())
    served.app.state.shared.hub.changed()
    small: set[str] = set()
    for screen, path, ready in (("scoreboard", f"/game/{game_id}", "Enter round 2"),
                                ("round entry", f"/game/{game_id}/round", "Confirm round"),
                                ("game over", f"/game/{done}", "Results picture"),
                                ("history", f"/history/{done}", "Cat wins!")):
        small |= too_small(Player(app_page(path, **PHONE)), screen, ready)
    assert not small, "\n".join(sorted(small))
