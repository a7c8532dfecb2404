"""A 4-player Xylotar game with Bonus Beats and Off-Key, played through the UI."""
import re

import pytest

from tests.e2e.table import Player

pytestmark = pytest.mark.e2e

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def test_full_game_with_a_refused_hand_a_live_viewer_and_a_correction(app_page):
    me = Player(app_page("/"))
    game_id = me.new_game("xylotar", PLAYERS, expansions=("Bonus Beats", "Off-Key"), dealer="Dan")
    me.see_label("Ann leads hand 1: left of the dealer, Dan")  # X6 in words, the whole line: no "(X6)"
    me.see("Xylotar for 4 players with Bonus Beats and Off-Key")  # the setup guide for this table

    me.tap("Enter hand 1")
    me.page.wait_for_url(re.compile(r"/game/\d+/round$"))
    me.xylotar_hand({"Ann": (3, 3, 1, "#"), "Bob": (4, 2), "Cat": (2, 5), "Dan": (0, 4, 2)})
    me.see_total("Ann", 7)  # the standings row, read as one phrase: "Ann, first, 7 points"
    me.see("Bob leads hand 2: lowest total, 2; tied with Dan")

    # A hand whose tricks do not add up cannot be confirmed, and says why.
    me.tap("Enter hand 2")
    me.page.wait_for_url(re.compile(r"/game/\d+/round$"))
    me.xylotar_hand({"Ann": (2, 2), "Bob": (5, 5), "Cat": (3, 3, 1), "Dan": (1, 3, 0, "+1")}, confirm=False)
    # X3 in words, in the footer beside Confirm (the problems' list is below the seats' thumb-sized numbers)
    me.see("13 tricks taken of 14: one missing")
    assert me.control("Confirm hand").is_disabled()
    me.pick("Dan", "tricks", 4)
    me.see_label("Tricks entered 14 of 14")
    me.tap("Confirm hand")
    me.page.wait_for_url(re.compile(r"/game/\d+$"))
    me.see_total("Ann", 14)
    me.see("Dan leads hand 3")

    # A second browser on the same game follows without a reload.
    viewer = Player(app_page(f"/game/{game_id}"))
    viewer.see_total("Ann", 14)
    me.tap("Enter hand 3")
    me.page.wait_for_url(re.compile(r"/game/\d+/round$"))
    me.xylotar_hand({"Ann": (4, 2), "Bob": (3, 3), "Cat": (1, 1, 2, "½"), "Dan": (0, 8, 0, "8 for 0")})
    for player in (me, viewer):
        player.see("Bob wins!")
        player.see("Bob wins with 21 points")
        player.see_total("Bob", 21, rank="first", winner=True)
        for name, total, rank in (("Cat", 18, "second"), ("Ann", 16, "third"), ("Dan", 14, "fourth")):
            player.see_total(name, total, rank=rank, winner=False)
    # The by-hand table shows each running total and who led each hand (X7: Dan, lowest after hand 2).
    me.see("Bob total after hand 3: 21 points")  # in the tappable score, under its tooltip
    me.see_label("Dan played first in hand 3")

    # Tap a score for its breakdown.
    me.tap_text("hand 3, Bob: 9; tap for why")
    me.see("no Bonus Beat flipped in 3 hands: +1")

    # Correct hand 1: Ann won no Off-Key card after all; everything after follows.
    me.tap("Correct hand 1")
    me.page.wait_for_url(re.compile(r"/game/\d+/round/1$"))
    me.see_label("Ann Off-Key won 1")
    me.pick("Ann", "Off-Key won", 0)
    me.tap("Save correction")
    me.page.wait_for_url(re.compile(r"/game/\d+$"))
    me.see_total("Ann", 17, rank="third")  # still behind Cat's 18
    viewer.see_total("Ann", 17, rank="third")

    me.tap("Undo correction of hand 1")  # the button says what it undoes
    me.see_total("Ann", 16, rank="third")
    me.tap("Redo correction of hand 1")
    me.see_total("Ann", 17, rank="third")


def test_from_the_scoreboard_a_hand_is_a_tap_per_number_and_confirm_with_no_scroll_on_a_phone(app_page, served):
    """Issues 11 and 28: from the scoreboard, nothing to open: a plain hand is
    its 4 bids, 3 trick counts (X3: the last seat's fill themselves in) and
    Confirm, 8 taps; one with a Bonus Beat flipped and an Off-Key card won
    (B1, O3) 10; every control in view at 390x844 when tapped."""
    from companion import services
    game = services.new_game("xylotar", PLAYERS, dealer="Dan", expansions=("bonus_beats", "off_key"),
                             bonus_beats_dealt={"Ann": ["over_by_one", "plus_one_per_miss"],
                                                "Bob": ["zero_card", "change_bid"],
                                                "Cat": ["flip_suit", "ignore_suit"], "Dan": ["view_two", "lead_next"]})
    game_id = services.start_game(game, served.store.uow())
    page = app_page(f"/game/{game_id}", width=390, height=844)
    me = Player(page)
    me.see_label("Tricks entered 0 of 14")
    taps = []

    def tap(name: str, shows: str | None = None) -> None:
        control = me.control(name)
        control.wait_for()
        box = control.bounding_box()
        footer = me.control("Confirm hand").bounding_box()
        bottom = 844 if name == "Confirm hand" else footer["y"]
        assert box["y"] >= 56 and box["y"] + box["height"] <= bottom + 0.5, f"{name} needs a scroll: {box}"
        control.click()
        page.mouse.move(1, 843)
        taps.append(name)
        if shows:
            me.see_label(shows, timeout=5000)

    for seat, bid in (("Ann", 3), ("Bob", 4), ("Cat", 2), ("Dan", 1)):
        tap(f"{seat}'s bid {bid}", f"{seat} Bid {bid}")
    for seat, tricks in (("Ann", 4), ("Bob", 4), ("Cat", 2)):
        tap(f"{seat}'s tricks {tricks}", f"{seat} Tricks {tricks}")
    me.see_label("Dan Tricks 4")  # what is left, filled in
    me.see_label("Tricks entered 14 of 14")
    tap("Confirm hand")
    me.see_total("Bob", 9, rank="first")
    assert len(taps) == 8, taps

    taps.clear()
    me.see_label("Tricks entered 0 of 14")  # hand 2, on the same screen
    me.control("Ann flips +1").wait_for()
    assert not me.control("Ann flips ignore suit").count()  # only Ann's two dealt cards are offered her
    tap("Ann flips #", "# (flipped)")
    for seat, bid in (("Ann", 3), ("Bob", 4), ("Cat", 2), ("Dan", 0)):
        tap(f"{seat}'s bid {bid}", f"{seat} Bid {bid}")
    for seat, tricks in (("Ann", 4), ("Bob", 4), ("Cat", 2)):
        tap(f"{seat}'s tricks {tricks}", f"{seat} Tricks {tricks}")
    me.see_label("Dan Tricks 4")
    tap("Dan: one more Off-Key card", "Dan Off-Key won 1")
    for seat, points in (("Ann", "+9"), ("Bob", "+9"), ("Cat", "+7"), ("Dan", "+3")):
        me.see_label(f"{seat} scores {points} this hand")
    tap("Confirm hand")
    me.see_total("Bob", 18, rank="first")
    assert len(taps) == 10, taps
    me.see_total("Dan", 7, rank="fourth")
