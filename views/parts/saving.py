"""How a screen's write shows: `use_send` for a component, the button's
words while the write is on its way, and the notice under the entry (the
wait, the fault, or that it is stored after all). The sending itself, off
the event loop and again while the store is busy, is views/web/writes.py."""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Any, Callable

import flet as ft

from companion.access import NotAllowed
from companion.correction import effects
from companion.errors import GameError
from companion.live_hand import StaleEntry

from .. import i18n
from ..i18n import N_
from ..shown import hand_entry, undo_words, words
from ..web import actions
from ..web.writes import FAILED, WAITING, Entry, Sending, Stored
from .per_hand import use_hand_state
from .widgets import Note, Problems, Txt

SAVING_LABEL, WAITING_LABEL = N_("Saving…"), N_("Waiting…")  # said through the catalogs in `label`


def _session_lives(page) -> bool:
    """False once the browser has been away longer than the session is kept."""
    try:
        expires = page.session.expires_at
    except Exception:  # no session: the page is gone
        return False
    return expires is None or datetime.now(timezone.utc) < expires


def use_send(*, footer: bool = False, hand: int | None = None
             ) -> tuple[Sending, Callable[[Callable[[], Any]], Any]]:
    """In a component: how its write is going, and `send(write)` for its async
    handlers. An entry waiting on a busy store is sent again while the
    component is shown and its browser's session lives. `footer`: the
    screen's button sits in its footer, below a body the player may have
    scrolled away from the notice, so a fault is also said in a snack bar
    over the footer (the footer's height is fixed: it cannot grow to hold it).
    `hand`: the number of the hand a part kept from hand to hand enters
    (views/parts/per_hand.py); what was said of the last hand's write (it
    failed, it is stored after all) is not said in the next, while a write
    still on its way stays shown until it ends."""
    sending, set_sending = use_hand_state(hand, Sending(), keep=lambda state: state.busy)
    entry = ft.use_ref(Entry)
    shown = ft.use_ref(True)
    ft.on_unmounted(lambda: setattr(shown, "current", False))
    page = ft.context.page
    entry.current.on_state = set_sending if not footer else lambda state: _said_over_footer(page, state, set_sending)
    entry.current.still_open = lambda: shown.current and _session_lives(page)
    return sending, entry.current.send


def _said_over_footer(page, sending: Sending, set_sending) -> None:
    set_sending(sending)
    if sending.state == FAILED:
        page.show_dialog(ft.SnackBar(Txt(" ".join(sending.lines), color=ft.Colors.ON_ERROR_CONTAINER),
                                     show_close_icon=True, close_icon_color=ft.Colors.ON_ERROR_CONTAINER, persist=True,
                                     bgcolor=ft.Colors.ERROR_CONTAINER))


def label(sending: Sending, text: str) -> str:
    """A button's words: `text`, or "Saving…" while its write is on its way
    ("Waiting…" while the store is busy)."""
    _ = i18n.spoken().gettext
    return _(WAITING_LABEL) if sending.state == WAITING else _(SAVING_LABEL) if sending.busy else text


def notice(sending: Sending) -> list[ft.Control]:
    """What to show under the entry: the wait, the fault, or that it is stored after all."""
    lines = list(sending.lines)
    if not lines:
        return []
    if sending.state == FAILED:
        return [Problems(lines)]
    icon = ft.Icons.HOURGLASS_TOP if sending.state == WAITING else ft.Icons.CHECK_CIRCLE_OUTLINE
    return [Note(" ".join(lines), icon)]


async def attempt(send, write: Callable[[], object], on_problem: Callable[[tuple[str, ...]], None]
                  ) -> Stored | Exception | None:
    """Send `write` with `send` (a `saving.use_send`); on a refusal show why (a
    lost race names the value now stored) and return the refusal; return
    `Stored` once stored, None if not (the store's fault, which `send` shows)."""
    try:
        done = await send(write)
    except StaleEntry as error:
        on_problem((words.changed_elsewhere(error),))
        return error
    except NotAllowed as error:
        on_problem((words.say(error.reason, i18n.spoken()),))
        return error
    except GameError as error:
        on_problem(tuple(hand_entry.say(p) for p in error.problems))
        return error
    on_problem(())
    return done


def tell_saved(page, shared, game_id: int, before, after, number: int) -> None:
    """After a correction to round `number` is saved: what it changed (the
    round, hands dropped, starters kept as played, the winner, who starts
    next), in a snack bar that stays over the game screen it goes back to."""
    text = undo_words.saved(actions.load(shared, game_id).history, before.round_word, actions.HOST,
                            effects(before, after, number))
    page.show_dialog(ft.SnackBar(Txt(text, color=ft.Colors.ON_INVERSE_SURFACE), show_close_icon=True,
                                 duration=12000))
