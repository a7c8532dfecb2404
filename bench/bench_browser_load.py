"""Issue 24: what one page load costs the browser tests, in each Chromium they can drive.

    .venv/bin/python bench/bench_browser_load.py [--pages 6] [--rounds 4]

The browser tests open each page in a new browser context (a phone of its own),
so a suite's browser time is mostly page loads. Serves the app over a fresh
store holding one Xylotar game, and opens its hand screen at 1280x800 in a new
context `--pages` times, as `tests/e2e/conftest.py: open_app` does, until
"Confirm hand" is in the semantics tree; then closes the context. Counted: the
CPU of every Chromium process (the renderers that ended included, through
their parent's `cutime`), per page, and the wall time per page. Each browser is
measured `--rounds` times, interleaved, in the same run (the machine is shared):

- `chromium`: Debian's full browser, headless;
- `chromium` with its address bar's WebUI pop-up switched off (the two features
  that open `chrome://omnibox-popup.top-chrome/` in a renderer of its own for
  every new context; Playwright's own list of disabled features repeated, since
  a second `--disable-features` replaces the first);
- `chromium-headless-shell`: Debian's headless shell, what Playwright runs headless;
- the shell with V8 compiling WebAssembly with its baseline compiler only
  (`--js-flags=--liftoff-only`, the tests' `LIFTOFF_ONLY`): no optimizing tier-up.

    .venv/bin/python bench/bench_browser_load.py --drawn [--rounds 4]

How many device pixels a CSS pixel gets (the tests' `DRAWN_AT`): each round, in
the browser the tests take, a 390x844 and a 1280x800 page in new contexts each
entering a 4-player hand by taps, at device scale factor 1 then 0.5; the CPU of
Chromium's GPU process, of the rest of Chromium, and the wall time.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from companion import services  # noqa: E402
from models.store import open_store  # noqa: E402
from tests.e2e.conftest import BASE_ARGS, CHROMIUM_ARGS, LIFTOFF_ONLY, Served, chromium_path, free_port, open_app  # noqa: E402
from tests.e2e.table import Player  # noqa: E402
from views.app import build_app  # noqa: E402

# Playwright 1.64's own --disable-features list (chromiumSwitches.ts), as its renderers show it.
PLAYWRIGHTS = ("AimEnabled,AvoidCorsURLLoaderRestartOnRedirect,AvoidUnnecessaryBeforeUnloadCheckSync,"
               "DestroyProfileOnBrowserClose,HttpsFirstBalancedModeAutoEnable,HttpsUpgrades,LensOverlay,MediaRouter,"
               "NetworkTimeServiceQuerying,OptimizationHints,PaintHolding,PreconnectToSearch,TcpPortRandomizationWin,"
               "ThirdPartyStoragePartitioning")
NO_POPUP = [f"--disable-features={PLAYWRIGHTS},WebUIOmniboxPopup,WebUIOmniboxAimPopup"]
TICK = os.sysconf("SC_CLK_TCK")


def chromium_cpu(gpu: bool | None = None) -> float:
    """Seconds of CPU used by Chromium's processes, those that ended included (in their parent's cutime);
    `gpu` True: its GPU process only, False: all but it."""
    total = 0.0
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes()
            if b"chrom" not in command.split(b"\0")[0]:
                continue
            if gpu is not None and (b"--type=gpu-process" in command) != gpu:
                continue
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += sum(int(f) for f in fields[11:15]) / TICK  # utime stime cutime cstime
    return total


def measure(playwright, executable: str, extra: list[str], url: str, pages: int) -> tuple[float, float]:
    browser = playwright.chromium.launch(executable_path=executable, args=BASE_ARGS + extra)
    try:
        page = open_app(browser, url, width=1280, height=800)  # warm: the server's gzip cache, the OS's files
        Player(page).see("Confirm hand")
        page.context.close()
        cpu, start = chromium_cpu(), time.monotonic()
        for _ in range(pages):
            page = open_app(browser, url, width=1280, height=800)
            Player(page).see("Confirm hand")
            page.context.close()
        return (chromium_cpu() - cpu) / pages, (time.monotonic() - start) / pages
    finally:
        browser.close()


def drawn(rounds: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = open_store(Path(folder) / "bench.db")
        server = Served(build_app(store), free_port()).start()
        seen: dict[float, list[tuple[float, float, float]]] = {1.0: [], 0.5: []}
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
                for _ in range(rounds):
                    for scale in seen:
                        gpu, rest, start = chromium_cpu(True), chromium_cpu(False), time.monotonic()
                        for width, height in ((390, 844), (1280, 800)):
                            game_id = services.start_game(services.new_game(
                                "xylotar", ["Ann", "Bob", "Cat", "Dan"], dealer="Dan"), store.uow())
                            page = open_app(browser, f"{server.url}/game/{game_id}/round", width=width, height=height,
                                            scale_factor=scale)
                            Player(page).xylotar_hand({"Ann": (2, 3), "Bob": (3, 3), "Cat": (1, 4), "Dan": (2, 2)},
                                                      confirm=False)
                            page.context.close()
                        wall = time.monotonic() - start
                        time.sleep(1.5)  # the closed pages' renderers reaped: their CPU counted
                        seen[scale].append((chromium_cpu(True) - gpu, chromium_cpu(False) - rest, wall))
                browser.close()
        finally:
            server.stop()
    print(f"{rounds} rounds, each two pages entering a hand; median (min-max) a round, seconds")
    print(f"{'device pixels a CSS pixel':26} {'GPU process':>18} {'rest of Chromium':>18} {'wall':>18}")
    for scale, runs in seen.items():
        cells = [[run[i] for run in runs] for i in range(3)]
        print(f"{scale:<26} " + " ".join(f"{statistics.median(c):6.2f} ({min(c):.2f}-{max(c):.2f})" for c in cells))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pages", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--drawn", action="store_true", help="device scale factor 1 against 0.5")
    args = parser.parse_args()
    if args.drawn:
        return drawn(args.rounds)
    browsers = {"chromium": (shutil.which("chromium"), []),
                "chromium, no address-bar pop-up": (shutil.which("chromium"), NO_POPUP),
                "chromium-headless-shell": (shutil.which("chromium-headless-shell"), []),
                "chromium-headless-shell, Liftoff only": (shutil.which("chromium-headless-shell"), LIFTOFF_ONLY)}
    browsers = {name: spec for name, spec in browsers.items() if spec[0]}
    with tempfile.TemporaryDirectory() as folder:
        store = open_store(Path(folder) / "bench.db")
        game_id = services.start_game(services.new_game("xylotar", ["Ann", "Bob", "Cat", "Dan"], dealer="Dan"),
                                      store.uow())
        server = Served(build_app(store), free_port()).start()
        url = f"{server.url}/game/{game_id}/round"
        seen: dict[str, list[tuple[float, float]]] = {name: [] for name in browsers}
        try:
            with sync_playwright() as playwright:
                for _ in range(args.rounds):
                    for name, (executable, extra) in browsers.items():
                        seen[name].append(measure(playwright, executable, extra, url, args.pages))
        finally:
            server.stop()
    print(f"{args.pages} page loads a round, {args.rounds} rounds; median (min-max) per page")
    print(f"{'browser':34} {'CPU s':>18} {'wall s':>18}")
    for name, runs in seen.items():
        cpu, wall = [r[0] for r in runs], [r[1] for r in runs]
        print(f"{name:34} {statistics.median(cpu):6.2f} ({min(cpu):.2f}-{max(cpu):.2f})"
              f" {statistics.median(wall):6.2f} ({min(wall):.2f}-{max(wall):.2f})")


if __name__ == "__main__":
    main()
