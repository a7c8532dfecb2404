"""Enter or correct one Xylotar hand with one thumb: each seat a few lines, a
tap on a number for its bid, tricks and Off-Key cards won (the last seat's
tricks fill themselves in), the Bonus Beat flipped, and what the seat scores
this hand as entered. The trick sum and Confirm stay in view in the footer,
and a hand that breaks a rule cannot be confirmed."""
from __future__ import annotations

import flet as ft

from companion import Xylotar, record
from companion.xylotar import BONUS_BEATS
from companion.xylotar.bonus_beats import NO_BID
from companion.xylotar.hand import side_player_name

from .. import i18n
from ..i18n import terms
from ..shown import drafts as said, hand_entry, words
from ..state import SessionContext, go
from .guard import screen
from .hand_pad import HandPad
from .names import Name
from .round_entry import use_round_entry, why_topics
from .widgets import LEAST, NumberChips, Panel, S, TextTap, Txt


@ft.component
def BonusBeatPicker(name: str, cards: list, chosen: str | None, on_pick):
    """Closed until tapped (most hands flip no card); then the cards this player
    may still flip, with the chosen card's timing and text below. The phones'
    live hand shows it; the round screen's seats use `bonus_beat_picker`."""
    opened, set_opened = ft.use_state(chosen is not None)
    speaker = i18n.spoken()
    _ = speaker.gettext
    picked = next((c for c in cards if c.id == chosen), None)
    header = ft.Row([
        ft.Container(Txt(_("Bonus Beat flipped"), S.TITLE_MEDIUM, weight=ft.FontWeight.W_500), expand=True),
        TextTap(terms.face(speaker, picked.id) if picked else speaker.pgettext("Bonus Beat", "none"),
                icon=ft.Icons.EXPAND_LESS if opened else ft.Icons.EXPAND_MORE,
                tooltip=_("{seat} flips a Bonus Beat").format(seat=name), on_click=lambda: set_opened(not opened)),
    ])
    if not opened:
        return header
    chips = _chips(speaker, name, cards, chosen, on_pick)
    # TRANSLATORS: a Bonus Beat's timing and text as printed on it, already said in your language
    # ("Immediately after you bid: Your bid may be 1 higher or lower."): their order and the space between.
    card_text = _("{timing} {text}").format(timing=speaker.say(picked.timing), text=speaker.say(picked.text)) \
        if picked else None
    return ft.Column([
        header,
        ft.Row(chips, wrap=True, spacing=6, run_spacing=6),
        *([Txt(card_text, S.BODY_MEDIUM, italic=True, color=ft.Colors.ON_SURFACE_VARIANT)]
          if picked else [Txt(line, S.BODY_SMALL, color=ft.Colors.ON_SURFACE_VARIANT)
                          for line in hand_entry.by_timing(cards)]),
    ], spacing=6)


def _chips(speaker, name: str, cards: list, chosen: str | None, on_pick) -> list:
    """'none' and each card a player may flip, by its face in `speaker`'s language (symbols as printed)."""
    _ = speaker.gettext
    chips = [ft.Chip(label=Txt(speaker.pgettext("Bonus Beat", "none")), selected=chosen is None,
                     tooltip=_("{seat} flips no Bonus Beat").format(seat=name), on_select=lambda: on_pick(None))]
    chips += [ft.Chip(label=Txt(terms.face(speaker, card.id)), selected=card.id == chosen,
                      tooltip=_("{seat} flips {face}").format(seat=name, face=terms.face(speaker, card.id)),
                      on_select=lambda _e, c=card.id: on_pick(None if c == chosen else c)) for card in cards]
    return chips


def bonus_beat_picker(name: str, cards: list, chosen: str | None, on_pick, opened: bool, set_opened):
    """A button for the seat's row, closed (most hands flip no card), and what
    it opens: the cards this player may still flip (their dealt cards when
    known) with when each may be flipped. Picking one closes it."""
    picked = next((c for c in cards if c.id == chosen), None)

    def pick(card: str | None):
        set_opened(False)
        on_pick(card)

    speaker = i18n.spoken()
    _ = speaker.gettext
    # "Bonus Beat" is the card's name as printed on the box: said through the catalogs all the same.
    button = TextTap(terms.face(speaker, picked.id) if picked else _("Bonus Beat"),
                     icon=ft.Icons.EXPAND_LESS if opened else ft.Icons.EXPAND_MORE,
                     tooltip=_("{seat} flips a Bonus Beat").format(seat=name), on_click=lambda: set_opened(not opened),
                     height=LEAST, style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=8)))
    if not opened:
        return button, None
    chips = _chips(speaker, name, cards, chosen, pick)
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
    _ = i18n.spoken().gettext
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
            *([ft.Container(Txt(_("leads"), S.LABEL_SMALL, color=ft.Colors.ON_PRIMARY),
                            bgcolor=ft.Colors.PRIMARY, border_radius=10,
                            padding=ft.Padding.symmetric(horizontal=6, vertical=1))] if seat == leader else []),
        ], spacing=6, expand=True, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        *([Txt(shown_points, S.TITLE_MEDIUM, weight=ft.FontWeight.W_800, color=ft.Colors.PRIMARY,
               label=_("{seat} scores {points} this hand").format(seat=seat, points=shown_points))]
          if player and shown_points else []),
        *([picker] if picker else []),
    ], spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER)
    # Larger text gets taller numbers, and at 145% fewer a row: they still
    # read whole, and the screen scrolls instead.
    scale = ft.use_context(SessionContext).text_scale
    rows = 1 if scale < 1.3 else 2
    size = dict(height=round(28 * scale), scale=scale)
    return Panel([
        header,
        *([opened] if opened else []),
        (Txt(_("No bid: scores if tricks match another seat's bid"), S.BODY_SMALL, italic=True) if no_bid else
         NumberChips("bid", entry["bid"], put("bid"), high=hand_entry.highest_bid(game, seat, entry.get("bonus_beat")),
                     who=seat, per_row=-(-12 // rows), **size)),
        NumberChips("tricks", entry["tricks"], pick_tricks, high=table.tricks_per_hand, who=seat,
                    per_row=-(-(table.tricks_per_hand + 1) // (rows + 1)), **size),  # 2 rows, 3 at 145%
        *([NumberChips("off_key_won", entry["off_key_won"], put("off_key_won"), who=seat,
                       high=hand_entry.highest_off_key(game, seat, entries),
                       per_row=-(-9 // rows), **size)]
          if game.off_key and (entry["tricks"] or entry["off_key_won"]) else []),
    ], spacing=2, padding=6)


@screen
def XylotarHandForm(route: str, title: str, game_id: int, game: Xylotar, number: int | None, raw: dict | None,
                    below=None, tools=None):
    """Hand `number` (None: the next) entered or corrected, `raw` the stored
    hand corrected; the draft, a clash with another screen and the saving
    are the round forms' one way (views/parts/round_entry.py). With `below`
    (a function making the scoreboard's parts, afresh each render), the next hand on the scoreboard itself: a line
    per seat and one pad of numbers (views/parts/hand_pad.py), and `tools()`
    in the app bar."""
    _ = i18n.spoken().gettext
    initial = hand_entry.from_round(game, raw) if raw else hand_entry.blank(game)
    entry = use_round_entry(game_id, game, number, hand_entry.tricks_all_picked(initial) if number else initial,
                            to_round=lambda typed: hand_entry.to_round(game, typed),
                            say=lambda problems: [hand_entry.say(p) for p in problems], ignore=("tricks_picked",),
                            for_correction=hand_entry.tricks_all_picked,
                            stored_lines=lambda n: said.hand_lines(record.round_to_dict(game.hands[n - 1]),
                                                                   side_player_name))
    entries = entry.entries
    expected, total = game.deal.tricks_per_hand, hand_entry.trick_sum(entries)
    # A correction that ends the game before hands already entered, or reopens it, is no problem here:
    # saving it asks (X8; companion/correction.py).
    blocking = hand_entry.problems(game, entries, number)
    found = [hand_entry.say(p) for p in blocking]
    leader = game.results()[number - 1].leader if number else game.next_leader()
    points = hand_entry.scores_shown(game, entries, blocking, number)
    done, over = total == expected, total > expected
    off_key = words.off_key_won(game.deal, sum(entry.get("off_key_won") or 0 for entry in entries.values()))
    counted = words.tricks_taken(game.deal, total) + (f"; {off_key}" if off_key else "")  # as every screen says it
    summary = ft.Column([
        Txt(_("Tricks {count} of {total}").format(count=total, total=expected), S.TITLE_LARGE,
            weight=ft.FontWeight.W_800, color=None if done else ft.Colors.TERTIARY,
            label=_("Tricks entered {count} of {total}").format(count=total, total=expected)),
        # At most two lines (a long leader's name ends in "…"): the footer's height is fixed.
        ft.Text(found[0] if done and found else _("{counted} · {leader} leads").format(counted=counted, leader=leader)
                if done else counted,
                theme_style=S.BODY_MEDIUM if over or off_key else S.BODY_SMALL, max_lines=2,
                overflow=ft.TextOverflow.ELLIPSIS, weight=ft.FontWeight.W_700 if over or off_key else None,
                color=ft.Colors.ERROR if (done and found) or over or off_key else ft.Colors.ON_SURFACE_VARIANT),
    ], spacing=0, expand=True)
    if below is not None:
        pad = HandPad(game, entries, entry.change, leader, points, lambda: go(f"/game/{game_id}/round"),
                      key=f"pad-{len(game.hands)}")
        return entry.screen(route, title, [pad],
                            problems=found, shown=found if total else [], topics=why_topics(blocking),
                            summary=summary, below=below(), back="/", tools=tools())
    return entry.screen(route, title, [
        ft.ResponsiveRow([ft.Container(SeatPanel(game, seat, entries[seat], entries, number, leader,
                                                 points.get(seat), entry.change),
                                       col={"xs": 12, "md": 6}) for seat in hand_entry.seats(game)],
                         spacing=8, run_spacing=5),
    ], problems=found, shown=found if total or number else [], topics=why_topics(blocking), summary=summary)
