"""Count the taps and scrolls one Xylotar hand takes on a phone (issue 11).

    .venv/bin/python bench/bench_taps.py [--width 390] [--height 844] [--json PATH] [--shot PATH]

Serves the app as the browser tests do (tests/e2e/conftest.py: uvicorn on a
free loopback port over a temporary store, Debian's Chromium through
Playwright at 390x844), creates a 4-player Xylotar game with both expansions
and Bonus Beats dealt (through `companion.services`), opens its round screen
and enters hand 1 the fastest way a player could:

    Ann bids 3, takes 4 tricks and flips "#" (1 over her bid still scores);
    Bob bids 4, takes 4; Cat bids 2, takes 2; Dan bids 0, takes 4 and wins
    1 Off-Key card.

Every click is a tap. Before each tap the control is measured: if it is not
wholly between the app bar and the footer (the bar holding the confirm
button) the player has to scroll, which is counted once and done (the
control scrolled to the middle of the screen, as a thumb flicks it). A control
the screen already shows right (a bid of 0, tricks the screen filled in) is
not tapped. The hand must then be stored as entered, or the script fails.

Either round screen is driven: the steppers of before issue 11 ("Ann Bid:
more" tapped once per point) or the number chips ("Ann's bid 3").

    .venv/bin/python bench/bench_taps.py --game xybrid [--entry quick|parts]

does the same for one round of a 3-player XYbrid game whose round-1 starter
was drawn at set-up (so who starts costs no tap), with realistic monsters:

    Ann: core, head 5, left arm 4, right arm 3, legs 6, 2 parts in hand and
    a MISSION's +3: 23 infamy; Bob: core, head 4, arms 3 and 3, legs 5, 2 in
    hand: 17; Cat: core, head 2, arms 1 and 2, legs 2, 2 in hand: 9.

`--entry quick` enters the totals ("Ann's tens 20", "Ann's ones 3"...);
`--entry parts` enters every part (a tick per part, a stepper tap per point,
as the round screen had only this before issue 11; the tap on "Part by part"
is counted when the screen has one). The round must then be stored with
those totals, or the script fails.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.e2e.conftest import Served, open_app, open_test_store  # noqa: E402

PLAYERS = ("Ann", "Bob", "Cat", "Dan")
DEALT = {"Ann": ["over_by_one", "plus_one_per_miss"], "Bob": ["zero_card", "change_bid"],
         "Cat": ["flip_suit", "ignore_suit"], "Dan": ["view_two", "lead_next"]}
# seat -> bid, tricks, Off-Key cards won, Bonus Beat (face)
HAND = {"Ann": (3, 4, 0, "#"), "Bob": (4, 4, 0, None), "Cat": (2, 2, 0, None), "Dan": (0, 4, 1, None)}
STORED = {"Ann": {"bid": 3, "tricks": 4, "bonus_beat": "over_by_one"}, "Bob": {"bid": 4, "tricks": 4},
          "Cat": {"bid": 2, "tricks": 2}, "Dan": {"bid": 0, "tricks": 4, "off_key_won": 1}}
APP_BAR = 56
CONFIRM = "Confirm hand"

XYBRID_PLAYERS = ("Ann", "Bob", "Cat")
# player -> part values by type (core 0 first), parts in hand, adjustments; and the round's infamy
MONSTERS = {"Ann": ({"core": 0, "head": 5, "left_arm": 4, "right_arm": 3, "legs": 6}, 2, (3,)),
            "Bob": ({"core": 0, "head": 4, "left_arm": 3, "right_arm": 3, "legs": 5}, 2, ()),
            "Cat": ({"core": 0, "head": 2, "left_arm": 1, "right_arm": 2, "legs": 2}, 2, ())}
INFAMY = {name: sum(parts.values()) + hand + sum(adjust) for name, (parts, hand, adjust) in MONSTERS.items()}


class Counter:
    def __init__(self, page, height: int, confirm: str = CONFIRM) -> None:
        self.page, self.height, self.confirm = page, height, confirm
        self.taps = self.scrolls = 0
        self.log: list[str] = []

    def control(self, name: str):
        page = self.page
        labelled = page.get_by_label(name, exact=True).locator("[role]")
        return page.get_by_role("button", name=name, exact=True).or_(labelled).first

    def footer_top(self) -> float:
        box = self.control(self.confirm).bounding_box()
        return box["y"] - 8 if box and box["y"] > self.height / 2 else self.height

    def in_view(self, box, bottom: float | None = None) -> bool:
        bottom = self.footer_top() if bottom is None else bottom
        return box is not None and box["y"] >= APP_BAR and box["y"] + box["height"] <= bottom + 0.5

    def tap(self, name: str, *, settle: str | None = None, target=None) -> None:
        """Tap the control called `name` (or the locator `target`), scrolling to it
        first if it is out of view; `settle` is a label to wait for after the tap."""
        target = self.control(name) if target is None else target
        target.wait_for(state="attached")
        if not self.in_view(target.bounding_box(), self.height if name == self.confirm else None):
            self.scrolls += 1
            self.log.append(f"scroll to {name}")
            target.evaluate("node => node.scrollIntoView({block: 'center'})")
            box, settled = None, target.bounding_box()
            while box != settled:  # until the scroll has come to rest
                self.page.wait_for_timeout(250)
                box, settled = settled, target.bounding_box()
            self.log.append(f"  now at {target.bounding_box()}, footer {self.footer_top()}")
        target.click()
        # A thumb lifts: the mouse leaves the control, so its tooltip (shown on hover) covers nothing below.
        self.page.mouse.move(1, self.height - 1)
        self.taps += 1
        self.log.append(f"tap {name}")
        if settle:
            self.page.get_by_text(settle, exact=True).first.wait_for(timeout=5000)

    def shows(self, label: str) -> bool:
        return self.page.get_by_text(label, exact=True).count() > 0


def chips_ui(page) -> bool:
    return page.get_by_label("Ann's bid 3", exact=True).count() > 0


def enter_with_steppers(me: Counter) -> None:
    for seat, (bid, tricks, off_key, card) in HAND.items():
        if card:
            me.tap(f"{seat} flips a Bonus Beat")
            me.tap(f"{seat} flips {card}")
        for label, value in (("Bid", bid), ("Tricks", tricks), ("Off-Key won", off_key)):
            for step in range(1, value + 1):
                me.tap(f"{seat} {label}: more", settle=f"{seat} {label} {step}")


def enter_with_chips(me: Counter) -> None:
    for seat, (bid, _, _, card) in HAND.items():
        if card:
            me.tap(f"{seat} flips a Bonus Beat")
            me.tap(f"{seat} flips {card}")
        if bid:
            me.tap(f"{seat}'s bid {bid}", settle=f"{seat} Bid {bid}")
    for seat, (_, tricks, _, _) in HAND.items():
        if not me.shows(f"{seat} Tricks {tricks}"):
            me.tap(f"{seat}'s tricks {tricks}", settle=f"{seat} Tricks {tricks}")
    for seat, (_, _, off_key, _) in HAND.items():
        if off_key:
            me.tap(f"{seat}'s Off-Key won {off_key}", settle=f"{seat} Off-Key won {off_key}")


def enter_totals(me: Counter) -> None:
    for name, total in INFAMY.items():
        tens, ones = divmod(total, 10)
        if tens:
            me.tap(f"{name}'s tens {tens * 10}")
        me.tap(f"{name}'s ones {ones}", settle=f"{name} scores {total} infamy")


def enter_parts(me: Counter) -> None:
    if me.control("Part by part").count():
        me.tap("Part by part", settle=f"{XYBRID_PLAYERS[0]} Parts in hand 0")
    for name, (parts, hand, adjustments) in MONSTERS.items():
        for kind, value in parts.items():
            label = kind.replace("_", " ")
            me.tap(f"{name} has a {label}", target=me.page.get_by_role("checkbox", name=f"{name} has a {label}"))
            for step in range(1, value + 1):
                me.tap(f"{name} {label.capitalize()}: more", settle=f"{name} {label.capitalize()} {step}")
        for step in range(1, hand + 1):
            me.tap(f"{name} Parts in hand: more", settle=f"{name} Parts in hand {step}")
        for index, value in enumerate(adjustments, start=1):
            me.tap(f"{name}: add adjustment", settle=f"{name} Adjustment {index} 0")
            for step in range(1, value + 1):
                me.tap(f"{name} Adjustment {index}: more", settle=f"{name} Adjustment {index} {step}")
        me.page.get_by_text(f"{name} scores {INFAMY[name]} infamy", exact=True).first.wait_for(timeout=5000)


def set_text_size(me: Counter, text_size: int) -> None:
    """Tap the app bar's text size button (100, 120, 145%) until it reads `text_size`; not counted."""
    size = 100
    while size != text_size:
        me.control(f"Text size {size}%").click()
        size = {100: 120, 120: 145, 145: 100}[size]
        me.control(f"Text size {size}%").wait_for()


def run_xybrid(width: int, height: int, shot: str | None, entry: str, text_size: int = 100) -> dict:
    from playwright.sync_api import sync_playwright

    from companion import draw_starter, services
    from tests.e2e.conftest import CHROMIUM_ARGS, chromium_path
    from views.app import build_app

    confirm = "Confirm round"
    with tempfile.TemporaryDirectory() as folder:
        store = open_test_store(Path(folder))
        game = services.new_game("xybrid", XYBRID_PLAYERS, starter_draw=draw_starter(XYBRID_PLAYERS, 1))
        game_id = services.start_game(game, store.uow())
        server = Served(build_app(store)).start()
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
                page = open_app(browser, f"{server.url}/game/{game_id}/round", width=width, height=height)
                me = Counter(page, height, confirm)
                me.control(confirm).wait_for()
                page.wait_for_timeout(500)
                set_text_size(me, text_size)
                (enter_totals if entry == "quick" else enter_parts)(me)
                summary = " · ".join(f"{n} {v}" for n, v in INFAMY.items())
                page.get_by_text(summary, exact=True).first.wait_for(timeout=5000)
                confirm_in_view = me.in_view(me.control(confirm).bounding_box(), height)
                if shot:
                    page.screenshot(path=shot)
                me.tap(confirm)
                page.wait_for_url(re.compile(r"/game/\d+$"), timeout=15000)
                browser.close()
        finally:
            server.stop()
        with store.reader() as uow:
            stored = uow.games.get(game_id).game.scores()
        store.close()
    if stored != [INFAMY]:
        raise SystemExit(f"the round was not stored as entered: {stored}")
    return {"ui": f"xybrid {entry}", "viewport": f"{width}x{height}", "text_size": text_size, "taps": me.taps,
            "scrolls": me.scrolls, "confirm_in_view": confirm_in_view, "stored": True, "log": me.log}


def run(width: int, height: int, shot: str | None, text_size: int = 100) -> dict:
    from playwright.sync_api import sync_playwright

    from companion import services
    from tests.e2e.conftest import CHROMIUM_ARGS, chromium_path
    from views.app import build_app

    with tempfile.TemporaryDirectory() as folder:
        store = open_test_store(Path(folder))
        game = services.new_game("xylotar", PLAYERS, dealer="Dan", expansions=("bonus_beats", "off_key"),
                                 bonus_beats_dealt=DEALT)
        game_id = services.start_game(game, store.uow())
        server = Served(build_app(store)).start()
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
                page = open_app(browser, f"{server.url}/game/{game_id}/round", width=width, height=height)
                me = Counter(page, height)
                me.control("Confirm hand").wait_for()
                page.wait_for_timeout(500)
                set_text_size(me, text_size)
                ui = "chips" if chips_ui(page) else "steppers"
                (enter_with_chips if ui == "chips" else enter_with_steppers)(me)
                page.get_by_text("Tricks entered 14 of 14", exact=True).first.wait_for(timeout=5000)
                confirm_in_view = me.in_view(me.control(CONFIRM).bounding_box(), height)
                if shot:
                    page.screenshot(path=shot)
                me.tap("Confirm hand")
                page.wait_for_url(re.compile(r"/game/\d+$"), timeout=15000)
                browser.close()
        finally:
            server.stop()
        stored = services.export_record(game_id, store.reader())["rounds"]
        store.close()
    results = stored[0]["results"] if stored else {}
    got = {seat: {k: v for k, v in entry.items() if v not in (None, 0) or k in ("bid", "tricks")}
           for seat, entry in results.items()}
    if got != STORED:
        raise SystemExit(f"the hand was not stored as entered: {got}")
    return {"ui": ui, "viewport": f"{width}x{height}", "text_size": text_size, "taps": me.taps, "scrolls": me.scrolls,
            "confirm_in_view": confirm_in_view, "stored": True, "log": me.log}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--width", type=int, default=390)
    parser.add_argument("--height", type=int, default=844)
    parser.add_argument("--json", help="write the result here too")
    parser.add_argument("--shot", help="a screenshot of the entry just before confirming")
    parser.add_argument("--text-size", type=int, choices=(100, 120, 145), default=100)
    parser.add_argument("--log", action="store_true", help="list every tap and scroll")
    parser.add_argument("--game", choices=("xylotar", "xybrid"), default="xylotar")
    parser.add_argument("--entry", choices=("quick", "parts"), default="quick", help="XYbrid: totals or every part")
    args = parser.parse_args()
    if args.game == "xybrid":
        result = run_xybrid(args.width, args.height, args.shot, args.entry, args.text_size)
    else:
        result = run(args.width, args.height, args.shot, args.text_size)
    if args.log:
        print("\n".join(result["log"]))
    what = "round" if args.game == "xybrid" else "hand"
    print(f"{result['ui']} at {result['viewport']}, text {result['text_size']}%: {result['taps']} taps (confirm included), "
          f"{result['scrolls']} scrolls; confirm in view before its tap: {result['confirm_in_view']}; {what} stored")
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
