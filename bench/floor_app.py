"""The least any Flet app can do per change, for bench_sync.py --floor.

    python bench/floor_app.py --port P

One page, the same for every client: a trick count and the buttons the bench
taps ("Ann won the trick" ..., "Undo last trick"). A tap moves a count held in
memory (no store, no rules) and each session sets one Text and calls its
`update()` (the cheapest live sync measured in the team's notes on Flet). It
is served as the app is (Flet's FastAPI app, no CDN, gzip), so the bench's
8 clients measure what this machine allows for any Flet app: the floor under
XY Score's own numbers.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import flet as ft  # noqa: E402
import flet.fastapi as flet_fastapi  # noqa: E402
import uvicorn  # noqa: E402
from starlette.middleware.gzip import GZipMiddleware  # noqa: E402

from views.web.live import Hub  # noqa: E402

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
TRICKS = 14


def build():
    hub = Hub()
    played = [0]

    def line() -> str:
        return f"All {TRICKS} tricks played" if played[0] == TRICKS else f"Trick {played[0] + 1} of {TRICKS}"

    def tap(step: int) -> None:
        played[0] = min(max(played[0] + step, 0), TRICKS)
        hub.changed()

    async def main(page: ft.Page) -> None:
        text = ft.Text(line(), size=22)

        def show() -> None:
            text.value = line()
            text.update()

        buttons = [ft.FilledTonalButton(f"{name} won it", tooltip=f"{name} won the trick",
                                        on_click=lambda _: tap(1)) for name in PLAYERS]
        page.add(text, ft.Row(buttons, wrap=True), ft.TextButton("Undo last trick", on_click=lambda _: tap(-1)))
        token = hub.subscribe(show)
        page.on_close = lambda: hub.unsubscribe(token)

    app = flet_fastapi.FastAPI()
    app.mount("/", flet_fastapi.app(main, no_cdn=True))
    app.add_middleware(GZipMiddleware, minimum_size=1000)
    return app


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    args = parser.parse_args()
    uvicorn.run(build(), host="127.0.0.1", port=args.port, log_level="warning")
