"""The host's address on the local network, and the links phones open.

`lan_address()` prefers what the host was told (`--public-host`, else
$XYSCORE_PUBLIC_HOST), then asks the OS which local address routes to the
network (a UDP socket's `connect` picks a route and sends nothing), then the
addresses the host name resolves to. It never settles on a loopback address
while another is known, and says so (`reachable` is False) when loopback is
all there is, so `xyscore serve` can tell the host to pass --public-host.
"""
from __future__ import annotations

import ipaddress
import os
import socket
from dataclasses import dataclass
from typing import Callable, Iterable, Mapping

ENV_VAR = "XYSCORE_PUBLIC_HOST"
# Route look-ups only: a default route covers the first, a LAN without one may cover the others.
PROBES = ("192.0.2.1", "10.0.0.1", "172.16.0.1", "192.168.0.1")  # 192.0.2.1: TEST-NET-1, RFC 5737
LOOPBACK = "127.0.0.1"

JOIN, DISPLAY, SEAT = "join", "display", "seat"  # route heads: /join/TOKEN, /display/TOKEN, /seat/TOKEN


@dataclass(frozen=True)
class LanAddress:
    """The address phones should use, and where it came from: 'override',
    'environment', 'route', 'hostname' or 'loopback'."""

    host: str
    source: str

    @property
    def reachable(self) -> bool:
        """Can other devices reach it? False for a loopback address."""
        return not _is_loopback(self.host)


def _is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host.casefold() == "localhost"


def route_address(probe: str) -> str | None:
    """The local address the OS would send from towards `probe`; no packet is sent."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
            udp.connect((probe, 9))
            return udp.getsockname()[0]
    except OSError:
        return None


def hostname_addresses() -> list[str]:
    """The IPv4 addresses this machine's name resolves to."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return []
    return list(dict.fromkeys(info[4][0] for info in infos))


def lan_address(override: str | None = None, *, environ: Mapping[str, str] = os.environ,
                route: Callable[[str], str | None] = route_address,
                hostname: Callable[[], Iterable[str]] = hostname_addresses) -> LanAddress:
    """Where phones on this network can reach the host (see the module's doc)."""
    if override and override.strip():
        return LanAddress(override.strip(), "override")
    if environ.get(ENV_VAR, "").strip():
        return LanAddress(environ[ENV_VAR].strip(), "environment")
    for probe in PROBES:
        found = route(probe)
        if found and not _is_loopback(found) and found != "0.0.0.0":
            return LanAddress(found, "route")
    for found in hostname():
        if not _is_loopback(found):
            return LanAddress(found, "hostname")
    return LanAddress(LOOPBACK, "loopback")


def path(kind: str, token: str) -> str:
    """The app route a link opens: path(JOIN, token) is '/join/TOKEN'."""
    return f"/{kind}/{token}"


def url(host: str, port: int, route: str = "/", *, scheme: str = "http") -> str:
    """An absolute link to `route` on the host (IPv6 addresses in brackets)."""
    try:
        bracketed = f"[{host}]" if ipaddress.ip_address(host).version == 6 else host
    except ValueError:
        bracketed = host
    return f"{scheme}://{bracketed}:{port}{route}"
