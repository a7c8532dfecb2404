"""The shared table's view logic without a browser: routes, who counts as the
host, what the hand's boards say, and what `xyscore serve` prints."""
import pytest

from companion import Xylotar, record, services
from companion import table_services as ts
from companion.access import Access, NotAllowed, Role
from companion.live_hand import LiveHand, SeatBid
from companion.own_cards import dealable
from models.store import open_store
from views.web import lan, table_actions
from views.shown import table_logic
from views.web.live import Hub
from views.router import LINK_SCREENS, OPEN_SCREENS, ROUTES, parse
from views.web.serve_banner import banner
from views.state import Shared
from views.hosting import HostRun

TOKEN = "jWWi7q5Ws9Q8sz_p2MAbKuiFWkq4xfQm"


def test_table_routes_parse_to_their_screens():
    assert parse(f"/join/{TOKEN}") == ("join", {"token": TOKEN})
    assert parse(f"/seat/{TOKEN}") == ("seat", {"token": TOKEN})
    assert parse(f"/display/{TOKEN}") == ("display_link", {"token": TOKEN})
    assert parse("/display/7") == ("display", {"id": 7})  # a game id: the host's display
    assert parse("/game/3/table") == ("table", {"id": 3})
    assert parse("/host/abc") == ("host", {"key": "abc"})
    # Only these open on any device (the links, the rules page and "no such
    # page", which show no game); every other route's screen is the host's alone.
    assert set(LINK_SCREENS) == {"join", "seat", "display_link", "host"}
    assert set(OPEN_SCREENS) == {"rules", "missing"}
    assert {name for name, _, _ in ROUTES} - set(LINK_SCREENS) - set(OPEN_SCREENS) == {
        "home", "new", "players", "player", "history", "display", "game", "round", "table"}


def test_the_host_key_opens_only_itself():
    run = HostRun()
    assert run.opens_host(run.host_key)
    other = "y" if run.host_key.endswith("x") else "x"  # a key that ends in "x" must not be "changed" to itself
    assert not run.opens_host(run.host_key[:-1] + other)
    assert len(run.host_key) == 32


def test_codes_use_the_public_address_else_the_host_browsers_own():
    assert HostRun().base("ws://127.0.0.1:8550") == "http://127.0.0.1:8550"
    assert HostRun(public_base="http://192.168.1.20:8550/").base("ws://127.0.0.1:8550") == "http://192.168.1.20:8550"


def test_the_boards_say_who_has_bid_and_the_trick_in_play():
    game = Xylotar(["Ann", "Bob", "Cat"], dealer="Cat")
    hand = LiveHand(game, {"Ann": SeatBid(3, None, 1)})
    assert table_logic.bids_line(hand) == "1 of 3 have bid"
    assert table_logic.trick_line(hand) == "Trick 1 of 12: Ann leads"
    hand.record_trick("Bob", expected_version=0)
    assert table_logic.trick_line(hand) == "Trick 2 of 12: Bob leads"
    assert table_logic.said(hand.bids["Ann"]) == "bid 3"
    assert table_logic.said(hand.bids["Bob"]) == "not yet"


def test_the_last_hand_is_revealed_with_its_scores():
    game = Xylotar(["Ann", "Bob", "Cat", "Dan"], dealer="Dan")
    assert table_logic.last_hand_bids(game) == []
    game.push(record.round_from_dict(game, {"results": {
        "Ann": {"bid": 3, "tricks": 3}, "Bob": {"bid": 2, "tricks": 2},
        "Cat": {"bid": 5, "tricks": 5}, "Dan": {"bid": 4, "tricks": 4}}}, 1))
    assert table_logic.last_hand_bids(game)[0] == ("Ann", "bid 3, took 3", 8)


def test_serve_prints_the_game_in_plays_links_and_keeps_them(tmp_path):
    store = open_store(tmp_path / "s.db")
    game_id = services.start_game(services.new_game("xylotar", ["Ann", "Bob"], dealer="Bob"), store.uow())
    run = HostRun()
    text = banner(store, run, lan.LanAddress("192.168.1.20", "route"), 8550, qr_codes=False)
    join, display = run.token(game_id, "player"), run.token(game_id, "display")
    assert f"http://192.168.1.20:8550/join/{join}" in text
    assert f"http://192.168.1.20:8550/display/{display}" in text
    assert f"/host/{run.host_key}" in text
    assert "Whoever has this host link is the host" in text  # and how to renew it if it got out
    assert "make a new one on the host's home screen" in text
    assert ts.resolve(display, store.uow()).role is Role.DISPLAY
    assert [a.role for a in ts.links(game_id, store.uow(), by=Access.host(game_id))] == [Role.PLAYER, Role.DISPLAY]
    store.close()


def test_a_link_opened_on_a_screen_of_another_kind_gets_the_wrong_link_page(tmp_path):
    """The display's code scanned as a seat, or a seat's link as the display:
    the page says the link opens nothing, never the other role's view."""
    store = open_store(tmp_path / "t.db")
    shared = Shared(store=store, hub=Hub())
    game_id = services.start_game(services.new_game("xylotar", ["Ann", "Bob", "Cat"], dealer="Cat"), store.uow())
    display = ts.issue_link(game_id, Role.DISPLAY, store.uow(), by=Access.host(game_id))
    assert table_actions.open_token(shared, display, fits=lambda seen: seen.access.role is Role.DISPLAY).own_seat is None
    with pytest.raises(NotAllowed, match="This link does not open any game"):
        table_actions.open_token(shared, display, fits=lambda seen: seen.own_seat is not None)
    store.close()


def test_a_phone_revoked_while_its_screen_is_open_is_shut_out_at_its_next_render(tmp_path):
    """Screens keep what a token opened and share one read per change, yet the
    revoke (a change) reaches the phone's very next render, and a mistyped
    token still opens nothing."""
    store = open_store(tmp_path / "t.db")
    shared = Shared(store=store, hub=Hub())
    game_id = services.start_game(services.new_game("xylotar", ["Ann", "Bob", "Cat"], dealer="Cat"), store.uow())
    host = Access.host(game_id)
    run = HostRun()
    join = ts.resolve(table_actions.make_link(shared, run, game_id, Role.PLAYER), store.uow())
    ann = table_actions.join(shared, join, "Ann")
    seat = lambda seen: seen.own_seat is not None  # noqa: E731
    assert table_actions.open_token(shared, ann, fits=seat).own_seat == "Ann"
    table_actions.revoke(shared, run, ts.resolve(ann, store.uow()))
    with pytest.raises(NotAllowed, match="This link no longer works"):
        table_actions.open_token(shared, ann, fits=seat)
    assert "Ann" in ts.view(game_id, store.uow(), by=host).free_seats
    with pytest.raises(NotAllowed, match="This link does not open any game"):
        table_actions.open_token(shared, ann[:-1] + ("x" if ann[-1] != "x" else "y"), fits=seat)
    store.close()


# X4 (December 2026): a phone's Bid stepper follows the card its seat flipped; X9: side players 0-7.
def test_a_phones_highest_bid_follows_the_card_flipped():
    hand = LiveHand(Xylotar(["Ann", "Bob", "Cat", "Dan"], expansions=["bonus_beats"]))
    assert table_logic.max_bid(hand, "Ann") == 10
    assert table_logic.max_bid(hand, "Ann", "red_eleven") == 11
    assert table_logic.max_bid(hand, "Ann", "view_three_bid") == 10
    three = LiveHand(Xylotar(["Ann", "Bob", "Cat"], expansions=["bonus_beats"]))
    assert (table_logic.max_bid(three, "Cat"), table_logic.max_bid(three, "Cat", "yellow_nine")) == (8, 9)
    two = LiveHand(Xylotar(["Ann", "Bob"], expansions=["bonus_beats"]))
    assert table_logic.max_bid(two, "left side player") == 7
    assert table_logic.max_bid(two, "left side player", "red_eleven") == 7


# O3: a tracked trick holds one card per seat, and no more Off-Key cards than are left in play.
def test_a_tricks_off_key_stepper_stops_at_the_cards_left():
    hand = LiveHand(Xylotar(["Ann", "Bob", "Cat"], expansions=["off_key"]))
    assert hand.most_off_key_in_trick() == 3
    for _ in range(2):
        hand.record_trick("Ann", 3 if not hand.tricks else 2, expected_version=hand.tricks_version)
    assert hand.most_off_key_in_trick() == 1  # 5 of 6 won


def test_p1_p2_p3_a_seats_row_reads_as_one_phrase_with_its_bid_its_flipped_card_and_cards_left():
    game = Xylotar(["Ann", "Bob", "Cat"], dealer="Cat", expansions=["bonus_beats"])
    hand = LiveHand(game, {"Ann": SeatBid(3, "over_by_one", 1), "Bob": SeatBid(None, "no_bid_match", 1)})
    assert table_logic.seat_said(hand, "Ann", False) == "Ann, bid 3, flipped #, 1 Bonus Beat left"
    assert table_logic.seat_said(hand, "Bob", False) == "Bob, no bid, 1 Bonus Beat left"  # B5's card is the bid
    assert table_logic.seat_said(hand, "Cat", False) == "Cat, not bid yet, 2 Bonus Beats left"
    hand.enter_count("Cat", 1, expected_version=0)
    assert table_logic.seat_said(hand, "Cat", False).endswith("took 1 trick")
    assert table_logic.typed_line(hand) == "1 trick taken of 12: eleven missing"
    hand.enter_count("Ann", 11, expected_version=0)
    assert table_logic.typed_line(hand) == "12 tricks taken of 12"
    assert not table_logic.typed_over(hand)
    hand.enter_count("Bob", 1, expected_version=0)  # X3: one more than the hand holds, said as what is over
    assert table_logic.typed_line(hand) == "13 tricks taken of 12: one too many"
    assert table_logic.typed_over(hand)


def test_b1_b2_cards_left_count_the_flips_of_scored_hands_and_of_the_hand_in_play():
    game = Xylotar(["Ann", "Bob", "Cat"], dealer="Cat", expansions=["bonus_beats"])
    first = record.round_from_dict(game, {"results": {
        "Ann": {"bid": 3, "tricks": 4, "bonus_beat": "over_by_one"}, "Bob": {"bid": 2, "tricks": 2},
        "Cat": {"bid": 6, "tricks": 6}}}, 1)
    game.push(first)
    hand = LiveHand(game, {"Ann": SeatBid(1, "view_two", 1)})
    assert table_logic.cards_left(hand, "Ann") == 0 and table_logic.cards_left_said(0) == "no Bonus Beat left"
    assert table_logic.cards_left(hand, "Bob") == 2
    plain = LiveHand(Xylotar(["Ann", "Bob"], dealer="Bob"))
    assert table_logic.cards_left(plain, "Ann") is None and table_logic.cards_left_said(None) == ""


def test_b1_p2_the_cards_a_player_may_say_they_were_dealt_leave_out_only_those_others_flipped():
    game = Xylotar(["Ann", "Bob", "Cat"], dealer="Cat", expansions=["bonus_beats"],
                   bonus_beats_dealt={"Bob": ["view_two", "lead_next"]})
    game.push(record.round_from_dict(game, {"results": {
        "Ann": {"bid": 3, "tricks": 4, "bonus_beat": "over_by_one"}, "Bob": {"bid": 2, "tricks": 2},
        "Cat": {"bid": 6, "tricks": 6}}}, 1))
    faces = {card.id for card in dealable(game, "Cat")}
    assert "over_by_one" not in faces  # flipped by Ann: it is hers
    assert {"view_two", "lead_next"} <= faces  # Bob's cards are not left out: that would give them away
    assert "over_by_one" in {card.id for card in dealable(game, "Ann")}
    assert "red_eleven" not in faces  # B1: not in the deck at 3 players


def test_a_route_longer_than_any_the_app_makes_is_no_such_page_and_nothing_keeps_it():
    from companion.players import MAX_NAME_LENGTH
    from views import router
    assert parse("/game/" + "9" * 5000) == ("missing", {})  # never reaches int() (its digit limit is 4,300)
    assert parse("/x" * 600) == ("missing", {})
    assert parse(router.NO_SUCH_PAGE) == ("missing", {})
    assert parse(12) == ("missing", {})  # a route that is not text
    assert parse("/game/1234567890") == ("home", {})  # no game number has ten digits
    # The longest route the app makes, a player's page for a 40-character name with the longest stable id
    # an import may give (128 characters), still opens it.
    from views.state import player_route
    longest = player_route("\N{GRINNING FACE}" * MAX_NAME_LENGTH, "%" * 128)
    assert len(longest) <= router.MAX_ROUTE
    assert parse(longest) == ("player", {"name": "\N{GRINNING FACE}" * 40, "uid": "%" * 128})
    # No cache of routes: nothing the router holds grows with what a client sends.
    assert not [name for name, value in vars(router).items() if hasattr(value, "cache_info")]


def test_a_session_hears_the_game_its_route_shows_now_and_the_one_its_link_opens_now():
    from types import SimpleNamespace

    from views import router
    from views.web.live import EVERY, NO_GAME
    session, tokens = SimpleNamespace(route="/game/3/table"), {}
    showing = router.showing(session, tokens)
    assert showing() == 3
    session.route = "/game/4"  # the host went to another game's scoreboard
    assert showing() == 4
    session.route = f"/seat/{TOKEN}"
    assert showing() == EVERY  # a link not opened yet may show any game
    tokens[TOKEN] = Access(game_id=9, role=Role.PLAYER, seat=1)
    assert showing() == 9
    tokens[TOKEN] = Access(game_id=10, role=Role.PLAYER, seat=1)  # its rematch: the phone follows it
    assert showing() == 10
    session.route = "/rules"
    assert showing() == NO_GAME
