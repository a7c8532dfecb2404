"""The next hand starts clean on every phone (issue 14): a phone's bid entry is
kept from hand to hand (so scoring a hand patches the phones instead of
rebuilding them), but what was picked and never sent for the last hand is
not offered for the next."""
import pytest

from tests.e2e.table import Player
from tests.e2e.test_shared_table import TABLET, host_bid, join, new_table, share, this_hand

pytestmark = pytest.mark.e2e
SEATS = ("Pia", "Quin", "Rex")


def test_a_bid_picked_but_not_sent_is_gone_when_the_next_hand_starts(app_page, served):
    game_id = new_table(served, SEATS)
    host = Player(app_page(f"/game/{game_id}/table", **TABLET))
    pia = join(app_page, share(host, "Players' code"), "Pia")
    pia.pick("Pia", "bid", 3)  # Pia is still deciding when the host enters her bid
    for seat, bid in (("Pia", 4), ("Quin", 5), ("Rex", 3)):
        host_bid(host, SEATS, seat, bid)
    pia.see_label("Pia Sent: bid 4")
    pia.see_label("Pia Bid 3")  # her pick is still on her phone, not sent
    this_hand(host)
    for seat, tricks in (("Pia", 4), ("Quin", 5), ("Rex", 3)):
        host.pick(seat, "tricks", tricks)
    host.tap("Score hand 1")
    pia.see("Pia · hand 2")
    pia.see_label("Pia Not sent yet")
    pia.see_label("Pia Bid 0")  # hand 2 starts from nothing, not from hand 1's pick
    pia.pick("Pia", "bid", 2)
    pia.tap("Send bid")
    pia.see_label("Pia Sent: bid 2")
    host.see_label("Pia, bid 2")


def test_once_everyone_has_bid_a_phone_folds_its_bid_to_a_line_and_can_still_change_it(app_page, served):
    """The bid chips fill a phone's first screen; once every bid is in, the
    tricks are what the table taps next, so a sent bid folds to one line, on
    the phones and on the host's table. A mistyped bid can still be changed
    (P1: the change shows everywhere), or left as it was."""
    game_id = new_table(served, SEATS)
    host = Player(app_page(f"/game/{game_id}/table", **TABLET))
    pia = join(app_page, share(host, "Players' code"), "Pia")
    pia.pick("Pia", "bid", 3)
    pia.tap("Send bid")
    pia.see_label("Pia Sent: bid 3")
    assert pia.control("Change Pia's bid").count() == 0  # Quin and Rex have not bid: nothing folds yet
    for seat, bid in (("Quin", 5), ("Rex", 3)):
        host_bid(host, SEATS, seat, bid)
    pia.control("Change Pia's bid").wait_for()
    assert pia.control("Send bid").count() == 0 and pia.page.get_by_text("Pia Bid 3", exact=True).count() == 0
    host.control("Change Rex's bid").wait_for()  # the host's table folds every seat's bid too
    assert host.control("Send bid").count() == 0
    pia.tap("Change Pia's bid")  # the chips again, at what she sent
    pia.see_label("Pia Bid 3")
    pia.pick("Pia", "bid", 4)
    pia.tap("Send bid")
    pia.see_label("Pia Sent: bid 4")
    pia.control("Change Pia's bid").wait_for()  # folded again
    host.see_label("Pia, bid 4")
    pia.tap("Change Pia's bid")
    pia.see_label("Pia Bid 4")
    pia.pick("Pia", "bid", 2)
    pia.tap("Keep bid 4")  # nothing sent
    pia.control("Change Pia's bid").wait_for()
    pia.see_label("Pia Sent: bid 4")
    host.see_label("Pia, bid 4")


def test_a_bid_picked_but_not_sent_stays_gone_when_its_hand_comes_back(app_page, served):
    """The host undoes the scoring of hand 1 from the scoreboard: hand 1 is in
    play again, and Pia's phone shows what is stored for it, not the pick she
    made and never sent before it was scored."""
    game_id = new_table(served, SEATS)
    host = Player(app_page(f"/game/{game_id}/table", **TABLET))
    pia = join(app_page, share(host, "Players' code"), "Pia")
    pia.pick("Pia", "bid", 3)  # never sent: the host enters her bid
    for seat, bid in (("Pia", 4), ("Quin", 5), ("Rex", 3)):
        host_bid(host, SEATS, seat, bid)
    pia.see_label("Pia Bid 3")
    this_hand(host)
    for seat, tricks in (("Pia", 4), ("Quin", 5), ("Rex", 3)):
        host.pick(seat, "tricks", tricks)
    host.tap("Score hand 1")
    pia.see("Pia · hand 2")
    host.go(f"/game/{game_id}")
    host.tap("Undo hand 1")
    pia.see("Pia · hand 1")
    pia.see_label("Pia Sent: bid 4")  # what is stored for hand 1
    pia.page.wait_for_timeout(500)
    assert pia.page.get_by_text("Pia Bid 3", exact=True).count() == 0
