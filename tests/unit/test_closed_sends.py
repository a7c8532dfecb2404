"""A patch drawn as a browser's connection closes is dropped instead of ending
the session's drawing (views/web/closed_sends.py, issue 24); every other
patch is sent as Flet sends it. The race itself, in a browser:
tests/e2e/test_goto_mid_render.py."""
import asyncio
import inspect

import pytest
from flet.messaging.protocol import Message, MessageAction, PatchControlBody
from flet_web.fastapi.flet_app import FletApp

from views.web import closed_sends, quiet_log

FLET_SEND = FletApp.send_message
while hasattr(FLET_SEND, "__wrapped__"):  # Flet's own, under whatever the app wrapped it in
    FLET_SEND = FLET_SEND.__wrapped__


def connection(queue):
    """A FletApp as its send loop leaves it: with its queue, or None once the loop has ended."""
    made = FletApp.__new__(FletApp)
    setattr(made, closed_sends.QUEUE, queue)
    return made


def message() -> Message:
    return Message(MessageAction.PATCH_CONTROL, PatchControlBody(1, [{"0": {}}, [0, 0, "value", "Ann bid 3"]]))


def test_flet_still_raises_for_a_connection_whose_send_loop_ended():
    """If this fails, Flet no longer raises there: views/web/closed_sends.py can go."""
    assert "self.__send_queue = None" in inspect.getsource(FletApp._FletApp__send_loop)
    with pytest.raises(AttributeError):
        FLET_SEND(connection(None), message())


def test_a_patch_for_a_closed_connection_is_dropped_and_one_for_an_open_one_is_sent_as_flet_sends_it():
    send = closed_sends.unless_closed(FLET_SEND)
    assert send(connection(None), message()) is None
    ours, flets = asyncio.Queue(), asyncio.Queue()
    send(connection(ours), message())
    FLET_SEND(connection(flets), message())
    assert ours.qsize() == 1 and ours.get_nowait() == flets.get_nowait()


def test_the_app_wraps_flets_send_once_under_the_quiet_log():
    closed_sends.install()
    quiet_log.install()
    closed_sends.install()  # a second app in the process wraps nothing twice
    wrappers, send = [], FletApp.send_message
    while send is not None:
        wrappers.append(send)
        send = getattr(send, "__wrapped__", None)
    ours = closed_sends.unless_closed(FLET_SEND).__code__
    assert sum(1 for wrapper in wrappers if wrapper.__code__ is ours) == 1
    assert wrappers[-1] is FLET_SEND
