"""Xylotar hand entry as plain values: a seat's entry is a dict
{bid, tricks, bonus_beat, off_key_won}; these functions turn the entries into
a record round and say what rules it breaks. No Flet here."""
from __future__ import annotations

from companion import Xylotar, record
from companion.errors import GameError, Problem
from companion.xylotar import BONUS_BEATS, SIDE_PLAYERS, BonusBeat
from companion.xylotar import limits
from companion.xylotar.bonus_beats import NO_BID
from companion.xylotar.flips import flippable
from companion.xylotar.hand import side_player_name

from .. import i18n
from .words import words


def seats(game: Xylotar) -> list[str]:
    """Every seat that takes tricks: players, then the side players at 2 (X9)."""
    sides = [side_player_name(side) for side in SIDE_PLAYERS] if len(game.players) == 2 else []
    return list(game.players) + sides


def blank(game: Xylotar) -> dict[str, dict]:
    return {seat: {"bid": 0, "tricks": 0, "bonus_beat": None, "off_key_won": 0} for seat in seats(game)}


def from_round(game: Xylotar, raw: dict) -> dict[str, dict]:
    """Entries pre-filled from a stored round (to correct it)."""
    entries = blank(game)
    stored = dict(raw.get("results", {}))
    stored.update({side_player_name(s): v for s, v in raw.get("side_players", {}).items()})
    for seat, value in stored.items():
        entries[seat] = {"bid": value.get("bid") if value.get("bid") is not None else 0,
                         "tricks": value["tricks"], "bonus_beat": value.get("bonus_beat"),
                         "off_key_won": value.get("off_key_won", 0)}
    return entries


def to_round(game: Xylotar, entries: dict[str, dict]) -> dict:
    """The record-format round dict for these entries."""
    def seat(entry: dict) -> dict:
        out = {"bid": None if entry.get("bonus_beat") == NO_BID else entry["bid"], "tricks": entry["tricks"]}
        if entry.get("bonus_beat"):
            out["bonus_beat"] = entry["bonus_beat"]
        if entry.get("off_key_won"):
            out["off_key_won"] = entry["off_key_won"]
        return out
    raw = {"results": {name: seat(entries[name]) for name in game.players}}
    if len(game.players) == 2:
        raw["side_players"] = {side: seat(entries[side_player_name(side)]) for side in SIDE_PLAYERS}
    return raw


def trick_sum(entries: dict[str, dict]) -> int:
    return sum(entry["tricks"] for entry in entries.values())


def tricks_all_picked(entries: dict[str, dict]) -> dict[str, dict]:
    """Entries whose tricks all count as picked (a stored hand being corrected:
    no seat's tricks fill themselves in)."""
    return {seat: {**entry, "tricks_picked": True} for seat, entry in entries.items()}


def pick_tricks(game: Xylotar, entries: dict[str, dict], seat: str, tricks: int) -> dict[str, dict]:
    """`seat` took `tricks`. Once every seat but one has its tricks picked, that
    last seat's tricks fill themselves in with what is left (X3), if that is
    a count it may take; it stays editable (picking it makes it the player's)."""
    out = {**entries, seat: {**entries[seat], "tricks": tricks, "tricks_picked": True}}
    open_seats = [name for name, entry in out.items() if not entry.get("tricks_picked")]
    if len(open_seats) == 1:
        last = open_seats[0]
        left = limits.tricks_left(game.deal, sum(entry["tricks"] for name, entry in out.items() if name != last))
        if left is not None:
            out[last] = {**out[last], "tricks": left}
    return out


def hand_scores(game: Xylotar, entries: dict[str, dict], number: int | None = None) -> dict[str, int]:
    """What each player scores this hand as entered so far (X5, B3, B4, O3),
    as the engine scores it: shown while entering. Empty if the entries
    cannot make a hand yet."""
    number = number or len(game.hands) + 1
    try:
        entered = record.round_from_dict(game, to_round(game, entries), number)
    except GameError:
        return {}
    return {name: breakdown.total for name, breakdown in game.score_as(number, entered).items()}


def scores_shown(game: Xylotar, entries: dict[str, dict], blocking: list[Problem],
                 number: int | None = None) -> dict[str, int]:
    """`hand_scores` as the form shows them: none for a seat whose entry a rule refuses
    (4 Off-Key cards won with no trick scored as if they were not there: "+1" read as if it stood)."""
    refused = {found.player for found in blocking}
    return {seat: points for seat, points in hand_scores(game, entries, number).items() if seat not in refused}


def signed(points: int) -> str:
    """A hand's points as the seat shows them: '+8', '0', '-1'."""
    return f"+{points}" if points > 0 else str(points)


def problems(game: Xylotar, entries: dict[str, dict], number: int | None = None) -> list[Problem]:
    """What rules the hand breaks as the next hand, or as hand `number` when correcting."""
    raw = to_round(game, entries)
    try:
        entered = record.round_from_dict(game, raw, number or len(game.hands) + 1)
    except GameError as error:
        return list(error.problems)
    return game.check(entered) if number is None else game.check_replace(number, entered)


def say(found: Problem) -> str:
    """A problem as the round screen shows it, in players' words: who and
    what ('Ann: bid 11 needs the 11 card ...'), never the rule's ID."""
    return words(found, where=False)


def highest_bid(game: Xylotar, seat: str, bonus_beat: str | None) -> int:
    """X4, X9: the highest bid the Bid stepper offers `seat`, given the card it
    flipped: 10 (8 at 3 players), 11 (9) with Red 11 (Yellow 9), 7 (8 with
    Off-Key) for a side player."""
    return game.highest_bid(seat, bonus_beat)


def with_card(game: Xylotar, seat: str, entry: dict, card: str | None) -> dict:
    """`entry` with `card` flipped instead, its bid brought within what that
    card allows (a bid of 11 goes back to 10 when Red 11 is taken back)."""
    return {**entry, "bonus_beat": card, "bid": min(entry.get("bid") or 0, highest_bid(game, seat, card))}


def highest_off_key(game: Xylotar, seat: str, entries: dict[str, dict]) -> int:
    """O3: the most Off-Key cards the stepper offers `seat`, as the engine
    allows them with the tricks it took and the other seats' cards."""
    others = sum(entry.get("off_key_won") or 0 for other, entry in entries.items() if other != seat)
    return limits.off_key(game.deal, game.off_key, entries[seat]["tricks"], others)


def usable_bonus_beats(game: Xylotar, player: str, entries: dict[str, dict], number: int | None = None) -> list[BonusBeat]:
    """The cards `player` may flip this hand (B1, B2), as the engine allows
    them beside the cards the other seats flip in it; correcting hand `number`."""
    return flippable(game, player, {seat: entry.get("bonus_beat") for seat, entry in entries.items()}, number)


def by_timing(cards: list[BonusBeat]) -> list[str]:
    """When each card may be flipped, as printed: 'Immediately after you bid: #, b' (in the session's language)."""
    s = i18n.spoken()
    groups: dict[str, list[str]] = {}
    for card in cards:
        groups.setdefault(s.value(card.timing).rstrip("."), []).append(s.value(card.face))
    return [s.gettext("{timing}: {cards}").format(timing=timing, cards=", ".join(faces))
            for timing, faces in groups.items()]


def held_bonus_beats(game: Xylotar) -> dict[str, list[str]]:
    """Per player, what they still hold, in words: card faces if dealt was
    recorded, else how many of their 2 are left (in the session's language)."""
    s = i18n.spoken()
    held = game.bonus_beats_held()  # the dealt cards not flipped yet, where the dealt cards were recorded
    out = {}
    for name in game.players:
        if name in held:
            out[name] = [s.value(BONUS_BEATS[c].face) for c in held[name]]
        else:
            left = game.bonus_beats_left(name)
            out[name] = ([s.ngettext("{count} card face down", "{count} cards face down", left).format(count=left)]
                         if left else [])
    return out


def boxes(game: Xylotar, entries: dict[str, dict]) -> list[tuple[str, str]]:
    """The boxes a hand's numbers go in, in the order a table says them: each
    seat's bid (none for a seat whose card says it does not bid, B5), then
    each seat's tricks."""
    order = seats(game)
    return ([("bid", seat) for seat in order if entries[seat].get("bonus_beat") != NO_BID]
            + [("tricks", seat) for seat in order])


def next_box(game: Xylotar, entries: dict[str, dict], box: tuple[str, str] | None) -> tuple[str, str] | None:
    """After `box` was filled in `entries`: the box filled next, or None when
    every bid is in and every seat's tricks are picked but one (whose tricks
    `pick_tricks` filled in from the trick sum)."""
    order = boxes(game, entries)
    unpicked = [seat for seat, entry in entries.items() if not entry.get("tricks_picked")]
    start = order.index(box) + 1 if box in order else 0
    for field, seat in order[start:]:
        if field == "bid":
            return field, seat
        if len(unpicked) <= 1:
            return None
        if seat in unpicked:
            return field, seat
    return None
