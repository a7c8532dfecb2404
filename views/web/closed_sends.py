"""A screen drawn as its browser's connection closes is dropped, not raised:
the session goes on drawing when its browser comes back (issue 24).

Flet 1.0.5 draws each browser session's screens in one background task (its
updates scheduler, flet/messaging/session.py) and sends each patch through
the session's connection. When a browser closes its connection (a reload, a
link opened in the same tab, a typed address, a phone's Wi-Fi blinking), the
connection's send loop ends and drops its queue (flet_web/fastapi/flet_app.py,
`FletApp.__send_loop`), and only on a later turn of the event loop is the
session told it is disconnected. A patch drawn in between (a change at another
table, the window's size, a write finishing: anything being drawn as the page
goes) is sent to that connection all the same, and `FletApp.send_message`
raises (`None.put_nowait`) inside the scheduler, which ends for good. The
session lives on: the browser's next load comes back to it (Flet keeps its id
in the tab), is sent the whole page as it was, and the route it asked for is
set but never drawn. The browser shows the screen it left, at the address it
asked for, and no change is drawn again until the session expires.

`install()` wraps `FletApp.send_message` (once) so that a message for a
connection whose send loop has ended is dropped, as Flet itself does for its
data-channel frames (`send_data_channel_frame`: "client disconnected - the
frame is moot"). Nothing is lost: the session's controls already hold what
was drawn, and a browser that comes back is sent the whole page.
tests/unit/test_closed_sends.py fails if an upgrade of Flet renames what this
reads; tests/e2e/test_goto_mid_render.py is the race itself.
"""
from __future__ import annotations

import functools

from flet_web.fastapi.flet_app import FletApp

QUEUE = "_FletApp__send_queue"  # FletApp.__send_queue: None once the connection's send loop has ended


def closed(connection: FletApp) -> bool:
    """True once `connection`'s send loop has ended (its browser is gone)."""
    return getattr(connection, QUEUE) is None


def unless_closed(send_message):
    """`send_message`, dropping what is sent to a closed connection."""
    @functools.wraps(send_message, updated=())
    def send_unless_closed(self, message):
        if closed(self):
            return None
        return send_message(self, message)

    send_unless_closed.drops_closed = True
    return send_unless_closed


def install() -> None:
    """Wrap `FletApp.send_message` (once, however often it is called, and
    whatever other wrapper, views/web/quiet_log.py's, is around it)."""
    wrapper = FletApp.send_message
    while wrapper is not None:
        if getattr(wrapper, "drops_closed", False):
            return
        wrapper = getattr(wrapper, "__wrapped__", None)
    FletApp.send_message = unless_closed(FletApp.send_message)
