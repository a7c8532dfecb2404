"""Flet's transport log, off, no longer writes every patch out as text before
sending it (views/web/quiet_log.py); what a phone is sent is unchanged."""
import inspect
import logging

import flet as ft
from flet.messaging.protocol import Message, MessageAction, PatchControlBody
from flet_web.fastapi.flet_app import FletApp, transport_log

from views.web import quiet_log


class Sent:
    def __init__(self) -> None:
        self.frames: list[bytes] = []

    def put_nowait(self, frame: bytes) -> None:
        self.frames.append(frame)


class Counted(str):
    """A text in a patch that counts how often it is written out for a log."""
    said = 0

    def __repr__(self) -> str:
        Counted.said += 1
        return str.__repr__(self)


def patch_message() -> Message:
    return Message(MessageAction.PATCH_CONTROL,
                   PatchControlBody(1, [{"0": {}}, [0, 0, "value", Counted("Ann leads hand 2")],
                                        [1, 0, "controls", ft.Text("Bob, bid 2")]]))


def frames(send, message) -> list[bytes]:
    connection = type("Connection", (), {})()
    connection._FletApp__send_queue = Sent()  # where Flet's own send_message queues the frame
    send(connection, message)
    return connection._FletApp__send_queue.frames


def test_flet_still_formats_each_message_for_its_transport_log():
    """If this fails, Flet no longer pays for its log while it is off: remove views/web/quiet_log.py."""
    quiet_log.install()
    assert 'f"send_message: {message}"' in inspect.getsource(FletApp.send_message.__wrapped__)


def test_a_patch_is_sent_as_before_without_being_written_out_while_the_log_is_off():
    quiet_log.install()
    quiet_log.install()  # a second app in the process wraps nothing twice
    assert FletApp.send_message.quiet and not getattr(FletApp.send_message.__wrapped__, "quiet", False)
    message = patch_message()
    Counted.said = 0
    before = frames(FletApp.send_message.__wrapped__, message)
    assert Counted.said == 1  # Flet's own: the whole patch written out for a log that is off
    Counted.said = 0
    after = frames(FletApp.send_message, message)
    assert Counted.said == 0
    assert after == before and len(after) == 1 and b"Ann leads hand 2" in after[0]


def test_with_the_transport_log_on_it_says_the_whole_message():
    quiet_log.install()
    level = transport_log.level
    transport_log.setLevel(logging.DEBUG)
    try:
        Counted.said = 0
        frames(FletApp.send_message, patch_message())
        assert Counted.said == 1
    finally:
        transport_log.setLevel(level)


def test_formatting_a_quiet_message_writes_out_nothing_of_it():
    """Not even its action: Flet's f-string formats every message sent (an Enum's repr was ~1% of a trick)."""
    class Action:
        said = 0

        def __repr__(self) -> str:
            Action.said += 1
            return "Action.PATCH_CONTROL"

    message = type("Message", (), {"action": Action(), "body": [Counted("Ann leads hand 2")]})()
    Counted.said = 0
    assert f"send_message: {quiet_log.Said(message)}" == f"send_message: {quiet_log.QUIET}"
    assert Action.said == 0 and Counted.said == 0
    assert "Action.PATCH_CONTROL" in repr(quiet_log.Said(message))  # asked for, it says what it is
