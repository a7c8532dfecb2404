"""A guest opening tab after tab: run from a second address (tests/guest_net.py)
by tests/integration/test_session_limits.py.

    python -m tests.guest_sessions held http://HOST:PORT COUNT
    python -m tests.guest_sessions churn http://HOST:PORT COUNT BATCH

`held`: COUNT tabs opened one after another and kept open; then the first
closes and one more opens. `churn`: COUNT tabs opened BATCH at a time, each
batch closed once every tab in it shows a page. Prints one JSON object: what
each tab was shown, in order ("screen": the app's own page for a guest,
"too many": the page saying too many screens are open on this device,
"nothing": neither within 15 s)."""
from __future__ import annotations

import asyncio
import json
import sys

from tests.flet_wire import WireClient

SCREEN = "This screen is for the host"  # what a guest's home says
TOO_MANY = "Too many screens are open on this device"


async def opened(base: str) -> tuple[WireClient, str]:
    tab = WireClient(base.replace("http", "ws", 1) + "/ws", origin=base)
    await tab.connect()
    await tab.register("/")
    seen = await tab.wait_for(SCREEN, TOO_MANY)
    return tab, {SCREEN: "screen", TOO_MANY: "too many", None: "nothing"}[seen]


async def held(base: str, count: int) -> dict:
    tabs, shown = [], []
    for _ in range(count):
        tab, saw = await opened(base)
        tabs.append(tab)
        shown.append(saw)
    await tabs[0].close()
    await asyncio.sleep(0.5)  # the server sees the socket go
    tab, after_closing_one = await opened(base)
    tabs.append(tab)
    await asyncio.gather(*(tab.close() for tab in tabs[1:]))
    return {"shown": shown, "after_closing_one": after_closing_one}


async def churn(base: str, count: int, batch: int) -> dict:
    shown = []
    for start in range(0, count, batch):
        results = await asyncio.gather(*(opened(base) for _ in range(min(batch, count - start))))
        shown += [saw for _, saw in results]
        await asyncio.gather(*(tab.close() for tab, _ in results))
    return {"shown": shown}


if __name__ == "__main__":
    mode, base, numbers = sys.argv[1], sys.argv[2], [int(n) for n in sys.argv[3:]]
    print(json.dumps(asyncio.run(held(base, *numbers) if mode == "held" else churn(base, *numbers))))
