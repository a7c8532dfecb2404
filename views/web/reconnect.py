"""A phone that slept comes back to the table as it is now.

When a browser's connection drops (a phone's screen turns off, the Wi-Fi
blinks), Flet's web client reconnects to the same server session, but in
Flet 1.0.5 the screen it shows then stays frozen: the server's full page
replaces the client's controls while the widgets on screen stay bound to the
old ones, so every later update arrives and is never drawn (issue 5's report
has the trace). A fresh page load has no such problem, and the session (and
so the screen it shows) lives on the server. So each page watches its own
connection, and once a dropped one is back (the server answers again) it
reloads: the same seat, the same screen, everything changed meanwhile shown.
A server that is still away is left to the client's own retries.

Meanwhile the page says so, in players' words, in a banner over the app
(`#xy-connection`, a live region a screen reader reads out; it never takes a
tap): "Reconnecting... your entries are kept" as soon as the connection drops,
and after the reload "Back at the table" until 3 s after the table answers (a
flag in sessionStorage carries it across the reload). A first load says nothing.

A connection can also stall without closing: a phone whose Wi-Fi drops keeps
its socket open for minutes, and what it sends waits in it (issue 28: a trick
count tapped then stayed grey, and nothing said why). So while its socket is
open the page asks the host for `PING` (an empty answer, made here before the
app sees the request) when it has heard nothing for `EVERY_MS`; nothing
heard for `LATE_MS` since it asked (while the page itself was not busy) says
"No connection to the host: your entries will be sent when it is back" (within
2 s of the cut), and the next answer takes it away. What was tapped meanwhile
is still in the socket: it arrives once, when the network is back.

The same script switches on Flutter's semantics tree (what a screen reader
reads) as each page loads, by tapping Flutter's hidden "Enable accessibility"
placeholder once it appears, at its centre: Chrome on Android takes only a tap
there; desktop browsers and iOS take any.

`ReloadOnReconnect` adds that script, and the "Starting…" card with its
script (starting.py), to every HTML page the app serves, their words in the
language the browser asks pages in (its Accept-Language, as `views.i18n.best`
picks one: no session, and so no language chosen in the app, exists before
the page), with `Vary: Accept-Language`.
"""
from __future__ import annotations

import functools
import json

from .. import i18n
from ..i18n import N_
from . import starting

# The banner's words (SCRIPT has them in English; `in_language` puts in the page's).
BACK_WORDS = N_("Back at the table")
AGAIN_WORDS = N_("Reconnecting\u2026 your entries are kept")
LOST_WORDS = N_("No connection to the host: your entries will be sent when it is back")

SCRIPT = b"""<script>
// XY Score: say when the connection drops, reload once it is back, and switch
// on what a screen reader reads (views/web/reconnect.py).
(() => {
  const Native = window.WebSocket;
  const AGAIN = 'xy-reconnecting', BACK = 'Back at the table';  // AGAIN is kept across the reload
  let connectedOnce = false, leaving = false, welcome = sessionStorage.getItem(AGAIN) !== null;
  sessionStorage.removeItem(AGAIN);
  window.addEventListener('pagehide', () => { leaving = true; });
  function say(text) {  // a banner over the app, read out by screen readers; it never takes a tap
    let banner = document.getElementById('xy-connection');
    if (!banner) {
      const dark = window.matchMedia('(prefers-color-scheme: dark)').matches;
      banner = Object.assign(document.createElement('div'), {id: 'xy-connection'});
      banner.setAttribute('role', 'status');
      banner.setAttribute('aria-live', 'polite');
      banner.style.cssText = 'position:fixed;top:0;left:0;right:0;z-index:2147483647;pointer-events:none;'
        + 'padding:14px 16px;text-align:center;font:600 20px/1.3 system-ui,sans-serif;'
        + (dark ? 'background:#FFD54F;color:#1B1B1B;' : 'background:#1B1B1B;color:#FFFFFF;');
      document.body.appendChild(banner);
    }
    banner.textContent = text;
    banner.style.display = text ? 'block' : 'none';
  }
  function unsay(text) {
    const banner = document.getElementById('xy-connection');
    if (banner && banner.textContent === text) { say(''); }
  }
  const LOST = 'No connection to the host: your entries will be sent when it is back';
  function watchHost(socket) {  // a stalled connection does not close: ask the host, and say when it is silent
    let lost = false, asked = 0, heard = performance.now(), beat = heard, late = null;
    const back = () => { heard = performance.now(); if (lost) { lost = false; unsay(LOST); } };
    socket.addEventListener('message', back);  // the host's own messages count as answers too
    const tick = () => {
      const now = performance.now();
      if (now - beat > 2 * TICK_MS) { heard = now; if (asked) { asked = now; } }  // this page was busy, not the host
      beat = now;
      if (socket.readyState !== 1 || leaving) { return; }
      if (asked && now - asked > LATE_MS && now - heard > LATE_MS) {
        late.abort();
        asked = 0;
        if (!lost) { lost = true; say(LOST); }
      }
      if (!asked && now - heard >= EVERY_MS) {
        asked = now;
        late = new AbortController();
        const mine = late;
        fetch(PING, {cache: 'no-store', signal: mine.signal})
          .then((answer) => { if (answer.ok && late === mine) { asked = 0; back(); } })
          .catch(() => { if (late === mine) { asked = 0; } });
      }
    };
    const every = setInterval(tick, TICK_MS);
    socket.addEventListener('close', () => { clearInterval(every); unsay(LOST); });
  }
  function Socket(url, protocols) {
    const socket = protocols === undefined ? new Native(url) : new Native(url, protocols);
    if (/\\/ws$/.test(String(url))) {
      (window.xyWatchSocket || []).forEach((watch) => watch(socket));  // starting.py's card, for one
      const reconnecting = connectedOnce;
      socket.addEventListener('open', () => {
        if (reconnecting) { sessionStorage.setItem(AGAIN, '1'); window.location.reload(); return; }
        connectedOnce = true;
        watchHost(socket);
        if (welcome) { welcome = false; setTimeout(() => unsay(BACK), 3000); }
        socket.addEventListener('close', () => { if (!leaving) { say('Reconnecting\\u2026 your entries are kept'); } });
      });
    }
    return socket;
  }
  Socket.prototype = Native.prototype;
  Object.assign(Socket, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
  window.WebSocket = Socket;
  if (welcome) {  // until 3 s after the table answers (or 10 s, if it does not)
    document.addEventListener('DOMContentLoaded', () => { say(BACK); setTimeout(() => unsay(BACK), 10000); });
  }
  // Flutter keeps what a screen reader reads off until its hidden placeholder is
  // tapped: tap it at once (at its centre, which Chrome on Android also asks for).
  new MutationObserver((_, watch) => {
    const placeholder = document.querySelector('flt-semantics-placeholder');
    if (!placeholder) { return; }
    watch.disconnect();
    const box = placeholder.getBoundingClientRect();
    placeholder.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true,
      clientX: box.left + box.width / 2, clientY: box.top + box.height / 2}));
  }).observe(document, {childList: true, subtree: true});
})();
</script>
"""
MARK = b"</head>"
PING = "/xy-ping"  # answered here with nothing (204), never by the app: is the host still there?
# A page asks when the host has said nothing for EVERY_MS, looks every TICK_MS, and says the
# host is out of reach when nothing came for LATE_MS since it asked (a page busy drawing does not count).
EVERY_MS, TICK_MS, LATE_MS = 400, 150, 1000
for _name, _value in (("PING", f"'{PING}'"), ("EVERY_MS", EVERY_MS), ("TICK_MS", TICK_MS), ("LATE_MS", LATE_MS)):
    SCRIPT = SCRIPT.replace(_name.encode(), str(_value).encode())


def in_language(code: str) -> bytes:
    """SCRIPT with the banner's words in language `code` (English: SCRIPT itself)."""
    return _in_language(code if code in i18n.LANGUAGES or code == i18n.PSEUDO else i18n.ENGLISH)


@functools.cache
def _in_language(code: str) -> bytes:
    if code == i18n.ENGLISH:
        return SCRIPT
    speaker, script = i18n.speaker(code), SCRIPT
    for words in (BACK_WORDS, AGAIN_WORDS, LOST_WORDS):
        english = b"'" + words.replace("\u2026", "\\u2026").encode() + b"'"
        assert script.count(english) == 1, words  # SCRIPT's words are these
        script = script.replace(english, json.dumps(speaker.gettext(words)).encode())
    return script


def page_language(scope) -> str:
    """The language to say a page's words in: the first of the browser's (Accept-Language) we have."""
    from .session_limits import accepted  # the one reading of the header
    for key, value in scope.get("headers") or ():
        if key.lower() == b"accept-language":
            return i18n.best(accepted(value[:500].decode("latin-1")))
    return i18n.ENGLISH


class ReloadOnReconnect:
    """ASGI middleware: put SCRIPT and starting.SCRIPT into each HTML page, before `</head>`."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "http" and scope.get("path") == PING:
            await send({"type": "http.response.start", "status": 204,
                        "headers": [(b"cache-control", b"no-store")]})
            await send({"type": "http.response.body", "body": b""})
            return
        if scope["type"] != "http" or scope.get("method") != "GET":
            await self.app(scope, receive, send)
            return
        start: dict = {}
        page: dict = {"html": False}  # is this response an HTML page? decided once, at its start
        chunks: list[bytes] = []

        async def capture(message) -> None:
            if message["type"] == "http.response.start":
                start.update(message)
                page["html"] = is_html(message)
                if not page["html"]:
                    await send(message)
            elif not page["html"]:  # every other file streams through untouched
                await send(message)
            else:
                chunks.append(message.get("body", b""))
                if not message.get("more_body", False):
                    await send_page(start, b"".join(chunks), send, page_language(scope))

        await self.app(scope, receive, capture)


def is_html(start: dict) -> bool:
    headers = dict(start.get("headers", []))
    return (headers.get(b"content-type", b"").startswith(b"text/html")
            and b"content-encoding" not in headers and start.get("status") == 200)


async def send_page(start: dict, body: bytes, send, language: str = i18n.ENGLISH) -> None:
    script = in_language(language)
    if MARK in body and script not in body:
        starting_script, card = starting.in_language(language)
        body = starting.with_card(body.replace(MARK, script + starting_script + MARK, 1), card)
    headers = [(k, v) for k, v in start.get("headers", []) if k.lower() not in (b"content-length", b"vary")]
    vary = [v.decode("latin-1") for k, v in start.get("headers", []) if k.lower() == b"vary"]
    headers.append((b"vary", ", ".join([*vary, "Accept-Language"]).encode("latin-1")))  # its words follow it
    headers.append((b"content-length", str(len(body)).encode()))
    await send({**start, "headers": headers})
    await send({"type": "http.response.body", "body": body})
