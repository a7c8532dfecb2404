"""A page that is still starting says so, and a tap on it is answered.

From a page's first byte to its first screen, Flet's web client shows its own
logo, then a blank page while the renderer starts, then "Working..." while it
registers with the host: on a phone on a busy Wi-Fi that is seconds, and a tap
meanwhile did nothing and said nothing (measured: taps 0.4 to 2.3 s after
opening the page were lost; the screen came at 9 s on a loaded machine).

So each page the app serves covers itself at once with a card in players'
words: the app's name and "Starting…", a status region a screen reader reads
out. The card is in the page's own HTML (`with_card`, which
`ReloadOnReconnect` applies with SCRIPT), first in its body, so the browser
draws it with the page's first paint, before any of the client's scripts has
downloaded (issue 28: made by a script, it came only once the page's head
scripts had loaded and run, a second of blank page at 4x CPU). The card
stays until the host has answered on the page's `/ws` socket (a new session's
first screen follows; a kept session, as after a reload, sends its whole page
at once) and Flutter has drawn the screen (its semantics tree, which
reconnect.py switches on, reads more than Flet's own "Working..."; or 10 s
after the answer at the latest); then it goes, and what is under it takes
taps. A tap on the card meanwhile is answered on the card: "Still starting:
tap again once the screen shows". A page whose host never answers keeps
saying "Starting…".

The card's words are in the language the browser asks pages in (its
Accept-Language: no session, and so no chosen language, exists yet): `in_language`.
"""
from __future__ import annotations

import functools
import html
import json
import re

from .. import i18n
from ..i18n import N_

WORDS = N_("Starting\u2026")
STILL = N_("Still starting: tap again once the screen shows")
CARD = f'<b>XY Score</b><div id="xy-starting-says">{WORDS}</div>'
CARD_HTML = f'<div id="xy-starting" role="status">{CARD}</div>'.encode()
# The card's look, light and dark (in the page's head, so its first paint has it).
STYLE = b"""<style>
#xy-starting{position:fixed;inset:0;z-index:2147483646;display:flex;flex-direction:column;align-items:center;
justify-content:center;gap:12px;padding:24px;text-align:center;font:400 20px/1.4 system-ui,sans-serif;
touch-action:manipulation;background:#F4FBF8;color:#191C1B}
#xy-starting b{font-weight:700;font-size:28px}
@media (prefers-color-scheme: dark){#xy-starting{background:#191C1B;color:#E1E3E1}}
</style>
"""

SCRIPT = b"""<script>
// XY Score: say the page is starting until the first screen is drawn, and
// answer a tap made meanwhile (views/web/starting.py).
(() => {
  const CARD = '__CARD__';  // for a page whose HTML lacks the card
  const LOADER = 'Working...';  // what Flet's client shows until its page is built
  let card = null, done = false;
  if (!document.querySelector('meta[name="viewport"]')) {  // a phone lays the card out at its own width
    document.head.appendChild(Object.assign(document.createElement('meta'),
      {name: 'viewport', content: 'width=device-width, initial-scale=1'}));  // Flutter puts its own in later
  }
  function show() {  // the card the page's HTML holds, answering taps
    if (done || card || !document.body) { return; }
    card = document.getElementById('xy-starting');
    if (!card) {
      card = Object.assign(document.createElement('div'), {id: 'xy-starting', innerHTML: CARD});
      card.setAttribute('role', 'status');
      document.body.appendChild(card);
    }
  }
  // A tap on the card is answered from the page's first paint, before the body is read to its end.
  document.addEventListener('pointerdown', (event) => {
    const on = event.target instanceof Element && event.target.closest('#xy-starting');
    if (!on) { return; }
    event.preventDefault();
    document.getElementById('xy-starting-says').textContent = 'Still starting: tap again once the screen shows';
  }, true);
  function ready() {  // the host answered: the card goes once Flutter has drawn the screen
    if (done) { return; }
    done = true;
    show();
    const since = performance.now();
    const drawn = () => {  // what Flutter drew, as a screen reader reads it: more than Flet's own loader
      const tree = document.querySelector('flt-semantics-host');
      const text = tree ? tree.textContent.trim() : '';
      return text !== '' && text !== LOADER;
    };
    const wait = () => {
      if (!drawn() && performance.now() - since < 10000) { requestAnimationFrame(wait); return; }
      // Flutter updates that tree in the frame it draws; the browser shows that frame by the next
      // one: the card goes two frames on (it waited 300 ms, a third of a second more, before issue 28).
      requestAnimationFrame(() => requestAnimationFrame(() => { if (card) { card.remove(); card = null; } }));
    };
    requestAnimationFrame(wait);
  }
  // reconnect.py's script hands each of the page's /ws sockets to these watchers:
  // the host's first answer (a new session's first screen, or a kept one's whole page) is on its way
  (window.xyWatchSocket = window.xyWatchSocket || []).push((socket) => {
    socket.addEventListener('message', ready, {once: true});
  });
  document.addEventListener('DOMContentLoaded', show);
})();
</script>
""".replace(b"__CARD__", CARD.replace("\u2026", "\\u2026").encode())
_BODY = re.compile(rb"<body\b[^>]*>", re.IGNORECASE)


# Flet's page loads python.js in its head, a script only a Python-in-the-browser app
# (Pyodide) calls: read at once, it kept the body, and so the card, from the first paint.
BLOCKING, DEFERRED = b'<script src="python.js"></script>', b'<script src="python.js" defer></script>'


def with_card(page: bytes, card_html: bytes = CARD_HTML) -> bytes:
    """The page with the card (`card_html`: in_language's) first in its body, its look in its head, and
    nothing in the head that holds the body back from the first paint."""
    opening = _BODY.search(page)
    if opening is None or b'<div id="xy-starting"' in page or b"</head>" not in page:
        return page
    page = page[:opening.end()] + b"\n" + card_html + page[opening.end():]
    return page.replace(b"</head>", STYLE + b"</head>", 1).replace(BLOCKING, DEFERRED, 1)


def in_language(code: str) -> tuple[bytes, bytes]:
    """SCRIPT and the card's HTML with their words in language `code` (English: SCRIPT and CARD_HTML)."""
    return _in_language(code if code in i18n.LANGUAGES or code == i18n.PSEUDO else i18n.ENGLISH)


@functools.cache
def _in_language(code: str) -> tuple[bytes, bytes]:
    if code == i18n.ENGLISH:
        return SCRIPT, CARD_HTML
    speaker = i18n.speaker(code)
    card = f'<b>XY Score</b><div id="xy-starting-says">{html.escape(speaker.gettext(WORDS))}</div>'
    script = SCRIPT.replace(b"'" + CARD.replace("\u2026", "\\u2026").encode() + b"'", _js(card), 1)
    script = script.replace(b"'" + STILL.encode() + b"'", _js(speaker.gettext(STILL)), 1)
    return script, f'<div id="xy-starting" role="status">{card}</div>'.encode()


def _js(text: str) -> bytes:
    """`text` as a JavaScript string (JSON's: quotes, backslashes and every non-ASCII letter escaped)."""
    return json.dumps(text).replace("</", "<\\/").encode()
