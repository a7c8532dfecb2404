"""A page that is still starting says so, and a tap on it is answered.

From a page's first byte to its first screen, Flet's web client shows its own
logo, then a blank page while the renderer starts, then "Working..." while it
registers with the host: on a phone on a busy Wi-Fi that is seconds, and a tap
meanwhile did nothing and said nothing (measured: taps 0.4 to 2.3 s after
opening the page were lost; the screen came at 9 s on a loaded machine).

So each page the app serves (`ReloadOnReconnect` adds SCRIPT) covers itself
at once with a card in players' words: the app's name and "Starting…", a
status region a screen reader reads out. The card stays until the host has
answered on the page's `/ws` socket (a new session's first screen follows; a
kept session, as after a reload, sends its whole page at once) and Flutter has
drawn the screen (its semantics tree, which reconnect.py switches on, reads
more than Flet's own "Working..."; or 10 s after the answer at the latest);
then it goes, and what is under it takes taps. A
tap on the card meanwhile is answered on the card: "Still starting: tap again
once the screen shows". A page whose host never answers keeps saying "Starting…".
"""
from __future__ import annotations

SCRIPT = b"""<script>
// XY Score: say the page is starting until the first screen is drawn, and
// answer a tap made meanwhile (views/web/starting.py).
(() => {
  const dark = window.matchMedia('(prefers-color-scheme: dark)').matches;
  const LOADER = 'Working...';  // what Flet's client shows until its page is built
  let card = null, done = false;
  if (!document.querySelector('meta[name="viewport"]')) {  // a phone lays the card out at its own width
    document.head.appendChild(Object.assign(document.createElement('meta'),
      {name: 'viewport', content: 'width=device-width, initial-scale=1'}));  // Flutter puts its own in later
  }
  function show() {
    if (done || card || !document.body) { return; }
    card = Object.assign(document.createElement('div'), {id: 'xy-starting'});
    card.setAttribute('role', 'status');
    card.style.cssText = 'position:fixed;inset:0;z-index:2147483646;display:flex;flex-direction:column;'
      + 'align-items:center;justify-content:center;gap:12px;padding:24px;text-align:center;'
      + 'font:400 20px/1.4 system-ui,sans-serif;touch-action:manipulation;'
      + (dark ? 'background:#191C1B;color:#E1E3E1;' : 'background:#F4FBF8;color:#191C1B;');
    card.innerHTML = '<div style="font-weight:700;font-size:28px">XY Score</div>'
      + '<div id="xy-starting-says">Starting\\u2026</div>';
    card.addEventListener('pointerdown', (event) => {
      event.preventDefault();
      document.getElementById('xy-starting-says').textContent =
        'Still starting: tap again once the screen shows';
    });
    document.body.appendChild(card);
  }
  function ready() {  // the host answered: the card goes once Flutter has drawn the screen
    if (done) { return; }
    done = true;
    const since = performance.now();
    const drawn = () => {  // what Flutter drew, as a screen reader reads it: more than Flet's own loader
      const tree = document.querySelector('flt-semantics-host');
      const text = tree ? tree.textContent.trim() : '';
      return text !== '' && text !== LOADER;
    };
    const wait = () => {
      if (!drawn() && performance.now() - since < 10000) { requestAnimationFrame(wait); return; }
      // Flutter paints a moment after it updates that tree: give it that moment.
      setTimeout(() => requestAnimationFrame(() => { if (card) { card.remove(); card = null; } }), 300);
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
"""
