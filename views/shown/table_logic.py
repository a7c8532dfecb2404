"""What the shared table's screens say, as plain functions over the live hand
and the game (no Flet here, so tests need no browser)."""
from __future__ import annotations

from companion import Xylotar
from companion.access import Access, Role
from companion.live_hand import LiveHand, SeatBid
from companion.xylotar import limits
from companion.xylotar.bonus_beats import NO_BID

from .. import i18n
from ..i18n import terms
from . import logic, words


def _bid(entry, speaker: i18n.Speaker) -> str:
    return speaker.gettext("no bid") if entry.bid is None else speaker.gettext("bid {bid}").format(bid=entry.bid)


def said(entry: SeatBid | None, speaker: i18n.Speaker | None = None) -> str:
    """'bid 3', 'no bid', 'bid 2 with +1', 'not yet'."""
    speaker = speaker or i18n.spoken()
    if entry is None or not entry.entered:
        return speaker.gettext("not yet")
    text = _bid(entry, speaker)
    if entry.bonus_beat and entry.bonus_beat != NO_BID:
        text = speaker.gettext("{bid} with {card}").format(bid=text, card=terms.face(speaker, entry.bonus_beat))
    return text


def flipped(entry: SeatBid | None, speaker: i18n.Speaker | None = None) -> str | None:
    """The face of the Bonus Beat a seat flipped this hand, if any, in the
    session's language (a symbol as printed): every screen shows it. The
    'no bid' card is not one: it is shown as the bid."""
    if entry is None or not entry.bonus_beat or entry.bonus_beat == NO_BID:
        return None
    return terms.face(speaker or i18n.spoken(), entry.bonus_beat)


def bid_shown(entry: SeatBid | None, speaker: i18n.Speaker | None = None) -> str:
    """What a seat's row says of its bid: 'bid 3', 'no bid', 'bidding…' (bids are public, P1)."""
    speaker = speaker or i18n.spoken()
    if entry is None or not entry.entered:
        return speaker.gettext("bidding…")
    return _bid(entry, speaker)


def cards_left(hand: LiveHand, seat: str) -> int | None:
    """How many Bonus Beats `seat` still holds face down (P2: how many, never
    which); None where the seat holds none (a side player, no Bonus Beats)."""
    game = hand.game
    if not game.bonus_beats or seat not in game.players:
        return None
    entry = hand.bids.get(seat)
    return max(0, game.bonus_beats_left(seat) - (1 if entry is not None and entry.bonus_beat else 0))


def cards_left_said(left: int | None, speaker: i18n.Speaker | None = None) -> str:
    """'2 Bonus Beats left', '1 Bonus Beat left', 'no Bonus Beat left'; '' for none held."""
    if left is None:
        return ""
    speaker = speaker or i18n.spoken()
    if left == 0:
        return speaker.gettext("no Bonus Beat left")
    return speaker.ngettext("{count} Bonus Beat left", "{count} Bonus Beats left", left).format(count=left)


def took(hand: LiveHand, seat: str, tracking: bool) -> int | None:
    """The tricks `seat` won so far: tapped one by one, or typed at the end
    (P3); None while nothing of the kind is entered for the hand."""
    if tracking or hand.tricks:
        return hand.tricks_won()[seat]
    if any(count.version for count in hand.counts.values()):
        return hand.counts[seat].tricks
    return None


def seat_said(hand: LiveHand, seat: str, tracking: bool, speaker: i18n.Speaker | None = None) -> str:
    """A seat's row as one phrase for a screen reader: 'Ann, bid 3, flipped #,
    1 Bonus Beat left, took 2 tricks'."""
    speaker = speaker or i18n.spoken()
    entry = hand.bids.get(seat)
    return seat_phrase(seat, entry, flipped(entry, speaker), cards_left_said(cards_left(hand, seat), speaker),
                       took(hand, seat, tracking), speaker)


def seat_phrase(seat: str, entry: SeatBid | None, face: str | None, left: str, won: int | None,
                speaker: i18n.Speaker) -> str:
    """`seat_said` from its parts, as a board that shows them works them out once."""
    parts = [seat, _bid(entry, speaker) if entry and entry.entered else speaker.gettext("not bid yet")]
    if face:
        parts.append(speaker.gettext("flipped {card}").format(card=face))
    if left:
        parts.append(left)
    if won is not None:
        parts.append(speaker.ngettext("took {count} trick", "took {count} tricks", won).format(count=won))
    return ", ".join(parts)


def dealt_to_sort_out(clashing: tuple[str, ...], asking: tuple[str, ...]) -> list[str]:
    """What the host's table says of the Bonus Beats entered on phones that
    need the host (B1): players' names, never a card (P2)."""
    speaker = i18n.spoken()
    lines = []
    if clashing:
        lines.append(speaker.gettext(
            "{names} entered the same Bonus Beat as dealt to them, but each card is dealt once, so one entry is "
            "mistaken. Neither counts until it is sorted out: ask them to check their cards, then clear the "
            "mistaken entry. Their phones are not told.").format(names=speaker.names(list(clashing))))
    if asking:
        lines.append(speaker.gettext(
            "{names} changed their Bonus Beats as often as a hand allows. Clear their entry to let them enter the "
            "2 cards again.").format(names=speaker.names(list(asking))))
    return lines


def typed_line(hand: LiveHand) -> str:
    """The typed counts over all seats, as every screen says them (X3, O3):
    '9 tricks taken of 12: three missing', '13 tricks taken of 12: one too
    many', '12 tricks taken of 12'."""
    off_key = words.off_key_won(hand.game.deal, sum(count.off_key_won for count in hand.counts.values()))
    return words.tricks_taken(hand.game.deal, hand.tricks_typed) + (f"; {off_key}" if off_key else "")


def typed_over(hand: LiveHand) -> bool:
    """More tricks (or Off-Key cards) typed than a hand holds: said as a problem, not as progress."""
    deal = hand.game.deal
    return (limits.tricks_off(deal, hand.tricks_typed) > 0
            or limits.off_key_over(deal, sum(count.off_key_won for count in hand.counts.values())) > 0)


def max_bid(hand: LiveHand, seat: str, bonus_beat: str | None = None) -> int:
    """X4, X9: the highest bid `seat` may send with the Bonus Beat it flipped, as the engine allows it."""
    return hand.game.highest_bid(seat, bonus_beat)


def trick_line(hand: LiveHand) -> str:
    """'Trick 4 of 14: Bob leads' or 'All 14 tricks played'."""
    speaker = i18n.spoken()
    leads = hand.next_to_lead()
    if leads is None:
        return speaker.gettext("All {count} tricks played").format(count=hand.tricks_per_hand)
    return speaker.gettext("Trick {number} of {count}: {name} leads").format(
        number=hand.tricks_played + 1, count=hand.tricks_per_hand, name=leads)


def bids_line(hand: LiveHand) -> str:
    """'2 of 4 have bid' or 'Everyone has bid'."""
    speaker = i18n.spoken()
    done = sum(hand.who_has_bid().values())
    if done == len(hand.seats):
        return speaker.gettext("Everyone has bid")
    # TRANSLATORS: English says "1 of 4 have bid" (of the players); a language may agree with the count.
    return speaker.ngettext("{done} of {count} have bid", "{done} of {count} have bid", done).format(
        done=done, count=len(hand.seats))


def bid_took(bid: int | None, tricks: int, speaker: i18n.Speaker) -> str:
    """A seat's last hand in a few words: 'bid 3, took 2', 'no bid, took 1' (its words follow the tricks)."""
    # TRANSLATORS: a seat's last hand, revealed: its bid and the tricks it took ({count}), e.g. "bid 3, took 2".
    if bid is None:
        return speaker.ngettext("no bid, took {count}", "no bid, took {count}", tricks).format(count=tricks)
    # TRANSLATORS: a seat's last hand, revealed: its bid and the tricks it took ({count}), e.g. "bid 3, took 2".
    return speaker.ngettext("bid {bid}, took {count}", "bid {bid}, took {count}", tricks).format(bid=bid, count=tricks)


def last_hand_bids(game: Xylotar) -> list[tuple[str, str, int]]:
    """The last scored hand's seats, revealed: (seat, 'bid 3, took 3', score),
    score 0 for side players. Empty before the first hand."""
    if not game.takes_bids or not game.rounds:
        return []
    hand, result = game.hands[-1], game.results()[-1]
    speaker = i18n.spoken()
    rows = []
    for seat, entry in hand.seats().items():
        score = result.scores[seat].total if seat in result.scores else 0
        rows.append((seat, bid_took(entry.bid, entry.tricks, speaker), score))
    return rows


def link_name(link: Access, players: list[str]) -> str:
    """How the host's list names a link or a phone."""
    speaker = i18n.spoken()
    if link.seat is not None:
        return speaker.gettext("{name}'s phone").format(name=players[link.seat - 1])
    return speaker.gettext("Players' code") if link.role is Role.PLAYER else speaker.gettext("Display code")


class Keyed:
    """A value that compares equal by its key alone: a memoized part
    (`ft.memo`) given one skips re-rendering while the key stays the same."""

    __slots__ = ("value", "key")

    def __init__(self, value, key) -> None:
        self.value, self.key = value, key

    def __eq__(self, other) -> bool:
        return isinstance(other, Keyed) and self.key == other.key

    def __hash__(self) -> int:
        return hash(self.key)


def scores_key(game) -> Keyed:
    """The game keyed by what its scores, chart and revealed bids show."""
    return Keyed(game, (game.game, tuple(game.players), repr(logic.score_rows(game)), repr(last_hand_bids(game)),
                        game.outcome().status))
