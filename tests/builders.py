"""Small literal games for the tests: a seat is (bid, tricks[, Bonus Beat[, Off-Key cards won]])."""
from __future__ import annotations

from companion.xylotar import Hand, SeatEntry, Xylotar
from views.shown import hand_entry


def seat(value: SeatEntry | tuple) -> SeatEntry:
    return value if isinstance(value, SeatEntry) else SeatEntry(*value)


def hand(sides: dict | None = None, **seats: SeatEntry | tuple) -> Hand:
    """hand(Ann=(2, 2), Bob=(None, 4, "no_bid_match"), sides={"left": (3, 2), "right": (5, 6)})."""
    return Hand({name: seat(v) for name, v in seats.items()},
                {side: seat(v) for side, v in (sides or {}).items()})


def played(players: str, *hands: Hand, **options) -> Xylotar:
    """A game of the space-separated `players` with `hands` pushed in order."""
    game = Xylotar(players.split(), **options)
    for entered in hands:
        game.push(entered)
    return game


def four_players(**kwargs) -> Xylotar:
    """Ann, Bob, Cat and Dan, Dan dealing."""
    return Xylotar(["Ann", "Bob", "Cat", "Dan"], dealer="Dan", **kwargs)


def entries(game: Xylotar, values: dict) -> dict:
    """The hand form's entries (views.shown.hand_entry): seat -> (bid, tricks[, Off-Key cards won[, Bonus Beat]])."""
    out = hand_entry.blank(game)
    for seat, (bid, tricks, *rest) in values.items():
        out[seat] = {"bid": bid, "tricks": tricks, "off_key_won": rest[0] if rest else 0,
                     "bonus_beat": rest[1] if len(rest) > 1 else None}
    return out
