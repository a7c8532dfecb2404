"""New game: the game and expansions, who sits where (clockwise), the dealer,
the setup guide for exactly this table, and optionally the dealt Bonus Beats."""
from __future__ import annotations

import flet as ft

from companion import PLAYER_LIMITS, draw_starter, setup_guide
from companion.games import GAMES, find_game
from companion.notes import DAY_LENGTH
from companion.errors import GameError, Problem, Term
from companion.players import MAX_NAME_LENGTH
from companion.xylotar.bonus_beats import CARDS_DEALT_PER_PLAYER as DEALT, dealable_at_set_up, deck_for

from .. import i18n
from ..i18n import N_, terms
from ..parts import saving
from ..parts.guard import screen
from ..parts.names import ChipName, Name
from ..parts.setup_guide import said_guide
from ..parts.text_box import TextBox, ticked, use_typed
from ..parts.widgets import BigButton, IconTap, Note, Panel, Problems, S, ScreenView, Section, Txt
from ..shown import roster_words, seating
from ..shown.words import words
from ..state import SharedContext, go
from ..web import actions


@ft.component
def SeatRow(index: int, name: str, count: int, dealer: bool, on_move, on_remove, on_dealer, show_dealer: bool):
    _ = i18n.spoken().gettext
    return ft.Container(ft.Row([
        ft.CircleAvatar(content=Txt(str(index + 1), S.TITLE_SMALL), radius=18),
        Name(name, S.TITLE_MEDIUM, weight=ft.FontWeight.W_600, loose=False),
        *([ft.Chip(label=Txt(_("Dealer")), selected=dealer, on_select=lambda: on_dealer(name),
                   tooltip=_("{name} deals").format(name=name))] if show_dealer else []),
        IconTap(ft.Icons.ARROW_UPWARD, tooltip=_("Move {name} up").format(name=name), disabled=index == 0,
                      on_click=lambda: on_move(index, -1)),
        IconTap(ft.Icons.ARROW_DOWNWARD, tooltip=_("Move {name} down").format(name=name), disabled=index == count - 1,
                      on_click=lambda: on_move(index, 1)),
        IconTap(ft.Icons.CLOSE, tooltip=_("Remove {name}").format(name=name), on_click=lambda: on_remove(name)),
    ], spacing=2), padding=ft.Padding.symmetric(vertical=2))


@ft.component
def DealtBonusBeats(seats: list[str], off_key: bool, dealt: dict, on_toggle):
    """Optional: each player's 2 face-down cards, so the round screen offers
    only those. Each player is offered only the cards they may have been dealt."""
    speaker = i18n.spoken()
    _ = speaker.gettext
    rows = []
    for name in seats:
        mine = dealt.get(name, [])
        rows.append(Txt(_("{name}: {count} of {dealt}").format(name=name, count=len(mine), dealt=DEALT), S.TITLE_SMALL,
                        weight=ft.FontWeight.W_600))
        # a card by its face as printed (a face in words said in the session's language), and its text
        rows.append(ft.Row([ft.Chip(label=Txt(terms.face(speaker, card.id)),
                                    tooltip=_("{name} was dealt {face}: {text}").format(
                                        name=name, face=terms.face(speaker, card.id), text=speaker.say(card.text)),
                                    selected=card.id in mine, on_select=lambda _, c=card.id, n=name: on_toggle(n, c))
                            for card in dealable_at_set_up(seats, off_key, dealt, name)],
                           wrap=True, spacing=6, run_spacing=6))
    return Panel(rows)


PHONES, HERE = "phones", "here"
# Where the dealt cards are entered, short (a choice's label does not wrap: a long one ran off a phone at
# 145%), and what it means under it: the host's screen shows no one's secret cards unless chosen (P2).
# The hints' {dealt} is the cards each player is dealt (2).
DEALT_WHERE = (
    (PHONES, N_("On each phone (secret)"),
     N_("Each player enters the {dealt} Bonus Beats they were dealt on their own phone when they join; no other "
        "screen shows which cards they hold. Without phones, each hand's entry offers every card.")),
    (HERE, N_("All on this screen"),
     N_("Everyone's dealt cards show on this screen: pass it round, each player tapping their own {dealt}. "
        "Each hand's entry then offers a player only theirs.")),
)


def DealtWhere(chosen: str, on_choose) -> ft.Control:
    """Which way the dealt Bonus Beats are entered: on the phones (the default) or all here."""
    _ = i18n.spoken().gettext
    hint = _(next(hint for value, _label, hint in DEALT_WHERE if value == chosen)).format(dealt=DEALT)
    return ft.Column([
        Txt(_("Dealt Bonus Beats"), S.TITLE_SMALL, weight=ft.FontWeight.W_600),
        ft.RadioGroup(ft.Column([ft.Radio(value=value, label=_(label)) for value, label, _hint in DEALT_WHERE],
                                spacing=0),
                      value=chosen, on_change=lambda e: on_choose(e.control.value)),
        ft.Container(Txt(hint, S.BODY_SMALL, color=ft.Colors.ON_SURFACE_VARIANT), padding=ft.Padding.only(left=8)),
    ], spacing=0)


@screen
def NewGameScreen(version: int):
    shared = ft.use_context(SharedContext)
    game, set_game = ft.use_state("xylotar")
    expansions, set_expansions = ft.use_state(())
    seats, set_seats = ft.use_state(())
    dealer, set_dealer = ft.use_state(None)
    typed = use_typed("")
    refused, set_refused = ft.use_state("")  # why the last name tried was not seated
    dealt, set_dealt = ft.use_state({})
    dealt_on, set_dealt_on = ft.use_state(PHONES)  # where the dealt Bonus Beats are entered (P2: secret)
    record_dealt = dealt_on == HERE
    errors, set_errors = ft.use_state(())  # the problems and refusals, as made: said as the screen is drawn
    day = use_typed("")  # a game played earlier, entered now: the day it was played
    starter, set_starter = ft.use_state(None)  # XYbrid: the draw of who starts round 1
    sending, send = saving.use_send(footer=True)

    low, high = PLAYER_LIMITS[game]
    engine = find_game(game)
    deals = not engine.draws_starter  # Xylotar: a dealer sets who leads; XYbrid: who starts is drawn
    roster = actions.roster(shared)

    def seat(name: str):
        now, why = seating.seated(name, seats, most=engine.max_players, game=engine.name)
        set_refused(why or "")
        if why is None:
            set_seats(now)
            typed.set("")

    def move(index: int, step: int):
        order = list(seats)
        order[index], order[index + step] = order[index + step], order[index]
        set_seats(tuple(order))

    # Each change is made on the state as it is when the tap is handled, not as this render
    # drew it: two boxes ticked faster than the screen redraws both take.
    def toggle_expansion(name: str, on: bool):
        set_expansions(lambda now: tuple(e for e in engine.all_expansions if (on if e == name else e in now)))
        set_dealt({})

    def toggle_dealt(name: str, card: str):
        def toggled(now: dict) -> dict:
            mine = list(now.get(name, []))
            mine.remove(card) if card in mine else mine.append(card)
            return {**now, name: mine}
        set_dealt(toggled)

    async def start():
        table = {}
        if deals:
            table = {"dealer": dealer if dealer in seats else seats[-1], "expansions": expansions}
            if record_dealt and "bonus_beats" in expansions:
                table["bonus_beats_dealt"] = {n: c for n, c in dealt.items() if c}
        elif starter and starter.candidates == seats:  # XYbrid: round 1's starter, stored with the game
            table = {"starter_draw": starter}
        players = list(seats)
        try:
            done = await send(lambda: actions.start_game(shared, game, players, played_on=day.last.strip() or None,
                                                         **table))
        except GameError as error:
            set_errors(error.problems)  # players' words, never a rule's ID
            return
        except ValueError as error:  # a name the roster cannot take, or a day that is none, says why
            set_errors((error.args[0] if len(error.args) == 1 else str(error),))
            return
        if not done:
            return
        go(f"/game/{done.value}")

    guide = None
    if low <= len(seats) <= high:
        guide = setup_guide(game, len(seats), [e for e in expansions if e in engine.all_expansions])
    deck = list(deck_for(len(seats), "off_key" in expansions)) if "bonus_beats" in engine.all_expansions and guide else []
    speaker = i18n.spoken()
    _ = speaker.gettext
    guide_title, guide_steps = said_guide(guide, speaker) if guide else ("", [])
    said_errors = [words(each) if isinstance(each, Problem) else roster_words.said(each, speaker) for each in errors]
    if guide is None:
        count = _("Seat {low} to {high} players").format(low=low, high=high)
    elif deals and seats:
        count = speaker.ngettext("{count} player · {dealer} deals", "{count} players · {dealer} deals",
                                 len(seats)).format(count=len(seats), dealer=dealer if dealer in seats else seats[-1])
    else:
        count = speaker.ngettext("{count} player", "{count} players", len(seats)).format(count=len(seats))
    return ScreenView("/new", _("New game"), [
        Section(_("Game")),
        ft.SegmentedButton(segments=[ft.Segment(each.game, label=Txt(each.name)) for each in GAMES],
                           selected=[game], on_change=lambda e: set_game(e.control.selected[0])),
        *([ft.Row([ft.Checkbox(label=speaker.value(Term("expansion", name)), value=name in expansions,
                               on_change=lambda e, n=name: toggle_expansion(n, ticked(e)))
                   for name in engine.all_expansions], wrap=True)] if engine.all_expansions else []),
        Section(_("Players, clockwise ({low}-{high})").format(low=low, high=high)),
        Panel([SeatRow(i, name, len(seats), name == (dealer if dealer in seats else seats[-1]),
                       move, lambda n: set_seats(tuple(s for s in seats if s != n)), set_dealer, deals)
               for i, name in enumerate(seats)] or [Txt(_("Type a name, or tap one below."),
                                                        color=ft.Colors.ON_SURFACE_VARIANT)], spacing=4),
        ft.Row([TextBox(typed.shown, typed.set, label=_("New player's name"), refocus=True,
                        on_submit=lambda e: seat(e.control.value), expand=True, max_length=MAX_NAME_LENGTH),
                IconTap(ft.Icons.ADD, tooltip=_("Add player"), on_click=lambda: seat(typed.last))]),
        *([Note(refused, ft.Icons.ERROR_OUTLINE)] if refused else []),
        ft.Row([ft.Chip(label=ChipName(name),
                        leading=ft.Icon(ft.Icons.PERSON_ADD), tooltip=_("Seat {name}").format(name=name),
                        on_click=lambda _, n=name: seat(n))
                for name in roster if name not in seats and typed.shown.strip().casefold() in name.casefold()],
               wrap=True, spacing=6, run_spacing=6),
        *([Section(_("Setup")), Panel([Txt(guide_title, S.TITLE_MEDIUM, weight=ft.FontWeight.W_600),
                                    *[Txt(step) for step in guide_steps]])]
          if guide else []),
        *([DealtWhere(dealt_on, set_dealt_on)] if deck else []),
        *([DealtBonusBeats(list(seats), "off_key" in expansions, dealt, toggle_dealt)]
          if deck and record_dealt else []),
        *([Panel([BigButton(_("Draw who starts round 1"), lambda: set_starter(draw_starter(seats)),
                            icon=ft.Icons.CASINO, filled=False),
                  *([Txt(speaker.say(starter.words()), S.TITLE_MEDIUM, weight=ft.FontWeight.W_600)]
                    if starter and starter.candidates == seats
                    else [])])] if engine.draws_starter and guide else []),
        Section(_("Played on")),
        TextBox(day.shown, day.set, label=_("Played on"), hint_text=_("today"),
                helper=_("Empty for a game played now; for one played earlier, the day, as 2026-11-28."),
                max_length=DAY_LENGTH, helper_max_lines=3, keyboard_type=ft.KeyboardType.DATETIME),
        *([Problems(said_errors)] if errors else []),
        *saving.notice(sending),
    ], footer=ft.Row([
        ft.Container(Txt(count, S.TITLE_SMALL), expand=True),
        BigButton(saving.label(sending, _("Start game")), start, icon=ft.Icons.PLAY_ARROW,
                  disabled=guide is None or sending.busy),
    ], vertical_alignment=ft.CrossAxisAlignment.CENTER))
