"""The roster on /players (issue 13): a rename shows on the history rows and
in the statistics, on a screen already open too; two names that are one
person merged, their games counted as one player's and the other name gone
from the roster and the history's filter; a player with no games removed;
each refusal said in players' words (X1); a phone seated as a merged name
follows to the name kept without scanning again."""
from __future__ import annotations

import re

import pytest

from companion import services
from companion import table_services as ts
from companion.access import Access, Role
from tests.e2e.table import Player, join

pytestmark = pytest.mark.e2e

# Three hands of a 3-player Xylotar game (12 tricks each): the second seat
# scores most (24), the first 18, the third 19.
HANDS = [((2, 2), (5, 4), (3, 6)), ((1, 1), (6, 6), (4, 5)), ((0, 0), (4, 4), (7, 8))]


def finished(served, players: tuple[str, str, str]) -> int:
    """A game played to its end; the second seat wins."""
    game_id = services.start_game(services.new_game("xylotar", players), served.store.uow())
    for seats in HANDS:
        results = {name: {"bid": bid, "tricks": tricks} for name, (bid, tricks) in zip(players, seats)}
        services.record_round(game_id, {"results": results}, served.store.uow())
    served.app.state.shared.hub.changed()
    return game_id


def rename(me: Player, name: str, new: str, said: str) -> None:
    """Rename `name` to `new` on its row once, as a player does, and see the
    screen say `said`: tap Rename, type the new name over the old, tap Save."""
    me.tap(f"Rename {name}")  # scrolled to with the wheel first if need be, and tapped once it stands still
    me.retype_into(me.page.get_by_role("textbox", name=f"New name for {name}"), new)
    me.tap("Save the new name")
    me.see_label(said)


def row_naming(me: Player, *names: str):
    """A history row (whatever its wording) naming every one of `names`."""
    pattern = "".join(f"(?=.*\\b{re.escape(name)}\\b)" for name in names)
    return me.page.get_by_text(re.compile(pattern, re.S)).first


def nowhere(me: Player, name: str):
    """Every text on the page naming `name` as a word."""
    return me.page.get_by_text(re.compile(rf"\b{re.escape(name)}\b"))


def test_a_rename_and_a_merge_reach_the_history_rows_the_filter_and_the_statistics(app_page, served):
    for players in (("Ann", "Robert", "Cat"), ("Robert", "Ann", "Cat"), ("Cat", "Bob", "Dev"), ("Bob", "Cat", "Dev")):
        finished(served, players)
    history = Player(app_page("/history"))  # open on another screen all along: it follows each change
    row_naming(history, "Ann", "Robert").wait_for()
    me = Player(app_page("/players"))
    me.see("2 games")

    rename(me, "Ann", "Anna", "Ann is now called Anna, in every game.")
    row_naming(history, "Anna", "Robert").wait_for()  # no reload: the hub told it
    assert nowhere(history, "Ann").count() == 0
    history.control("Show games of Anna").wait_for()
    history.tap("Show games of Anna")
    history.see("finished games: 2, won 1")

    me.tap("Merge Robert into another player")
    me.tap("Merge Robert into Bob")
    me.see("Merge Robert into Bob? Robert's 2 games become Bob's. This can't be undone.")
    me.tap("Yes, merge")
    me.see_label("Robert is now Bob: Robert's games count as Bob's.")
    me.control("Rename Robert").wait_for(state="detached")
    me.see("4 games")  # Bob's: his 2 and Robert's 2

    history.go("/history")
    row_naming(history, "Anna", "Bob").wait_for()  # the games Robert played name Bob now
    assert nowhere(history, "Robert").count() == 0  # not on a row, not among the filter's chips
    history.tap("Show games of Bob")
    history.see("finished games: 4, won 2")  # Robert's win and Bob's, one player's statistics


def test_a_player_with_no_games_is_removed_after_asking_and_one_with_games_offers_no_removal(app_page, served):
    finished(served, ("Kit", "Lou", "Max"))
    services.add_player("Zed", served.store.uow())
    served.app.state.shared.hub.changed()
    me = Player(app_page("/players"))
    me.see("No games yet")
    assert me.control("Remove Kit from the roster").count() == 0  # Kit has a game: merge, not remove
    me.tap("Remove Zed from the roster")
    me.see("Remove Zed from the roster?")
    me.tap("Keep Zed")
    me.page.get_by_text("Remove Zed from the roster?").wait_for(state="detached")
    me.tap("Remove Zed from the roster")
    me.tap("Yes, remove")
    me.see_label("Zed is off the roster.")
    me.control("Rename Zed").wait_for(state="detached")
    assert "Zed" not in services.roster(served.store.reader())
    me.tap("Open Kit's page")  # each name leads to the player's own page
    me.page.wait_for_url(re.compile(r"/players/Kit/[0-9a-f-]+$"))  # with Kit's stable id: a rename keeps it


def test_refusals_are_said_in_players_words_and_nothing_changes(app_page, served):
    finished(served, ("Hal", "Ida", "Jo"))
    me = Player(app_page("/players"))
    rename(me, "Hal", "   ", "A player's name cannot be blank.")
    rename(me, "Hal", "ida", "Ida is already on the roster: merge them instead?")
    me.tap("Merge Hal into Ida")  # offered right there
    me.see("Merge Hal into Ida? Hal's game becomes Ida's. This can't be undone.")
    me.tap("Yes, merge")
    me.see("Hal and Ida both played in the game of ")
    me.see("one person can't sit twice at one game, so they stay two players.")
    assert {"Hal", "Ida"} <= set(services.roster(served.store.reader()))
    assert me.page.get_by_text(re.compile(r"#\d|\bgame \d")).count() == 0  # no internal ids


def test_a_phone_sitting_as_a_merged_name_follows_to_the_name_kept(app_page, served):
    finished(served, ("Ned", "Oli", "Pat"))  # Ned's own game
    game_id = services.start_game(services.new_game("xylotar", ["Neddy", "Oli", "Pat"]), served.store.uow())
    link = ts.issue_link(game_id, Role.PLAYER, served.store.uow(), by=Access.host(game_id))
    served.app.state.shared.hub.changed()
    phone = join(app_page, f"/join/{link}", "Neddy")
    row_naming(phone, "Neddy").wait_for()
    me = Player(app_page("/players"))
    me.tap("Merge Neddy into another player")
    me.tap("Merge Neddy into Ned")
    me.tap("Yes, merge")
    me.see_label("Neddy is now Ned: Neddy's games count as Ned's.")
    phone.page.get_by_text(re.compile(r"\bNeddy\b")).first.wait_for(state="detached")  # no reload, no new scan
    row_naming(phone, "Ned").wait_for()
    phone.see("Your bid")  # still at the same seat, bidding
