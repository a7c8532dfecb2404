"""The route of a player's own page: /players/NAME, the name URL-quoted
(views/state.player_route) and read back whole, the roster's /players apart."""
from views.router import LINK_SCREENS, OPEN_SCREENS, parse
from views.state import player_route


def test_a_players_page_route_gives_back_the_name_whole():
    for name in ("Ann", "Ann Lee", "Zoë/Ö?#&", "Maximiliana Wolkenstein-Harrowgate Junio"):
        assert parse(player_route(name)) == ("player", {"name": name, "uid": None})
    assert parse("/players") == ("players", {})
    assert parse("/players/Ann/") == ("player", {"name": "Ann", "uid": None})


def test_a_players_page_route_carries_the_players_stable_id_too():
    """Issue 28: the page still opens after a rename, found by the id."""
    uid = "0b9e6c1e-3f4a-4d6b-9b1e-2a7c5d8e9f01"
    assert player_route("Zoë/Ö", uid) == "/players/Zo%C3%AB%2F%C3%96/" + uid
    assert parse(player_route("Zoë/Ö", uid)) == ("player", {"name": "Zoë/Ö", "uid": uid})
    assert parse(player_route("Ann", "a/b?c")) == ("player", {"name": "Ann", "uid": "a/b?c"})


# Only the host sees a player's page: it shows every game they played.
def test_a_players_page_is_the_hosts_only():
    assert "player" not in LINK_SCREENS + OPEN_SCREENS
