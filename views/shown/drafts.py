"""Drafts: a half-entered round kept in the player's own browser, as plain
values (no Flet). The Flet side is views/parts/drafts.py (`use_draft`).

API, for every round form (Xylotar's hands, XYbrid's rounds):

- `key(game_id, number)`: where a draft is kept: the next round of game
  `game_id` (`number` None) or the correction of round `number`. One string,
  the same in the session's memory and in the browser's storage.
- `Draft(number, entries)`: a draft: the round number it was entered for
  (the next round's number at the time, or the round corrected) and the
  form's entries (any JSON value: dicts, lists, str, int, bool, None).
- `encode(draft) -> str` and `decode(text) -> Draft | None`: to and from
  the browser's storage; `decode` answers None for anything that is not a
  draft (missing, damaged, from another version), never raises.
- `fits(entries, initial, ignore=())`: the draft has the form's shape (the
  same keys, the same kinds); one that does not is not brought back.
- `follow(entries, initial, ignore=())`: the entries on the form's seats as
  they are now: a player renamed while the round is typed keeps what was
  typed for them (one rename at a time; seats that cannot be told apart
  start blank), and nothing is read under a name the game no longer has.
- `worth_keeping(entries, initial, ignore=())`: False when the entries are
  the blank (or stored) round, once keys in `ignore` (the form's own marks,
  e.g. Xylotar's "tricks_picked") are left out at any depth: that is no draft.
- `where(author, host)`: where a change was made, in players' words: "on
  the host's screen" (author `host`, views.web.actions.HOST) or "on Bob's
  phone" (a seat's phone writes as its player's name).
- `restored_line(word, number)`: what the form says of a restored draft:
  "Your unsaved entry for hand 2 is back".
- `clash_line(word, number, author, host)`: "Hand 2 was just entered on
  Bob's phone".
- `hand_lines(raw)`, `scored_lines(scored, unit)`: a stored round, one line
  per seat ("Ann: bid 3, 3 tricks", "Ann: 9 infamy").
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from companion.xylotar.bonus_beats import BY_ID

from .. import i18n

PREFIX = "xyscore.draft"
VERSION = 1


def key(game_id: int, number: int | None) -> str:
    """'xyscore.draft.7.next' for game 7's next round, 'xyscore.draft.7.round.2'
    for the correction of its round 2."""
    return f"{PREFIX}.{game_id}." + ("next" if number is None else f"round.{number}")


@dataclass(frozen=True)
class Draft:
    number: int  # the round it was entered for
    entries: Any


def encode(draft: Draft) -> str:
    return json.dumps({"v": VERSION, "number": draft.number, "entries": draft.entries}, sort_keys=True,
                      separators=(",", ":"))


def decode(text: object) -> Draft | None:
    if not isinstance(text, str):
        return None
    try:
        value = json.loads(text)
    except ValueError:
        return None
    if not isinstance(value, dict) or value.get("v") != VERSION or "entries" not in value:
        return None
    number = value.get("number")
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        return None
    return Draft(number, value["entries"])


def _without(value: Any, ignore: frozenset) -> Any:
    if isinstance(value, dict):
        return {k: _without(v, ignore) for k, v in value.items() if k not in ignore}
    if isinstance(value, (list, tuple)):
        return [_without(v, ignore) for v in value]
    return value


def fits(entries: Any, initial: Any, ignore=()) -> bool:
    """True if `entries` have the shape of `initial`: the same kinds, and a
    dict the same keys (`ignore` left out), all the way down through dicts.
    A draft that does not fit (a game of the same id but other players, an
    older form) is not brought back."""
    if isinstance(initial, dict):
        if not isinstance(entries, dict):
            return False
        keys = set(initial) - set(ignore)
        return set(entries) - set(ignore) == keys and all(fits(entries[k], initial[k], ignore) for k in keys)
    if isinstance(initial, (list, tuple)):
        return isinstance(entries, (list, tuple))
    if initial is None or isinstance(entries, type(None)):
        return True  # an empty field may be filled in, and a filled one emptied
    if isinstance(initial, bool) or isinstance(entries, bool):
        return isinstance(initial, bool) and isinstance(entries, bool)
    return isinstance(entries, type(initial))


def follow(entries: Any, initial: Any, ignore=()) -> Any:
    """`entries` with `initial`'s keys, all the way down through dicts: a key
    kept where both have it; the one key only `entries` has moved to the one
    only `initial` has (a player renamed as the round was typed); every other
    key of `initial` as it is there, and `entries`' other keys dropped. Keys
    in `ignore` (the form's own marks) stay as `entries` has them. Entries
    that already fit are given back as they are (no copy: a form's every
    render and tap asks)."""
    if fits(entries, initial, ignore):
        return entries
    if not isinstance(initial, dict) or not isinstance(entries, dict):
        return initial
    gone = [k for k in entries if k not in initial and k not in ignore]
    new = [k for k in initial if k not in entries and k not in ignore]
    moved = dict(zip(new, gone)) if len(gone) == len(new) == 1 else {}
    out = {k: v for k, v in entries.items() if k in ignore and k not in initial}
    for k, blank in initial.items():
        if k in entries:
            out[k] = follow(entries[k], blank, ignore)
        elif k in moved:
            out[k] = follow(entries[moved[k]], blank, ignore)
        else:
            out[k] = blank
    return out


def worth_keeping(entries: Any, initial: Any, ignore=()) -> bool:
    """True if `entries` differ from `initial` (the blank or stored round),
    keys in `ignore` left out: only then is there something to lose."""
    ignore = frozenset(ignore)
    return _without(entries, ignore) != _without(initial, ignore)


def where(author: str, host: str) -> str:
    """Where a change was made: 'on the host's screen', 'on Bob's phone'."""
    _ = i18n.spoken().gettext
    if author == host:
        return _("on the host's screen")
    return _("on {name}'s phone").format(name=author) if author else _("on another screen")


def restored_line(word: str, number: int) -> str:
    """'Your unsaved entry for hand 2 is back' (`word`: the game's round word, "hand" or "round")."""
    speaker = i18n.spoken()
    if word == "hand":
        said = speaker.gettext("Your unsaved entry for hand {number} is back")
    else:
        said = speaker.gettext("Your unsaved entry for round {number} is back")
    return said.format(number=speaker.number(number))


def clash_line(word: str, number: int, author: str, host: str) -> str:
    """'Hand 2 was just entered on Bob's phone', each place and word a sentence of its own."""
    speaker = i18n.spoken()
    _ = speaker.gettext
    if word == "hand":
        if author == host:
            said = _("Hand {number} was just entered on the host's screen")
        elif author:
            said = _("Hand {number} was just entered on {name}'s phone")
        else:
            said = _("Hand {number} was just entered on another screen")
    elif author == host:
        said = _("Round {number} was just entered on the host's screen")
    elif author:
        said = _("Round {number} was just entered on {name}'s phone")
    else:
        said = _("Round {number} was just entered on another screen")
    return said.format(number=speaker.number(number), name=author)


def _face(card: str | None) -> str:
    return BY_ID[card].face if card in BY_ID else str(card)


def hand_lines(raw: dict, side_name=lambda side: side) -> list[str]:
    """A stored Xylotar hand (record format), one compact line per seat:
    'Ann: bid 3, 3 tricks, Bonus Beat Red 11, Off-Key 1' ('no bid' for a
    Bonus Beat's bid of none); `side_name` names a side player's seat."""
    speaker = i18n.spoken()
    _, n = speaker.gettext, speaker.number
    seats = [(name, value) for name, value in raw.get("results", {}).items()]
    seats += [(side_name(side), value) for side, value in raw.get("side_players", {}).items()]
    lines = []
    for name, value in seats:
        bid = value.get("bid")
        tricks = value.get("tricks", 0)
        parts = [_("no bid") if bid is None else _("bid {bid}").format(bid=n(bid)),
                 speaker.ngettext("{count} tricks", "{count} tricks", tricks).format(count=n(tricks))]
        if value.get("bonus_beat"):
            parts.append(_("Bonus Beat {card}").format(card=_face(value["bonus_beat"])))
        if value.get("off_key_won"):
            parts.append(_("Off-Key {count}").format(count=n(value["off_key_won"])))
        lines.append(_("{seat}: {entry}").format(seat=name, entry=", ".join(parts)))
    return lines


def scored_lines(scored, unit: str) -> list[str]:
    """A stored round as scored (companion.outcome.ScoredRound), one line per
    player: 'Ann: 9 infamy' (`unit`: the game's, "points" or "infamy")."""
    speaker = i18n.spoken()
    if unit == "infamy":
        return [speaker.ngettext("{name}: {points} infamy", "{name}: {points} infamy", points).format(
            name=name, points=speaker.number(points)) for name, points in scored.scores.items()]
    return [speaker.ngettext("{name}: {points} points", "{name}: {points} points", points).format(
        name=name, points=speaker.number(points)) for name, points in scored.scores.items()]
