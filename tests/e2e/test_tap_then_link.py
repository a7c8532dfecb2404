"""A link followed while a tapped move is still on its way shows the link's
screen (issue 24: the lost link).

A button that moves to another screen (home's "Rules in plain words") is
answered by the host: it draws the new screen and tells the browser to move
its address. If the player follows a link (or the browser's back button)
before that answer arrives, the browser moves first, the host's move comes
after, and the host hears of the address it moved to last. The player's own
move is the later one: it must win. Before the fix the host took the late
echo of its own move for the player's and showed the tapped screen for good.

The test holds the host's frames after the tap (a slow Wi-Fi, or a busy
phone, does the same), follows the link, then lets the frames through: the
screen and the address must be the link's, and stay so."""
from __future__ import annotations

import re

import pytest

from tests.e2e.table import GO_TO, Player

pytestmark = pytest.mark.e2e


class HeldWire:
    """The page's WebSocket through Playwright, the host's frames held while `holding`."""

    def __init__(self) -> None:
        self.holding, self.held, self.sent_up, self.socket = False, [], 0, None

    def route(self, socket) -> None:
        self.socket = socket
        host = socket.connect_to_server()
        socket.on_message(self.up(host))
        host.on_message(self.down)

    def up(self, host):
        def send(message) -> None:
            self.sent_up += 1
            host.send(message)
        return send

    def down(self, message) -> None:
        if self.holding:
            self.held.append(message)
        else:
            self.socket.send(message)

    def holds(self, word: bytes) -> bool:
        return any(isinstance(frame, bytes) and word in frame for frame in self.held)

    def release(self) -> None:
        self.holding = False
        for frame in self.held:
            self.socket.send(frame)
        self.held.clear()


def wait(page, until, what: str, seconds: float = 15) -> None:
    for _ in range(int(seconds * 20)):
        if until():
            return
        page.wait_for_timeout(50)  # Playwright's events (the socket's frames) are handled while it waits
    raise AssertionError(f"waited {seconds} s for {what}")


def test_a_link_followed_before_the_tapped_move_arrives_shows_the_links_screen(app_page):
    wire = HeldWire()
    page = app_page("/", before=lambda p: p.route_web_socket(re.compile(r".*"), wire.route))
    me = Player(page)
    me.see("New game")
    wire.holding = True
    me.tap("Rules in plain words")
    wait(page, lambda: wire.holds(b"push_route"), "the host's answer to the tap (its move to the rules)")
    before = wire.sent_up
    page.evaluate(GO_TO, "/new")  # the player follows a link to the new game's screen
    wait(page, lambda: wire.sent_up > before, "the browser to tell the host of the link")
    wire.release()
    page.wait_for_url(re.compile(r"/new$"))
    me.see("Start game")
    page.wait_for_timeout(1500)  # the host's late move, had it won, would be drawn by now
    assert page.url.endswith("/new")
    assert me.has_text("Start game") and not me.has_text("Rules in plain words")
