"""Count the taps and scrolls Xylotar hands take on a phone (issues 11, 28).

    .venv/bin/python bench/bench_taps.py [--width 390] [--height 844] [--json PATH] [--shot PATH]

Serves the app as the browser tests do (tests/e2e/conftest.py: uvicorn on a
free loopback port over a temporary store, Debian's Chromium through
Playwright at 390x844), creates a 4-player Xylotar game with both expansions
and Bonus Beats dealt (through `companion.services`), opens its SCOREBOARD
(issue 28: not the round screen) and enters two hands from there the fastest
way a player could, each counted on its own:

    hand 1, plain: Ann bids 3 and takes 4 tricks, Bob bids 4 and takes 4,
    Cat bids 2 and takes 2, Dan bids 1 and takes 4 (paper: 4 bids, 3 trick
    counts, the last one known from the sum);
    hand 2, with the expansions: Ann bids 3, takes 4 tricks and flips "#"
    (1 over her bid still scores); Bob bids 4, takes 4; Cat bids 2, takes 2;
    Dan bids 0, takes 4 and wins 1 Off-Key card.

A tap that opens the hand's screen from the scoreboard ("Enter hand 1", as
before issue 28) is counted like any other, with the scroll to reach it.

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
PLAIN = {"Ann": (3, 4, 0, None), "Bob": (4, 4, 0, None), "Cat": (2, 2, 0, None), "Dan": (1, 4, 0, None)}
HAND = {"Ann": (3, 4, 0, "#"), "Bob": (4, 4, 0, None), "Cat": (2, 2, 0, None), "Dan": (0, 4, 1, None)}
CARD_IDS = {"#": "over_by_one"}
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
        confirm = self.control(self.confirm)
        box = confirm.bounding_box() if confirm.count() else None  # none on a scoreboard without the entry
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


def stored_as(hand: dict) -> dict:
    """The hand as the store keeps it, zero Off-Key cards left out."""
    out = {}
    for seat, (bid, tricks, off_key, card) in hand.items():
        out[seat] = {"bid": bid, "tricks": tricks, **({"bonus_beat": CARD_IDS[card]} if card else {}),
                     **({"off_key_won": off_key} if off_key else {})}
    return out


def pad_ui(page) -> bool:
    return page.get_by_label("Fill in Ann's bid", exact=True).count() > 0


def enter_with_pad(me: Counter, hand: dict) -> None:
    """The scoreboard's pad (issue 28): a tap on each number, the box moving on by itself."""
    for seat, (bid, _, _, card) in hand.items():
        if card:
            me.tap(f"{seat} flips {card}", settle=f"{card} (flipped)")
        me.tap(f"{seat}'s bid {bid}", settle=f"{seat} Bid {bid}")
    for seat, (_, tricks, _, _) in hand.items():
        if me.control(f"{seat}'s tricks {tricks}").count():
            me.tap(f"{seat}'s tricks {tricks}", settle=f"{seat} Tricks {tricks}")
        elif not me.shows(f"{seat} Tricks {tricks}"):
            me.page.screenshot(path="/tmp/bench-fail.png"); raise SystemExit(f"{seat}'s tricks are neither offered nor filled in: {me.log}")
    for seat, (_, _, off_key, _) in hand.items():
        for won in range(1, off_key + 1):
            me.tap(f"{seat}: one more Off-Key card", settle=f"{seat} Off-Key won {won}")


def enter_with_steppers(me: Counter, hand: dict) -> None:
    for seat, (bid, tricks, off_key, card) in hand.items():
        if card:
            me.tap(f"{seat} flips a Bonus Beat")
            me.tap(f"{seat} flips {card}")
        for label, value in (("Bid", bid), ("Tricks", tricks), ("Off-Key won", off_key)):
            for step in range(1, value + 1):
                me.tap(f"{seat} {label}: more", settle=f"{seat} {label} {step}")


def enter_with_chips(me: Counter, hand: dict) -> None:
    for seat, (bid, _, _, card) in hand.items():
        if card:
            me.tap(f"{seat} flips a Bonus Beat")
            me.tap(f"{seat} flips {card}")
        if bid:
            me.tap(f"{seat}'s bid {bid}", settle=f"{seat} Bid {bid}")
    for seat, (_, tricks, _, _) in hand.items():
        if not me.shows(f"{seat} Tricks {tricks}"):
            me.tap(f"{seat}'s tricks {tricks}", settle=f"{seat} Tricks {tricks}")
    for seat, (_, _, off_key, _) in hand.items():
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
    from tests.e2e.conftest import BASE_ARGS, chromium_path
    from views.app import build_app

    confirm = "Confirm round"
    with tempfile.TemporaryDirectory() as folder:
        store = open_test_store(Path(folder))
        game = services.new_game("xybrid", XYBRID_PLAYERS, starter_draw=draw_starter(XYBRID_PLAYERS, 1))
        game_id = services.start_game(game, store.uow())
        server = Served(build_app(store)).start()
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=chromium_path(), args=BASE_ARGS)
                page = open_app(browser, f"{server.url}/game/{game_id}/round", width=width, height=height,
                                frame_gap_ms=None)
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


def width_of(page) -> int:
    return page.viewport_size["width"]


def one_hand(me: Counter, number: int, hand: dict, shot: str | None) -> dict:
    """Hand `number` entered from the scoreboard; its taps and scrolls."""
    page = me.page
    me.taps = me.scrolls = 0
    me.log.append(f"hand {number}")
    opener = me.control(f"Enter hand {number}")
    if not me.control(CONFIRM).count():  # before issue 28: a button further down opens the hand's screen
        if not opener.count():  # below the fold, out of Flutter's semantics tree: flick down to it (one scroll)
            me.scrolls += 1
            me.log.append(f"scroll to Enter hand {number}")
            page.mouse.move(width_of(page) / 2, me.height / 2)
            while not opener.count():
                page.mouse.wheel(0, 300)
                page.wait_for_timeout(300)
        me.tap(f"Enter hand {number}")
        page.wait_for_url(re.compile(r"/round$"), timeout=15000)
    me.control(CONFIRM).wait_for()
    page.wait_for_timeout(500)
    ui = "pad" if pad_ui(page) else "chips" if chips_ui(page) else "steppers"
    {"pad": enter_with_pad, "chips": enter_with_chips, "steppers": enter_with_steppers}[ui](me, hand)
    try:
        page.get_by_text("Tricks entered 14 of 14", exact=True).first.wait_for(timeout=5000)
    except Exception:
        page.screenshot(path="/tmp/bench-fail.png")
        raise SystemExit(f"hand {number}: the tricks do not add up after {me.log}")
    confirm_in_view = me.in_view(me.control(CONFIRM).bounding_box(), me.height)
    if shot:
        page.screenshot(path=shot.replace(".png", f"-{number}.png"))
    me.tap(CONFIRM)
    page.wait_for_url(re.compile(r"/game/\d+$"), timeout=15000)
    # the next hand ready: its pad's heading, or (before issue 28) the button that opens it
    page.get_by_text(f"Hand {number + 1}", exact=True).or_(me.control(f"Enter hand {number + 1}")).first.wait_for(
        state="attached", timeout=15000)
    return {"ui": ui, "taps": me.taps, "scrolls": me.scrolls, "confirm_in_view": confirm_in_view}


def run(width: int, height: int, shot: str | None, text_size: int = 100) -> dict:
    from playwright.sync_api import sync_playwright

    from companion import services
    from tests.e2e.conftest import BASE_ARGS, chromium_path
    from views.app import build_app

    hands = {"plain": PLAIN, "expansions": HAND}
    with tempfile.TemporaryDirectory() as folder:
        store = open_test_store(Path(folder))
        game = services.new_game("xylotar", PLAYERS, dealer="Dan", expansions=("bonus_beats", "off_key"),
                                 bonus_beats_dealt=DEALT)
        game_id = services.start_game(game, store.uow())
        server = Served(build_app(store)).start()
        counted = {}
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=chromium_path(), args=BASE_ARGS)
                page = open_app(browser, f"{server.url}/game/{game_id}", width=width, height=height,
                                frame_gap_ms=None)
                me = Counter(page, height)
                page.get_by_text("Xylotar with Bonus Beats and Off-Key", exact=True).first.wait_for()
                page.wait_for_timeout(500)
                set_text_size(me, text_size)
                for number, (name, hand) in enumerate(hands.items(), start=1):
                    counted[name] = one_hand(me, number, hand, shot)
                browser.close()
        finally:
            server.stop()
        stored = services.export_record(game_id, store.reader())["rounds"]
        store.close()
    for (name, hand), entered in zip(hands.items(), stored + [{}] * 2):
        results = entered.get("results", {})
        got = {seat: {k: v for k, v in entry.items() if v not in (None, 0) or k in ("bid", "tricks")}
               for seat, entry in results.items()}
        if got != stored_as(hand):
            raise SystemExit(f"the {name} hand was not stored as entered: {got}")
    return {"ui": counted["plain"]["ui"], "viewport": f"{width}x{height}", "text_size": text_size,
            "hands": counted, "stored": True, "log": me.log}


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
    counts = result.get("hands", {"round": result})
    for name, counted in counts.items():
        print(f"{name} {'round' if args.game == 'xybrid' else 'hand'} ({counted['ui']} at {result['viewport']}, text "
              f"{result['text_size']}%): {counted['taps']} taps (confirm included), {counted['scrolls']} scrolls; "
              f"confirm in view before its tap: {counted['confirm_in_view']}; stored as entered")
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
