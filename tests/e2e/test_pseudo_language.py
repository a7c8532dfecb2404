"""Issue 29's walk: the pseudo-language (every catalog string wrapped in ⟦ ⟧ and
a third longer, views/i18n/pseudo.py) read on every screen, both games, the
shared table's phone, host and display, on a 390x844 phone with text at 145%
(German runs a third longer; so does the pseudo-language).

It fails on any text a player can read or hear (a text, an accessible label,
a tooltip, a box's hint) that did not go through the catalogs: once every ⟦…⟧
is taken out, nothing but data may be left (the players' names, numbers,
scores, card symbols, the games' names, links, JSON/CSV). Flutter's own words
are listed apart: a text box's length counter ("40 characters remaining", read
to a screen reader) is Flutter's, in the language the app gives Flutter, and
Flutter has no pseudo-language, so it is English here and passes
(test_languages.py reads it in German and French); any other fails.

And on any text that overflows its box, read from Flutter's semantics tree and
measured in Flutter's own font (Roboto, served with the app): a text wider
than the screen or sticking out of the node that holds it; a button's words
that need two lines in a button of a thumb's height (it cuts them), or a word
wider than its button (broken in two); a screen's title cut short (…); a text
running past the screen's bottom edge with the screen scrolled to its end (a
footer too small). Not seen: a button's icon (its words are given the room a
button without one has), and text that wraps inside a panel that grows.

The failure lists each text with the route it was read on. The games are built
through companion.services and table_services on the test's own store."""
from __future__ import annotations

import re
import time
from collections import defaultdict

import pytest

from companion import draw_starter, services
from companion import table_services as ts
from companion.access import Access, Role
from tests.e2e.table import Player
from tests.e2e.test_plain_words import DEALT, SEATS, monsters, two_player, xylotar
from views.i18n import pseudo as pseudo_module
from views.i18n.pseudo import pseudo

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}
TEXT_SIZE = 145
SCALE = TEXT_SIZE / 100
LABEL_LARGE, TITLE_LARGE = 16, 22  # views/parts/theme.py: a button's words and a screen's title, at 100%
# A screen's title: large, medium or small (views/parts/widgets.py title_style), each with Material 3's line height.
TITLE_SIZES = ((22, 28 / 22), (18, 24 / 16), (16, 20 / 14))
LINE_HEIGHT = 1.17  # Roboto's line, in its size
BUTTON_PADDING = 12  # each side of a button's words, at the least (Material 3: a text button's)
# A button this wide is stretched across the phone's column (330 or 362 px), filled or outlined: 24 a side (its
# icon, if any, takes 26 more that this check does not count). A narrower one is as wide as its words and padding.
WIDE, WIDE_PADDING = 300, 24
SLACK = 2  # px: what the measure may be off by (the titles that fit were measured within a pixel)
NARROW = 96  # a narrower button is a number's or an icon's: its name is a spoken label, not words drawn on it
THUMB_HIGH = 60  # a button this tall or less holds one line of words (views/parts/widgets.py: THUMB 56, LEAST 48)
NAMES = set(SEATS)  # every name this walk seats
GAME_NAMES = ("Xylotar", "XYbrid", "Unhinged", "XY Score")  # in any case: a section's title is in capitals
LANGUAGE_NAMES = ("English", "Deutsch", "Français", "Pseudo")  # the switch's items, each in its own language
FORMATS = ("JSON", "CSV")  # the downloads' file formats, named alike in every language
# Flutter's own words on its widgets (its Material localizations, English here), not ours: reported apart.
FLUTTER_OWN = re.compile(r"^(?:\d+ characters? remaining|No characters remaining|Back|Show menu|Dismiss|Close|Clear|"
                         r"More|Open navigation menu|Select all|Copy|Paste|Cut|Search|Previous month|Next month|"
                         r"Select year|Switch to input|Switch to calendar|OK|Cancel)$")
# Of those, what Flutter says in the locale the app gives it, and has no pseudo-language for: a box's counter.
FLUTTER_LOCALIZED = re.compile(r"^(?:\d+ characters? remaining|No characters remaining)$")

BRACKETS = re.compile("[⟦⟧]")
TOFU = 0.44  # the width of the box Flutter draws for a glyph its font lacks (⟦, ⟧), in the text's size
WRAPPED = re.compile(r"⟦[^⟦⟧]*⟧")  # innermost first: a message said inside another is wrapped twice
LINK = re.compile(r"\bhttps?://\S+|(?:\b[\w.-]+(?::\d+)?)?/(?:join|seat|display|host)/[A-Za-z0-9_-]+")
# Data: numbers and scores (+5, -3, 1.234, 50%, 2×), card symbols (#, b, +1, ½, 9, 11), a link's host.
NUMBER = re.compile(r"[+\-−–]?\d+(?:[.,:]\d+)*\s*[%×x]?(?!\w)")
CARD = re.compile(r"(?<!\w)(?:#|b|½)(?!\w)")
LETTER = re.compile(r"[^\W\d_]")

# Every semantics node: its text (its own, a heading's, a sized span's), its accessible label, its box, its
# role, the box of the node that holds it and whether a sideways scroller holds it.
READ = """() => {
  const NODE = '[id^="flt-semantic-node-"]';  // a flt-semantics element, or a heading Flutter made one (an h2)
  const box = el => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const up = el => el.parentElement && el.parentElement.closest(NODE);
  const out = [];
  for (const el of document.querySelectorAll(NODE)) {
    let own = '';
    for (const n of el.childNodes) {
      if (n.nodeType === 3) own += n.textContent;
      else if (n.nodeType === 1 && !n.matches(NODE) && !['FLT-SEMANTICS-CONTAINER', 'INPUT', 'TEXTAREA']
                 .includes(n.tagName))
        own += n.textContent;  // a sized span's words
    }
    const holder = up(el);
    let sideways = false;
    for (let a = holder; a; a = up(a)) {
      const s = a.getAttribute('style') || '';
      if (/overflow-x: (scroll|auto)|overflow: (scroll|auto)[^;]*;/.test(s) && a.scrollWidth > a.clientWidth + 1)
        sideways = true;
    }
    const fields = [...el.querySelectorAll(':scope > input, :scope > textarea')];
    out.push({text: own.trim(), heading: /^H[1-6]$/.test(el.tagName),
              label: (el.getAttribute('aria-label') || '').trim(), role: el.getAttribute('role') || '',
              box: box(el), holder: holder ? box(holder) : null, sideways,
              placeholders: fields.map(f => f.getAttribute('placeholder') || '').filter(Boolean)});
  }
  return out;
}"""
# The width each of `texts` needs on one line in Flutter's own font (Roboto, served with the app), at `size` px.
MEASURE = """async ([texts, size]) => {
  if (!window.__roboto) {
    const url = performance.getEntriesByType('resource').map(e => e.name).find(n => /roboto[^/]*\\.woff2/i.test(n));
    window.__roboto = 'sans-serif';
    if (url) { try { const face = new FontFace('XYRoboto', `url(${url})`); await face.load(); document.fonts.add(face);
                     window.__roboto = 'XYRoboto'; } catch (e) {} }
  }
  const ctx = (window.__canvas = window.__canvas || document.createElement('canvas')).getContext('2d');
  ctx.font = `600 ${size}px ${window.__roboto}`;
  return [window.__roboto, texts.map(t => ctx.measureText(t).width)];
}"""


def leftover(text: str) -> str:
    """What of `text` did not go through the catalogs and is not data: '' when it all did."""
    rest = LINK.sub(" ", text)
    while True:
        unwrapped = WRAPPED.sub(" ", rest)
        if unwrapped == rest:
            break
        rest = unwrapped
    for name in sorted(NAMES | {*GAME_NAMES, *LANGUAGE_NAMES, *FORMATS}, key=len, reverse=True):
        flags = re.IGNORECASE if name in GAME_NAMES else 0
        rest = re.sub(rf"(?<!\w){re.escape(name)}(?:'s)?(?!\w)", " ", rest, flags=flags)
    rest = CARD.sub(" ", NUMBER.sub(" ", rest))
    return " ".join(rest.split()) if LETTER.search(rest) or "⟦" in rest or "⟧" in rest else ""


def data_only(text: str) -> bool:
    """A name, a number, a card: nothing said through the catalogs, nothing to say."""
    return "⟦" not in text and not leftover(text)


def grown(sizes: dict, text: str, width: float, height: float) -> None:
    """Keep the largest box `text` was seen in."""
    was = sizes.get(text, (0, 0))
    sizes[text] = (max(was[0], width), max(was[1], height))


class Walk:
    """One phone's walk: what it read where, and what it found wrong."""

    def __init__(self, me: Player, folder=None) -> None:
        self.me = me
        self.folder = folder  # a screenshot of each screen where something overflows, if given
        self.shots: list[str] = []
        self.times: dict[str, float] = {}
        self.untranslated: dict[str, list[str]] = defaultdict(list)  # route -> texts
        self.flutter_own: dict[str, list[str]] = defaultdict(list)
        self.overflows: dict[str, list[str]] = defaultdict(list)
        self.font = ""
        self.sized: dict[str, dict] = {"button": {}, "title": {}}  # this screen's texts by kind: their largest box

    @property
    def page(self):
        return self.me.page

    def visit(self, route: str, shown: str | None = None, *, load: bool = False) -> None:
        """Go to `route` (in this page, as back and forward do; `load`: open it anew), wait for a wrapped text
        (`shown`, a substring, if given) and read the whole screen."""
        (self.me.load if load else self.me.go)(route)
        self.read(route, shown)

    def read(self, where: str, shown: str | None = None) -> None:
        """Read the screen from its top to its bottom, a screenful at a time, and check each."""
        started = time.monotonic()
        self.me.see(shown or "⟦")
        self.settle()
        size = self.page.viewport_size
        self.page.mouse.move(size["width"] / 2, size["height"] / 2)
        seen: set[str] = set()
        self.sized = {"button": {}, "title": {}}
        last = None
        for _ in range(25):
            nodes = self.page.evaluate(READ)
            boxes = [node["box"] for node in nodes]
            if boxes == last:
                self.cut_at_the_bottom(where, nodes, seen)
                break  # the screen scrolls no further
            last = boxes
            overflows = len(self.overflows[where])
            self.check(where, nodes, seen)
            if self.folder and len(self.overflows[where]) > overflows:
                shot = self.folder / f"screen-{len(self.shots) + 1}.png"
                self.page.screenshot(path=str(shot))
                self.shots.append(f"{where}: {shot}")
            self.page.mouse.wheel(0, 650)
            self.page.wait_for_timeout(150)
        self.measured(where, seen)
        self.page.mouse.wheel(0, -30000)
        self.page.wait_for_timeout(100)
        self.times[where] = round(time.monotonic() - started, 1)

    def settle(self) -> None:
        """Until the screen's semantics nodes stop changing (a screen drawn again in the pseudo-language)."""
        last = None
        for _ in range(20):
            now = self.page.evaluate("() => [...document.querySelectorAll('[id^=flt-semantic-node-]')]"
                                     ".map(e => (e.getAttribute('aria-label') || '') + e.textContent).join('|')")
            if now == last:
                return
            last = now
            self.page.wait_for_timeout(150)

    def check(self, where: str, nodes: list[dict], seen: set[str]) -> None:
        """Check what is on the screen now (each text once a screen)."""
        width, height = self.page.viewport_size["width"], self.page.viewport_size["height"]
        for node in nodes:
            said = [text for text in (node["text"], node["label"], *node["placeholders"]) if text]
            for text in said:
                key = f"said:{text}"
                if key not in seen:
                    seen.add(key)
                    rest = leftover(text)
                    if rest and FLUTTER_OWN.match(text):
                        if not FLUTTER_LOCALIZED.match(text):
                            self.flutter_own[where].append(text)
                    elif rest:
                        self.untranslated[where].append(text if rest == text else f"{text!r} (bare: {rest!r})")
            left, top, right, bottom = node["box"]
            text = node["text"]
            if not text or bottom <= 0 or top >= height or right - left <= 0:
                continue  # tooltips and labels are not drawn; a node off the screen is not seen
            if node["sideways"]:
                continue  # in a row that scrolls sideways, out of the screen is fine
            problem = None
            if left < -1 or right > width + 1:
                problem = f"runs out of the screen ({left:.0f} to {right:.0f} of {width} px)"
            elif node["holder"] and (left < node["holder"][0] - 1 or right > node["holder"][2] + 1):
                problem = (f"sticks out of its box ({left:.0f} to {right:.0f}, "
                           f"its box {node['holder'][0]:.0f} to {node['holder'][2]:.0f})")
            if problem:
                self.overflow(where, text, problem, seen)
            elif node["role"] == "button" and "\n" not in text and right - left >= NARROW and not data_only(text):
                grown(self.sized["button"], text, right - left, bottom - top)
            elif node["heading"] and not data_only(text):
                grown(self.sized["title"], text, right - left, bottom - top)

    def measured(self, where: str, seen: set[str]) -> None:
        """The buttons' words and the titles of this screen, each at its largest box seen (a node half under a
        bar or the screen's edge is cut to what shows), against the width their words need."""
        buttons, titles = self.sized["button"], self.sized["title"]
        if buttons:
            self.buttons(where, [(text, *box) for text, box in buttons.items()], seen)
        if titles:
            for text, (room, tall) in titles.items():
                # A title may wrap to more lines, in a smaller size when a word of it is too wide for the bar
                # (views/parts/widgets.py title_style): its size and lines read from its box's height (one line
                # large and one medium are within 2 px: a one-line title drawn whole is as wide as its words).
                words = text.split()
                fits = False
                for size, height in TITLE_SIZES:
                    for lines in (1, 2, 3):
                        if abs(size * SCALE * height * lines - tall) > 3:
                            continue
                        widths = self.widths([text, *words, " "], size * SCALE)
                        needed, wide, space = widths[0], dict(zip(words, widths[1:-1])), widths[-1]
                        fits = fits or (room - 2 * SLACK <= needed <= room + SLACK if lines == 1 else
                                        self.wrapped(text, wide, space, room) <= lines and
                                        all(wide[word] <= room + SLACK for word in words))
                if not fits:
                    needed = self.widths([text], TITLE_LARGE * SCALE)[0]
                    self.overflow(where, text, f"a title {room:.0f} px wide, {tall:.0f} px tall, its words need "
                                               f"{needed:.0f} px in the large size: it is cut short (…)", seen)

    @staticmethod
    def wrapped(text: str, wide: dict, space: float, fits: float) -> int:
        """How many lines `text` takes when wrapped at its spaces in `fits` px (`wide`: each word's width)."""
        lines, line = 1, 0.0
        for word in text.split():
            if line and line + space + wide[word] > fits + SLACK:
                lines, line = lines + 1, wide[word]
            else:
                line = line + (space if line else 0) + wide[word]
        return lines

    def widths(self, texts: list[str], size: float) -> list[float]:
        """The width each text needs on one line, in Flutter's Roboto, bold, at `size` px. Roboto has no ⟦ ⟧:
        Flutter draws each as a missing glyph's box, 0.44 of the size wide (measured on the titles that fit)."""
        self.font, widths = self.page.evaluate(MEASURE, [[BRACKETS.sub("", text) for text in texts], size])
        return [width + len(BRACKETS.findall(text)) * TOFU * size for text, width in zip(texts, widths)]

    def buttons(self, where: str, buttons: list[tuple[str, float, float]], seen: set[str]) -> None:
        """A button's words, in its font, wrapped as Flutter wraps them in the room its padding leaves: they
        overflow a button of a thumb's height (56 px, one line) when they need two lines, a taller button
        when a word is wider than the room (broken in the middle) or the lines are taller than the button."""
        size = LABEL_LARGE * SCALE
        words = sorted({word for text, _, _ in buttons for word in text.split()})
        widths = self.widths([text for text, _, _ in buttons] + words + [" "], size)
        wide = dict(zip(words, widths[len(buttons):]))
        space = widths[-1]
        for (text, room, tall), needed in zip(buttons, widths):
            fits = room - 2 * (BUTTON_PADDING if room < WIDE else WIDE_PADDING)
            if needed <= fits + SLACK:
                continue
            if needed > 3 * room:
                continue  # a spoken description (ft.Semantics' label over a card's face), not the words drawn
            lines, line = 1, 0.0
            for word in text.split():
                if line and line + space + wide[word] > fits:
                    lines, line = lines + 1, wide[word]
                else:
                    line = line + (space if line else 0) + wide[word]
            broken = [word for word in text.split() if wide[word] > fits + SLACK]
            if tall <= THUMB_HIGH:
                problem = (f"wraps to {lines} lines in a button {tall:.0f} px tall "
                           f"(its words need {needed:.0f} px, {fits:.0f} fit)")
            elif broken:
                problem = (f"{broken[0]!r} is wider than its button ({wide[broken[0]]:.0f} px, {fits:.0f} fit): "
                           "broken in two")
            elif lines * size * LINE_HEIGHT > tall:
                problem = f"{lines} lines do not fit a button {tall:.0f} px tall"
            else:
                continue
            self.overflow(where, text, problem, seen)

    def cut_at_the_bottom(self, where: str, nodes: list[dict], seen: set[str]) -> None:
        """With the screen scrolled as far as it goes, a text still running past its bottom edge is cut
        (a footer's lines too many for its bar)."""
        height = self.page.viewport_size["height"]
        for node in nodes:
            left, top, right, bottom = node["box"]
            if node["text"] and top < height - 2 and bottom > height + 1 and right > left:
                self.overflow(where, node["text"], f"cut by the screen's bottom edge ({top:.0f} to {bottom:.0f} "
                                                   f"of {height} px), the screen scrolled to its end", seen)

    def overflow(self, where: str, text: str, problem: str, seen: set[str]) -> None:
        key = f"overflow:{text}"
        if key not in seen:
            seen.add(key)
            self.overflows[where].append(f"{text!r}: {problem}")

    def report(self) -> str:
        lines = []
        for title, found in (("Texts that did not go through the catalogs", self.untranslated),
                             ("Flutter's own words (its widgets' localizations)", self.flutter_own),
                             ("Texts that overflow their box", self.overflows)):
            found = {where: texts for where, texts in found.items() if texts}
            if found:
                lines.append(f"{title}: {sum(len(texts) for texts in found.values())}")
                for where, texts in found.items():
                    lines.append(f"  on {where}:")
                    lines += [f"    {text}" for text in texts]
        return "\n".join(lines)


def say(message: str, **values) -> str:
    """`message` as the pseudo-language says it."""
    return pseudo(message).format(**values)


def text_size_label(size: int) -> str:
    return say("Text size {size}%", size=size)


def set_text_size(me: Player, size: int) -> None:
    """The bar's text size button, in whichever words it speaks now: wrapped, or (not yet converted) English."""
    shown = 100
    while shown != size:
        name = text_size_label(shown)
        me.tap(name if me.control(name).count() else f"Text size {shown}%")
        shown = {100: 120, 120: 145, 145: 100}[shown]
        me.control(text_size_label(shown)).or_(me.control(f"Text size {shown}%")).first.wait_for()


def games(served) -> dict:
    """The games the walk reads, built as phones and the host would: ids and links by what they are."""
    uow = served.store.uow
    ids = {}
    # Xylotar at 4, both expansions, Bonus Beats dealt, two hands (a card flipped in the first).
    ids["xylotar"] = services.start_game(services.new_game("xylotar", SEATS, dealer="Dan",
                                                           expansions=["bonus_beats", "off_key"],
                                                           bonus_beats_dealt=DEALT), uow())
    services.record_round(ids["xylotar"], xylotar((3, 3), (4, 2), (2, 5), (0, 4, 2), Ann="view_two"), uow())
    services.record_round(ids["xylotar"], xylotar((2, 3), (5, 5), (3, 3), (1, 3)), uow())
    # Two players with side players, tied after hand 3 and finished by a tiebreak hand (X8).
    ids["tiebreak"] = services.start_game(services.new_game("xylotar", ("Ann", "Bob"), dealer="Bob"), uow())
    for ann in ((2, 3), (2, 3), (2, 3), (3, 3)):
        services.record_round(ids["tiebreak"], two_player(ann, (2, 3)), uow())
    # XYbrid at 3, round 1's starter drawn; round 2 to enter.
    draw = draw_starter(("Ann", "Bob", "Cat"), seed=7)
    ids["xybrid"] = services.start_game(services.new_game("xybrid", ("Ann", "Bob", "Cat"), starter_draw=draw), uow())
    services.record_round(ids["xybrid"], {**monsters(draw.chosen, Ann=([0, 3, 2, 1, 2], 1), Bob=([0, 0, 0, 0, 0], 0),
                                                     Cat=([0, 1, 1, 1, 1], 0)), "draw_seed": draw.seed}, uow())
    # The shared table of the Xylotar game: its players' and display links; Bob's bid sent with a Bonus Beat.
    host = Access.host(ids["xylotar"])
    ids["join"] = ts.issue_link(ids["xylotar"], Role.PLAYER, uow(), by=host)
    ids["display"] = ts.issue_link(ids["xylotar"], Role.DISPLAY, uow(), by=host)
    ts.submit_bid(ids["xylotar"], "Bob", 3, "plus_one_per_miss", uow(), by=host, expected_version=0)
    served.app.state.shared.hub.changed()
    return ids


def pseudo_phone(app_page, monkeypatch, path: str = "/") -> Player:
    """A phone whose browser speaks the pseudo-language, served with it offered, its text at 145%."""
    monkeypatch.setenv("XYSCORE_PSEUDO_LANGUAGE", "1")
    me = Player(app_page(path, locale="en-XA", **PHONE))
    me.see("⟦")  # the first screen is drawn in English, then again once the browser has said its language
    set_text_size(me, TEXT_SIZE)
    return me


def walk_every_screen(walk: Walk, ids: dict) -> None:
    me = walk.me
    walk.read("/")
    # New game: Xylotar at 4 with both expansions, then XYbrid with its starter drawn.
    me.go("/new")
    me.tap("Xylotar")
    for name in SEATS:
        me.tap(say("Seat {name}", name=name))
        me.control(say("Remove {name}", name=name)).wait_for()
    for expansion in ("Bonus Beats", "Off-Key"):  # their names through the catalogs, or (not yet) bare
        me.tick(me.page.get_by_role("checkbox", name=say(expansion), exact=True)
                .or_(me.page.get_by_role("checkbox", name=expansion, exact=True)).first)
    walk.read("/new (Xylotar, both expansions)")
    me.tap("XYbrid")
    me.tap(say("Draw who starts round 1"))
    walk.read("/new (XYbrid, starter drawn)")

    walk.visit("/players")
    walk.visit("/players/Ann")
    walk.visit("/history")
    walk.visit(f"/game/{ids['tiebreak']}")  # game over, after a tiebreak hand

    walk.visit(f"/game/{ids['xylotar']}")
    walk.visit(f"/game/{ids['xylotar']}/round")
    walk.visit(f"/game/{ids['xybrid']}")
    walk.visit(f"/game/{ids['xybrid']}/round")  # a new round opens as totals
    me.tap(say("Part by part"))
    walk.read(f"/game/{ids['xybrid']}/round (part by part)", say("Parts in hand")[:-1].rstrip("·"))

    walk.visit("/rules")
    walk.visit("/rules/winner")

    # The shared table: the host's screen and its codes, the display, a phone that joins and bids.
    walk.visit(f"/game/{ids['xylotar']}/table")
    walk.visit(f"/game/{ids['xylotar']}/table/codes")
    walk.visit(f"/display/{ids['display']}")
    walk.visit(f"/join/{ids['join']}")
    me.tap(say("I am {name}", name="Cat"))
    me.page.wait_for_url(re.compile(r"/seat/[A-Za-z0-9_-]{32}$"))
    walk.read("/seat (before its bid)")
    me.tap(say("{seat}'s bid {n}", seat="Cat", n=2))
    me.see_label(say("{seat} Bid {value}", seat="Cat", value=2))
    me.tap(say("Send bid"))
    me.see(pseudo("Sent: {bid}").split("{bid}")[0])
    walk.read("/seat (its bid sent)")


def test_every_screen_speaks_through_the_catalogs_and_fits_a_phone_at_145_percent(app_page, served, monkeypatch,
                                                                                  tmp_path):
    ids = games(served)
    walk = Walk(pseudo_phone(app_page, monkeypatch), tmp_path)
    walk_every_screen(walk, ids)
    print("seconds on each screen:", walk.times)
    assert walk.font == "XYRoboto", f"the buttons' words were measured in {walk.font!r}, not in Flutter's Roboto"
    assert not walk.report(), walk.report() + "".join(f"\nScreenshot: {shot}" for shot in walk.shots)


def test_the_walk_finds_a_bare_word_and_a_label_too_long_for_its_button(app_page, served, monkeypatch):
    """The checks can fail: a catalog doctored in this process (the server runs in it) says one home button's
    words twice as long and leaves another's English bare; both are found on the home screen."""
    said = pseudo_module.Pseudo.gettext

    def doctored(self, message: str) -> str:
        if message == "Players":
            return message  # as if it had never been marked
        if message == "New game":  # one word: a big button's words wrap and it grows, a word is never broken
            return said(self, "Newgameforeveryplayeratthistabletonight")
        return said(self, message)
    monkeypatch.setattr(pseudo_module.Pseudo, "gettext", doctored)
    walk = Walk(pseudo_phone(app_page, monkeypatch))
    walk.read("/")
    assert walk.untranslated == {"/": ["Players"]}, walk.report()
    assert [found for found in walk.overflows["/"] if "töñîght" in found], walk.report()
    # What passes as data around wrapped words, and a bare word beside them that does not.
    passing = ("⟦Àññ's bîd 3⟧", "Ann ⟦bîds⟧ +5", "⟦Hàñd {n}⟧ · 12 · #", "Ann, ⟦fîrst⟧, 42", "XYLOTAR: UNHINGED")
    assert [leftover(text) for text in passing] == [""] * len(passing)
    assert [leftover(text) for text in ("Ann bids 3", "⟦Sçörés⟧ total", "Hand 2")] == ["bids", "total", "Hand"]
