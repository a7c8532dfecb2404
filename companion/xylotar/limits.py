"""What may be entered for a Xylotar hand, seat by seat: the engine's one
answer to "how many?", which its checks apply (hand.py, live_hand.py) and
every screen offers (the host's form, the phones, the counts typed at the
end of a hand). The Bonus Beats a player may flip are `flips.flippable`.

O3 says Off-Key cards are won only in tricks taken. A trick holds one card
per seat (X3), so a seat that took t tricks won at most t x seats cards,
Off-Key ones included, and no seat wins more Off-Key cards than are in
play: 8, or 6 at 3 players (O1), less those the other seats won. The
number actually in play may be lower (O2 sets one card of each colour
aside, which may be an Off-Key card), but no one at the table knows it, so
the bound is the one the rules give.
"""
from __future__ import annotations

from ..errors import Problem, problem, said, said_n
from ..players import shown
from .deal import Deal


def is_count(value: object) -> bool:
    """A whole number as entered (True and False are not counts)."""
    return isinstance(value, int) and not isinstance(value, bool)


def tricks(table: Deal) -> range:
    """X3: the tricks one seat may take in a hand."""
    return range(table.tricks_per_hand + 1)


def tricks_left(table: Deal, others: int) -> int | None:
    """X3: the tricks the last seat took, when the other seats took `others`
    (the tricks of a hand add up); None if that is no count it may take."""
    left = table.tricks_per_hand - others
    return left if left in tricks(table) else None


def tricks_off(table: Deal, total: int) -> int:
    """X3: how far `total` tricks over all seats are from the hand's: more
    than 0 too many, less than 0 missing, 0 when they add up."""
    return total - table.tricks_per_hand


def off_key_over(table: Deal, total: int) -> int:
    """O1, O3: how many more Off-Key cards `total` is than may be won in a hand (0 if none)."""
    return max(0, total - off_key_in_play(table))


def off_key_in_play(table: Deal) -> int:
    """O1, O3: the Off-Key cards that may be won in a hand, one per colour in play."""
    return len(table.colours)


def off_key_in_tricks(table: Deal, taken: int) -> int:
    """O3: the most cards (Off-Key ones included) a seat wins in `taken` tricks."""
    return taken * table.seats


def off_key(table: Deal, off_key_on: bool, taken: object, others: int = 0) -> int:
    """O3: the most Off-Key cards a seat that took `taken` tricks may be
    entered as winning, when the other seats won `others` of them (0
    without Off-Key, or without a trick)."""
    if not off_key_on or not is_count(taken) or taken <= 0:
        return 0
    return max(0, min(off_key_in_tricks(table, taken), off_key_in_play(table) - others))


def off_key_in_trick(table: Deal, off_key_on: bool, won: int) -> int:
    """O3: the most Off-Key cards one trick may hold when the tricks before
    it held `won`: one card per seat, and no more than are left in play."""
    return max(0, min(table.seats, off_key_in_play(table) - won)) if off_key_on else 0


def off_key_problems(table: Deal, off_key_on: bool, taken: object, won: object, where: dict) -> list[Problem]:
    """O3 on one seat's Off-Key cards won with `taken` tricks (the total over
    the hand is `off_key_total_problems`)."""
    if not is_count(won) or won < 0:
        return [problem(said("Off-Key cards won {won} must be 0 or more", won=shown(won)), "O3", **where)]
    if won and not off_key_on:
        return [problem(said("Off-Key cards won, but this game is played without Off-Key"), "O3", **where)]
    if won and is_count(taken) and won > off_key_in_tricks(table, taken):
        return [problem(said("won {cards} in {tricks}",
                             cards=said_n("{n} Off-Key card", "{n} Off-Key cards", "n", n=won),
                             tricks=said_n("{n} trick", "{n} tricks", "n", n=taken)), "O3", **where)]
    return []


def off_key_total_problems(table: Deal, total: int, where: dict) -> list[Problem]:
    """O3: the Off-Key cards won by all seats in a hand."""
    if total > off_key_in_play(table):
        return [problem(said("{total} Off-Key cards won, but only {in_play} are in play", total=total,
                             in_play=off_key_in_play(table)), "O3", **where)]
    return []
