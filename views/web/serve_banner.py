"""What `xyscore serve` prints as it starts: where the host opens the app,
the host link for another device (and that whoever has it is the host), and for the game in play the players' and
the display's links with their QR codes (made now: only a token's hash is
stored, so earlier links cannot be shown again)."""
from __future__ import annotations

from companion import table_services as ts
from companion.access import Access, Role
from companion.errors import StoreUnavailable

from ..hosting import HostRun
from . import actions, lan, qr

WHOEVER_HAS_IT = ("Whoever has this host link is the host and can do everything, so keep it to yourself. "
                  "If it got out, make a new one on the host's home screen (Show the host link, then New host "
                  "link): the old one stops working at once.")


def renewed_line(run: HostRun) -> str:
    """What `xyscore serve` prints when the host renews the host link."""
    return f"New host link (the old one no longer works): {run.link()}"


def game_in_play(store) -> int | None:
    """The newest game not finished yet."""
    playing = actions.unfinished_ids(store)
    return playing[0] if playing else None


def banner(store, run: HostRun, address: lan.LanAddress, port: int, *, qr_codes: bool = True) -> str:
    """The start-up text; makes the game in play's links and keeps them in `run`."""
    base = lan.url(address.host, port, "").rstrip("/")
    run.public_base = base
    lines = [f"XY Score is running. On this machine open {lan.url(lan.LOOPBACK, port)}",
             f"Host screens from another device: {run.link()}",
             WHOEVER_HAS_IT]
    if not address.reachable:
        lines.append("No network address found: phones cannot reach this machine. "
                     "Pass --public-host with this machine's address on your network.")
    try:
        game_id = game_in_play(store)
    except StoreUnavailable as fault:
        lines.append(f"The games could not be read: {fault}")
        return "\n".join(lines)
    if game_id is None:
        lines.append("No game in play yet: start one, then open Share the table for its codes.")
        return "\n".join(lines)
    if getattr(store, "fault", None) is not None:  # a link is a write: none can be made now
        lines.append(f"No links for phones or the display: the games can be shown, but nothing can be saved "
                     f"now ({store.fault.kind.replace('_', '-')} storage).")
        return "\n".join(lines)
    for role, kind, what in ((Role.PLAYER, lan.JOIN, "Players join"), (Role.DISPLAY, lan.DISPLAY, "Table display")):
        try:
            token = ts.issue_link(game_id, role, store.uow(), by=Access.host(game_id))
        except StoreUnavailable as fault:
            lines.append(f"\nNo links for phones or the display: {fault}")
            break
        run.remember(game_id, role.value, token)
        link = f"{base}{lan.path(kind, token)}"
        lines.append(f"\n{what} (game {game_id}): {link}")
        if qr_codes:
            lines.append(qr.qr_text(link))
    return "\n".join(lines)
