"""New game says why a name is not seated, in players' words (issue 11)."""
from companion.games import find_game
from companion.players import MAX_NAME_LENGTH
from views.shown.seating import refusal, seated

XYLOTAR = find_game("xylotar")


def refused(name, seats=()):
    return refusal(name, seats, most=XYLOTAR.max_players, game=XYLOTAR.name)


def test_a_name_that_fits_is_seated_as_cleaned():
    assert seated("  Zoë 🎲 李 ", ("Ann",), most=5, game="Xylotar") == (("Ann", "Zoë 🎲 李"), None)
    assert refused("A" * MAX_NAME_LENGTH) is None


def test_blank_says_so():
    assert refused("") == "A player's name cannot be blank"
    assert refused("   ") == "A player's name cannot be blank"
    assert refused("\u200b") == "A player's name cannot be blank"


def test_too_long_says_the_limit():
    why = refused("B" * (MAX_NAME_LENGTH + 1))
    assert why.startswith("The name 'BBBB") and why.endswith(f"is longer than {MAX_NAME_LENGTH} characters")


def test_control_characters_say_so():
    assert refused("Ann\nBo") == "A player's name can't contain invisible or control characters, such as a new line"


def test_a_name_seated_already_is_named_as_seated():
    assert refused("ann", ("Ann", "Bo")) == "Ann is already seated"
    assert refused("A\u200bnn ", ("Ann",)) == "Ann is already seated"
    assert seated("ANN", ("Ann",), most=5, game="Xylotar") == (("Ann",), "Ann is already seated")


def test_a_sixth_player_is_refused_with_the_engines_limit():
    five = ("Ann", "Bo", "Cy", "Di", "Ed")
    assert XYLOTAR.max_players == 5
    assert refused("Flo", five) == "Xylotar seats at most 5 players"
    assert refused("Flo", five[:4]) is None
