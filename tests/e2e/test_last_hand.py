"""The last hand confirmed goes to the final scoreboard with no word of
refusal on the way (issue 28): "This game is finished; correct a past round
instead." once flashed on the round screen after its own confirm ended the
game, while the address moved to the scoreboard; it read as if the hand had
been refused."""
from __future__ import annotations

import pytest

from tests.e2e.table import Player, stored_game

pytestmark = pytest.mark.e2e

SEATS = ("Lena", "Moss", "Nico")  # Nico deals: Lena leads hand 1 (X6)
# (bid, tricks), 12 tricks a hand at 3 players (X3); after hand 3 the game is over (X8).
STORED_HANDS = [((4, 4), (3, 3), (5, 5)), ((2, 2), (5, 5), (4, 5))]
LAST_HAND = {"Lena": (8, 8), "Moss": (2, 3), "Nico": (1, 1)}
REFUSALS = ("This game is finished", "Game over")

# Everything the page's semantics tree says, from now on, kept in window.__said: a
# message shown for a single frame is caught, as a player's eye would catch it.
WATCH = """() => {
  window.__said = [];
  const note = (node) => {
    const el = node.nodeType === 1 ? node : node.parentElement;
    if (!el) return;
    const text = (el.getAttribute('aria-label') || '') + ' ' + (el.textContent || '');
    if (/This game is finished|Game over/.test(text)) window.__said.push(text.trim().slice(0, 200));
  };
  new MutationObserver((changes) => changes.forEach((c) => {
    note(c.target);
    c.addedNodes.forEach((n) => { note(n); if (n.querySelectorAll) n.querySelectorAll('*').forEach(note); });
  })).observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true,
                              attributeFilter: ['aria-label']});
}"""


def test_the_last_hand_confirmed_shows_no_refusal_on_its_way_to_the_scoreboard(app_page, served):
    game_id = stored_game(served, SEATS, STORED_HANDS, dealer="Nico")
    me = Player(app_page(f"/game/{game_id}/round", width=390, height=844))
    me.see("Hand 3")
    me.page.evaluate(WATCH)
    me.xylotar_hand(LAST_HAND)  # Confirm: the game is over, the address moves to the scoreboard
    me.see_total("Lena", 29, winner=True)
    me.page.wait_for_timeout(2500)  # and stays quiet for a while after
    assert me.page.evaluate("() => window.__said") == []
    assert not any(me.has_text(text) for text in REFUSALS)
