"""The app's view logic, without a browser: what screens show and what a hand
entered with the steppers becomes."""
from companion import Xybrid, Xylotar, record
from views.shown import hand_entry, logic, monster_entry
from views.router import parse
from tests.builders import entries, four_players


def test_two_players_enter_the_side_players_too():
    # X9: side players bid and take tricks, so the form has a seat for each.
    game = Xylotar(["Ann", "Bob"], dealer="Bob")
    assert hand_entry.seats(game) == ["Ann", "Bob", "left side player", "right side player"]
    raw = hand_entry.to_round(game, entries(game, {"Ann": (3, 3), "Bob": (4, 4), "left side player": (4, 4),
                                                   "right side player": (3, 3)}))
    assert raw["side_players"] == {"left": {"bid": 4, "tricks": 4}, "right": {"bid": 3, "tricks": 3}}
    assert hand_entry.problems(game, entries(game, {"Ann": (3, 3), "Bob": (4, 4), "left side player": (4, 4),
                                                    "right side player": (3, 3)})) == []


def test_a_hand_whose_tricks_do_not_add_up_is_refused_in_the_rules_words():
    game = four_players()
    found = hand_entry.problems(game, entries(game, {"Ann": (3, 3), "Bob": (2, 2), "Cat": (1, 1), "Dan": (0, 6)}))
    assert [p.rule for p in found] == ["X3"]  # the rule stays with the problem; the screen says it in words
    assert [hand_entry.say(p) for p in found] == ["tricks add up to 12, expected 14"]


def test_no_bid_card_records_no_bid():
    # B5: the 'no bid' card means the seat does not bid.
    game = four_players(expansions=["bonus_beats"])
    raw = hand_entry.to_round(game, entries(game, {"Ann": (5, 3, 0, "no_bid_match"), "Bob": (3, 4),
                                                   "Cat": (3, 3), "Dan": (4, 4)}))
    assert raw["results"]["Ann"] == {"bid": None, "tricks": 3, "bonus_beat": "no_bid_match"}


def test_bonus_beats_offered_are_only_those_still_usable():
    # B2: a card used earlier, or flipped by another seat this hand, is not offered.
    game = four_players(expansions=["bonus_beats"])
    game.push(record.round_from_dict(game, hand_entry.to_round(game, entries(game, {
        "Ann": (3, 3, 0, "over_by_one"), "Bob": (4, 4), "Cat": (3, 3), "Dan": (4, 4)})), 1))
    current = entries(game, {"Bob": (0, 0, 0, "under_by_one")})
    offered = {card.id for card in hand_entry.usable_bonus_beats(game, "Cat", current)}
    assert "over_by_one" not in offered and "under_by_one" not in offered
    assert "off_key_no_penalty" not in offered  # Off-Key only
    assert "yellow_nine" not in offered  # 3 players only


def test_dealt_cards_limit_the_offer_to_the_players_own():
    game = four_players(expansions=["bonus_beats"], bonus_beats_dealt={
        "Ann": ["over_by_one", "zero_card"], "Bob": ["under_by_one", "flip_suit"],
        "Cat": ["plus_one_per_miss", "change_bid"], "Dan": ["zero_bid_eight", "ignore_suit"]})
    assert [c.id for c in hand_entry.usable_bonus_beats(game, "Ann", hand_entry.blank(game))] == \
        ["over_by_one", "zero_card"]
    assert hand_entry.held_bonus_beats(game)["Dan"] == ["8 for 0", "ignore suit"]


def test_a_stored_hand_comes_back_into_the_form_unchanged():
    game = four_players(expansions=["bonus_beats", "off_key"])
    typed = entries(game, {"Ann": (3, 3, 1, "over_by_one"), "Bob": (4, 2), "Cat": (2, 5), "Dan": (0, 4, 2)})
    assert hand_entry.from_round(game, hand_entry.to_round(game, typed)) == typed


def test_next_leader_says_why():
    game = four_players()
    assert logic.next_turn(game) == "Ann leads hand 1: left of the dealer, Dan"  # X6, in words only
    game.push(record.round_from_dict(game, hand_entry.to_round(game, entries(game, {
        "Ann": (3, 3), "Bob": (4, 2), "Cat": (2, 5), "Dan": (0, 4)})), 1))
    assert logic.next_turn(game) == "Bob leads hand 2: lowest total, 2"  # X7, in words only


def test_standings_rank_best_first_and_share_a_rank_on_equal_totals():
    game = four_players()
    game.push(record.round_from_dict(game, hand_entry.to_round(game, entries(game, {
        "Ann": (3, 3), "Bob": (4, 2), "Cat": (2, 5), "Dan": (0, 4)})), 1))
    assert logic.standings(game) == [(1, "Ann", 8), (2, "Cat", 5), (3, "Dan", 4), (4, "Bob", 2)]
    game.push(record.round_from_dict(game, hand_entry.to_round(game, entries(game, {
        "Ann": (0, 1), "Bob": (4, 4), "Cat": (4, 4), "Dan": (0, 5)})), 2))
    assert logic.standings(game) == [(1, "Cat", 14), (2, "Bob", 11), (3, "Ann", 9), (3, "Dan", 9)]


def test_xylotar_breakdown_lines_explain_a_score():
    game = four_players(expansions=["off_key"])
    game.push(record.round_from_dict(game, hand_entry.to_round(game, entries(game, {
        "Ann": (3, 3, 1), "Bob": (4, 2), "Cat": (2, 5), "Dan": (0, 4)})), 1))
    assert logic.breakdown_lines(game, 1, "Ann") == ["bid 3, took 3", "3 tricks: +3", "bid bonus: +5",
                                                     "Off-Key cards won: -1", "hand total: 7"]


def test_monster_entry_scores_and_flags_an_incomplete_monster():
    # Y3, Y4: parts + 1 per part in hand + adjustments; a monster without legs is incomplete.
    game = Xybrid(("Ann", "Bob"))
    typed = monster_entry.blank(game)
    typed["Ann"].update(parts={"core": 0, "head": 3, "left_arm": 2, "right_arm": 1, "legs": None}, hand=2,
                        adjustments=[(2, "mission"), (-1, "")])
    assert monster_entry.infamy(typed["Ann"]) == 9
    assert monster_entry.missing(typed["Ann"]) == ["legs"]
    raw = monster_entry.to_round(game, typed, "Ann", draw_seed=7)
    assert raw["results"]["Ann"]["notes"] == ["mission", ""] and raw["draw_seed"] == 7
    assert monster_entry.from_round(game, raw)["Ann"] == typed["Ann"]


WHOLE = {"core": 0, "head": 0, "left_arm": 0, "right_arm": 0, "legs": 0}  # a complete monster worth 0 (Y3)


def test_xybrid_starter_must_come_from_the_least_infamous():
    game = Xybrid(("Ann", "Bob"))
    typed = {name: {**entry, "parts": WHOLE} for name, entry in monster_entry.blank(game).items()}
    game.push(record.round_from_dict(game, monster_entry.to_round(game, {
        **typed, "Ann": {**typed["Ann"], "hand": 3}}, "Ann"), 1))
    assert logic.next_turn(game) == "Bob starts round 2: least infamous"  # Y5, in words only
    assert [p.rule for p in monster_entry.problems(game, typed, "Ann")] == ["Y5"]


def test_the_round_screen_says_which_parts_a_monster_lacks_in_players_words():
    # Y3: a round is confirmed only with every monster complete; the screen says what is missing, without rule ids.
    game = Xybrid(("Ann", "Bob", "Cat"))
    entries = monster_entry.blank(game)
    entries["Ann"]["parts"] = {**WHOLE, "left_arm": None}
    entries["Bob"]["parts"] = {**WHOLE, "head": 3}
    found = monster_entry.problems(game, entries, "Ann")
    assert [(p.player, p.rule) for p in found] == [("Ann", "Y3"), ("Cat", "Y3")]
    assert monster_entry.said(game, entries, found) == ["Ann's monster has no left arm yet",
                                                        "Cat's monster has no parts yet"]
    assert monster_entry.lacking("Ann", entries["Ann"]) == ["Ann's monster has no left arm yet"]
    assert monster_entry.lacking("Bob", entries["Bob"]) == []
    # The hint about destroyed parts shows for a monster begun and lacking a part an effect may destroy.
    assert [monster_entry.destroyed_hint(entries[name]) for name in game.players] == [True, False, False]
    assert "negative adjustment" in monster_entry.DESTROYED
    entries["Cat"]["parts"] = {"core": None, "head": 2, "left_arm": 1, "right_arm": None, "legs": None}
    assert monster_entry.lacking("Cat", entries["Cat"]) == ["Cat's monster has no core yet",
                                                            "Cat's monster has no right arm or legs yet"]
    for line in monster_entry.said(game, entries, monster_entry.problems(game, entries, "Ann")):
        assert "(Y" not in line and "_" not in line
    # A destroyed left arm stays ticked and is taken off with a negative adjustment: the round can be confirmed.
    entries["Ann"]["parts"] = {**WHOLE, "left_arm": 2}
    entries["Ann"]["adjustments"] = [(-2, "DEPLOY: Bob destroys my left arm")]
    entries["Cat"]["parts"] = WHOLE
    assert monster_entry.problems(game, entries, "Ann") == []
    assert monster_entry.infamy(entries["Ann"]) == 0


def test_tiebreak_hand_is_announced():
    # X8: tied on top and nobody splits them: everyone plays another hand.
    game = Xylotar(["Ann", "Bob", "Cat"], dealer="Cat")
    for number in (1, 2, 3):
        game.push(record.round_from_dict(game, hand_entry.to_round(game, entries(game, {
            "Ann": (5, 4), "Bob": (5, 4), "Cat": (0, 4)})), number))
    assert "tiebreak hand next" in logic.progress_line(game)


def test_routes():
    assert parse("/") == ("home", {})
    assert parse("/game/3") == ("game", {"id": 3})
    assert parse("/game/3/round") == ("round", {"id": 3, "number": None})
    assert parse("/game/3/round/2") == ("round", {"id": 3, "number": 2})
    assert parse("/display") == ("display", {})
    assert parse("/display/4") == ("display", {"id": 4})
    assert parse("/history/5") == ("history", {"id": 5})
    assert parse("/nowhere/1") == ("home", {})


def test_routes_ignore_empty_parts_and_the_query_and_send_anything_else_home():
    assert parse("//game//3/") == ("game", {"id": 3})
    assert parse("/game/3?from=qr") == ("game", {"id": 3})
    assert parse("/history") == ("history", {})
    assert parse("/players") == ("players", {}) and parse("/new") == ("new", {})
    for wrong in ("/GAME/3", "/game/x", "/game/3/round/x", "/game/3/table/x", "/new/1", "/players/1/x/y",
                  "/display/4/x", "/history/x", "/join", "/host", "/game/\u00b2"):  # ² is no number
        assert parse(wrong) == ("home", {}), wrong


def test_cards_offered_are_grouped_by_when_they_may_be_flipped():
    cards = [hand_entry.BONUS_BEATS[c] for c in ("over_by_one", "under_by_one", "zero_card")]
    assert hand_entry.by_timing(cards) == ["Immediately after you bid: #, b", "Before you play your 1st card: 0"]


# --- issue 11: scores that explain themselves --------------------------------
from companion import MonsterEntry, Part, PartType, XybridRound  # noqa: E402
from tests.builders import hand, played  # noqa: E402

# Two hands after which Ann has 16, Bob 16, Cat 14, Dev 12 (as in test_xylotar_tiebreak).
EVEN_START = (hand(Ann=(3, 3), Bob=(3, 3), Cat=(2, 2), Dev=(0, 6)),) * 2
NO_MATCH = hand(Ann=(0, 3), Bob=(0, 3), Cat=(0, 4), Dev=(0, 4))  # Ann and Bob still tie, neither matched


# X8: tied on top after hand 3, Bob matched his bid with fewer tricks: he is first at rank 1, Ann second at 27 too.
def test_standings_put_the_x8_winner_of_a_tie_first():
    game = played("Ann Bob Cat Dev",
                  hand(Ann=(4, 4), Bob=(5, 5), Cat=(0, 3), Dev=(0, 2)),
                  hand(Ann=(4, 4), Bob=(5, 5), Cat=(0, 3), Dev=(0, 2)),
                  hand(Ann=(4, 4), Bob=(2, 2), Cat=(0, 4), Dev=(0, 4)))
    assert game.outcome().winners == ("Bob",)
    assert logic.standings(game) == [(1, "Bob", 27), (2, "Ann", 27), (3, "Cat", 10), (4, "Dev", 8)]


# X8: a tie the last hand does not decide is still a tie: shared rank 1 until the tiebreak hand is played.
def test_standings_show_a_tie_awaiting_a_tiebreak_hand_as_a_tie():
    game = played("Ann Bob Cat Dev", *EVEN_START, NO_MATCH)
    assert game.outcome().next_is_tiebreak
    assert logic.standings(game) == [(1, "Ann", 19), (1, "Bob", 19), (3, "Cat", 18), (4, "Dev", 16)]


# X8: tiebreak hands until one is decided; the winner of the deciding hand leads at equal totals.
def test_standings_after_a_decided_tiebreak_hand():
    game = played("Ann Bob Cat Dev", *EVEN_START, NO_MATCH, hand(Ann=(0, 4), Bob=(0, 4), Cat=(0, 3), Dev=(0, 3)))
    assert logic.standings(game) == [(1, "Ann", 23), (1, "Bob", 23), (3, "Cat", 21), (4, "Dev", 19)]  # still tied
    game.push(hand(Ann=(1, 1), Bob=(0, 6), Cat=(0, 3), Dev=(0, 4)))  # 29-29, only Ann matched: X8 decides
    assert game.outcome().winners == ("Ann",)
    assert logic.standings(game) == [(1, "Ann", 29), (2, "Bob", 29), (3, "Cat", 24), (4, "Dev", 23)]


# X8: after a tiebreak hand, a player outside the tie can win; the three left at 22 share rank 2.
def test_standings_after_a_tiebreak_hand_won_from_outside_the_tie():
    game = played("Ann Bob Cat Dev", *EVEN_START, NO_MATCH, hand(Ann=(2, 3), Bob=(2, 3), Cat=(2, 2), Dev=(0, 6)))
    assert logic.standings(game) == [(1, "Cat", 25), (2, "Ann", 22), (2, "Bob", 22), (2, "Dev", 22)]


def deployed(first: str | None = None, **infamy: int) -> XybridRound:
    """A round of complete monsters (Y3) worth exactly `infamy`: core 0, a head worth it, arms and legs 0."""
    return XybridRound({name: MonsterEntry(parts=(Part(0), Part(points), Part(0), Part(0), Part(0)))
                        for name, points in infamy.items()}, first)


# Y6: players tied for most infamy share the win: both at rank 1, the third below them.
def test_standings_show_a_shared_xybrid_win_as_a_tie():
    game = Xybrid(("Ann", "Bob", "Cat"), [deployed(Ann=5, Bob=6, Cat=7), deployed(Ann=9, Bob=2, Cat=3),
                                          deployed(Ann=1, Bob=4, Cat=5)])
    assert game.outcome().winners == ("Ann", "Cat")
    assert logic.standings(game) == [(1, "Ann", 15), (1, "Cat", 15), (3, "Bob", 12)]


# X5, X7: each row of the by-hand table has each score, the running total after it, and who led.
def test_score_rows_carry_the_running_total_and_who_led():
    game = four_players()
    for number, seats in enumerate(({"Ann": (3, 3), "Bob": (4, 2), "Cat": (2, 5), "Dan": (0, 4)},
                                    {"Ann": (0, 1), "Bob": (4, 4), "Cat": (4, 4), "Dan": (0, 5)}), start=1):
        game.push(record.round_from_dict(game, hand_entry.to_round(game, entries(game, seats)), number))
    assert logic.score_rows(game) == [
        {"number": 1, "leader": "Ann", "scores": {"Ann": 8, "Bob": 2, "Cat": 5, "Dan": 4},
         "totals": {"Ann": 8, "Bob": 2, "Cat": 5, "Dan": 4}},
        {"number": 2, "leader": "Bob", "scores": {"Ann": 1, "Bob": 9, "Cat": 9, "Dan": 5},
         "totals": {"Ann": 9, "Bob": 11, "Cat": 14, "Dan": 9}}]
    assert logic.total_shown(14) == "(14)"
    assert logic.total_said(game, 2, "Cat", 14) == "Cat total after hand 2: 14 points"
    assert logic.first_said(game, 2, "Bob") == "Bob played first in hand 2"


# Y5: XYbrid's rows say who started each round, and the running infamy.
def test_xybrid_score_rows_carry_the_running_infamy():
    game = Xybrid(("Ann", "Bob"), [deployed(Ann=5, Bob=3), deployed("Bob", Ann=1, Bob=4)])
    assert [(r["number"], r["leader"], r["scores"], r["totals"]) for r in logic.score_rows(game)] == [
        (1, "", {"Ann": 5, "Bob": 3}, {"Ann": 5, "Bob": 3}), (2, "Bob", {"Ann": 1, "Bob": 4}, {"Ann": 6, "Bob": 7})]
    assert logic.total_said(game, 2, "Bob", 7) == "Bob total after round 2: 7 infamy"
    assert logic.first_said(game, 1, "") == ""


# X5, B3, B4, O3: a reveal says the bid and tricks, the bid bonus (or that it was missed), what the
# Bonus Beat flipped earned (or that it earned nothing), the Off-Key penalty and the unused-card point.
def test_breakdown_lines_say_every_part_of_a_score_with_bonus_beats_and_off_key():
    game = played("Ann Bob Cat Dan",
                  hand(Ann=(3, 3, "over_by_one", 1), Bob=(4, 2), Cat=(2, 5, "plus_one_per_miss"), Dan=(0, 4, None, 2)),
                  hand(Ann=(3, 4, "under_by_one"), Bob=(4, 4, "off_key_no_penalty", 2), Cat=(2, 2), Dan=(0, 4)),
                  hand(Ann=(3, 3), Bob=(4, 4), Cat=(2, 2), Dan=(0, 5, None, 1)),
                  dealer="Dan", expansions=["bonus_beats", "off_key"])
    said = {(number, name): logic.breakdown_lines(game, number, name)
            for number in (1, 2, 3) for name in game.players}
    # B4: the # card made no difference to a bid met exactly; O3: 1 Off-Key card won costs 1.
    assert said[1, "Ann"] == ["bid 3, took 3", "3 tricks: +3", "bid bonus: +5", "Off-Key cards won: -1",
                              "# card flipped: no points from it this hand", "hand total: 7"]
    assert said[1, "Bob"] == ["bid 4, took 2", "2 tricks: +2", "bid missed: no bid bonus", "hand total: 2"]
    assert said[1, "Cat"] == ["bid 2, took 5", "5 tricks: +5", "bid missed: no bid bonus", "+1 Bonus Beat: +2",
                              "+1 card: 2 other seats missed", "hand total: 7"]
    assert said[1, "Dan"] == ["bid 0, took 4", "4 tricks: +4", "bid missed: no bid bonus", "Off-Key cards won: -2",
                              "hand total: 2"]
    # B4: the b card does not help 1 trick over; the ½ card spares the Off-Key penalty.
    assert said[2, "Ann"] == ["bid 3, took 4", "4 tricks: +4", "bid missed: no bid bonus",
                              "b card flipped: no points from it this hand", "hand total: 4"]
    assert said[2, "Bob"] == ["bid 4, took 4", "4 tricks: +4", "bid bonus: +5",
                              "\u00bd card: no penalty for 2 Off-Key cards", "hand total: 9"]
    # B3: Dan used no Bonus Beat in the game's 3 hands: 1 point in hand 3.
    assert said[3, "Dan"] == ["bid 0, took 5", "5 tricks: +5", "bid missed: no bid bonus", "Off-Key cards won: -1",
                              "no Bonus Beat flipped in 3 hands: +1", "hand total: 5"]
    assert said[3, "Cat"] == ["bid 2, took 2", "2 tricks: +2", "bid bonus: +5", "hand total: 7"]


# Y3, Y4: XYbrid's reveal is the engine's own; nothing is added to it.
def test_xybrid_breakdown_lines_are_the_engines():
    game = Xybrid(("Ann", "Bob"), [deployed(Ann=5, Bob=3)])
    assert logic.breakdown_lines(game, 1, "Ann") == game.explain(1, "Ann") == [
        "parts: 0 + 5 + 0 + 0 + 0 = 5", "parts in hand: +0", "round total: 5 infamy"]


def test_a_long_name_heads_a_narrow_column_by_its_first_letters():
    assert logic.column_name("Bo") == "Bo" and logic.column_name("Maria") == "Maria"
    assert logic.column_name("Maximiliana Wolfeschlegelsteinhausenberg") == "Maxi…"
    assert logic.column_name("Ann Lee") == "Ann…"  # no space before the ellipsis


def test_a_display_says_the_next_round_or_the_winner_in_players_words():
    # X7 for who leads; Y6 for a shared win, whose rule ID the engine's explanation cites and a screen drops.
    game = played("Ann Bob Cat Dev", hand(Ann=(3, 3), Bob=(3, 3), Cat=(2, 2), Dev=(0, 6)))
    assert logic.display_headline(game) == ("Hand 2", game.next_turn())
    shared = Xybrid(("Ann", "Bob"))
    for first in ("Ann", "Ann", "Bob"):
        shared.push(XybridRound({n: MonsterEntry((Part(0, PartType.CORE), Part(1, PartType.HEAD),
                                                   Part(1, PartType.LEFT_ARM), Part(1, PartType.RIGHT_ARM),
                                                   Part(1, PartType.LEGS))) for n in ("Ann", "Bob")}, first))
    headline, detail = logic.display_headline(shared)
    assert headline == "Ann and Bob win!" and "(Y6)" in shared.outcome().explanation
    assert detail == "Ann and Bob share the win with 12 infamy each"


def test_the_by_hand_headers_tell_apart_players_who_share_a_names_start():
    """Issue 28: a column holds about 5 letters; two players whose names share
    their first 12 letters must not both read 'Bart…'."""
    names = ["Bartholomew Smith", "Bartholomew Jones", "Ann", "Alexandrina", "Alexandria"]
    shown = logic.column_names(names)
    assert len(set(shown)) == len(names), shown
    assert shown[2] == "Ann" and all(len(short) <= 5 for short in shown)


def test_the_scoreboards_pad_moves_from_bid_to_bid_then_trick_count_to_trick_count():
    """Issue 28: a tap per number: the bids in seat order, then the tricks; once
    all seats but one have theirs, the last fills itself in (X3) and nothing is left."""
    from companion import services
    game = services.new_game("xylotar", ["Ann", "Bob", "Cat", "Dan"], dealer="Dan")
    entries = hand_entry.blank(game)
    box = ("bid", "Ann")
    for seat, bid in (("Ann", 3), ("Bob", 4), ("Cat", 2), ("Dan", 1)):
        assert box == ("bid", seat)
        entries = {**entries, seat: {**entries[seat], "bid": bid}}
        box = hand_entry.next_box(game, entries, box)
    for seat, tricks in (("Ann", 4), ("Bob", 4), ("Cat", 2)):
        assert box == ("tricks", seat)
        entries = hand_entry.pick_tricks(game, entries, seat, tricks)
        box = hand_entry.next_box(game, entries, box)
    assert box is None and entries["Dan"]["tricks"] == 4
