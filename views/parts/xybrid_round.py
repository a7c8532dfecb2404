"""Enter or correct one XYbrid round: each player's infamy as a total
(views/parts/xybrid_quick.py), or each monster's parts by type with their
values, parts left in hand, signed adjustments with notes; and who starts."""
from __future__ import annotations

import flet as ft

from companion import Xybrid, draw_starter
from companion.xybrid import ADJUSTMENT_EFFECTS, StarterDraw

from ..shown import drafts as said, monster_entry, starter
from .guard import screen
from .round_entry import use_round_entry, why_topics
from .xybrid_quick import QuickPanel
from .names import ChipName
from .text_box import ticked
from .widgets import LEAST, BigButton, IconTap, Note, NumberStepper, Panel, S, TextTap, Txt, stepped

PART_MAX = 12


def _replace(items: list, index: int, value) -> list:
    return [value if i == index else item for i, item in enumerate(items)]


def _drop(items: list, index: int) -> list:
    return [item for i, item in enumerate(items) if i != index]


def _waiting(found: list[str], below: bool = True) -> str:
    """The first reason the round cannot be confirmed, and how many more
    (said `below` the entry, part by part; as totals, only here)."""
    more = len(found) - 1
    return found[0] + (f" (and {more} more{' below' if below else ''})" if more else "")


@ft.component
def MonsterPanel(name: str, entry: dict, on_change):
    """`on_change(name, fn)` applies fn to this player's current entry."""
    def put(fn):
        on_change(name, fn)

    def part_toggle(kind: str, present: bool):
        first = monster_entry.fixed_value(kind) or 0  # a part ticked starts at its value, or 0
        put(lambda e: {**e, "parts": {**e["parts"], kind: first if present else None}})

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

    def pick_effect(index: int, effect: str, on: bool):
        def note(e):
            now = e["adjustments"][index][1]
            return effect if on else ("" if now == effect else now)
        put(lambda e: {**e, "adjustments": _replace(e["adjustments"], index, (e["adjustments"][index][0], note(e)))})

    score = monster_entry.infamy(entry)
    rows = [ft.Row([ft.Container(Txt(name, S.TITLE_LARGE, weight=ft.FontWeight.W_700), expand=True),
                    Txt(f"{score} infamy", S.TITLE_MEDIUM, weight=ft.FontWeight.W_600,
                        label=f"{name} scores {score} infamy")])]
    for kind in monster_entry.PART_TYPES:
        value = entry["parts"][kind]
        label = kind.replace("_", " ").capitalize()
        toggle = ft.Checkbox(value=value is not None, semantics_label=f"{name} has a {label.lower()}",
                             on_change=lambda e, k=kind: part_toggle(k, e.control.value))
        fixed = monster_entry.fixed_value(kind)  # Y3: a core is worth 0, so it has no stepper
        if fixed is not None or value is None:
            rows.append(ft.Row([toggle, Txt(label + (f" (worth {fixed})" if fixed is not None else ""),
                                            S.TITLE_MEDIUM)]))
        else:
            rows.append(ft.Row([toggle, ft.Container(NumberStepper(label, value, part_step(kind), high=PART_MAX,
                                                                   who=name), expand=True)]))
    for index, value in enumerate(entry["auxiliaries"]):
        rows.append(ft.Row([
            IconTap(ft.Icons.DELETE_OUTLINE, tooltip=f"{name}: remove auxiliary {index + 1}",
                          on_click=lambda _, i=index: put(lambda e: {**e, "auxiliaries": _drop(e["auxiliaries"], i)})),
            ft.Container(NumberStepper(f"Auxiliary {index + 1}", value, aux_step(index), high=PART_MAX, who=name),
                         expand=True)]))
    rows.append(NumberStepper("Parts in hand", entry["hand"], lambda d: put(lambda e: {**e, "hand": stepped(
        e["hand"], d, 0, 30)}), high=30, who=name, hint="+1 infamy each"))
    for index, (value, note) in enumerate(entry["adjustments"]):
        rows.append(NumberStepper(f"Adjustment {index + 1}", value, adj_step(index), low=-30, high=30, who=name,
                                  hint=" or ".join([", ".join(ADJUSTMENT_EFFECTS[:-1]), ADJUSTMENT_EFFECTS[-1]])))
        # The effect in one tap, no keyboard: its name is the note (tapped again, the note is blank again).
        rows.append(ft.Row([ft.Chip(label=ft.Text(effect), selected=note == effect, show_checkmark=False, height=LEAST,
                                    tooltip=f"{name} adjustment {index + 1}: {effect}",
                                    on_select=lambda e, i=index, word=effect: pick_effect(i, word, ticked(e)))
                            for effect in ADJUSTMENT_EFFECTS], wrap=True, spacing=6, run_spacing=4))
        rows.append(ft.Row([
            ft.TextField(label=f"{name} adjustment {index + 1} note", value=note, expand=True, dense=True,
                         on_change=lambda e, i=index: adj_note(i, e.control.value)),
            IconTap(ft.Icons.DELETE_OUTLINE, tooltip=f"{name}: remove adjustment {index + 1}",
                          on_click=lambda _, i=index: put(lambda e: {**e, "adjustments": _drop(e["adjustments"], i)}))]))
    rows.append(ft.Row([
        TextTap("Add auxiliary", icon=ft.Icons.ADD, tooltip=f"{name}: add auxiliary part",
                      on_click=lambda: put(lambda e: {**e, "auxiliaries": e["auxiliaries"] + [0]})),
        TextTap("Add adjustment", icon=ft.Icons.ADD, tooltip=f"{name}: add adjustment",
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
    return Panel([  # one compact panel: with 4 players the round's totals and Confirm still fit a phone
        ft.Row([Txt("Who starts", S.TITLE_SMALL, weight=ft.FontWeight.W_600),
                *[ft.Chip(label=ChipName(name), selected=name == chosen, tooltip=f"{name} starts",
                          on_select=lambda _, n=name: on_pick(n)) for name in candidates]],
               wrap=True, spacing=6, run_spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        *([BigButton("Draw who starts", on_draw, icon=ft.Icons.CASINO, filled=False)]
          if len(candidates) > 1 and may_draw else []),
        *([Txt(drawn.words(), S.BODY_SMALL, italic=True)] if drawn else []),
    ], padding=10, spacing=4)


MODE = "xyscore.xybrid_entry"  # page.session.store: how this browser last chose to enter a round


def _modes(mode: str, on_pick) -> ft.Control:
    """Quick totals or part by part: two buttons a thumb's height, the one in use filled."""
    def one(value: str, text: str) -> ft.Control:
        kind = ft.FilledButton if value == mode else ft.OutlinedButton
        return kind(text, on_click=lambda: on_pick(value), height=LEAST, expand=True)
    return ft.Row([one(monster_entry.QUICK, "Quick: totals"), one(monster_entry.PARTS, "Part by part")], spacing=6)


@screen
def XybridRoundForm(route: str, title: str, game_id: int, game: Xybrid, number: int | None, raw: dict | None):
    """A round entered as totals ("Quick: totals", each player's infamy in a
    tap or two) or part by part, as this browser last chose (quick at first);
    a correction opens the way its round was entered. The draft, a clash with
    another screen and the saving are the round forms' one way
    (views/parts/round_entry.py)."""
    page = ft.context.page
    if raw:
        mode = monster_entry.QUICK if monster_entry.entered_as_totals(raw) else monster_entry.PARTS
    else:
        mode = page.session.store.get(MODE) or monster_entry.QUICK
    initial = {"mode": mode,
               "parts": monster_entry.from_round(game, raw) if raw else monster_entry.blank(game),
               "quick": monster_entry.quick_from_round(game, number) if number else monster_entry.quick_blank(game)}
    candidates = game.next_starters() if number is None else ()
    # The starter drawn before this round (at set-up, or a tie's draw made once): no second draw. One picked
    # or drawn here holds while the rounds stay as they were (another screen may enter one meanwhile).
    opening, predrawn = starter.round_start(game, number, raw)
    picked, set_picked = ft.use_state(None)  # (rounds then, who starts, the draw)
    first, drawn = picked[1:] if picked and picked[0] == len(game.rounds) else (opening, predrawn)
    seed = drawn.seed if drawn and drawn.chosen == first else None

    def to_round(typed: dict) -> dict:
        if typed["mode"] == monster_entry.QUICK:
            return monster_entry.quick_to_round(game, typed["quick"], first, seed)
        return monster_entry.to_round(game, typed["parts"], first, seed)

    def say(problems) -> list[str]:
        if quick:
            return [monster_entry.say(p) for p in problems]
        return monster_entry.said(game, entries["parts"], list(problems), number)

    entry = use_round_entry(game_id, game, number, initial, to_round=to_round, say=say, ignore=("mode",),
                            stored_lines=lambda n: said.scored_lines(game.scored()[n - 1], game.unit))
    entries = entry.entries
    mode = entries["mode"]
    quick = mode == monster_entry.QUICK

    def draw():
        result = draw_starter(candidates)
        set_picked((len(game.rounds), result.chosen, result))

    def change(name: str, fn):
        entry.change(lambda current: {**current, mode: {**current[mode], name: fn(current[mode][name])}})

    def switch(chosen: str):
        if not raw:
            page.session.store.set(MODE, chosen)  # remembered for this browser's next round
        entry.change(lambda current: {**current, "mode": chosen})

    if quick:
        found = monster_entry.quick_missing(game, entries["quick"])
        if not found:
            found = [monster_entry.say(p) for p in monster_entry.round_problems(
                game, monster_entry.quick_to_round(game, entries["quick"], first), number)]
        broken = []
        scores = {name: monster_entry.quick_total(entries["quick"][name]) for name in game.players}
        panels = [ft.Container(QuickPanel(name, entries["quick"][name], change), col={"xs": 12, "md": 6})
                  for name in game.players]
    else:
        broken = monster_entry.problems(game, entries["parts"], first, number)
        found = monster_entry.said(game, entries["parts"], broken, number)
        scores = {name: monster_entry.infamy(entries["parts"][name]) for name in game.players}
        panels = [ft.Container(MonsterPanel(name, entries["parts"][name], change), col={"xs": 12, "md": 6})
                  for name in game.players]
    if number is None and not first:
        found.append("Pick or draw who starts this round")
    summary = ft.Column([
        Txt(" · ".join(f"{n} {'–' if v is None else v}" for n, v in scores.items()), S.TITLE_MEDIUM,
            weight=ft.FontWeight.W_700),
        # What keeps the round from being confirmed, beside the button, before anyone taps it.
        Txt(_waiting(found, below=not quick), S.BODY_SMALL, color=ft.Colors.ERROR, weight=ft.FontWeight.W_600)
        if found else
        Txt(f"{first} starts" if first else "pick who starts", S.BODY_SMALL, color=ft.Colors.ON_SURFACE_VARIANT),
    ], spacing=0, expand=True)
    return entry.screen(route, title, [
        _modes(mode, switch),
        *([StarterPicker(candidates, first, drawn if drawn and drawn.chosen == first else None,
                         lambda name: set_picked((len(game.rounds), name, drawn)), draw,
                         may_draw=predrawn is None)] if candidates else []),
        *([Note(f"{first} started this round.")] if number and first else []),
        ft.ResponsiveRow(panels, spacing=12, run_spacing=6 if quick else 12),
    ], problems=found, shown=[] if quick else found,  # totals still to pick are said beside Confirm
        topics=why_topics(broken), summary=summary)
