"""State that lasts one hand, in a part kept from hand to hand.

A part of the hand in play (the trick buttons, scoring the hand, a write's
state) keeps the same key when the next hand starts, so Flet patches what
changed in it instead of unmounting it and mounting it anew for every phone
(that was half the server's work of scoring a hand). What was typed for the
last hand must not stay: `use_hand_state` is `ft.use_state` that starts again
at `initial` when the hand's number changes, with no extra render. (A seat's
bid entry, which a score changes in place without drawing it again, keeps its
own state for a hand in a ref instead: views/parts/bid_editor.py `Typed`.)"""
from __future__ import annotations

from typing import Any, Callable, TypeVar

import flet as ft

T = TypeVar("T")


def use_hand_state(hand: int | None, initial: T, keep: Callable[[T], bool] = lambda value: False
                   ) -> tuple[T, Callable[[Any], None]]:
    """(value, set_value) for hand number `hand`; a value for which `keep`
    holds (a write still on its way) stays into the next hand. A hand that
    comes back (its scoring undone) starts again too: what was picked for it
    and never sent stays gone."""
    last = ft.use_ref(None)  # (the hand this part last showed, how often its hand has changed)
    turn = 0 if last.current is None else last.current[1] + (last.current[0] != hand)
    last.current = (hand, turn)
    kept, set_kept = ft.use_state(((hand, turn), initial))
    value = kept[1] if kept[0] == (hand, turn) or keep(kept[1]) else initial

    def set_value(new) -> None:
        def updated(old: tuple) -> tuple:
            before = old[1] if old[0] == (hand, turn) or keep(old[1]) else initial
            after = new(before) if callable(new) else new
            # Unchanged: the state as it is (one kept from an earlier hand reads as `initial`), so the
            # part is not drawn again for nothing (a bid stored clears its refusals: there were none).
            return old if after == before else ((hand, turn), after)
        set_kept(updated)

    return value, set_value
