"""A seat's phone learns nothing of another player's Bonus Beats from what it
is told (issue 23, P2): a refused flip or an entry of its own dealt cards
reads the same whether another player holds a card or nobody does (B1, B5),
changing one's cards is limited per hand, and two entries of the same card
are the host's to sort out. Real SQLite, the services the phones call."""
from __future__ import annotations

import pytest

from companion import GameError, services
from companion import table_services as table
from companion.access import Access, NotAllowed
from companion.xylotar.bonus_beats import CARDS, NO_BID, deck_for
from tests.integration.conftest import start
from views.shown import hand_entry

BOBS = ("choose_leader", "lead_leftmost")  # what Bob's phone says he was dealt
DECK = [card.id for card in deck_for(3, True)]
OTHERS = [card for card in DECK if card not in BOBS]


def new_game(store) -> int:
    return start(store, players=("Ann", "Bob", "Cat"), dealer="Cat", expansions=["bonus_beats", "off_key"])


def phone(store, game_id: int, seat: str) -> Access:
    join = table.resolve(table.issue_link(game_id, "player", store.uow(), by=Access.host(game_id)), store.uow())
    return table.resolve(table.join_seat(seat, store.uow(), by=join), store.uow())


def told(action) -> str:
    """What a phone is told: 'taken', or the words of the refusal."""
    try:
        action()
    except (GameError, NotAllowed) as refused:
        return str(refused)
    return "taken"


def flip_words(store, game_id: int, bob: Access, card: str) -> str:
    """What Bob's phone is told when he bids with `card`; nothing may be stored."""
    said = told(lambda: table.submit_bid(game_id, "Bob", None if card == NO_BID else 3, card, store.uow(),
                                         by=bob, expected_version=0))
    if said != "taken":
        assert table.view(game_id, store.uow(), by=bob).bids["Bob"].version == 0  # refused: nothing stored
    return said


def held_elsewhere(store) -> tuple[dict[str, int], dict[str, Access]]:
    """Games where Ann and Cat entered, between them, every card but Bob's: card -> game, and Bob's phones."""
    games, bobs = {}, {}
    for start_at in range(0, len(OTHERS), 4):
        four = (OTHERS[start_at:start_at + 4] * 2)[:4]
        if len(set(four)) < 4:  # the last game: fill up with cards already covered
            four = list(dict.fromkeys(OTHERS[start_at:] + OTHERS))[:4]
        game_id = new_game(store)
        table.enter_dealt(game_id, four[:2], store.uow(), by=phone(store, game_id, "Ann"))
        table.enter_dealt(game_id, four[2:], store.uow(), by=phone(store, game_id, "Cat"))
        bobs[game_id] = phone(store, game_id, "Bob")
        games.update({card: game_id for card in four})
    return games, bobs


@pytest.mark.parametrize("bob_entered", [True, False], ids=["bob-entered-his", "bob-entered-none"])
def test_b1_b5_p2_a_refused_flip_reads_the_same_whether_another_player_holds_the_card_or_nobody_does(
        store, bob_entered):
    games, bobs = held_elsewhere(store)
    nobody = new_game(store)  # nobody else entered anything: every card but Bob's is dealt to nobody
    bobs[nobody] = phone(store, nobody, "Bob")
    if bob_entered:
        for game_id, bob in bobs.items():
            table.enter_dealt(game_id, list(BOBS), store.uow(), by=bob)
    for card in (c.id for c in CARDS if c.id not in BOBS):  # every Bonus Beat, in this deck or not
        held = games.get(card, nobody)
        assert flip_words(store, held, bobs[held], card) == flip_words(store, nobody, bobs[nobody], card), card
        assert flip_words(store, nobody, bobs[nobody], card) != "taken", card  # only Bob's own cards are flipped
    if bob_entered:  # and Bob's own cards are taken, wherever the others hold theirs
        assert "not one of your Bonus Beats" in flip_words(store, nobody, bobs[nobody], OTHERS[0])
        assert flip_words(store, nobody, bobs[nobody], BOBS[0]) == "taken"


def bob_entering(store, ann_holds: list[str] | None) -> list:
    """What Bob's phone answers and shows as he enters pair after pair, past the limit."""
    game_id = new_game(store)
    if ann_holds:
        table.enter_dealt(game_id, ann_holds, store.uow(), by=phone(store, game_id, "Ann"))
    bob = phone(store, game_id, "Bob")
    seen = []
    for pair in (["over_by_one", "view_two"], ["under_by_one", "lead_next"], ["view_two", "lead_next"],
                 ["over_by_one", "under_by_one"]):
        said = told(lambda: table.enter_dealt(game_id, pair, store.uow(), by=bob))
        view = table.view(game_id, store.uow(), by=bob)
        offered = {c.id for c in hand_entry.usable_bonus_beats(view.game, "Bob", {})}
        seen.append((said, view.dealt_entered, view.game.bonus_beats_dealt, offered, view.clashing, view.asking))
    return seen


def test_b1_p2_entering_ones_own_cards_says_nothing_of_the_other_players_cards_and_is_limited(store):
    with_ann = bob_entering(store, ["over_by_one", "under_by_one"])  # Ann holds cards Bob tries
    without = bob_entering(store, None)  # nobody else entered any
    assert with_ann == without
    assert [said for said, *_ in without[:3]] == ["taken"] * 3
    assert without[2][2] == {"Bob": ("view_two", "lead_next")}
    said, entered, dealt, *_ = without[3]  # past the limit: ask the host, and the cards stay as they were
    assert "Ask the host" in said and entered and dealt == {"Bob": ("view_two", "lead_next")}


def test_b1_p2_past_the_limit_the_host_sees_who_asks_and_lets_them_enter_again(store):
    game_id = new_game(store)
    bob, host = phone(store, game_id, "Bob"), Access.host(game_id)
    for pair in (["over_by_one", "view_two"], ["under_by_one", "lead_next"], ["view_two", "lead_next"]):
        table.enter_dealt(game_id, pair, store.uow(), by=bob)
    with pytest.raises(NotAllowed, match="Ask the host"):
        table.enter_dealt(game_id, ["over_by_one", "under_by_one"], store.uow(), by=bob)
    assert table.view(game_id, store.uow(), by=host).asking == ("Bob",)
    table.clear_dealt(game_id, "Bob", store.uow(), by=host)
    assert not table.view(game_id, store.uow(), by=bob).dealt_entered  # his phone asks for the 2 cards again
    table.enter_dealt(game_id, ["over_by_one", "under_by_one"], store.uow(), by=bob)
    assert table.view(game_id, store.uow(), by=host).asking == ()
    with pytest.raises(NotAllowed):  # only the host lets a player enter again
        table.clear_dealt(game_id, "Bob", store.uow(), by=bob)


def test_b1_p2_the_host_sees_two_players_entered_the_same_card_and_sorts_it_out(store):
    game_id = new_game(store)
    ann, bob, host = phone(store, game_id, "Ann"), phone(store, game_id, "Bob"), Access.host(game_id)
    table.enter_dealt(game_id, ["over_by_one", "view_two"], store.uow(), by=ann)
    table.enter_dealt(game_id, ["over_by_one", "lead_next"], store.uow(), by=bob)  # taken: Bob is not told
    assert table.view(game_id, store.uow(), by=bob).game.bonus_beats_dealt == {"Bob": ("over_by_one", "lead_next")}
    assert table.view(game_id, store.uow(), by=ann).game.bonus_beats_dealt == {"Ann": ("over_by_one", "view_two")}
    for seat_phone in (ann, bob):  # neither phone hears of the clash
        assert table.view(game_id, store.uow(), by=seat_phone).clashing == ()
    seen = table.view(game_id, store.uow(), by=host)
    assert seen.clashing == ("Ann", "Bob") and seen.game.bonus_beats_dealt == {}  # names, never a card
    assert "bonus_beats_dealt" not in services.export_record(game_id, store.uow())  # neither entry counts yet
    table.submit_bid(game_id, "Bob", 2, "over_by_one", store.uow(), by=bob, expected_version=0)  # his to flip
    with pytest.raises(GameError, match="change Bob's bid first"):  # the hand could not be scored after
        table.clear_dealt(game_id, "Bob", store.uow(), by=host)
    table.submit_bid(game_id, "Bob", 2, "lead_next", store.uow(), by=bob, expected_version=1)
    # The host asks them, and Bob was mistaken: his entry is cleared, his phone asks again.
    table.clear_dealt(game_id, "Bob", store.uow(), by=host)
    assert table.view(game_id, store.uow(), by=host).clashing == ()
    assert not table.view(game_id, store.uow(), by=bob).dealt_entered
    with store.reader() as uow:
        assert uow.games.get(game_id).game.bonus_beats_dealt == {"Ann": ("over_by_one", "view_two")}
    table.enter_dealt(game_id, ["lead_next", "under_by_one"], store.uow(), by=bob)
    assert services.export_record(game_id, store.uow())["bonus_beats_dealt"] == {
        "Ann": ["over_by_one", "view_two"], "Bob": ["lead_next", "under_by_one"]}
