"""What `xyscore serve` prints as it starts: where the host opens the app,
the host link for another device, and for the game in play the players' and
the display's links with their QR codes (made now: only a token's hash is
stored, so earlier links cannot be shown again)."""
from __future__ import annotations

from companion import table_services as ts
from companion.access import Access, Role

from . import actions, lan, qr
from .table_state import Table


def game_in_play(store) -> int | None:
    """The newest game not finished yet."""
    playing = actions.unfinished_ids(store)
    return playing[0] if playing else None


def banner(store, table: Table, address: lan.LanAddress, port: int, *, qr_codes: bool = True) -> str:
    """The start-up text; makes the game in play's links and keeps them in `table`."""
    base = lan.url(address.host, port, "").rstrip("/")
    table.public_base = base
    lines = [f"XY Score is running. On this machine open {lan.url(lan.LOOPBACK, port)}",
             f"Host screens from another device (keep this link to yourself): {base}/{'host'}/{table.host_key}"]
    if not address.reachable:
        lines.append("No network address found: phones cannot reach this machine. "
                     "Pass --public-host with this machine's address on your network.")
    game_id = game_in_play(store)
    if game_id is None:
        lines.append("No game in play yet: start one, then open Share the table for its codes.")
        return "\n".join(lines)
    for role, kind, what in ((Role.PLAYER, lan.JOIN, "Players join"), (Role.DISPLAY, lan.DISPLAY, "Table display")):
        token = ts.issue_link(game_id, role, store.uow(), by=Access.host(game_id))
        table.remember(game_id, role.value, token)
        link = f"{base}{lan.path(kind, token)}"
        lines.append(f"\n{what} (game {game_id}): {link}")
        if qr_codes:
            lines.append(qr.qr_text(link))
    return "\n".join(lines)
