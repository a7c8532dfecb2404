"""Flet's transport log costs nothing while it is off.

Flet 1.0.5's `FletApp.send_message` (flet_web/fastapi/flet_app.py) starts
with `transport_log.debug(f"send_message: {message}")`: the f-string is made
before the log is asked whether it is on, so every patch sent to every
phone is first written out whole as text (the dataclass repr of every
control in it) and thrown away: 2% of the server's time on a trick, 10% on
scoring a hand.

`install()` wraps that method once: while the log is off, the message it is
given formats as a few words (`Said`); it is packed and sent exactly as
before (Flet reads `action` and `body` from it). With the log on, the real
message goes through. tests/unit/test_quiet_log.py fails if an upgrade of
Flet stops formatting the message there (then this can go) or the bytes
sent differ.
"""
from __future__ import annotations

import functools
import logging

from flet_web.fastapi.flet_app import FletApp, transport_log


class Said:
    """A message that formats as a few fixed words (nothing of it is written
    out: not even its action, an Enum's repr); everything else is the
    message's own. Asked for its repr, it says its action."""

    __slots__ = ("message",)

    def __init__(self, message) -> None:
        self.message = message

    def __getattr__(self, name: str):
        return getattr(self.message, name)

    def __format__(self, spec: str) -> str:
        return QUIET

    def __repr__(self) -> str:
        return f"{self.message.action!r} ({QUIET})"

    __str__ = __repr__


QUIET = "a message (the transport log is off)"


def install() -> None:
    """Wrap `FletApp.send_message` (once, however often it is called)."""
    send_message = FletApp.send_message
    if getattr(send_message, "quiet", False):
        return

    @functools.wraps(send_message)
    def send_quietly(self, message):
        return send_message(self, message if transport_log.isEnabledFor(logging.DEBUG) else Said(message))

    send_quietly.quiet = True
    FletApp.send_message = send_quietly
