"""Enter or correct one XYbrid round: each monster's parts by type with their
values, parts left in hand, signed adjustments with notes, and who starts."""
from __future__ import annotations

import flet as ft

from companion import Xybrid, draw_starter
from companion.xybrid import StarterDraw
from companion.errors import GameError

from ..shown import monster_entry, starter
from ..state import SharedContext, go
from ..web import actions
from . import saving
from .guard import screen
from .widgets import S, BigButton, Note, NumberStepper, Panel, Problems, ScreenView, Txt, stepped

PART_MAX = 12


def _replace(items: list, index: int, value) -> list:
    return [value if i == index else item for i, item in enumerate(items)]


def _drop(items: list, index: int) -> list:
    return [item for i, item in enumerate(items) if i != index]


def _waiting(found: list[str]) -> str:
    """The first reason the round cannot be confirmed, and how many more."""
    more = len(found) - 1
    return found[0] + (f" (and {more} more below)" if more else "")


@ft.component
def MonsterPanel(name: str, entry: dict, on_change):
    """`on_change(name, fn)` applies fn to this player's current entry."""
    def put(fn):
        on_change(name, fn)

    def part_toggle(kind: str, present: bool):
        put(lambda e: {**e, "parts": {**e["parts"], kind: 0 if present else None}})

    def part_step(kind: str):
        return lambda d: put(lambda e: {**e, "parts": {**e["parts"], kind: stepped(e["parts"][kind] or 0, d, 0,
                                                                                     PART_MAX)}})

    def aux_step(index: int):
        return lambda d: put(lambda e: {**e, "auxiliaries": _replace(
            e["auxiliaries"], index, stepped(e["auxiliaries"][index], d, 0, PART_MAX))})

    def adj_step(index: int):
        return lambda d: put(lambda e: {**e, "adjustments": _replace(
            e["adjustments"], index, (stepped(e["adjustments"][index][0], d, -30, 30), e["adjustments"][index][1]))})

    def adj_note(index: int, note: str):
        put(lambda e: {**e, "adjustments": _replace(e["adjustments"], index, (e["adjustments"][index][0], note))})

    score = monster_entry.infamy(entry)
    rows = [ft.Row([ft.Container(Txt(name, S.TITLE_LARGE, weight=ft.FontWeight.W_700), expand=True),
                    Txt(f"{score} infamy", S.TITLE_MEDIUM, weight=ft.FontWeight.W_600,
                        label=f"{name} scores {score} infamy")])]
    for kind in monster_entry.PART_TYPES:
        value = entry["parts"][kind]
        label = kind.replace("_", " ").capitalize()
        toggle = ft.Checkbox(value=value is not None, semantics_label=f"{name} has a {label.lower()}",
                             on_change=lambda e, k=kind: part_toggle(k, e.control.value))
        if kind == "core" or value is None:
            rows.append(ft.Row([toggle, Txt(label + (" (worth 0)" if kind == "core" else ""), S.TITLE_MEDIUM)]))
        else:
            rows.append(ft.Row([toggle, ft.Container(NumberStepper(label, value, part_step(kind), high=PART_MAX,
                                                                   who=name), expand=True)]))
    for index, value in enumerate(entry["auxiliaries"]):
        rows.append(ft.Row([
            ft.IconButton(ft.Icons.DELETE_OUTLINE, tooltip=f"{name}: remove auxiliary {index + 1}",
                          on_click=lambda _, i=index: put(lambda e: {**e, "auxiliaries": _drop(e["auxiliaries"], i)})),
            ft.Container(NumberStepper(f"Auxiliary {index + 1}", value, aux_step(index), high=PART_MAX, who=name),
                         expand=True)]))
    rows.append(NumberStepper("Parts in hand", entry["hand"], lambda d: put(lambda e: {**e, "hand": stepped(
        e["hand"], d, 0, 30)}), high=30, who=name, hint="+1 infamy each"))
    for index, (value, note) in enumerate(entry["adjustments"]):
        rows.append(NumberStepper(f"Adjustment {index + 1}", value, adj_step(index), low=-30, high=30, who=name,
                                  hint="DEPLOY, MISSION or breakthrough"))
        rows.append(ft.Row([
            ft.TextField(label=f"{name} adjustment {index + 1} note", value=note, expand=True, dense=True,
                         on_change=lambda e, i=index: adj_note(i, e.control.value)),
            ft.IconButton(ft.Icons.DELETE_OUTLINE, tooltip=f"{name}: remove adjustment {index + 1}",
                          on_click=lambda _, i=index: put(lambda e: {**e, "adjustments": _drop(e["adjustments"], i)}))]))
    rows.append(ft.Row([
        ft.TextButton("Add auxiliary", icon=ft.Icons.ADD, tooltip=f"{name}: add auxiliary part",
                      on_click=lambda: put(lambda e: {**e, "auxiliaries": e["auxiliaries"] + [0]})),
        ft.TextButton("Add adjustment", icon=ft.Icons.ADD, tooltip=f"{name}: add adjustment",
                      on_click=lambda: put(lambda e: {**e, "adjustments": e["adjustments"] + [(0, "")]})),
    ], wrap=True))
    # Y3: a monster is deployed complete; say what it still lacks, and how a destroyed part is entered (Y4).
    for line in monster_entry.lacking(name, entry):
        rows.append(Txt(line, S.BODY_MEDIUM, color=ft.Colors.ERROR, weight=ft.FontWeight.W_600))
    if monster_entry.destroyed_hint(entry):
        rows.append(Txt(monster_entry.DESTROYED, S.BODY_SMALL, color=ft.Colors.ON_SURFACE_VARIANT))
    return Panel(rows, spacing=6)


@ft.component
def StarterPicker(candidates: tuple[str, ...], chosen: str | None, drawn: StarterDraw | None, on_pick, on_draw,
                  may_draw: bool = True):
    """`drawn`: the draw behind `chosen`, if it was drawn; `may_draw` is false
    once the draw was made before this screen (at set-up): no second draw."""
    return Panel([
        Txt("Who starts", S.TITLE_MEDIUM, weight=ft.FontWeight.W_600),
        ft.Row([ft.Chip(label=Txt(name), selected=name == chosen, tooltip=f"{name} starts",
                        on_select=lambda _, n=name: on_pick(n)) for name in candidates], wrap=True),
        *([BigButton("Draw who starts", on_draw, icon=ft.Icons.CASINO, filled=False)]
          if len(candidates) > 1 and may_draw else []),
        *([Txt(drawn.words(), S.BODY_MEDIUM, italic=True)] if drawn else []),
    ])


@screen
def XybridRoundForm(route: str, title: str, game_id: int, game: Xybrid, number: int | None, raw: dict | None):
    shared = ft.use_context(SharedContext)
    entries, set_entries = ft.use_state(lambda: monster_entry.from_round(game, raw) if raw else
                                        monster_entry.blank(game))
    candidates = game.next_starters() if number is None else ()
    # Round 1's starter may have been drawn when the game was set up (stored with it).
    opening, predrawn = starter.round_start(game, number, raw)
    first, set_first = ft.use_state(opening)
    drawn, set_drawn = ft.use_state(predrawn)
    refused, set_refused = ft.use_state(())
    sending, send = saving.use_send(footer=True)

    def draw():
        result = draw_starter(candidates)
        set_first(result.chosen)
        set_drawn(result)

    def change(name: str, fn):
        set_entries(lambda current: {**current, name: fn(current[name])})
        set_refused(())

    found = monster_entry.said(game, entries, monster_entry.problems(game, entries, first, number), number)
    if number is None and not first:
        found.append("Pick or draw who starts this round")

    async def confirm():
        seed = drawn.seed if drawn and drawn.chosen == first else None
        entered, expected_number = monster_entry.to_round(game, entries, first, seed), len(game.rounds) + 1
        try:
            done = await send(lambda: actions.record_round(shared, game_id, entered, number,
                                                           expected=expected_number))
        except GameError as error:
            set_refused(tuple(monster_entry.said(game, entries, list(error.problems), number)))
            return
        if not done:
            return
        go(f"/game/{game_id}")

    scores = {name: monster_entry.infamy(entries[name]) for name in game.players}
    summary = ft.Row([
        ft.Column([Txt(" · ".join(f"{n} {v}" for n, v in scores.items()), S.TITLE_MEDIUM, weight=ft.FontWeight.W_700),
                   # What keeps the round from being confirmed, beside the button, before anyone taps it.
                   Txt(_waiting(found), S.BODY_SMALL, color=ft.Colors.ERROR, weight=ft.FontWeight.W_600)
                   if found else
                   Txt(f"{first} starts" if first else "pick who starts", S.BODY_SMALL,
                       color=ft.Colors.ON_SURFACE_VARIANT)], spacing=0, expand=True),
        BigButton(saving.label(sending, "Save correction" if number else "Confirm round"), confirm,
                  icon=ft.Icons.CHECK, disabled=bool(found) or sending.busy),
    ], vertical_alignment=ft.CrossAxisAlignment.CENTER)
    return ScreenView(route, title, [
        *([StarterPicker(candidates, first, drawn if drawn and drawn.chosen == first else None,
                         set_first, draw, may_draw=predrawn is None)] if candidates else []),
        *([Note(f"{first} started this round.")] if number and first else []),
        ft.ResponsiveRow([ft.Container(MonsterPanel(name, entries[name], change), col={"xs": 12, "md": 6})
                          for name in game.players], spacing=12, run_spacing=12),
        *([Problems(list(refused) or found)] if refused or found else []),
        *saving.notice(sending),
    ], back=f"/game/{game_id}", width=1100, footer=summary)
