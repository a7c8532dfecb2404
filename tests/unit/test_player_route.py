"""The route of a player's own page: /players/NAME, the name URL-quoted
(views/state.player_route) and read back whole, the roster's /players apart."""
from views.router import LINK_SCREENS, OPEN_SCREENS, parse
from views.state import player_route


def test_a_players_page_route_gives_back_the_name_whole():
    for name in ("Ann", "Ann Lee", "Zoë/Ö?#&", "Maximiliana Wolkenstein-Harrowgate Junio"):
        assert parse(player_route(name)) == ("player", {"name": name})
    assert parse("/players") == ("players", {})
    assert parse("/players/Ann/") == ("player", {"name": "Ann"})


# Only the host sees a player's page: it shows every game they played.
def test_a_players_page_is_the_hosts_only():
    assert "player" not in LINK_SCREENS + OPEN_SCREENS
