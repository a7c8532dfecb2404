"""A player's hands on the app: tap what a button says, read what the screen
shows. Controls are found by their text or their accessible label."""
from __future__ import annotations

import re

from playwright.sync_api import expect

from companion import services
from companion.games import PLAYER_LIMITS
from companion.xybrid import ADJUSTMENT_EFFECTS
from tests.e2e.conftest import show_semantics


def stored_game(served, seats, hands, *, dealer: str, expansions=()) -> int:
    """A Xylotar game at `seats`, dealt by `dealer`, with `hands` entered one
    by one as a phone would (each hand a (bid, tricks) per seat), and every
    screen told; its id."""
    store = served.store
    game_id = services.start_game(services.new_game("xylotar", list(seats), dealer=dealer,
                                                    expansions=list(expansions)), store.uow())
    for hand in hands:
        services.record_round(game_id, {"results": {name: {"bid": bid, "tricks": tricks}
                                                    for name, (bid, tricks) in zip(seats, hand)}}, store.uow())
    served.app.state.shared.hub.changed()
    return game_id


# The page's text input has the keyboard: a tapped box is ready for typing.
TWO_FRAMES = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"
FOCUSED_INPUT = "() => ['INPUT', 'TEXTAREA'].includes(document.activeElement && document.activeElement.tagName)"
# Whether a control can be tapped where it stands: wholly on the screen, and on top at its middle
# (not under a form's footer or the page's edge).
TAPPABLE_HERE = """el => { const r = el.getBoundingClientRect();
  if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) return false;
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !!hit && (hit === el || el.contains(hit)); }"""
# The browser's move to another address of the page open, as its back and forward buttons
# make (Flutter follows the address and Flet's app draws that route's screen: no reload).
GO_TO = "path => { history.pushState(null, '', path); dispatchEvent(new PopStateEvent('popstate', {state: null})); }"
# Each screen draws controls of its own (views/router.py keys them by route): a semantics node not
# marked before the move is the new screen's, drawn.
MARK_SCREEN = "() => document.querySelectorAll('flt-semantics').forEach(node => { node.dataset.before = '1'; })"
NEW_SCREEN = "() => [...document.querySelectorAll('flt-semantics')].some(node => !node.dataset.before)"


class Player:
    def __init__(self, page) -> None:
        self.page = page

    def set_text_size(self, size: int) -> None:
        """Tap the app bar's text size button (100, 120, 145%) until it reads `size`."""
        shown = 100
        while shown != size:
            self.tap(f"Text size {shown}%")
            shown = {100: 120, 120: 145, 145: 100}[shown]
            self.control(f"Text size {shown}%").wait_for()

    def control(self, name: str):
        page = self.page
        # A tooltip labels a wrapper node; the tappable node is inside it.
        labelled = page.get_by_label(name, exact=True).locator("[role]")
        return page.get_by_role("button", name=name, exact=True).or_(labelled).first

    def tap(self, button) -> None:
        """Tap `button` (a name or a locator) once, as a player does: Playwright
        waits until it is drawn, enabled and nothing covers it (the page's
        "Starting…" card, views/web/reconnect.py, covers the app until it is ready)."""
        target = self.control(button) if isinstance(button, str) else button
        self.reach(target)
        target.click()
        # A thumb lifts: the mouse leaves the control, so its tooltip (shown on hover, never
        # on a phone) covers nothing below it (a number under a tapped digit was covered).
        self.page.mouse.move(1, self.page.viewport_size["height"] - 1)

    def answer(self, question: str, choice: str) -> None:
        """Tap `choice` in the open `question` once; it closes (the screen behind it is out of reach meanwhile)."""
        self.page.get_by_role("button", name=choice, exact=True).last.click()
        self.page.get_by_text(question, exact=True).wait_for(state="detached")

    def tap_text(self, text: str) -> None:
        """Tap a tappable panel known by (part of) its text."""
        target = self.page.get_by_text(text).first
        self.reach(target)
        target.click()

    def see(self, text: str, timeout: float = 15000) -> None:
        """Wait until `text` (a substring) is on screen."""
        self.page.get_by_text(text).first.wait_for(timeout=timeout)

    def see_label(self, label: str, timeout: float = 15000) -> None:
        """A text's semantics label is exposed as its text."""
        self.page.get_by_text(label, exact=True).first.wait_for(timeout=timeout)

    def total_row(self, name: str, total: int, unit: str = "points", *, rank: str | None = None,
                  winner: bool | None = None):
        """A standings row as a screen reader reads it, one phrase: "Ann, first,
        42 points", "Jo, joint first, 5 infamy", "Bob, first, 27 points, winner"
        ("1 point": one of a plural unit is said in the singular). `rank` pins
        the place ("second", "joint first"), else any place; `winner` True or
        False pins the ", winner" at its end, else either."""
        said = unit[:-1] if abs(total) == 1 and unit.endswith("s") else unit
        place = re.escape(rank) if rank else r"(?:joint )?\w+"
        end = {True: ", winner", False: "", None: "(?:, winner)?"}[winner]
        return self.page.get_by_text(re.compile(
            rf"^{re.escape(name)}, {place}, {total} {re.escape(said)}{end}$")).first

    def see_total(self, name: str, total: int, unit: str = "points", *, rank: str | None = None,
                  winner: bool | None = None, timeout: float = 15000) -> None:
        """Wait until the standings show `name` with `total` (at `rank`, see `total_row`)."""
        self.total_row(name, total, unit, rank=rank, winner=winner).wait_for(timeout=timeout)

    def has_text(self, text: str) -> bool:
        return self.page.get_by_text(text).count() > 0

    def go(self, path: str) -> None:
        """Go to `path` inside the page already open, as the browser's back and
        forward buttons do (the address changes, the app draws that route's
        screen; no reload), and wait until its screen is drawn. `load` opens
        the address anew instead."""
        if self.page.evaluate("() => location.pathname + location.search") == path:
            return self.load(path)  # the address it shows, asked again: the page loads anew
        self.page.evaluate(MARK_SCREEN)
        self.page.evaluate(GO_TO, path)
        self.page.wait_for_function(NEW_SCREEN)

    def load(self, path: str) -> None:
        """Open the address `path` anew in this tab (a link followed, an address
        typed): the page loads again and the app starts over on that route."""
        base = re.match(r"https?://[^/]+", self.page.url).group(0)
        self.page.goto(base + path)
        show_semantics(self.page)

    def step(self, who: str, label: str, target: int, current: int = 0) -> None:
        """Tap +/- once per step until `who`'s `label` reads `target`, then see it does."""
        if target == current:
            return
        button = self.control(f"{who} {label}: {'more' if target > current else 'less'}")
        self.reach(button)
        for _ in range(abs(target - current)):
            button.click()
        self.see_label(f"{who} {label} {target}")

    def tick(self, box) -> None:
        """Tick a checkbox with one tap (unless it is ticked) and see it ticked."""
        if not box.is_checked():
            self.reach(box)
            box.click()
        expect(box).to_be_checked()

    def number(self, who: str, label: str) -> int:
        """The number a stepper shows now."""
        shown = re.compile(rf"^{re.escape(who)} {re.escape(label)} (-?\d+)$")
        text = self.page.get_by_text(shown).first.text_content() or ""
        return int(shown.match(text.strip()).group(1))

    def reach(self, target) -> None:
        """Bring `target` where a thumb can tap it, if it is not there: off the
        screen, cut by its edge or under a form's footer, it is scrolled into view
        with the wheel first (`bring_into_view`). Playwright's click would scroll
        the page's accessibility layer instead, and the app, scrolling after it in
        steps of its own, had the tap land on another control (a checkbox below a
        form's fold stayed unticked)."""
        if not target.evaluate(TAPPABLE_HERE):
            self.bring_into_view(target)

    def bring_into_view(self, target, tries: int = 40) -> None:
        """Scroll with the wheel, the pointer over the screen, until `target`
        stands in the upper part of the screen (clear of a form's footer) and
        stays there, as a player scrolls to what they want and then taps.
        (Playwright's scroll_into_view scrolls the page's accessibility layer:
        the app then scrolls itself in steps of its own, sometimes after the
        position was read, and a tap went to the button below the box.)"""
        size = self.page.viewport_size
        self.page.mouse.move(size["width"] / 2, size["height"] * 0.4)
        last = wheeled = None
        seen = []  # what each try saw, for the failure's message
        for _ in range(tries):
            target.wait_for()
            box = target.bounding_box()
            seen.append(box and (round(box["y"], 1), round(box["height"], 1)))
            off = box["y"] + box["height"] / 2 - size["height"] * 0.4 if box else 0
            at_end = box is not None and box == wheeled and 0 <= box["y"] and box["y"] + box["height"] <= size["height"]
            if box and (abs(off) <= size["height"] * 0.2 or at_end):  # there, or as far as the screen scrolls
                if box == last:
                    return
                last = box
            else:
                self.page.mouse.wheel(0, max(-600, min(600, off)))
                last, wheeled = None, box
                self.page.wait_for_timeout(100)  # the app scrolls at its next frame, its page's layer after it
            self.page.evaluate(TWO_FRAMES)
        raise AssertionError(f"could not scroll {target} into view and keep it still; its (top, height) "
                             f"at each try: {seen}")

    def click_box(self, box) -> None:
        """Click a text box once as a hand on a mouse does: the pointer comes to
        rest on the box, then clicks. (Playwright's own click moves and clicks
        at once: the box redrawn for the pointer coming over it, in a frame after
        the click, took back the caret the click gave, on a busy machine at the
        first click every time; measured with the CPU slowed 6x.)"""
        # A box at the screen's edge is scrolled into view with the wheel first, as a player
        # does: tapped there, the app scrolls it up itself, in frames after the caret, and a
        # tap on Save aimed where Save stood a frame before landed beside it (the box 5 px
        # under the edge, typed in, Save tapped: 2 taps of 4 lost, none reached the server).
        self.reach(box)
        box.hover()
        self.page.evaluate(TWO_FRAMES)
        box.click()
        self.page.wait_for_function(FOCUSED_INPUT)
        # The box has the page's focus at once, the app's caret a frame or two later: a letter
        # typed in between was lost ("Ann" came out "nn"), as by a thumb faster than the caret.
        self.page.evaluate(TWO_FRAMES)

    def type_into(self, box, text: str) -> None:
        """Tap a text box and type `text` in it once, as a player does: the tap
        first brings up the caret (Flutter makes the page's text input then),
        and the text typed shows in the box."""
        self.click_box(box)
        self.page.keyboard.type(text)
        self.letters_drawn(box, text)

    def retype_into(self, box, text: str) -> None:
        """Tap a text box, select what it holds and type `text` over it, once."""
        self.click_box(box)
        self.page.keyboard.press("ControlOrMeta+A")
        self.page.keyboard.type(text)
        self.letters_drawn(box, text)

    def letters_drawn(self, box, text: str) -> None:
        """Wait until the box holds `text` and the app has drawn it, as a player sees
        the last letter appear before tapping on. The page's input holds the letters
        at once, the app's frame a little later; a tap between the two is lost in
        Flutter's web engine, before the app hears of it (with a frame every 300 ms:
        Save tapped 0.15 s after the last letter, lost every time, no event reached
        the server; tapped after two frames, kept every time). A thumb is slower than
        a frame; Playwright is not: in the suite's 20 frames a second, 2 runs in 11 lost
        "Save" on "Where did you play?" this way."""
        expect(box).to_have_value(text)
        self.page.evaluate(TWO_FRAMES)

    def type_name(self, name: str) -> None:
        """Type a new player's name once and press Enter: the name is seated."""
        box = self.page.get_by_role("textbox", name="New player's name")
        self.type_into(box, name)
        self.page.keyboard.press("Enter")  # in the box that has the caret, as the keyboard's Enter does
        self.control(f"Remove {name}").wait_for()

    def new_game(self, game: str, players: list[str], *, expansions=(), dealer: str | None = None,
                 draw: bool = False) -> int:
        """Set up a game through the New game screen; returns its id from the URL."""
        self.go("/new")
        self.tap("XYbrid" if game == "xybrid" else "Xylotar")
        # The player looks at the game they chose (its player count) before typing a name.
        low, high = PLAYER_LIMITS[game]
        self.page.get_by_text(re.compile(rf"players, clockwise \({low}-{high}\)", re.IGNORECASE)).first.wait_for()
        for name in expansions:
            self.tick(self.page.get_by_role("checkbox", name=name))
        for name in players:
            self.type_name(name)
        if dealer:
            self.tap(f"{dealer} deals")
        if draw:
            self.tap("Draw who starts round 1")
            self.see("Drawn at random from")
        self.tap("Start game")
        self.page.wait_for_url(re.compile(r"/game/\d+$"))
        return int(self.page.url.rsplit("/", 1)[1])

    def pick(self, who: str, word: str, value: int) -> None:
        """Tap `value` in `who`'s row of numbers ("Ann's bid 3") once unless it
        already reads so, and see it read so."""
        label = f"{who} {word[0].upper()}{word[1:]} {value}"
        if not self.page.get_by_text(label, exact=True).count():
            self.tap(f"{who}'s {word} {value}")
        self.see_label(label)

    def xylotar_hand(self, seats: dict[str, tuple], *, confirm: bool = True) -> None:
        """Enter a hand on the round screen: seat -> (bid, tricks[, off_key_won[,
        bonus beat face]]), a tap on each number as a player would: bids and
        cards seat by seat, then tricks (the last seat's fill themselves in,
        and are tapped only if they differ), then Off-Key cards won."""
        for seat, values in seats.items():
            bid, tricks, *rest = values
            card = rest[1] if len(rest) > 1 else None
            if card:
                self.tap(f"{seat} flips a Bonus Beat")
                self.tap(f"{seat} flips {card}")
                # The picker closes after the round trip and the numbers under it move up: a tap
                # meanwhile lands on what moves there (a bid meant, a trick tapped), so look first.
                self.control(f"{seat} flips {card}").wait_for(state="detached")
            if card != "no bid":
                self.pick(seat, "bid", bid)
        for seat, (bid, tricks, *rest) in seats.items():
            self.pick(seat, "tricks", tricks)
        for seat, (bid, tricks, *rest) in seats.items():
            if rest and rest[0]:
                self.pick(seat, "Off-Key won", rest[0])
        if confirm:
            self.tap("Confirm hand")
            self.page.wait_for_url(re.compile(r"/game/\d+$"))

    def monster(self, name: str, parts: dict[str, int] = {}, hand: int = 0, adjustments=()) -> None:
        """Enter one monster: part type -> value (core is worth 0), parts in hand, (value, note) adjustments."""
        for kind, value in parts.items():
            label = kind.replace("_", " ")
            self.tick(self.page.get_by_role("checkbox", name=f"{name} has a {label}"))
            if kind != "core":
                self.step(name, label.capitalize(), value)
        self.step(name, "Parts in hand", hand)
        for index, (value, note) in enumerate(adjustments, start=1):
            self.tap(f"{name}: add adjustment")
            self.step(name, f"Adjustment {index}", value)
            box = self.page.get_by_role("textbox", name=f"{name} adjustment {index} note")
            if note in ADJUSTMENT_EFFECTS:  # the effect's name in one tap
                self.tap(f"{name} adjustment {index}: {note}")
                expect(self.control(f"{name} adjustment {index}: {note}")).to_be_checked()
            else:
                self.type_into(box, note)


def join(app_page, link: str, name: str, **size) -> Player:
    """A phone (of `size`: width, height) opens the players' `link` and sits as `name`."""
    phone = Player(app_page(link, **size))
    phone.tap(f"I am {name}")
    phone.page.wait_for_url(re.compile(r"/seat/[A-Za-z0-9_-]{32}$"))
    phone.see("Your bid")
    return phone
