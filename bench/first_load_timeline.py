"""Where a joining phone's seconds go (issue 28), for bench_first_load.py --timeline.

A page opened with TIMELINE (an init script) notes, in the page's own clock
(ms since navigation started):

- `card`: the "Starting…" card is in the page (views/web/starting.py);
- `first_paint`: Chrome's first contentful paint;
- each client file's download end (Resource Timing): the page, python.js,
  flutter_bootstrap.js, the client's code (main.dart.*) and renderer
  (canvaskit/skwasm), the fonts;
- `engine`: Flutter's view is in the page (the code has downloaded, compiled
  and started the engine);
- `first_frame`: Flet's loading picture is gone (Flutter drew its first frame);
- `ws_open` / `ws_answer`: the page's WebSocket opened / the host's first
  message (our first render, sent);
- `screen`: the screen's words are in what Flutter drew (its semantics tree):
  our first render, drawn;
- `usable`: the screen is drawn and the card, if any, is gone: a tap reaches it.

The CPU is slowed with Chrome's own throttling (CDP
`Emulation.setCPUThrottlingRate`), as a mid-range phone is about 4x slower
than the machine.
"""
from __future__ import annotations

import json
import statistics
import time

TIMELINE = """(() => {
  const T = window.__xyT = {};
  const at = (key) => { if (!(key in T)) { T[key] = performance.now(); } };
  const Native = window.WebSocket;
  function Timed(url, protocols) {
    const socket = protocols === undefined ? new Native(url) : new Native(url, protocols);
    socket.addEventListener('open', () => at('ws_open'));
    socket.addEventListener('message', () => at('ws_answer'), {once: true});
    return socket;
  }
  Timed.prototype = Native.prototype;
  for (const key of ['CONNECTING', 'OPEN', 'CLOSING', 'CLOSED']) { Timed[key] = Native[key]; }
  window.WebSocket = Timed;
  const WORDS = %s;
  // Flet's own client draws no semantics tree until asked: tap its placeholder, as a screen reader does
  new MutationObserver((_, observer) => {
    const placeholder = document.querySelector('flt-semantics-placeholder');
    if (placeholder) { placeholder.click(); observer.disconnect(); }
  }).observe(document, {childList: true, subtree: true});
  new MutationObserver(() => { if (document.getElementById('xy-starting')) { at('card'); } })
    .observe(document, {childList: true, subtree: true});
  const tick = () => {
    if (document.getElementById('xy-starting')) { at('card'); }
    if (document.querySelector('flt-glass-pane, flutter-view')) { at('engine'); }
    if ('engine' in T && !document.getElementById('loading')) { at('first_frame'); }
    const tree = document.querySelector('flt-semantics-host');
    if (tree && tree.textContent.includes(WORDS)) { at('screen'); }
    if ('screen' in T && !document.getElementById('xy-starting')) { at('usable'); return; }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()"""

# Resource Timing names, by what they are (the first that matches, in this order).
FILES = (("renderer", ("canvaskit", "skwasm")), ("code", ("main.dart.",)), ("bootstrap", ("flutter_bootstrap.js",)),
         ("python.js", ("python.js",)), ("fonts", (".otf", ".ttf", "FontManifest")))
STEPS = ("card", "first_paint", "page", "bootstrap", "code", "renderer", "fonts", "engine", "first_frame", "ws_open",
         "ws_answer", "screen", "usable")

READ = """() => {
  const out = Object.assign({}, window.__xyT);
  const paint = performance.getEntriesByName('first-contentful-paint')[0];
  if (paint) { out.first_paint = paint.startTime; }
  const nav = performance.getEntriesByType('navigation')[0];
  if (nav) { out.page = nav.responseEnd; }
  out.files = performance.getEntriesByType('resource').map((r) => [r.name, r.responseEnd, r.transferSize]);
  return out;
}"""


def open_timed(context, url: str, words: str, cpu: float, timeout: float = 90.0) -> dict:
    """Open `url` in a new page of `context` with the CPU slowed `cpu` times;
    the page's timeline (ms) once `words` are drawn and a tap reaches them."""
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    if cpu > 1:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})
    page.add_init_script(TIMELINE % json.dumps(words))
    started = time.monotonic()
    page.goto(url, wait_until="commit")
    try:
        page.wait_for_function("() => window.__xyT && 'usable' in window.__xyT", timeout=timeout * 1000,
                               polling=200)
    except Exception:
        tree = page.evaluate("() => (document.querySelector('flt-semantics-host') || {}).textContent")
        raise RuntimeError(f"{url}: {words!r} not drawn; seen {page.evaluate('() => window.__xyT')}, "
                           f"the screen reads {tree!r}") from None
    wall = time.monotonic() - started
    seen = page.evaluate(READ)
    page.close()
    timeline = {key: value for key, value in seen.items() if key != "files"}
    for step, parts in FILES:
        ends = [end for name, end, _ in seen["files"] if any(part in name for part in parts)]
        if ends:
            timeline[step] = max(ends)
    timeline["wall"] = wall * 1000
    return timeline


def medians(runs: list[dict]) -> dict:
    keys = {key for run in runs for key in run}
    return {key: statistics.median(run[key] for run in runs if key in run) for key in keys}


def table(rows: list[tuple[str, list[dict]]]) -> str:
    """A Markdown table: one column per (label, runs), one row per step, medians in seconds."""
    header = "| step (median, s since the tap on the link) | " + " | ".join(
        f"{label} ({len(runs)} runs)" for label, runs in rows) + " |"
    lines = [header, "|---|" + "---:|" * len(rows)]
    shown = [medians(runs) for _, runs in rows]
    for step in STEPS:
        if any(step in each for each in shown):
            lines.append(f"| {step} | " + " | ".join(f"{each[step] / 1000:.2f}" if step in each else "-"
                                                     for each in shown) + " |")
    return "\n".join(lines)
