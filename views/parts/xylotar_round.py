"""Enter or correct one Xylotar hand, seat by seat, with thumbs: bid, tricks,
the Bonus Beat flipped, Off-Key cards won. The trick sum is always in view and
a hand that breaks a rule cannot be confirmed."""
from __future__ import annotations

import flet as ft

from companion import Xylotar
from companion.xylotar import BONUS_BEATS
from companion.xylotar.bonus_beats import NO_BID
from companion.errors import GameError

from ..shown import hand_entry
from ..state import SharedContext, go
from ..web import actions
from . import saving
from .guard import screen
from .widgets import S, BigButton, NumberStepper, Panel, Problems, ScreenView, Txt, stepped


@ft.component
def BonusBeatPicker(name: str, cards: list, chosen: str | None, on_pick):
    """Closed until tapped (most hands flip no card); then the cards this player
    may still flip, with the chosen card's timing and text below."""
    opened, set_opened = ft.use_state(chosen is not None)
    picked = next((c for c in cards if c.id == chosen), None)
    header = ft.Row([
        ft.Container(Txt("Bonus Beat flipped", S.TITLE_MEDIUM, weight=ft.FontWeight.W_500), expand=True),
        ft.TextButton(picked.face if picked else "none", icon=ft.Icons.EXPAND_LESS if opened else ft.Icons.EXPAND_MORE,
                      tooltip=f"{name} flips a Bonus Beat", on_click=lambda: set_opened(not opened)),
    ])
    if not opened:
        return header
    chips = [ft.Chip(label=Txt("none"), selected=chosen is None, tooltip=f"{name} flips no Bonus Beat",
                     on_select=lambda: on_pick(None))]
    chips += [ft.Chip(label=Txt(card.face), selected=card.id == chosen, tooltip=f"{name} flips {card.face}",
                      on_select=lambda _, c=card.id: on_pick(None if c == chosen else c)) for card in cards]
    return ft.Column([
        header,
        ft.Row(chips, wrap=True, spacing=6, run_spacing=6),
        *([Txt(f"{picked.timing} {picked.text}", S.BODY_MEDIUM, italic=True, color=ft.Colors.ON_SURFACE_VARIANT)]
          if picked else [Txt(line, S.BODY_SMALL, color=ft.Colors.ON_SURFACE_VARIANT)
                          for line in hand_entry.by_timing(cards)]),
    ], spacing=6)


@ft.component
def SeatPanel(game: Xylotar, seat: str, entry: dict, entries: dict, number: int | None, leader: str, on_change):
    table = game.deal
    player = seat in game.players
    no_bid = entry.get("bonus_beat") == NO_BID

    def step(field: str, high):
        """`high` is a number, or a function of the seat's latest entry."""
        def limit(current: dict) -> int:
            return high(current) if callable(high) else high
        return lambda delta: on_change(seat, lambda current: {
            **current, field: stepped(current[field], delta, 0, limit(current))})

    def pick(card: str | None):
        on_change(seat, lambda current: hand_entry.with_card(game, seat, current, card))

    bid_high = hand_entry.highest_bid(game, seat, entry.get("bonus_beat"))
    off_key_high = hand_entry.highest_off_key(game, seat, entries)

    cards = hand_entry.usable_bonus_beats(game, seat, entries, number) if player else []
    if entry.get("bonus_beat") and entry["bonus_beat"] not in {c.id for c in cards}:
        cards = cards + [BONUS_BEATS[entry["bonus_beat"]]]
    return Panel([
        ft.Row([Txt(seat, S.TITLE_LARGE, weight=ft.FontWeight.W_700),
                *([ft.Container(Txt("leads", S.LABEL_MEDIUM, color=ft.Colors.ON_PRIMARY),
                                bgcolor=ft.Colors.PRIMARY, border_radius=10,
                                padding=ft.Padding.symmetric(horizontal=8, vertical=2))] if seat == leader else [])]),
        (Txt("No bid: scores if tricks match another seat's bid", S.BODY_MEDIUM, italic=True) if no_bid else
         NumberStepper("Bid", entry["bid"],
                       step("bid", lambda current: hand_entry.highest_bid(game, seat, current.get("bonus_beat"))),
                       high=bid_high, who=seat)),
        NumberStepper("Tricks", entry["tricks"], step("tricks", table.tricks_per_hand),
                      high=table.tricks_per_hand, who=seat),
        *([NumberStepper("Off-Key won", entry["off_key_won"],
                         step("off_key_won", lambda current: hand_entry.highest_off_key(
                             game, seat, {**entries, seat: current})),
                         high=off_key_high, who=seat, hint="-1 point each")] if game.off_key else []),
        *([BonusBeatPicker(seat, cards, entry.get("bonus_beat"), pick)]
          if player and game.bonus_beats and (cards or entry.get("bonus_beat")) else []),
    ], spacing=6)


@screen
def XylotarHandForm(route: str, title: str, game_id: int, game: Xylotar, number: int | None, initial: dict):
    shared = ft.use_context(SharedContext)
    entries, set_entries = ft.use_state(initial)
    refused, set_refused = ft.use_state(())
    sending, send = saving.use_send(footer=True)

    def change(seat: str, update):
        set_entries(lambda current: {**current, seat: update(current[seat])})
        set_refused(())

    expected = game.deal.tricks_per_hand
    total = hand_entry.trick_sum(entries)
    found = [hand_entry.say(p) for p in hand_entry.problems(game, entries, number)]
    leader = game.results()[number - 1].leader if number else game.next_leader()

    async def confirm():
        entered, expected_number = hand_entry.to_round(game, entries), len(game.hands) + 1
        try:
            done = await send(lambda: actions.record_round(shared, game_id, entered, number,
                                                           expected=expected_number))
        except GameError as error:
            set_refused(tuple(hand_entry.say(p) for p in error.problems))
            return
        if done:
            go(f"/game/{game_id}")

    done = total == expected
    left = expected - total
    status = ("all tricks entered" if done else f"{left} to go" if left > 0 else f"{-left} too many")
    summary = ft.Row([
        ft.Column([
            Txt(f"Tricks {total} of {expected}", S.TITLE_LARGE, weight=ft.FontWeight.W_800,
                label=f"Tricks entered {total} of {expected}", color=None if done else ft.Colors.TERTIARY),
            Txt(found[0] if done and found else f"{status} · {leader} leads", S.BODY_SMALL,
                color=ft.Colors.ERROR if done and found else ft.Colors.ON_SURFACE_VARIANT),
        ], spacing=0, expand=True),
        BigButton(saving.label(sending, "Save correction" if number else "Confirm hand"), confirm,
                  icon=ft.Icons.CHECK, disabled=bool(found) or sending.busy),
    ], vertical_alignment=ft.CrossAxisAlignment.CENTER)
    shown = list(refused) or (found if total or number else [])
    return ScreenView(route, title, [
        ft.ResponsiveRow([ft.Container(SeatPanel(game, seat, entries[seat], entries, number, leader, change),
                                       col={"xs": 12, "md": 6}) for seat in hand_entry.seats(game)],
                         spacing=12, run_spacing=12),
        *([Problems(shown)] if shown else []),
        *saving.notice(sending),
    ], back=f"/game/{game_id}", width=1100, footer=summary)
