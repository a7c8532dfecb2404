"""A seat's bid entry on a phone or the host's table: its bid chips, the
Bonus Beat it flips, Send bid, and once everyone has bid, the sent bid
folded to one line with a way to change it.

What a bid stored changes on an entry (whether it is sent, its chips'
number, the fold once everyone has bid, "leads" until the first trick), and
what the next hand changes of it, is
changed in place (views/web/leaves.py): the entry draws from an `EditorLook`,
every value it shows worked out from the seat's stored bid and the entry's
own state (what is being typed, a refusal, a write on its way), and a
change of look that only shows, hides or re-words what is there is sent as
the properties it changes (`editor_in_place`), not drawn again. So the
folded line and the chips are both always there, one of them hidden."""
from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from companion.live_hand import LiveHand, SeatBid, StaleEntry
from companion.own_cards import must_enter_first
from companion.xylotar.bonus_beats import CARDS_DEALT_PER_PLAYER, NO_BID
from companion.xylotar.flips import flippable

from .. import i18n
from ..shown import hand_entry, table_logic
from ..state import SessionContext
from ..web import leaves, writes
from . import saving
from .held_cards import HeldCards
from .live_hand_view import Badge
from .saving import attempt
from .widgets import BigButton, NumberChips, Panel, Problems, S, TextTap, Txt, chips_in_place, stacks
from .xylotar_round import BonusBeatPicker


def BidEditor(hand: LiveHand, seat: str, stored: SeatBid, on_send, title: str = "", key: str | None = None,
              own_phone: bool = False):
    """A seat's bid and the Bonus Beat it flipped; call while a screen
    renders. A leaf (views/web/leaves.py): what the hub changes of it (the
    seat's stored bid, everyone having bid, the first trick, the next hand)
    is changed in place (`editor_in_place`); it draws again when more
    changes (the cards it offers or holds, the no-bid card), never on
    another seat's bid."""
    name = f"bid-editor-{seat}"
    held = leaves.kept(name, lambda h, bids: {name: editor_value(h, seat, bids[seat], on_send)}, hand, {seat: stored})
    return BidEditorMemo(held[name], leaves.shown(held[name]), seat, title, own_phone, i18n.spoken().code, key=key)


def editor_value(hand: LiveHand, seat: str, stored: SeatBid, on_send) -> tuple:
    shows = (hand.number, hand.leader, table_logic.max_bid(hand, seat), len(hand.game.hands),
             hand.game.bonus_beats_dealt.get(seat),  # the cards this phone's player holds, once entered
             hand.everyone_has_bid, bool(hand.tricks),  # folded once everyone has bid; "leads" until a trick
             tuple(hand.flipped().items()))  # a card another seat flipped is no longer offered (B2)
    return table_logic.Keyed((hand, on_send), shows), stored


def stored_as(stored: SeatBid, draft: dict | None) -> bool:
    """Whether `draft` is what the seat's bid is now, stored since the draft began (this entry's
    own bid, stored: its Send bid goes off with the same change that says it is sent)."""
    return (draft is not None and stored.entered and stored.version > draft["version"]
            and (stored.bid or 0, stored.bonus_beat) == (draft["bid"], draft["bonus_beat"]))


@dataclass(frozen=True)
class EditorLook:
    """Everything an entry shows, as `draw_editor` draws it."""

    title: str
    leads: bool  # the "leads" badge shows: this seat leads (folded: until the first trick)
    leads_word: str
    folded: bool  # sent, everyone has bid: one line and "Change bid"
    status: str  # "Sent: bid 3", "Not sent yet"
    status_label: str  # the same, read with the seat's name
    change: tuple  # "Change bid": (words, tooltip, disabled)
    no_bid: str | None  # the no-bid card flipped: what shows instead of the chips
    chips: tuple  # BidChips' key: (bid, highest, seat, a row's numbers, height, text scale, language)
    picker: tuple | None  # (the player's own cards?, the cards offered, the card flipped)
    enter_first: str | None  # why this phone offers no card yet
    send: tuple  # Send bid: (words, icon, disabled)
    stacked: bool  # the status above Send bid (larger text)
    keep: tuple | None  # "Keep bid 3" while changing a sent bid: (words, disabled)
    problems: tuple
    sending: writes.Sending  # a write on its way, or its fault: said under the entry


def editor_look(hand: LiveHand, seat: str, title: str, stored: SeatBid, draft: dict | None, problems: tuple,
                changing: bool, sending: writes.Sending, own_phone: bool, scale: float,
                language: str) -> EditorLook:
    """What the entry shows for the seat's `stored` bid, with the entry's own state."""
    game = hand.game
    _ = i18n.speaker(language).gettext
    current = draft or {"bid": stored.bid or 0, "bonus_beat": stored.bonus_beat}
    player = seat in game.players
    enter_first = own_phone and must_enter_first(game, seat)  # a phone flips only the cards its player entered
    # B1, B2: the cards the engine lets this seat flip, beside those the other seats flipped this hand.
    cards = flippable(game, seat, {**hand.flipped(), seat: current["bonus_beat"]}) if player and not enter_first else []
    if current["bonus_beat"] and current["bonus_beat"] not in {c.id for c in cards}:
        cards = cards + [hand_entry.BONUS_BEATS[current["bonus_beat"]]]
    high = table_logic.max_bid(hand, seat, current["bonus_beat"])
    status = _("Sent: {bid}").format(bid=table_logic.said(stored)) if stored.entered else _("Not sent yet")
    folded = hand.everyone_has_bid and stored.entered and draft is None and not problems and not changing
    return EditorLook(
        title=title or seat,
        leads=seat == hand.leader and not (folded and hand.tricks), leads_word=_("leads"),
        folded=folded, status=status, status_label=_("{seat} {what}").format(seat=seat, what=status),
        change=(_("Change bid"), _("Change {name}'s bid").format(name=seat), sending.busy),
        no_bid=_("No bid: scores if tricks match another seat's bid") if current["bonus_beat"] == NO_BID else None,
        chips=(current["bid"], high, seat, -(-(high + 1) // ((2 if high > 10 else 1) * (1 if scale < 1.3 else 2))),
               round(40 * min(scale, 1.2)), scale, language),
        picker=((seat in game.bonus_beats_dealt, tuple(c.id for c in cards), current["bonus_beat"])
                if player and game.bonus_beats and cards else None),
        # companion.own_cards.ENTER_YOURS_FIRST, said in the session's language.
        enter_first=_("To flip a Bonus Beat from this phone, first enter the {count} you were dealt (Your Bonus "
                      "Beats).").format(count=CARDS_DEALT_PER_PLAYER) if enter_first else None,
        send=(saving.label(sending, _("Send bid")), ft.Icons.HOURGLASS_TOP if sending.busy else ft.Icons.SEND,
              sending.busy or (draft is None and stored.entered)),
        stacked=stacks(scale),
        keep=((_("Keep {bid}").format(bid=table_logic.said(stored)), sending.busy) if changing and stored.entered
              else None),
        problems=tuple(problems), sending=sending)


@dataclass
class Typed:
    """What an entry holds of its own for one hand: the draft typed on top of the version it started
    from, the refusals shown, whether a sent bid is being changed. Kept in a ref, not in Flet's state:
    the entry may change in place without drawing again (a bid stored, the next hand), so it is worked
    out from the hand in play when it is read, and starts again when that hand changes (`typed_for`)."""

    hand: int
    draft: dict | None = None
    problems: tuple = ()
    changing: bool = False


@ft.component
def BidEditorPart(held: leaves.Cell, shown: tuple, seat: str, title: str, own_phone: bool = False,
                  language: str = i18n.ENGLISH):
    """Edits are a draft on top of the version they started from, so a change
    made meanwhile on another screen is reported rather than overwritten.
    Once everyone has bid, a sent bid folds to one line with a way to change
    it: the tricks, not the bid chips, are what the table taps next. In
    `language`, the session's (a prop: the memo draws it again when it changes).
    Nothing here reads what was drawn last: the hub may have changed the entry
    in place since (a bid stored, the next hand), so each tap reads the cell."""
    sending, send_write = saving.use_send()
    sent_in = ft.use_ref(None)  # the hand of the last bid sent: what its write said is not said in the next
    kept = ft.use_ref(None)
    _, draw_again = ft.use_state(0)
    picked = ft.use_ref(None)  # the chips are kept while their number stays: a tap edits the latest draft
    scale = ft.use_context(SessionContext).text_scale  # at 145%, fewer numbers a row: each reads whole

    def hand_now() -> LiveHand:
        return held.value[0].value[0]

    def typed_for(number: int) -> Typed:
        """This entry's own state for hand `number`: anew when the hand in play changed (a hand that
        comes back, its scoring undone, starts again too: what was picked for it and never sent is gone)."""
        if kept.current is None or kept.current.hand != number:
            kept.current = Typed(number)
        return kept.current

    def changed(**fields) -> None:
        """Change this hand's own state, and draw the entry again."""
        typed = typed_for(hand_now().number)
        for name, value in fields.items():
            setattr(typed, name, value)
        draw_again(lambda n: n + 1)

    def look(value: tuple) -> EditorLook:
        """What the entry shows for `value` (the cell's), with its own state as it is now."""
        hand, stored = value[0].value[0], value[1]
        typed = typed_for(hand.number)
        # A write on its way stays into the next hand; what it said of the last hand does not.
        said = sending if sending.busy or sent_in.current == hand.number else writes.Sending()
        draft = None if stored_as(stored, typed.draft) else typed.draft  # sent: shown as stored already
        return editor_look(hand, seat, title, stored, draft, typed.problems, typed.changing, said,
                           own_phone, scale, language)

    def stored_now() -> dict:
        """The seat's bid as stored now."""
        stored = held.value[1]
        return {"bid": stored.bid or 0, "bonus_beat": stored.bonus_beat, "version": stored.version}

    def edit(change) -> None:
        """Apply `change` (old entry -> new fields) to the latest draft: quick taps each count."""
        old = typed_for(hand_now().number).draft or stored_now()
        changed(draft={**old, **change(old)})

    def problems_said(problems: tuple) -> None:
        if problems != typed_for(hand_now().number).problems:
            changed(problems=tuple(problems))

    async def send():
        typed = typed_for(hand_now().number)
        sent_in.current = typed.hand
        sent = typed.draft or stored_now()
        on_send = held.value[0].value[1]
        no_bid = sent["bonus_beat"] == NO_BID
        done = await attempt(send_write, lambda: on_send(seat, None if no_bid else sent["bid"], sent["bonus_beat"],
                                                         sent["version"]), problems_said)
        if typed is not typed_for(hand_now().number):
            return  # the next hand began meanwhile: this one's entry is gone
        if isinstance(done, StaleEntry):  # after a lost race, show what is stored now
            changed(draft=None)
        elif isinstance(done, writes.Stored):
            # Stored; an edit made while it waited stays, on top of what is stored now. A draft stored as
            # it was sent is gone, in place (Send bid off; folded once everyone has bid).
            if typed.draft is None or typed.draft == sent:
                typed.draft, typed.changing = None, False
                if not leaves.relooked(held):
                    draw_again(lambda n: n + 1)  # not shown in place (about to draw again, not connected)
            else:
                changed(draft={**typed.draft, "version": done.value.bids[seat].version}, changing=False)

    picked.current = lambda n: edit(lambda old: {"bid": min(n, table_logic.max_bid(hand_now(), seat,
                                                                                    old["bonus_beat"]))})
    shows = leaves.looked_here(held, BidEditorPart, look)
    return draw_editor(shows, seat, picked, lambda: changed(changing=True), send, lambda c: edit(lambda old: {
        "bonus_beat": c, "bid": min(old["bid"] or 0, table_logic.max_bid(hand_now(), seat, c))}),
        lambda: changed(draft=None, problems=(), changing=False))


BidEditorMemo = ft.memo(BidEditorPart)


def draw_editor(look: EditorLook, seat: str, picked, on_change, on_send, on_card, on_keep) -> ft.Control:
    """The entry: its title and "leads"; the folded line; the chips (or the no-bid card), the cards to
    flip and Send bid, together; Keep, the refusals and the write's notice. Where a sent bid folds,
    the line shows and the chips hide: `editor_in_place` knows these places."""
    words, tooltip, busy = look.change

    def status() -> ft.Control:  # on the folded line, and beside (or above) Send bid
        return Txt(look.status, S.BODY_MEDIUM, label=look.status_label, color=ft.Colors.ON_SURFACE_VARIANT)
    picker = []
    if look.picker is not None:
        own, cards, chosen = look.picker
        picker = [(HeldCards if own else BonusBeatPicker)(seat, [hand_entry.BONUS_BEATS[card] for card in cards],
                                                          chosen, on_card)]
    return Panel([
        ft.Row([ft.Container(Txt(look.title, S.TITLE_LARGE, weight=ft.FontWeight.W_700), expand=True),
                Badge(look.leads_word, on=True, visible=look.leads)]),
        ft.Row([ft.Container(status(), expand=True),
                TextTap(words, icon=ft.Icons.EDIT, on_click=on_change, disabled=busy, tooltip=tooltip)],
               vertical_alignment=ft.CrossAxisAlignment.CENTER, visible=look.folded),
        ft.Column([
            (Txt(look.no_bid, S.BODY_MEDIUM, italic=True) if look.no_bid is not None else
             BidChips(table_logic.Keyed(lambda n: picked.current(n), look.chips))),
            *picker,
            *([Txt(look.enter_first, S.BODY_SMALL, color=ft.Colors.ON_SURFACE_VARIANT)] if look.enter_first else []),
            SendRow(status(), BigButton(look.send[0], on_send, icon=look.send[1], disabled=look.send[2]), look.stacked),
        ], spacing=6, horizontal_alignment=ft.CrossAxisAlignment.STRETCH, visible=not look.folded),
        *([TextTap(look.keep[0], icon=ft.Icons.CLOSE, disabled=look.keep[1], on_click=on_keep)] if look.keep else []),
        *([Problems(list(look.problems))] if look.problems else []),
        *saving.notice(look.sending),
    ], spacing=2 if look.folded else 6)


SAME = ("title", "leads_word", "change", "no_bid", "picker", "enter_first", "stacked", "keep", "problems", "sending")


@leaves.in_place(BidEditorPart)
def editor_in_place(old: EditorLook, new: EditorLook):
    """A bid stored changes an entry's status, its Send bid, its chips' number
    (the host's entry for a phone's seat), and once everyone has bid folds it;
    the first trick takes its "leads" away. Anything else draws it again."""
    if any(getattr(old, name) != getattr(new, name) for name in SAME) or old.chips[1:] != new.chips[1:]:
        return None
    body = ("content", "controls")
    changes = []
    if old.folded != new.folded:
        changes += [(("content",), {"spacing": 2 if new.folded else 6}), ((*body, 1), {"visible": new.folded}),
                    ((*body, 2), {"visible": not new.folded})]
    if old.leads != new.leads:
        changes.append(((*body, 0, "controls", 1), {"visible": new.leads}))
    send_row = (*body, 2, "controls", 1 + (new.picker is not None) + (new.enter_first is not None))
    if (old.status, old.status_label) != (new.status, new.status_label):
        said = {"value": new.status, "semantics_label": new.status_label}
        changes += [((*body, 1, "controls", 0, "content"), said),
                    ((*send_row, "controls", 0) if new.stacked else (*send_row, "controls", 0, "content"), said)]
    if old.send != new.send:
        if old.send[:2] != new.send[:2]:
            return None
        changes.append(((*send_row, "controls", 1), {"disabled": new.send[2]}))
    if old.chips[0] != new.chips[0]:
        if new.no_bid is not None:
            return None
        bid, high, seat, per_row, _height, scale, _language = new.chips
        chips = chips_in_place("bid", old.chips[0], bid, high=high, who=seat, per_row=per_row, scale=scale)
        if chips is None:
            return None
        changes += [((*body, 2, "controls", 0, "_b", *path), props) for path, props in chips]
    return changes


def SendRow(status: ft.Control, button: ft.Control, stacked: bool) -> ft.Control:
    """Whether the bid is sent, beside its button; above it when the text is larger than 100%
    (beside it, "Pas encore envoyé" at 145% broke inside its words)."""
    if stacked:
        return ft.Column([status, button], spacing=6, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
    return ft.Row([ft.Container(status, expand=True), button], vertical_alignment=ft.CrossAxisAlignment.CENTER)


@ft.component
def BidChipsPart(keyed: table_logic.Keyed):
    """A bid's numbers: re-rendered only when the number picked, the highest or
    the size changes, not while a bid is sent or when it is stored."""
    bid, high, seat, per_row, height, scale, _language = keyed.key  # the language: its words change
    return NumberChips("bid", bid, keyed.value, high=high, who=seat, per_row=per_row, height=height,
                       scale=scale)


BidChips = ft.memo(BidChipsPart)
