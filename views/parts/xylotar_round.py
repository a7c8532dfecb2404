"""Enter or correct one Xylotar hand with one thumb: each seat a few lines, a
tap on a number for its bid, tricks and Off-Key cards won (the last seat's
tricks fill themselves in), the Bonus Beat flipped, and what the seat scores
this hand as entered. The trick sum and Confirm stay in view in the footer,
and a hand that breaks a rule cannot be confirmed."""
from __future__ import annotations

import flet as ft

from companion import Xylotar
from companion.xylotar import BONUS_BEATS
from companion.xylotar.bonus_beats import NO_BID
from companion.errors import AlreadyEntered, GameError
from companion.services import EndsEarlier, Reopens

from companion import record
from companion.xylotar.hand import side_player_name

from ..shown import drafts as said, hand_entry, undo_words, why
from ..state import SessionContext, SharedContext, go
from ..web import actions, writes
from . import drafts, saving
from .guard import screen
from .names import Name
from .widgets import S, BigButton, NumberChips, Panel, Problems, ScreenView, Txt, WhyLink


@ft.component
def BonusBeatPicker(name: str, cards: list, chosen: str | None, on_pick):
    """Closed until tapped (most hands flip no card); then the cards this player
    may still flip, with the chosen card's timing and text below. The phones'
    live hand shows it; the round screen's seats use `bonus_beat_picker`."""
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


def bonus_beat_picker(name: str, cards: list, chosen: str | None, on_pick, opened: bool, set_opened):
    """A button for the seat's row, closed (most hands flip no card), and what
    it opens: the cards this player may still flip (their dealt cards when
    known) with when each may be flipped. Picking one closes it."""
    picked = next((c for c in cards if c.id == chosen), None)

    def pick(card: str | None):
        set_opened(False)
        on_pick(card)

    button = ft.TextButton(picked.face if picked else "Bonus Beat",
                           icon=ft.Icons.EXPAND_LESS if opened else ft.Icons.EXPAND_MORE,
                           tooltip=f"{name} flips a Bonus Beat", on_click=lambda: set_opened(not opened), height=26,
                           style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=8),
                                                visual_density=ft.VisualDensity.COMPACT))
    if not opened:
        return button, None
    chips = [ft.Chip(label=Txt("none"), selected=chosen is None, tooltip=f"{name} flips no Bonus Beat",
                     on_select=lambda: pick(None))]
    chips += [ft.Chip(label=Txt(card.face), selected=card.id == chosen, tooltip=f"{name} flips {card.face}",
                      on_select=lambda _, c=card.id: pick(None if c == chosen else c)) for card in cards]
    return button, ft.Column([
        ft.Row(chips, wrap=True, spacing=6, run_spacing=6),
        *[Txt(line, S.BODY_SMALL, color=ft.Colors.ON_SURFACE_VARIANT) for line in hand_entry.by_timing(cards)],
    ], spacing=4)


@ft.component
def SeatPanel(game: Xylotar, seat: str, entry: dict, entries: dict, number: int | None, leader: str,
              points: int | None, on_change):
    """One seat in a few lines: name, who leads, the hand's score as it will be
    and the Bonus Beat button; then a tap on a number for the bid, the tricks
    and the Off-Key cards won."""
    table = game.deal
    player = seat in game.players
    no_bid = entry.get("bonus_beat") == NO_BID
    picking, set_picking = ft.use_state(False)

    def put(field: str):
        return lambda value: on_change(lambda current: {**current, seat: {**current[seat], field: value}})

    def pick_tricks(value: int):
        on_change(lambda current: hand_entry.pick_tricks(game, current, seat, value))

    def pick_card(card: str | None):
        on_change(lambda current: {**current, seat: hand_entry.with_card(game, seat, current[seat], card)})

    cards = hand_entry.usable_bonus_beats(game, seat, entries, number) if player else []
    if entry.get("bonus_beat") and entry["bonus_beat"] not in {c.id for c in cards}:
        cards = cards + [BONUS_BEATS[entry["bonus_beat"]]]
    picker, opened = (bonus_beat_picker(seat, cards, entry.get("bonus_beat"), pick_card, picking, set_picking)
                      if player and game.bonus_beats and (cards or entry.get("bonus_beat")) else (None, None))
    shown_points = hand_entry.signed(points) if points is not None else ""
    header = ft.Row([
        # The name takes the room left beside the score and the card's button: a 40-character name ends in "…".
        ft.Row([
            Name(seat, S.TITLE_MEDIUM, weight=ft.FontWeight.W_700),
            *([ft.Container(Txt("leads", S.LABEL_SMALL, color=ft.Colors.ON_PRIMARY),
                            bgcolor=ft.Colors.PRIMARY, border_radius=10,
                            padding=ft.Padding.symmetric(horizontal=6, vertical=1))] if seat == leader else []),
        ], spacing=6, expand=True, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        *([Txt(shown_points, S.TITLE_MEDIUM, weight=ft.FontWeight.W_800, color=ft.Colors.PRIMARY,
               label=f"{seat} scores {shown_points} this hand")] if player and shown_points else []),
        *([picker] if picker else []),
    ], spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER)
    # Larger text gets taller numbers, and at 145% fewer a row: they still
    # read whole, and the screen scrolls instead.
    scale = ft.use_context(SessionContext).text_scale
    rows = 1 if scale < 1.3 else 2
    size = dict(height=round(28 * scale), caption_width=round(46 * scale))
    return Panel([
        header,
        *([opened] if opened else []),
        (Txt("No bid: scores if tricks match another seat's bid", S.BODY_SMALL, italic=True) if no_bid else
         NumberChips("Bid", entry["bid"], put("bid"), high=hand_entry.highest_bid(game, seat, entry.get("bonus_beat")),
                     who=seat, per_row=-(-12 // rows), **size)),
        NumberChips("Tricks", entry["tricks"], pick_tricks, high=table.tricks_per_hand, who=seat,
                    per_row=-(-(table.tricks_per_hand + 1) // (rows + 1)), **size),  # 2 rows, 3 at 145%
        *([NumberChips("Off-Key won", entry["off_key_won"], put("off_key_won"), who=seat, caption="Off-Key",
                       word="Off-Key won", high=hand_entry.highest_off_key(game, seat, entries),
                       per_row=-(-9 // rows), **size)]
          if game.off_key and (entry["tricks"] or entry["off_key_won"]) else []),
    ], spacing=2, padding=6)


def Clash(game: Xylotar, word: str, number: int, author: str | None, on_next, on_correct, on_discard) -> ft.Control:
    """Hand `number`, which this screen was entering, was entered on another
    screen: the panel, with what was stored, one line per seat."""
    stored = game.hands[number - 1] if number <= len(game.hands) else None
    lines = said.hand_lines(record.round_to_dict(stored), side_player_name) if stored is not None else []
    return drafts.ClashPanel(word, number, author or "", actions.HOST, stored_lines=lines,
                             upcoming=None if game.outcome().is_over else len(game.hands) + 1,
                             on_next=on_next, on_discard=on_discard,
                             on_correct=on_correct if stored is not None else None)


@screen
def XylotarHandForm(route: str, title: str, game_id: int, game: Xylotar, number: int | None, initial: dict):
    """Entries are kept as a draft as they are typed (views/parts/drafts.py):
    leaving the screen loses nothing, and coming back brings them back. When
    another screen enters the hand this one is entering, the form says so and
    keeps what was typed here."""
    shared = ft.use_context(SharedContext)
    page = ft.context.page
    upcoming = len(game.hands) + 1
    draft = drafts.use_draft(said.key(game_id, number), hand_entry.tricks_all_picked(initial) if number else initial,
                             number or upcoming, ignore=("tricks_picked",))
    entries = draft.entries
    refused, set_refused = ft.use_state(())
    stale, set_stale = ft.use_state(False)  # the service refused it: entered on another screen
    sending, send = saving.use_send(footer=True)
    word = game.round_word
    own = ft.use_ref(False)  # this screen's hand is on its way: the change it makes is no clash
    clash = number is None and not own.current and (draft.number < upcoming or stale)
    clash_number = draft.number

    def change(update):
        draft.set_entries(update)  # functional: quick taps all count, even before the screen re-renders
        set_refused(())

    def as_next():
        set_stale(False)
        draft.renumber(len(game.hands) + 1)

    def as_correction():
        set_stale(False)
        drafts.keep(page, said.key(game_id, clash_number), clash_number, hand_entry.tricks_all_picked(entries))
        draft.clear()
        go(f"/game/{game_id}/round/{clash_number}")

    def discard():
        set_stale(False)
        set_refused(())
        draft.clear()
        if number is None and game.outcome().is_over:  # the hand entered elsewhere ended the game
            go(f"/game/{game_id}")

    expected = game.deal.tricks_per_hand
    total = hand_entry.trick_sum(entries)
    # A correction that ends the game before hands already entered, or reopens it, is no problem here:
    # saving it asks (X8; companion/correction.py).
    blocking = hand_entry.problems(game, entries, number)
    found = [hand_entry.say(p) for p in blocking]
    # A "why?" for each rule the entry breaks, in the order the problems are said.
    why_topics = list(dict.fromkeys(t for t in (why.topic_for_rule(p.rule) for p in blocking) if t))
    leader = game.results()[number - 1].leader if number else game.next_leader()
    points = hand_entry.hand_scores(game, entries, number)

    def ask(title: str, question: str, button: str, then: dict) -> None:
        """X8: the correction ends the game before the hands after it, or
        reopens it; storing it (with `then`) drops them, or reopens it."""
        async def save_anyway():
            page.pop_dialog()
            await store(**then)

        page.show_dialog(ft.AlertDialog(
            modal=True, title=Txt(title, S.TITLE_LARGE, weight=ft.FontWeight.W_700), content=Txt(question),
            actions=[ft.TextButton("Keep editing", on_click=lambda: page.pop_dialog()),
                     ft.FilledButton(button, on_click=save_anyway)]))

    async def confirm():
        await store()

    async def store(drop_later: bool = False, reopen: bool = False):
        entered, expected_number = hand_entry.to_round(game, entries), len(game.hands) + 1
        own.current, done = True, None
        try:
            done = await send(lambda: actions.record_round(shared, game_id, entered, number, expected=expected_number,
                                                           drop_later=drop_later, reopen=reopen))
        except EndsEarlier as refusal:
            ask("This ends the game earlier", undo_words.drop_question(word, refusal.ends_after, refusal.dropped),
                undo_words.drop_button(word, refusal.dropped), {"drop_later": True})
            return
        except Reopens as refusal:
            ask("This reopens the game", undo_words.reopen_question(refusal.winners, refusal.explanation),
                undo_words.REOPEN_BUTTON, {"drop_later": drop_later, "reopen": True})
            return
        except AlreadyEntered as error:
            if number is None and error.number == expected_number:
                set_stale(True)
                writes.changed(shared, game_id)  # every screen reads the game again: the hand stored elsewhere shows
                return
            set_refused(tuple(hand_entry.say(p) for p in error.problems))
            return
        except GameError as error:
            set_refused(tuple(hand_entry.say(p) for p in error.problems))
            return
        finally:
            own.current = bool(done)
        if done:
            draft.clear()
            if number:
                saving.tell_saved(page, shared, game_id, game, done.value, number)
            go(f"/game/{game_id}")

    author = None
    if clash:
        history = actions.load(shared, game_id).history
        author = history[-1].author if history and clash_number <= len(game.hands) else None
    done = total == expected
    left = expected - total
    status = ("all tricks entered" if done else f"{left} to go" if left > 0 else f"{-left} too many")
    summary = ft.Row([
        ft.Column([
            Txt(f"Tricks {total} of {expected}", S.TITLE_LARGE, weight=ft.FontWeight.W_800,
                label=f"Tricks entered {total} of {expected}", color=None if done else ft.Colors.TERTIARY),
            # At most two lines (a long leader's name ends in "…"): the footer's height is fixed.
            ft.Text(found[0] if done and found else f"{status} · {leader} leads", theme_style=S.BODY_SMALL,
                    max_lines=2 if done and found else 1, overflow=ft.TextOverflow.ELLIPSIS,
                    color=ft.Colors.ERROR if done and found else ft.Colors.ON_SURFACE_VARIANT),
        ], spacing=0, expand=True),
        BigButton(saving.label(sending, "Save correction" if number else "Confirm hand"), confirm,
                  icon=ft.Icons.CHECK, disabled=bool(found) or sending.busy or clash),
    ], vertical_alignment=ft.CrossAxisAlignment.CENTER)
    shown = list(refused) or (found if total or number else [])
    restored = [drafts.Restored(word, draft.restored, discard)] if draft.restored and not clash else []
    return ScreenView(route, title, [
        *([Clash(game, word, clash_number, author, as_next, as_correction, discard)] if clash else []),
        *restored,
        ft.ResponsiveRow([ft.Container(SeatPanel(game, seat, entries[seat], entries, number, leader,
                                                 points.get(seat), change),
                                       col={"xs": 12, "md": 6}) for seat in hand_entry.seats(game)],
                         spacing=8, run_spacing=5),
        *([Problems(shown)] if shown and not clash else []),
        *([ft.Row([WhyLink(topic, why.BY_SLUG[topic].title, game=game.game,
                           text=why.BY_SLUG[topic].title) for topic in why_topics],
                  wrap=True, spacing=4)] if shown and why_topics and not clash and not refused else []),
        *saving.notice(sending),
    ], back=f"/game/{game_id}", width=1100, footer=summary)
