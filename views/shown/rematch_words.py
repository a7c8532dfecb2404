"""What a rematch says, in players' words: the button (who deals the new
game), and what the phones and the display say as they follow into it."""
from __future__ import annotations

from companion.rematch import next_dealer

from .. import i18n


def button(game) -> str:
    """'Rematch: Bob deals' (the deal passes clockwise); XYbrid draws who starts."""
    _ = i18n.spoken().gettext
    dealer = next_dealer(game)
    return _("Rematch: {dealer} deals").format(dealer=dealer) if dealer else _("Rematch (who starts is drawn)")


def what_stays() -> str:
    """Under the button: what the new game keeps."""
    return i18n.spoken().gettext("Same players in the same seats, same expansions and table settings. "
                                 "Phones and the display at the table follow into the new game.")


def new_game(game) -> str:
    """On a phone or the display that followed into the rematch: 'New game: Bob deals'."""
    _ = i18n.spoken().gettext
    draw = game.drawn_starter()
    if draw is not None:
        return _("New game: {starter} starts").format(starter=draw.chosen)
    return _("New game: {dealer} deals").format(dealer=game.dealer)
