"""Regenerate the screenshots in this folder: the main screens at 390x844
(phone) and 1280x800 (tablet), light and dark, text at 100% and 145%, over
sample games with five players, one of them a 40-character name, and a game
decided by a tiebreak hand; in English, or in German and French (issue 29:
the browser's language, `-de`/`-fr` at the end of the file's name).

    .venv/bin/python docs/screenshots/take.py [SCREEN ...]   (all screens, or only those named)
    .venv/bin/python docs/screenshots/take.py --help         (the screens' names and the options)

e.g. German and French, light, the phone also at 145%:
    .venv/bin/python docs/screenshots/take.py scoreboard hand-entry seat display \\
        --languages de fr --themes light --large-text phone
"""
from __future__ import annotations

import argparse
import pathlib
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import expect, sync_playwright  # noqa: E402

from companion import draw_starter, services  # noqa: E402
from companion import table_services as ts  # noqa: E402
from companion.access import Access, Role  # noqa: E402
from models.store import open_store  # noqa: E402
from tests.e2e.conftest import CHROMIUM_ARGS, Served, chromium_path, free_port, open_app  # noqa: E402
from tests.e2e.table import Player  # noqa: E402
from views import i18n  # noqa: E402
from views.app import build_app  # noqa: E402

OUT = pathlib.Path(__file__).resolve().parent
SIZES = {"phone": (390, 844), "tablet": (1280, 800)}


LONG = "Maximiliana Wolfeschlegelsteinhausenberg"  # 40 characters: the longest name a player may have
FIVE = [LONG, "Bob", "Cat", "Dan", "Eve"]


def hand(results: dict) -> dict:
    return {"results": {name: dict(zip(("bid", "tricks", "off_key_won", "bonus_beat"), values))
                        for name, values in results.items()}}


def sample_games(store) -> dict[str, int]:
    """Five players with a 40-character name and both expansions, two hands
    in; an XYbrid game a round in, entered as totals, whose next starter was
    drawn from a tie; a game decided by a tiebreak hand."""
    game = services.new_game("xylotar", FIVE, dealer="Eve", expansions=["bonus_beats", "off_key"])
    xylotar = services.start_game(game, store.uow())
    services.record_round(xylotar, hand({LONG: (3, 3, 1, "over_by_one"), "Bob": (4, 2, 0, None),
                                         "Cat": (2, 2, 0, None), "Dan": (0, 1, 2, None), "Eve": (3, 3, 0, None)}),
                          store.uow())
    services.record_round(xylotar, hand({LONG: (2, 2, 0, None), "Bob": (5, 5, 0, None), "Cat": (1, 1, 1, None),
                                         "Dan": (1, 2, 0, "plus_one_per_miss"), "Eve": (0, 1, 0, None)}),
                          store.uow())
    drawn = draw_starter(("Fay", "Gus", "Hal"))  # round 1's starter, drawn at set-up
    xybrid = services.start_game(services.new_game("xybrid", ["Fay", "Gus", "Hal"], starter_draw=drawn), store.uow())
    services.record_round(xybrid, {"first_player": drawn.chosen, "draw_seed": drawn.seed, "results": {
        "Fay": {"parts": [0, 3, 2, 1, 2], "part_types": ["core", "head", "left_arm", "right_arm", "legs"],
                "hand": 1, "adjustments": [2], "notes": ["mission"]},
        "Gus": {"infamy": 7}, "Hal": {"infamy": 7}}}, store.uow())  # Gus and Hal tie: one is drawn to start
    tiebreak = services.start_game(services.new_game("xylotar", ["Ann", "Bob", "Cat"], dealer="Cat"), store.uow())
    for values in ({"Ann": (2, 2, 0, None), "Bob": (4, 5, 0, None), "Cat": (3, 5, 0, None)},
                   {"Ann": (0, 3, 0, None), "Bob": (5, 5, 0, None), "Cat": (4, 4, 0, None)},
                   {"Ann": (0, 1, 0, None), "Bob": (0, 5, 0, None), "Cat": (0, 6, 0, None)},  # Bob and Cat tie
                   {"Ann": (3, 2, 0, None), "Bob": (5, 5, 0, None), "Cat": (0, 5, 0, None)}):  # the tiebreak hand
        services.record_round(tiebreak, hand(values), store.uow())
    return {"xylotar": xylotar, "xybrid": xybrid, "finished": tiebreak, "seat": shared_table(store)}


def shared_table(store) -> str:
    """A shared table (five players, the 40-character name among them, Off-Key) a hand in: in hand 2
    Bob's phone has joined and not bid yet, Cat and the long name have. Bob's phone's token."""
    game_id = services.start_game(services.new_game("xylotar", FIVE, dealer="Eve", expansions=["off_key"]),
                                  store.uow())
    services.record_round(game_id, hand({LONG: (3, 3, 1, None), "Bob": (2, 1, 0, None), "Cat": (2, 2, 0, None),
                                         "Dan": (0, 2, 2, None), "Eve": (3, 3, 0, None)}), store.uow())
    host = Access.host(game_id)
    join = ts.resolve(ts.issue_link(game_id, Role.PLAYER, store.uow(), by=host), store.uow())
    bob = ts.join_seat("Bob", store.uow(), by=join)
    for seat, bid in (("Cat", 2), (LONG, 1)):
        ts.submit_bid(game_id, seat, bid, None, store.uow(), by=host, expected_version=0)
    return bob


def painted(page, path: pathlib.Path) -> None:
    """A screenshot once the page is painted: Flutter's text for tests (its
    semantics) can be there a moment before the first frame is drawn, and a
    blank or "Working..." picture is a few kilobytes."""
    for _ in range(20):
        page.wait_for_timeout(800)
        picture = page.screenshot()
        if len(picture) > 12_000:
            break
    path.write_bytes(picture)


def screens(ids: dict) -> dict:
    """Each screen: name -> (path, what to wait for: a function of the session's Speaker, since a page
    is drawn in English first and again in the browser's language once it has answered)."""
    return {
        "home": ("/", lambda s: s.gettext("New game")), "new-game": ("/new", lambda s: s.gettext("Start game")),
        "hand-entry": (f"/game/{ids['xylotar']}/round", lambda s: s.gettext("Confirm hand")),
        "scoreboard": (f"/game/{ids['xylotar']}", lambda s: s.gettext("Hand {number}").format(number=3)),
        "xybrid-round": (f"/game/{ids['xybrid']}/round", lambda s: s.gettext("Confirm round")),
        "xybrid-scoreboard": (f"/game/{ids['xybrid']}", lambda s: "round 2"),
        "game-over": (f"/game/{ids['finished']}", lambda s: "wins"),
        "history": ("/history", lambda s: "STATISTICS"),
        "display": (f"/display/{ids['xylotar']}", lambda s: s.gettext("Totals by hand")),
        # a phone sat at a shared table (take_table.py makes the table-*.png, a scene of its own)
        "seat": (f"/seat/{ids['seat']}", lambda s: s.gettext("Your bid")),
        "rules": ("/rules", lambda s: "Rules"), "rules-tiebreak": ("/rules/tiebreak", lambda s: "tie"),
    }


# Screens that wait for, or type and tick, English words: taken in English only for now.
ENGLISH_ONLY = {"new-game", "xybrid-scoreboard", "game-over", "history", "rules", "rules-tiebreak"}
LOCALES = {"en": None, "de": "de-DE", "fr": "fr-FR"}  # None: Chromium's own (English)


def options(names: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], epilog=__doc__.split("\n\n", 1)[1],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("screens", nargs="*", metavar="SCREEN", help=f"all, or some of: {', '.join(names)}")
    parser.add_argument("--languages", nargs="+", choices=list(LOCALES), default=["en"],
                        help="the browser's languages (default en; de and fr add -de/-fr to the names)")
    parser.add_argument("--sizes", nargs="+", choices=list(SIZES), default=list(SIZES))
    parser.add_argument("--themes", nargs="+", choices=["light", "dark"], default=["light", "dark"])
    parser.add_argument("--large-text", nargs="*", choices=list(SIZES), default=None, metavar="SIZE",
                        help="the sizes also taken at 145%% text (default: every size; none: --large-text)")
    parser.add_argument("--out", type=pathlib.Path, default=OUT, help="where the pictures go (default: this folder)")
    chosen = parser.parse_args()
    unknown = set(chosen.screens) - set(names)
    if unknown:
        parser.error(f"no screen {', '.join(sorted(unknown))}; the screens: {', '.join(names)}")
    if chosen.large_text is None:
        chosen.large_text = list(SIZES)
    return chosen


def tap_either(me: Player, said: str, english: str) -> None:
    """Tap the control named `said` (the session's language), or `english` while it is not yet translated."""
    me.tap(me.control(said).or_(me.control(english)).first)


def fill_in(name: str, me: Player, speaker) -> None:
    """What a player does on the screen before it is taken."""
    page = me.page
    if name == "new-game":
        for player in ("Ann", "Bob", "Cat"):
            # The box the screen emptied (drawn anew) after the last name was seated, before the next is typed.
            expect(page.get_by_role("textbox", name="New player's name")).to_have_value("")
            me.type_name(player)
        page.get_by_role("checkbox", name="Bonus Beats").click()
    if name == "hand-entry":
        # Bob's bid 3 and tricks 4, by the numbers' names in the session's language (widgets.CHIPS)
        for chip, says, value in (("{seat}'s bid {n}", "{seat} Bid {value}", 3),
                                  ("{seat}'s tricks {n}", "{seat} Tricks {value}", 4)):
            me.tap(speaker.gettext(chip).format(seat="Bob", n=value))
            me.see_label(speaker.gettext(says).format(seat="Bob", value=value))
        tap_either(me, speaker.gettext("{seat} flips a Bonus Beat").format(seat="Bob"), "Bob flips a Bonus Beat")


def main() -> None:
    if {"-h", "--help"} & set(sys.argv):
        options(list(screens({}.fromkeys(("xylotar", "xybrid", "finished", "seat"), 0))))
    with tempfile.TemporaryDirectory() as folder:
        store = open_store(pathlib.Path(folder) / "shots.db")
        chosen = options(list(screens({}.fromkeys(("xylotar", "xybrid", "finished", "seat"), 0))))
        every = screens(sample_games(store))
        wanted = set(chosen.screens) or set(every)
        shots = {name: screen for name, screen in every.items() if name in wanted}
        chosen.out.mkdir(parents=True, exist_ok=True)
        server = Served(build_app(store), free_port()).start()
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
                for language in chosen.languages:
                    speaker = i18n.speaker(language)
                    for size in chosen.sizes:
                        width, height = SIZES[size]
                        for theme in chosen.themes:
                            for large in (False, True) if size in chosen.large_text else (False,):
                                for name, (path, ready) in shots.items():
                                    take(browser, server.url + path, name, ready(speaker), language, size, theme,
                                         large, speaker, chosen.out)
                browser.close()
        finally:
            server.stop()
            store.close()


def take(browser, url: str, name: str, ready: str, language: str, size: str, theme: str, large: bool, speaker,
         out: pathlib.Path) -> None:
    if large and name == "display":
        return  # the table display has large type already, and no app bar to change it
    if language != "en" and name in ENGLISH_ONLY:
        print(f"skipped {name} in {language}: what it waits for is English only here")
        return
    width, height = SIZES[size]
    page = open_app(browser, url, width=width, height=height, dark=theme == "dark", locale=LOCALES[language])
    me = Player(page)
    me.see(ready)  # in the browser's language: drawn again once the browser said which it speaks
    if large:
        # As a player sets it, with the app bar's button; its tooltip is said in the session's language.
        shown = 100
        while shown != 145:
            me.tap(speaker.gettext("Text size {percent}%").format(percent=shown))
            shown = {100: 120, 120: 145}[shown]
            me.control(speaker.gettext("Text size {percent}%").format(percent=shown)).wait_for()
    fill_in(name, me, speaker)
    page.mouse.move(1, height - 1)  # no tooltip in the picture
    shot = (f"{name}-{size}-{theme}{'-large-text' if large else ''}"
            f"{'' if language == 'en' else '-' + language}.png")
    painted(page, out / shot)
    page.context.close()
    print("wrote", out / shot)


if __name__ == "__main__":
    main()
