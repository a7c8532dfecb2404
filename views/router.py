"""Which screen a route shows. Routes: /, /new, /game/ID, /game/ID/round,
/game/ID/round/N (correct round N), /display, /display/ID, /history,
/history/ID (a past game, read-only), /players, /game/ID/table (share it).
Shared table links: /join/TOKEN, /seat/TOKEN, /display/TOKEN, /host/KEY;
every other screen opens only for the host (views/table_state.py)."""
from __future__ import annotations

import flet as ft

from .screens.display import DisplayScreen
from .screens.game import GameScreen, RoundScreen
from .screens.history import HistoryScreen
from .screens.home import HomeScreen
from .screens.link_pages import HostOnly
from .screens.new_game import NewGameScreen
from .screens.players import PlayersScreen
from .screens.table_host import TableScreen
from .state import ChangesContext
from .table_router import LINK_SCREENS, LinkScreen, table_parse
from .table_state import VisitorContext


def parse(route: str) -> tuple[str, dict]:
    """('game', {'id': 3}) for '/game/3'; unknown routes go home."""
    parts = [p for p in route.split("?")[0].split("/") if p]
    if not parts:
        return "home", {}
    head, rest = parts[0], parts[1:]
    table = table_parse(parts)
    if table:
        return table
    if head in ("new", "players") and not rest:
        return head, {}
    if head in ("display", "history") and len(rest) <= 1 and all(r.isdigit() for r in rest):
        return head, {"id": int(rest[0])} if rest else {}
    if head == "game" and rest and rest[0].isdigit():
        game_id = int(rest[0])
        if len(rest) == 1:
            return "game", {"id": game_id}
        if rest[1] == "round" and len(rest) == 2:
            return "round", {"id": game_id, "number": None}
        if rest[1] == "round" and len(rest) == 3 and rest[2].isdigit():
            return "round", {"id": game_id, "number": int(rest[2])}
    return "home", {}


@ft.component
def Screen(route: str):
    """The route's screen; re-rendered (alone, not the whole app) on every change to the games."""
    visitor = ft.use_context(VisitorContext)
    version = ft.use_context(ChangesContext).version
    name, args = parse(route)
    if name in LINK_SCREENS:
        return LinkScreen(name, args, version, key=route)
    if not visitor.host:
        return HostOnly(route)
    if name == "table":
        return TableScreen(args["id"], version, key=route)
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
    return HomeScreen(version)
