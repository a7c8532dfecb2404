"""Drafts, the Flet side: a round form's entries kept as the player types, in
this browser's storage (`ft.SharedPreferences`: localStorage on the web) and
in the session's memory (`page.session.store`, for an instant return without
a round trip to the browser), so that Back, Home, browser back, a reload or a
closed browser lose nothing. The plain part (keys, JSON, what is worth
keeping, the words) is views/shown/drafts.py.

API:

    draft = use_draft(drafts.key(game_id, number), initial, next_number, ignore=("tricks_picked",))

in a round form's component, where `initial` is the blank round (or the
stored round being corrected) and `next_number` the round the form enters
now (the next round's number, or the round corrected). It answers a `Draft`
(below):

- `draft.entries`, `draft.set_entries(value_or_update)`: the form's entries,
  as `ft.use_state` gives them (an update function is applied to the
  latest entries); kept as a draft while they differ from `initial`, and
  the draft removed when they are `initial` again.
- `draft.restored`: the round number of a draft brought back when the form
  opened (say so: `shown.drafts.restored_line`), else None.
- `draft.number`: the round these entries were typed for: `next_number`
  (always, while the entries are `initial`), or the restored draft's number (older than `next_number` when that round
  was entered on another screen meanwhile: the form says so and offers
  `renumber`).
- `draft.renumber(n)`: the entries now count as round n's ("Enter mine as
  hand 3").
- `draft.clear()`: forget the draft ("Start over", "Discard mine"): the
  entries go back to `initial`.
- `draft.forget()`: forget the draft, the entries left on screen (a round
  confirmed, as the screen leaves for the scoreboard).

and `keep(page, key, number, entries)` puts a draft under another key
(e.g. the correction of round n, before opening it: "Correct hand 2 with
mine"); `forget(page, key)` removes one.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Callable

import flet as ft

from .. import i18n
from ..shown.drafts import Draft as Kept, clash_line, decode, encode, fits, follow, restored_line, worth_keeping
from .widgets import BigButton, Panel, S, TextTap, Txt

log = logging.getLogger("xyscore.views")

_MEMORY = "xyscore.drafts"  # page.session.store: {key: shown.drafts.Draft}
_PREFS = "xyscore.prefs"  # page.session.store: this session's ft.SharedPreferences, kept referenced


def _memory(page) -> dict:
    store = page.session.store
    found = store.get(_MEMORY)
    if found is None:
        found = {}
        store.set(_MEMORY, found)
    return found


def session_service(page, key: str, make: Callable[[], Any]) -> Any:
    """This session's Flet service kept under `key` in page.session.store:
    made once by `make` and kept referenced (Flet drops a service no one holds)."""
    store = page.session.store
    service = store.get(key)
    if service is None:
        service = make()
        if service not in page._services._services:  # made outside the page's context
            page._services.register_service(service)
        store.set(key, service)
    return service


def _prefs(page) -> ft.SharedPreferences:
    """This session's browser storage service."""
    return session_service(page, _PREFS, ft.SharedPreferences)


browser_storage = _prefs  # the same service for what else a browser keeps (its language: views/parts/language.py)


async def _save(page, key: str, kept: Kept) -> None:
    try:
        await _prefs(page).set(key, encode(kept))
    except Exception:  # a browser that cannot store: the session's copy still holds
        log.warning("Could not keep a draft in the browser", exc_info=True)


async def _remove(page, key: str) -> None:
    try:
        await _prefs(page).remove(key)
    except Exception:
        log.warning("Could not remove a draft from the browser", exc_info=True)


def keep(page, key: str, number: int, entries: Any) -> None:
    """Put a draft for round `number` under `key`, at once in this session
    and soon in the browser."""
    kept = Kept(number, entries)
    _memory(page)[key] = kept
    page.run_task(_save, page, key, kept)


def forget(page, key: str) -> None:
    _memory(page)[key] = None  # this session knows there is none: the browser's copy, until removed, is stale
    page.run_task(_remove, page, key)


def _usable(kept: Kept, initial: Any, ignore) -> bool:
    return fits(kept.entries, initial, ignore) and worth_keeping(kept.entries, initial, ignore)


def pending(page, key: str) -> Kept | None:
    """The draft this session holds under `key`, if any."""
    return _memory(page).get(key)


@dataclass(frozen=True)
class Draft:
    entries: Any
    set_entries: Callable[[Any], None]
    restored: int | None
    number: int
    renumber: Callable[[int], None]
    clear: Callable[[], None]
    forget: Callable[[], None]


def use_draft(key: str, initial: Any, number: int, *, ignore=()) -> Draft:
    """The form's entries, kept as a draft under `key` (see the module's docstring)."""
    page = ft.context.page
    memory = _memory(page)
    found = memory.get(key)
    start = found if found is not None and _usable(found, initial, ignore) else None
    typed, set_state = ft.use_state(lambda: start.entries if start else initial)
    # On the seats as they are now: a player renamed meanwhile keeps what was typed for them.
    entries = follow(typed, initial, ignore)
    restored, set_restored = ft.use_state(start.number if start else None)
    typed_for, set_for = ft.use_state(start.number if start else number)
    # The browser's copy has been read, or this session knows better: it kept or forgot one here (a form
    # opening as another forgets its draft, the scoreboard's own entry, must not read it back from the browser).
    read = ft.use_ref(key in memory)
    touched = ft.use_ref(False)
    latest = ft.use_ref(None)
    latest.current = (entries, typed_for, initial)

    async def store(current, for_number, blank) -> None:
        if worth_keeping(current, blank, ignore):
            kept = Kept(for_number, current)
            memory[key] = kept
            await _save(page, key, kept)
        else:
            memory[key] = None
            await _remove(page, key)

    async def load() -> None:
        if read.current:
            return
        try:
            text = await _prefs(page).get(key)
        except Exception:
            log.warning("Could not read a draft from the browser", exc_info=True)
            text = None
        read.current = True
        kept = decode(text)
        if touched.current:  # typed before the browser answered: what was typed wins
            await store(*latest.current)
        elif kept is not None and _usable(kept, initial, ignore):
            memory[key] = kept
            set_state(kept.entries)
            set_restored(kept.number)
            set_for(kept.number)

    async def persist() -> None:
        if read.current:
            await store(entries, typed_for, initial)

    ft.on_mounted(load)
    ft.use_effect(persist, [entries, typed_for])

    def set_entries(value) -> None:
        touched.current = True
        current, _, blank = latest.current
        if not worth_keeping(current, blank, ignore):  # a fresh start: typed for the round entered now
            set_for(number)
        if callable(value):  # an update of the entries as shown, the seats as they are now
            update = value
            set_state(lambda before: update(follow(before, latest.current[2], ignore)))
        else:
            set_state(value)

    def renumber(n: int) -> None:
        set_for(n)
        set_restored(None)

    def forget_here() -> None:
        touched.current = True
        forget(page, key)

    def clear() -> None:
        forget_here()
        set_state(initial)
        set_restored(None)
        set_for(number)

    kept = worth_keeping(entries, initial, ignore)
    return Draft(entries, set_entries, restored if kept else None, typed_for if kept else number, renumber, clear,
                 forget_here)


# --- what both round forms show of a draft -----------------------------------------------------
def Restored(word: str, number: int, on_start_over) -> ft.Control:
    """'Your unsaved entry for hand 2 is back', with Start over."""
    return ft.Row([
        ft.Icon(ft.Icons.RESTORE, size=18, color=ft.Colors.ON_SURFACE_VARIANT),
        ft.Container(Txt(restored_line(word, number), S.BODY_MEDIUM, color=ft.Colors.ON_SURFACE_VARIANT),
                     expand=True),
        TextTap(i18n.spoken().gettext("Start over"), icon=ft.Icons.CLEAR, on_click=on_start_over),
    ], spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER)


def ClashPanel(word: str, number: int, author: str, host: str, *, upcoming: int | None, on_next, on_discard,
               stored_lines: list[str] = (), on_correct=None) -> ft.Control:
    """Round `number`, which this screen was entering, was entered on another
    screen: who and where, what was stored (`stored_lines`, one per seat, if
    known), and what to do with the entry still on this screen (kept, below,
    to compare): enter it as round `upcoming` (None: the game is over), use it
    to correct round `number` (`on_correct`, if offered), or discard it."""
    on = ft.Colors.ON_TERTIARY_CONTAINER
    speaker = i18n.spoken()
    _, n = speaker.gettext, speaker.number
    hand = word == "hand"  # each sentence by the game's round word: "hand" (Xylotar) or "round" (XYbrid)
    stored = (_("Stored for hand {number}:") if hand else _("Stored for round {number}:")).format(number=n(number))
    mine_next = (_("Enter mine as hand {number}") if hand else _("Enter mine as round {number}")).format(
        number=n(upcoming)) if upcoming is not None else ""
    mine_correct = (_("Correct hand {number} with mine") if hand else _("Correct round {number} with mine")).format(
        number=n(number))
    return Panel([
        ft.Row([ft.Icon(ft.Icons.PEOPLE_OUTLINE, color=on),
                ft.Container(Txt(clash_line(word, number, author, host), S.TITLE_MEDIUM, weight=ft.FontWeight.W_700,
                                 color=on), expand=True)]),
        *([Txt(stored, S.BODY_MEDIUM, color=on)] if stored_lines else []),
        *[Txt(line, S.BODY_MEDIUM, color=on) for line in stored_lines],
        Txt(_("Yours is below, as you entered it."), S.BODY_SMALL, italic=True, color=on),
        ft.Row([
            *([BigButton(mine_next, on_next, icon=ft.Icons.ARROW_FORWARD)]
              if upcoming is not None else []),
            *([BigButton(mine_correct, on_correct, icon=ft.Icons.EDIT, filled=False)]
              if on_correct is not None else []),
            BigButton(_("Discard mine"), on_discard, icon=ft.Icons.DELETE_OUTLINE, filled=False),
        ], wrap=True, spacing=8, run_spacing=8),
    ], padding=12, color=ft.Colors.TERTIARY_CONTAINER, spacing=6)
