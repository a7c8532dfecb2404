"""Live sync: a change calls every subscribed session back on its own loop."""
import asyncio
import contextvars

from tests.loops import run_apart
from views.web.live import Hub

WHO = contextvars.ContextVar("who", default="nobody")


def test_each_subscriber_is_called_back_in_its_own_context():
    hub = Hub()
    heard = []

    async def session(name: str) -> int:
        WHO.set(name)
        return hub.subscribe(lambda: heard.append(WHO.get()))

    async def run():
        tokens = [await asyncio.create_task(session(name)) for name in ("A", "B")]
        WHO.set("writer")
        hub.changed()
        await asyncio.sleep(0)
        hub.unsubscribe(tokens[0])
        hub.changed()
        await asyncio.sleep(0)

    run_apart(run(), 10)
    assert heard == ["A", "B", "B"]
    assert len(hub) == 1


def test_a_change_empties_what_the_screens_shared_before_any_of_them_renders():
    hub = Hub()
    hub.reads[7] = "the game as it was"
    hub.changed()
    assert hub.reads == {}


def test_a_shared_read_lasts_until_the_next_change():
    hub = Hub()
    hub.fresh()["links"] = "read once"
    assert hub.fresh()["links"] == "read once"
    hub.changed()
    assert "links" not in hub.fresh()


def test_a_shared_read_is_read_again_once_it_is_older_than_it_may_be():
    """A write made outside the app (the command line) tells no session; a
    read shared for too long would hide it from new screens."""
    stale_at_once = Hub(fresh_for=-1)
    stale_at_once.fresh()["links"] = "read long ago"
    assert "links" not in stale_at_once.fresh()
