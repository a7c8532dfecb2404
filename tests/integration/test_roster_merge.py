"""The roster (issue 13): two names that are one person merged (their games
follow, in the lists, the records, the statistics and a phone at the table),
a player with no games removed, a rename, and each refusal in players' words
with nothing changed (X1)."""
from __future__ import annotations

import json

import pytest

from companion import services
from companion import table_services as table
from companion.access import Access, Role
from companion.facts import game_facts
from companion.stats import player_stats, table_stats
from models.roster import RosterError
from models.transfer import export_all, export_game, import_text

from .conftest import hand, rows_of, start, table_counts

HANDS = [((2, 2), (5, 4), (3, 6)), ((1, 1), (6, 6), (4, 5)), ((0, 0), (4, 4), (7, 8))]  # 3 players: 12 tricks


def finished(store, players: tuple[str, str, str]) -> int:
    """A 3-player Xylotar game played to its end (3 hands); the first seat
    meets every bid (18 points), the second two of them and wins (24), the third none (19)."""
    game_id = start(store, players=players)
    for seats in HANDS:
        services.record_round(game_id, hand(*seats, names=players), store.uow(), author=players[0])
    return game_id


@pytest.fixture
def robert_and_bob(store):
    """Robert's 3 games (1 won) and Bob's 2 (1 won), never at one table; Cat sits at all."""
    games = [finished(store, ("Robert", "Cat", "Dev")), finished(store, ("Robert", "Dev", "Cat")),
             finished(store, ("Cat", "Robert", "Eve")), finished(store, ("Bob", "Cat", "Dev")),
             finished(store, ("Cat", "Bob", "Eve"))]
    return store, games


def cached_stats(store) -> dict:
    with store.uow() as uow:
        facts = uow.game_facts()
        uow.commit()
    return table_stats(facts)


def worked_out_stats(store) -> dict:
    """From each game read and checked again: no facts cache."""
    with store.uow() as uow:
        return table_stats(game_facts(uow.games.get(s.id)) for s in uow.list_games())


def fresh_facts(store) -> bool:
    rows = rows_of(store, "SELECT game_facts.fingerprint = game.record_hash FROM game_facts"
                          " JOIN game ON game.id = game_id")
    return bool(rows) and all(fresh for (fresh,) in rows)


def test_the_roster_says_how_many_games_each_played_a_deleted_game_not_counted(robert_and_bob):
    store, games = robert_and_bob
    services.add_player("Zed", store.uow())
    services.delete_game(games[4], store.uow())
    assert services.games_played(store.reader()) == {"Bob": 1, "Cat": 4, "Dev": 3, "Eve": 1, "Robert": 3,
                                                     "Zed": 0}


def test_merging_robert_into_bob_gives_bob_every_game_and_robert_leaves_the_roster(robert_and_bob):
    store, games = robert_and_bob
    before = {game_id: services.history(game_id, store.reader()) for game_id in games}
    assert services.merge_player("robert", "BOB", store.uow()) == "Bob"
    assert services.roster(store.reader()) == ["Bob", "Cat", "Dev", "Eve"]
    assert services.games_played(store.reader())["Bob"] == 5
    assert [s.players for s in services.list_games(store.reader(), player="Bob")] == [
        ("Cat", "Bob", "Eve"), ("Bob", "Cat", "Dev"), ("Cat", "Bob", "Eve"), ("Bob", "Dev", "Cat"),
        ("Bob", "Cat", "Dev")]
    assert services.list_games(store.reader(), player="Robert") == []
    # Each game keeps its rounds and seats; its history names Bob where Robert sat, its entries unchanged.
    for game_id in games:
        after = services.history(game_id, store.reader())
        assert [(c.action, c.round, c.author, c.at) for c in after] == [
            (c.action, c.round, c.author, c.at) for c in before[game_id]]
        assert [sorted(c.after["results"]) for c in after] == [
            sorted(name.replace("Robert", "Bob") for name in c.after["results"]) for c in before[game_id]]
    # The record export (companion.game/1) names Bob too, and nobody called Robert.
    exported = json.dumps(export_all(store))
    assert "Robert" not in exported and exported.count('"Bob"') > 0
    assert [record["players"] for record in export_all(store)][:3] == [
        ["Bob", "Cat", "Dev"], ["Bob", "Dev", "Cat"], ["Cat", "Bob", "Eve"]]


def test_after_a_merge_bobs_statistics_add_robert_and_bob_up(robert_and_bob):
    store, _ = robert_and_bob
    before = cached_stats(store)
    robert, bob = before["Robert"].xylotar, before["Bob"].xylotar
    assert (robert.results.played, robert.results.won, bob.results.played, bob.results.won) == (3, 1, 2, 1)
    services.merge_player("Robert", "Bob", store.uow())
    # The facts name seats, not players: every row stays fresh for the games' new fingerprints.
    assert fresh_facts(store)
    after = cached_stats(store)
    assert "Robert" not in after
    merged = after["Bob"].xylotar
    assert (merged.results.played, merged.results.won) == (5, 2)
    assert merged.hands == robert.hands + bob.hands == 15
    assert (merged.bids.hits, merged.bids.tries) == (robert.bids.hits + bob.bids.hits, 15)
    assert after["Cat"].xylotar.results.head_to_head["Bob"].games == 5
    assert after == worked_out_stats(store)
    assert player_stats(services.game_facts(store.reader(), player="Bob"), "Bob").xylotar == merged


def test_after_a_merge_a_new_export_is_recognised_by_an_import(robert_and_bob):
    store, games = robert_and_bob
    services.merge_player("Robert", "Bob", store.uow())
    again = import_text(store, json.dumps(export_game(store, games[0])))
    assert again.already_had == [games[0]] and again.added == []


def test_after_a_rename_every_list_record_and_statistic_says_the_new_name(robert_and_bob):
    store, games = robert_and_bob
    before = cached_stats(store)
    assert services.rename_player("Robert", "Rob", store.uow()) == "Rob"
    assert fresh_facts(store)
    after = cached_stats(store)
    assert after["Rob"].xylotar == before["Robert"].xylotar and "Robert" not in after
    assert services.games_played(store.reader())["Rob"] == 3
    assert export_game(store, games[0])["players"] == ["Rob", "Cat", "Dev"]


def test_a_phone_sitting_as_robert_sits_as_bob_after_the_merge_and_keeps_its_bid(store):
    game_id = start(store, players=("Robert", "Cat", "Dev"))
    start(store, players=("Bob", "Eve", "Cat"))
    host = Access.host(game_id)
    link = table.issue_link(game_id, Role.PLAYER, store.uow(), by=host)
    phone = table.resolve(table.join_seat("Robert", store.uow(), by=table.resolve(link, store.uow())), store.uow())
    table.submit_bid(game_id, "Robert", 3, None, store.uow(), by=phone, expected_version=0)
    services.merge_player("Robert", "Bob", store.uow())
    seen = table.view(game_id, store.uow(), by=phone)
    assert seen.own_seat == "Bob" and seen.game.players == ("Bob", "Cat", "Dev")
    assert seen.bids["Bob"].bid == 3


def test_two_names_who_sat_at_one_game_are_not_merged_and_nothing_changes(robert_and_bob):
    store, _ = robert_and_bob
    game_id = start(store, players=("Robert", "Bob", "Cat"))
    day = services.load(game_id, store.reader()).started_at[:10]
    before = table_counts(store), services.roster(store.reader())
    with pytest.raises(RosterError) as refused:
        services.merge_player("Robert", "Bob", store.uow())
    year, month, date = (int(part) for part in day.split("-"))
    month_name = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                  "October", "November", "December"][month - 1]
    assert str(refused.value) == (f"Robert and Bob both played in the game of {date} {month_name} {year}: "
                                  "one person can't sit twice at one game, so they stay two players")
    assert (table_counts(store), services.roster(store.reader())) == before


def test_a_merge_of_a_name_into_itself_or_into_nobody_is_refused(robert_and_bob):
    store, _ = robert_and_bob
    before = table_counts(store)
    for name, into, said in [
            ("Bob", "bob", "That is Bob already: choose someone else to merge Bob into"),
            ("Robert", "Roberta", "there is no player called 'Roberta' on the roster"),
            ("Nobody", "Bob", "there is no player called 'Nobody' on the roster")]:
        with pytest.raises(RosterError) as refused:
            services.merge_player(name, into, store.uow())
        assert str(refused.value) == said
    assert table_counts(store) == before


def test_a_player_with_no_games_is_removed_and_one_with_games_is_refused_saying_merge(robert_and_bob):
    store, games = robert_and_bob
    services.add_player("Zed", store.uow())
    services.remove_player("zed", store.uow())
    assert "Zed" not in services.roster(store.reader())
    before = table_counts(store)
    with pytest.raises(RosterError) as refused:
        services.remove_player("Robert", store.uow())
    assert str(refused.value) == ("Robert has played 3 games, which need their name: merge Robert into another "
                                  "player instead")
    with pytest.raises(RosterError, match="^Eve has played 2 games"):
        services.remove_player("Eve", store.uow())
    assert table_counts(store) == before and "Robert" in services.roster(store.reader())


def test_a_player_whose_only_game_was_deleted_stays_since_the_game_keeps_the_name(store):
    game_id = start(store, players=("Ann", "Bob", "Zed"))
    services.delete_game(game_id, store.uow())
    assert services.games_played(store.reader())["Zed"] == 0
    with pytest.raises(RosterError, match="^Zed played in a game that was deleted, which still keeps the name: "
                                          "merge Zed into another player instead$"):
        services.remove_player("Zed", store.uow())
    assert "Zed" in services.roster(store.reader())


@pytest.mark.parametrize("new, said", [
    ("   ", "a player's name cannot be blank"),
    ("R" * 41, f"the name {'R' * 20!r}... is longer than 40 characters"),
    ("bob", "Bob is already on the roster: merge them instead?"),
    ("B\u200bOB", "Bob is already on the roster: merge them instead?"),  # the same name, with an invisible space
])
def test_a_rename_the_roster_cannot_take_is_refused_in_words_and_nothing_changes(robert_and_bob, new, said):
    store, _ = robert_and_bob
    before = table_counts(store), services.roster(store.reader())
    with pytest.raises(RosterError) as refused:
        services.rename_player("Robert", new, store.uow())
    assert str(refused.value) == said
    assert (table_counts(store), services.roster(store.reader())) == before
