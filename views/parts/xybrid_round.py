"""Enter or correct one XYbrid round: each player's infamy as a total
(views/parts/xybrid_quick.py), or each monster's parts by type with their
values, parts left in hand, signed adjustments with notes; and who starts."""
from __future__ import annotations

import flet as ft

from companion import Xybrid, draw_starter
from companion.xybrid import ADJUSTMENT_EFFECTS, StarterDraw

from .. import i18n
from ..i18n import N_, NC_
from ..shown import drafts as said, monster_entry, starter
from .guard import screen
from .round_entry import use_round_entry, why_topics
from .xybrid_quick import QuickPanel
from .names import ChipName
from .text_box import ticked
from .widgets import (GROWN_PADDING, LEAST, BigButton, IconTap, Note, NumberStepper, Panel, S, TextTap, Txt,
                      grown_words, stepped)

PART_MAX = 12
# Each part's name as its row says it, and what its tick box tells a screen reader.
PART_LABELS = {"core": N_("Core"), "head": N_("Head"), "left_arm": N_("Left arm"), "right_arm": N_("Right arm"),
               "legs": N_("Legs")}
PART_HAS = {"core": N_("{name} has a core"), "head": N_("{name} has a head"), "left_arm": N_("{name} has a left arm"),
            "right_arm": N_("{name} has a right arm"), "legs": N_("{name} has a legs")}
# Y4: an effect's name on its chip; the note kept is the card's word (DEPLOY, MISSION as printed).
EFFECT_NAMES = {"DEPLOY": NC_("effect", "DEPLOY"), "MISSION": NC_("effect", "MISSION"),
                "breakthrough": NC_("effect", "breakthrough")}
assert tuple(EFFECT_NAMES) == ADJUSTMENT_EFFECTS  # and the adjustment's hint names them: "DEPLOY, MISSION or ..."


def _replace(items: list, index: int, value) -> list:
    return [value if i == index else item for i, item in enumerate(items)]


def _drop(items: list, index: int) -> list:
    return [item for i, item in enumerate(items) if i != index]


def _waiting(found: list[str], below: bool = True) -> str:
    """The first reason the round cannot be confirmed, and how many more
    (said `below` the entry, part by part; as totals, only here)."""
    more = len(found) - 1
    if not more:
        return found[0]
    speaker = i18n.spoken()
    if below:
        said_more = speaker.ngettext("{first} (and {count} more below)", "{first} (and {count} more below)", more)
    else:
        said_more = speaker.ngettext("{first} (and {count} more)", "{first} (and {count} more)", more)
    return said_more.format(first=found[0], count=speaker.number(more))


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

    speaker = i18n.spoken()
    _ = speaker.gettext
    score = monster_entry.infamy(entry)
    rows = [ft.Row([ft.Container(Txt(name, S.TITLE_LARGE, weight=ft.FontWeight.W_700), expand=True),
                    Txt(_("{score} infamy").format(score=speaker.number(score)), S.TITLE_MEDIUM,
                        weight=ft.FontWeight.W_600,
                        label=_("{name} scores {score} infamy").format(name=name, score=speaker.number(score)))])]
    for kind in monster_entry.PART_TYPES:
        value = entry["parts"][kind]
        label = _(PART_LABELS[kind])
        toggle = ft.Checkbox(value=value is not None, semantics_label=_(PART_HAS[kind]).format(name=name),
                             on_change=lambda e, k=kind: part_toggle(k, e.control.value))
        fixed = monster_entry.fixed_value(kind)  # Y3: a core is worth 0, so it has no stepper
        if fixed is not None or value is None:
            rows.append(ft.Row([toggle, Txt(_("{part} (worth {value})").format(part=label, value=speaker.number(fixed))
                                            if fixed is not None else label, S.TITLE_MEDIUM)]))
        else:
            rows.append(ft.Row([toggle, ft.Container(NumberStepper(label, value, part_step(kind), high=PART_MAX,
                                                                   who=name), expand=True)]))
    for index, value in enumerate(entry["auxiliaries"]):
        rows.append(ft.Row([
            IconTap(ft.Icons.DELETE_OUTLINE,
                    tooltip=_("{name}: remove auxiliary {number}").format(name=name, number=speaker.number(index + 1)),
                    on_click=lambda _e, i=index: put(lambda e: {**e, "auxiliaries": _drop(e["auxiliaries"], i)})),
            ft.Container(NumberStepper(_("Auxiliary {number}").format(number=speaker.number(index + 1)), value,
                                       aux_step(index), high=PART_MAX, who=name), expand=True)]))
    rows.append(NumberStepper(_("Parts in hand"), entry["hand"], lambda d: put(lambda e: {**e, "hand": stepped(
        e["hand"], d, 0, 30)}), high=30, who=name, hint=_("+1 infamy each")))
    for index, (value, note) in enumerate(entry["adjustments"]):
        number = speaker.number(index + 1)
        rows.append(NumberStepper(_("Adjustment {number}").format(number=number), value, adj_step(index), low=-30,
                                  high=30, who=name, hint=_("DEPLOY, MISSION or breakthrough")))
        # The effect in one tap, no keyboard: its name is the note (tapped again, the note is blank again).
        rows.append(ft.Row([ft.Chip(label=ft.Text(speaker.pgettext("effect", EFFECT_NAMES[effect])),
                                    selected=note == effect, show_checkmark=False, height=LEAST,
                                    tooltip=_("{name} adjustment {number}: {effect}").format(
                                        name=name, number=number,
                                        effect=speaker.pgettext("effect", EFFECT_NAMES[effect])),
                                    on_select=lambda e, i=index, word=effect: pick_effect(i, word, ticked(e)))
                            for effect in ADJUSTMENT_EFFECTS], wrap=True, spacing=6, run_spacing=4))
        rows.append(ft.Row([
            ft.TextField(label=_("{name} adjustment {number} note").format(name=name, number=number), value=note,
                         expand=True, dense=True, on_change=lambda e, i=index: adj_note(i, e.control.value)),
            IconTap(ft.Icons.DELETE_OUTLINE,
                    tooltip=_("{name}: remove adjustment {number}").format(name=name, number=number),
                    on_click=lambda _e, i=index: put(lambda e: {**e, "adjustments": _drop(e["adjustments"], i)}))]))
    rows.append(ft.Row([
        TextTap(_("Add auxiliary"), icon=ft.Icons.ADD, tooltip=_("{name}: add auxiliary part").format(name=name),
                on_click=lambda: put(lambda e: {**e, "auxiliaries": e["auxiliaries"] + [0]})),
        TextTap(_("Add adjustment"), icon=ft.Icons.ADD, tooltip=_("{name}: add adjustment").format(name=name),
                on_click=lambda: put(lambda e: {**e, "adjustments": e["adjustments"] + [(0, "")]})),
    ], wrap=True))
    # Y3: a monster is deployed complete; say what it still lacks, and how a destroyed part is entered (Y4).
    for line in monster_entry.lacking(name, entry):
        rows.append(Txt(line, S.BODY_MEDIUM, color=ft.Colors.ERROR, weight=ft.FontWeight.W_600))
    if monster_entry.destroyed_hint(entry):
        rows.append(Txt(_(monster_entry.DESTROYED), S.BODY_SMALL, color=ft.Colors.ON_SURFACE_VARIANT))
    return Panel(rows, spacing=6)


@ft.component
def StarterPicker(candidates: tuple[str, ...], chosen: str | None, drawn: StarterDraw | None, on_pick, on_draw,
                  may_draw: bool = True):
    """`drawn`: the draw behind `chosen`, if it was drawn; `may_draw` is false
    once the draw was made before this screen (at set-up): no second draw."""
    speaker = i18n.spoken()
    _ = speaker.gettext
    return Panel([  # one compact panel: with 4 players the round's totals and Confirm still fit a phone
        ft.Row([Txt(_("Who starts"), S.TITLE_SMALL, weight=ft.FontWeight.W_600),
                *[ft.Chip(label=ChipName(name), selected=name == chosen, tooltip=_("{name} starts").format(name=name),
                          on_select=lambda _e, n=name: on_pick(n)) for name in candidates]],
               wrap=True, spacing=6, run_spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        *([BigButton(_("Draw who starts"), on_draw, icon=ft.Icons.CASINO, filled=False)]
          if len(candidates) > 1 and may_draw else []),
        *([Txt(speaker.say(drawn.words()), S.BODY_SMALL, italic=True)] if drawn else []),
    ], padding=10, spacing=4)


MODE = "xyscore.xybrid_entry"  # page.session.store: how this browser last chose to enter a round


def _modes(mode: str, on_pick) -> ft.Control:
    """Quick totals or part by part: two buttons a thumb's height, the one in use filled. Their words wrap
    at a space and the buttons grow to hold two lines (German runs a third longer; text at 145%)."""
    def one(value: str, text: str) -> ft.Control:
        kind = ft.FilledButton if value == mode else ft.OutlinedButton
        return kind(content=grown_words(text, least=LEAST), on_click=lambda: on_pick(value), expand=True,
                    style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=12, vertical=GROWN_PADDING)))
    _ = i18n.spoken().gettext
    return ft.Row([one(monster_entry.QUICK, _("Quick: totals")), one(monster_entry.PARTS, _("Part by part"))],
                  spacing=6)


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
    speaker = i18n.spoken()
    _ = speaker.gettext
    if number is None and not first:
        found.append(_("Pick or draw who starts this round"))
    summary = ft.Column([
        Txt(" · ".join(f"{n} {'–' if v is None else speaker.number(v)}" for n, v in scores.items()), S.TITLE_MEDIUM,
            weight=ft.FontWeight.W_700),
        # What keeps the round from being confirmed, beside the button, before anyone taps it.
        Txt(_waiting(found, below=not quick), S.BODY_SMALL, color=ft.Colors.ERROR, weight=ft.FontWeight.W_600)
        if found else
        Txt(_("{name} starts").format(name=first) if first else _("pick who starts"), S.BODY_SMALL,
            color=ft.Colors.ON_SURFACE_VARIANT),
    ], spacing=0, expand=True)
    return entry.screen(route, title, [
        _modes(mode, switch),
        *([StarterPicker(candidates, first, drawn if drawn and drawn.chosen == first else None,
                         lambda name: set_picked((len(game.rounds), name, drawn)), draw,
                         may_draw=predrawn is None)] if candidates else []),
        *([Note(_("{name} started this round.").format(name=first))] if number and first else []),
        ft.ResponsiveRow(panels, spacing=12, run_spacing=6 if quick else 12),
    ], problems=found, shown=[] if quick else found,  # totals still to pick are said beside Confirm
        topics=why_topics(broken), summary=summary)
