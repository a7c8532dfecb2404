"""Which screen a route shows: one table of route templates, matched with
Flet's `TemplateRoute` in order; an unknown route goes home.

Routes: /, /new, /game/ID, /game/ID/round, /game/ID/round/N (correct round
N), /game/ID/table (the hand in progress), /game/ID/table/codes (the codes
to share, the phones), /game/ID/table/settings (what players may do),
/display, /display/ID, /history, /history/ID (a past game, read-only),
/players, /players/NAME[/UID] (a player's own page, the name URL-quoted;
UID the player's stable id, which finds them after a rename), /rules
and /rules/TOPIC (the rules in plain words). Shared table links:
/join/TOKEN, /seat/TOKEN, /display/TOKEN (a token is never all digits:
/display/7 is game 7's), /host/KEY; these and the rules page (no game
data) open on any device, every other screen only for the host
(views/hosting.py). A route longer than any the app makes (MAX_ROUTE) shows
"no such page" (/no-such-page): views/web/wire_guard.py puts that route in
place of one a client sends, before anything keeps it.

The templates are compiled once, here: no cache keyed by what a client sends."""
from __future__ import annotations

import re
from typing import Callable
from urllib.parse import unquote

import flet as ft
import repath  # Flet's own template syntax (ft.TemplateRoute compiles with it at every match)

from .hosting import HOST, VisitorContext
from .screens.display import DisplayScreen
from .screens.display_link import DisplayLinkScreen
from .screens.game import GameScreen, RoundScreen
from .screens.history import HistoryScreen
from .screens.home import HomeScreen
from .screens.link_pages import HostLink, HostOnly
from .screens.missing import NoSuchPage
from .screens.new_game import NewGameScreen
from .screens.player import PlayerScreen
from .screens.players import PlayersScreen
from .screens.rules import RulesScreen
from .screens.seat import JoinScreen, SeatScreen
from .screens.table_host import TableScreen
from .shown.why import RULES
from .state import ChangesContext
from .web import lan, leaves
from .web.live import EVERY, NO_GAME

ID = r":id(\d{1,9})"  # a game's number; longer digits match no screen (and never reach int())
NO_SUCH_PAGE = "/no-such-page"
# The longest route the app makes is a player's page: 40 characters, each up to 12 once URL-quoted, and
# the player's stable id (up to 128 characters, each up to 3 once quoted): 865 in all.
MAX_ROUTE = 1024
# (name, template, defaults), tried in this order: the first that matches names the screen.
ROUTES: tuple[tuple[str, str, dict], ...] = (
    ("missing", NO_SUCH_PAGE, {}),
    ("home", "/", {}),
    ("new", "/new", {}),
    ("players", "/players", {}),
    ("player", "/players/:name/:uid?", {"uid": None}),  # the name URL-quoted, the stable id (state.player_route)
    ("history", f"/history/{ID}?", {}),
    ("display", f"/display/{ID}?", {}),
    ("game", f"/game/{ID}", {}),
    ("round", rf"/game/{ID}/round/:number(\d{{1,9}})?", {"number": None}),
    ("table", rf"/game/{ID}/table/:part(codes|settings)?", {}),  # the part: None is this hand
    ("join", f"/{lan.JOIN}/:token", {}),
    ("seat", f"/{lan.SEAT}/:token", {}),
    ("display_link", f"/{lan.DISPLAY}/:token", {}),
    ("host", f"/{HOST}/:key", {}),
    ("rules", f"/{RULES}/:topic?", {}),
)
NUMBERS = ("id", "number")  # the parameters that are numbers; the others (token, key, name, uid) stay text
QUOTED = ("name", "uid")  # the parameters URL-quoted in the route (state.player_route)
LINK_SCREENS = ("join", "seat", "display_link", "host")  # open on any device: the link is the right
OPEN_SCREENS = ("rules", "missing")  # open on any device too: they show no game data


GAME_SCREENS = ("game", "round", "table", "display", "history")  # with an id, they show that one game
TOKEN_SCREENS = ("join", "seat", "display_link")  # they show the game their token opens
NO_GAME_SCREENS = ("rules", "host", "missing")  # they show no game data
COMPILED = tuple((name, re.compile(repath.pattern(template)), defaults) for name, template, defaults in ROUTES)


def shows(route: str, tokens: dict, parsed: tuple[str, dict] | None = None) -> int | str:
    """What the screen at `route` shows, for the live sync (views/web/live.py):
    a game's id, EVERY (home, the history, the players, /display that
    follows the latest game: anything listing games or statistics) or NO_GAME.
    A link's game is the one its token opened (`tokens`: Shared.tokens,
    opened at the link's first render, forgotten in a rematch); a token not
    opened yet may show any game. `parsed`: `parse(route)`, if known."""
    name, args = parsed if parsed is not None else parse(route)
    if name in TOKEN_SCREENS:
        access = tokens.get(args["token"])
        return EVERY if access is None else access.game_id
    if name in GAME_SCREENS and "id" in args:
        return args["id"]
    return NO_GAME if name in NO_GAME_SCREENS else EVERY


def showing(session, tokens: dict) -> Callable[[], int | str]:
    """`shows` for `session`'s route as it is when asked (at every change the hub tells): its
    route parsed again only when it changed since (the one route kept is the session's own)."""
    last: list = [None, None]

    def now() -> int | str:
        route = session.route
        if route != last[0]:
            last[:] = [route, parse(route)]
        return shows(route, tokens, last[1])
    return now


def parse(route: str) -> tuple[str, dict]:
    """('game', {'id': 3}) for '/game/3'; unknown routes go home, and a route
    longer than MAX_ROUTE (or not text) is 'missing'. The query is ignored,
    and so are empty parts ('//game/3/' is '/game/3')."""
    if not isinstance(route, str) or len(route) > MAX_ROUTE:
        return "missing", {}
    path = "/" + "/".join(part for part in route.split("?")[0].split("/") if part)
    for name, pattern, defaults in COMPILED:
        matched = pattern.match(path)
        if matched:
            found = {key: value for key, value in matched.groupdict().items() if value is not None}
            return name, {**defaults, **{key: int(value) if key in NUMBERS else unquote(value) if key in QUOTED
                                         else value for key, value in found.items()}}
    return "home", {}


@ft.component
def Screen(route: str):
    """The route's screen; re-rendered (alone, not the whole app) on every change to the games."""
    visitor = ft.use_context(VisitorContext)
    version = ft.use_context(ChangesContext).version
    leaves.of_session().forget()  # the screen below watches its leaves again if it shows a table
    name, args = parse(route)
    if name not in LINK_SCREENS + OPEN_SCREENS and not visitor.host:
        return HostOnly(route)
    if name == "missing":
        return NoSuchPage(route)
    if name == "rules":
        return RulesScreen(route, args.get("topic"), key=route)
    if name == "join":
        return JoinScreen(args["token"], version, key=route)
    if name == "seat":
        return SeatScreen(args["token"], version, key=route)
    if name == "display_link":
        return DisplayLinkScreen(args["token"], version, key=route)
    if name == "host":
        return HostLink(args["key"], key=route)
    if name == "table":
        return TableScreen(args["id"], args.get("part"), version, key=route)
    if name == "new":
        return NewGameScreen(version)
    if name == "game":
        return GameScreen(args["id"], version, key=route)
    if name == "round":
        return RoundScreen(args["id"], args["number"], version, key=route)
    if name == "display":
        return DisplayScreen(args.get("id"), version, key=route)
    if name == "history":
        if "id" in args:
            return GameScreen(args["id"], version, read_only=True, key=route)
        return HistoryScreen(version)
    if name == "players":
        return PlayersScreen(version)
    if name == "player":
        return PlayerScreen(args["name"], args.get("uid"), version, key=route)
    return HomeScreen(version)
