"""The `companion.game/1` game record: read, check, score and write it."""
from __future__ import annotations

import json
import math
import re
import sys
from typing import Any

from .errors import GameError, Problem, problem
from .outcome import Status
from .players import clean_name, name_key, same_player, shown, who
from .xybrid import MonsterEntry, Part, PartType, StarterDraw, Xybrid, XybridRound
from .xylotar import SIDE_PLAYERS, Hand, SeatEntry, Xylotar
from .xylotar.hand import check_hand_alone

FORMAT = "companion.game/1"
GAMES = ("xylotar", "xybrid")
Game = Xylotar | Xybrid


# A record nests 7 deep (record, rounds, round, results, player, parts, value);
# anything far deeper is not a record, and would only cost time and stack.
MAX_DEPTH = 20
# No number in a game has more digits than this; Python refuses to read past 4,300 anyway.
MAX_DIGITS = 40
NOT_UNICODE = "the file holds text that is not Unicode (half of a surrogate pair)"


def read(path: str) -> str:
    """The text of the record file at `path`, or of standard input for "-":
    the one way a record file is read, by `score` and by `import`. UTF-8,
    with or without a byte-order mark. Raises GameError if it cannot be read."""
    source = "standard input" if path == "-" else path
    try:
        if path == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as handle:
                data = handle.read()
        return data.decode("utf-8-sig")  # tolerate the byte-order mark some editors add
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or "it is not UTF-8 text"
        raise GameError([problem(f"cannot read {source}: {reason}", "record")]) from None


def parse(text: str) -> Any:
    """The JSON value of a record file's text (one record, or a list of them
    for an import), or GameError saying in one line why it is not one: not
    JSON, NaN or Infinity (which JSON does not have), a number too long to
    be a score, nesting far deeper than any record's, or text that is not
    Unicode. A leading byte-order mark is fine."""
    def refuse(message: str) -> GameError:
        return GameError([problem(message, "record")])

    def whole(digits: str) -> int:
        if len(digits.lstrip("-")) > MAX_DIGITS:
            raise refuse(f"the file holds a number {len(digits.lstrip('-')):,} digits long; "
                         f"no number in a game has more than {MAX_DIGITS}")
        return int(digits)

    def fraction(digits: str) -> float:
        value = float(digits)
        if not math.isfinite(value):
            raise refuse(f"the file holds the number {shown(digits, 20)}, too large to be a score")
        return value

    def constant(name: str) -> None:
        raise refuse(f"the file holds {name}, which is not a number a game record may hold")

    if not _encodable(text):  # a file read as UTF-8 never is: text from elsewhere may be
        raise refuse(NOT_UNICODE)
    try:
        data = json.loads(text.removeprefix("\ufeff"), parse_int=whole, parse_float=fraction,
                          parse_constant=constant)
    except json.JSONDecodeError as error:
        raise refuse(f"the file is not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})") from None
    except RecursionError:
        raise refuse("the file is nested too deeply to be a game record") from None
    if _depth(data) > MAX_DEPTH:
        raise refuse("the file is nested too deeply to be a game record")
    # Half a surrogate pair (as JSON writes it, "\\ud800") is text nothing can store or print.
    if _SURROGATE.search(text) and not _encodable(data):
        raise refuse(NOT_UNICODE)
    return data


_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")


def _containers(value: Any) -> list:
    """The lists and objects directly inside `value`, an object's keys aside."""
    items = value.values() if isinstance(value, dict) else value
    return [item for item in items if isinstance(item, (list, dict))]


def _depth(data: Any) -> int:
    """How deeply lists and objects nest in `data` (0 for neither), read without recursing."""
    deepest, level = 0, [data] if isinstance(data, (list, dict)) else []
    while level and deepest <= MAX_DEPTH:  # deeper is refused anyway: no need to look further
        deepest += 1
        level = [inner for value in level for inner in _containers(value)]
    return deepest


def _encodable(data: Any) -> bool:
    """Does all of `data`'s text (keys too) encode as UTF-8?"""
    try:
        (data if isinstance(data, str) else json.dumps(data, ensure_ascii=False)).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def loads(text: str) -> Game:
    """Parse and check a record; raises GameError with every problem found."""
    return from_dict(parse(text))


def from_dict(data: Any) -> Game:
    """Build the game a record describes, checking every round in order."""
    if not isinstance(data, dict):
        raise GameError([problem("a game record is a JSON object", "record")])
    found: list[Problem] = []
    if data.get("format") != FORMAT:
        found.append(problem(f"format must be {FORMAT!r}, not {shown(data.get('format'))}", "record"))
    if data.get("game") not in GAMES:
        found.append(problem(f"game must be 'xylotar' or 'xybrid', not {shown(data.get('game'))}", "record"))
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        found.append(problem("players must be a list of names", "record"))
    rounds = data.get("rounds", [])
    if not isinstance(rounds, list):
        found.append(problem("rounds must be a list", "record"))
    if found:
        raise GameError(found)
    players = [clean_name(p) for p in players]
    if data["game"] == "xylotar":
        return _xylotar(data, players, rounds)
    return _xybrid(data, players, rounds)


def _named(players: list[str] | tuple[str, ...], name: Any) -> Any:
    """The player `name` means, spelt as in `players` (X1: any case, spaces
    or invisible characters around or in it); anything else as it is."""
    return same_player(players).get(name_key(name), name) if isinstance(name, str) else name


def _entries(raw: Any, players: list[str], number: int, found: list[Problem]) -> dict[str, dict] | None:
    """A round's `results` keyed by each player's name as in `players`."""
    results = raw.get("results") if isinstance(raw, dict) else None
    if not isinstance(results, dict):
        found.append(problem("a round needs 'results': one entry per player", "record", round=number))
        return None
    out: dict[str, dict] = {}
    for key, value in results.items():
        name = who(_named(players, key))  # not a player's: kept short and on one line in every message
        if name in out:
            found.append(problem("entered twice in this round", "record", round=number, player=name))
            continue
        if not isinstance(value, dict):
            found.append(problem("a result must be an object", "record", round=number, player=name))
            continue
        out[name] = value
    return out


def _seat(value: dict, number: int, name: str, found: list[Problem]) -> SeatEntry | None:
    unknown = set(value) - {"bid", "tricks", "bonus_beat", "off_key_won"}
    if unknown:
        found.append(problem(f"unknown field {shown(sorted(unknown)[0])}", "record", round=number, player=name))
    if "tricks" not in value or "bid" not in value:
        found.append(problem("needs both 'bid' and 'tricks'", "record", round=number, player=name))
        return None
    return SeatEntry(bid=value["bid"], tricks=value["tricks"], bonus_beat=value.get("bonus_beat"),
                     off_key_won=value.get("off_key_won", 0))


def _xylotar(data: dict, players: list[str], rounds: list) -> Xylotar:
    dealer = data.get("dealer")
    dealer = _named(players, dealer)
    expansions = data.get("expansions", [])
    dealt = data.get("bonus_beats_dealt", {})
    found: list[Problem] = []
    if not isinstance(expansions, list):
        found.append(problem("expansions must be a list", "record"))
    if not isinstance(dealt, dict) or not all(isinstance(v, list) for v in dealt.values()):
        found.append(problem("bonus_beats_dealt must map players to lists of card ids", "record"))
    if found:
        raise GameError(found)
    dealt = {_named(players, k): v for k, v in dealt.items()}
    game = Xylotar(players, dealer=dealer, expansions=expansions, bonus_beats_dealt=dealt)
    broken = False
    for number, raw in enumerate(rounds, start=1):
        hand = hand_from_dict(raw, game.players, number, found)
        if hand is None:
            broken = True
        elif broken:
            # An earlier round is wrong, so later rounds can only be checked on their own.
            found += check_hand_alone(hand, game.players, game.table, bonus_beats_on=game.bonus_beats,
                                      off_key=game.off_key, round=number)
        else:
            hand_problems = game.check(hand)
            found += hand_problems
            broken = bool(hand_problems)
            if not broken:
                game.push(hand)
    if found:
        raise GameError(found)
    return game


def hand_from_dict(raw: Any, players: tuple[str, ...], number: int, found: list[Problem]) -> Hand | None:
    """A Xylotar round of a record as a Hand; None (with `found` extended) if malformed."""
    entries = _entries(raw, list(players), number, found)
    if entries is None:
        return None
    seats = {name: _seat(value, number, name, found) for name, value in entries.items()}
    sides_raw = raw.get("side_players", {})
    sides: dict[str, SeatEntry | None] = {}
    if not isinstance(sides_raw, dict):
        found.append(problem("side_players must be an object with 'left' and 'right'", "X9", round=number))
        return None
    for side, value in sides_raw.items():
        if side not in SIDE_PLAYERS or not isinstance(value, dict):
            found.append(problem(f"unknown side player {shown(side)}; use 'left' and 'right'", "X9", round=number))
            return None
        sides[side] = _seat(value, number, f"{side} side player", found)
    if None in seats.values() or None in sides.values():
        return None
    return Hand(seats, sides)


def _part(value: Any, kind: Any) -> Part:
    return Part(value=value, type=PartType(kind) if kind in PartType._value2member_map_ else None)


def xybrid_round_from_dict(raw: Any, players: tuple[str, ...], number: int,
                           found: list[Problem]) -> XybridRound | None:
    """An XYbrid round of a record; None (with `found` extended) if malformed."""
    entries = _entries(raw, list(players), number, found)
    if entries is None:
        return None
    before = len(found)
    results: dict[str, MonsterEntry] = {}
    for name, value in entries.items():
        unknown = set(value) - {"parts", "part_types", "hand", "adjustments", "notes"}
        if unknown:
            # A misspelt field would otherwise drop infamy without a word.
            found.append(problem(f"unknown field {shown(sorted(unknown)[0])}", "record", round=number, player=name))
            continue
        parts, kinds = value.get("parts"), value.get("part_types")
        adjustments = value.get("adjustments", [])
        notes = value.get("notes", [])
        if not isinstance(parts, list) or not isinstance(adjustments, list) or "hand" not in value:
            found.append(problem("needs 'parts' (a list of values), 'hand' and optional 'adjustments' (a list)",
                                 "Y4", round=number, player=name))
            continue
        if kinds is not None and (not isinstance(kinds, list) or len(kinds) != len(parts)
                                  or any(not isinstance(k, str) or k not in PartType._value2member_map_
                                         for k in kinds)):
            found.append(problem("part_types must name a type (core, head, left_arm, right_arm, legs, auxiliary) "
                                 "for each part", "Y3", round=number, player=name))
            continue
        kinds = kinds or [None] * len(parts)
        results[name] = MonsterEntry(parts=tuple(_part(v, k) for v, k in zip(parts, kinds)), hand=value["hand"],
                                     adjustments=tuple(adjustments),
                                     notes=tuple(str(n) for n in notes) if isinstance(notes, list) else ())
    first = raw.get("first_player")
    if isinstance(first, str):
        first = _named(players, first)
    elif first is not None:
        found.append(problem(f"first_player must be a player's name, not {shown(first)}", "Y5", round=number))
    if len(found) > before:
        return None
    return XybridRound(results, first)


STARTER_DRAW_FIELDS = ("first_player", "draw_seed")


def _starter_draw(raw: Any, players: list[str]) -> StarterDraw | None:
    """The record's optional `starter_draw`: who was drawn to start round 1
    when the game was set up, and the draw's seed (Y5). The game checks the
    name and the seed; the draw was among every player."""
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise GameError([problem("starter_draw must be an object with 'first_player' and 'draw_seed'", "record")])
    unknown = sorted(set(raw) - set(STARTER_DRAW_FIELDS), key=str)
    if unknown:
        raise GameError([problem(f"starter_draw: unknown field {shown(unknown[0])}", "record")])
    missing = [name for name in STARTER_DRAW_FIELDS if name not in raw]
    if missing:
        raise GameError([problem(f"starter_draw needs {shown(missing[0])}", "record")])
    return StarterDraw(tuple(players), raw["first_player"], raw["draw_seed"])


def _xybrid(data: dict, players: list[str], rounds: list) -> Xybrid:
    if data.get("expansions"):
        raise GameError([problem("XYbrid has no expansions here", "record")])
    game = Xybrid(tuple(players), starter_draw=_starter_draw(data.get("starter_draw"), players))
    found: list[Problem] = []
    for number, raw in enumerate(rounds, start=1):
        entered = xybrid_round_from_dict(raw, game.players, number, found)
        if entered is None:
            break
        round_problems = game.check(entered)
        if round_problems:
            found += round_problems
            break
        game.push(entered)
    if found:
        raise GameError(found)
    return game


def rounds_of(game: Game) -> list:
    """The rounds played so far: Xylotar's hands, XYbrid's rounds."""
    return game.hands if isinstance(game, Xylotar) else game.rounds


def round_word(game: Game) -> str:
    """What the game calls a round: 'hand' in Xylotar, 'round' in XYbrid."""
    return "hand" if isinstance(game, Xylotar) else "round"


def restore(game: Game, rounds: list[Hand] | list[XybridRound]) -> Game:
    """`game`, just set up, with `rounds` the store checked when they were
    entered put back without checking them again, so that reading thousands
    of stored games (statistics, exports) stays fast. Anything from outside
    the store goes through `from_dict` or `push`, which check every rule."""
    rounds_of(game).extend(rounds)
    return game


def round_from_dict(game: Game, raw: Any, number: int) -> Hand | XybridRound:
    """One record round for `game`, as entered; raises GameError if malformed.

    The rules are checked when the round is pushed or replaced into the game.
    """
    found: list[Problem] = []
    convert = hand_from_dict if isinstance(game, Xylotar) else xybrid_round_from_dict
    entered = convert(raw, game.players, number, found)
    if entered is None:
        raise GameError(found)
    return entered


def round_to_dict(entered: Hand | XybridRound) -> dict:
    """One round as it stands in a record."""
    return _hand_dict(entered) if isinstance(entered, Hand) else _round_dict(entered)


def score(game: Game) -> dict:
    """The scoring output of GAME_RECORD.md, with breakdowns and explanation."""
    outcome = game.outcome()
    rounds = []
    if isinstance(game, Xylotar):
        for result in game.results():
            rounds.append({"number": result.number, "leader": result.leader,
                           "scores": {n: b.total for n, b in result.scores.items()},
                           "totals": result.totals,
                           "breakdowns": {n: b.as_dict() for n, b in result.scores.items()}})
    else:
        for number, (entered, scores, totals) in enumerate(
                zip(game.rounds, game.scores(), game.totals_by_round()), start=1):
            rounds.append({"number": number, "leader": entered.first_player, "scores": scores, "totals": totals,
                           "breakdowns": {n: entered.results[n].breakdown() for n in game.players}})
    return {
        "game": game.game,
        "rounds": rounds,
        "totals": game.totals(),
        "status": outcome.status.value,
        "next_leaders": list(outcome.next_leaders) if outcome.status is not Status.FINISHED else [],
        "winners": list(outcome.winners),
        "explanation": outcome.explanation,
    }


def to_dict(game: Game) -> dict:
    """The record of `game`, ready for json.dumps."""
    data: dict[str, Any] = {"format": FORMAT, "game": game.game, "players": list(game.players)}
    if isinstance(game, Xylotar):
        data["dealer"] = game.dealer
        data["expansions"] = list(game.expansions)
        if game.bonus_beats_dealt:
            data["bonus_beats_dealt"] = {n: list(c) for n, c in game.bonus_beats_dealt.items()}
        data["rounds"] = [round_to_dict(hand) for hand in game.hands]
    else:
        if game.starter_draw is not None:
            data["starter_draw"] = {"first_player": game.starter_draw.chosen, "draw_seed": game.starter_draw.seed}
        data["rounds"] = [round_to_dict(entered) for entered in game.rounds]
    return data


def _seat_dict(entry: SeatEntry) -> dict:
    out: dict[str, Any] = {"bid": entry.bid, "tricks": entry.tricks}
    if entry.bonus_beat:
        out["bonus_beat"] = entry.bonus_beat
    if entry.off_key_won:
        out["off_key_won"] = entry.off_key_won
    return out


def _hand_dict(hand: Hand) -> dict:
    out: dict[str, Any] = {"results": {n: _seat_dict(e) for n, e in hand.results.items()}}
    if hand.side_players:
        out["side_players"] = {s: _seat_dict(e) for s, e in hand.side_players.items()}
    return out


def _round_dict(entered: XybridRound) -> dict:
    results = {}
    for name, entry in entered.results.items():
        value: dict[str, Any] = {"parts": [p.value for p in entry.parts], "hand": entry.hand,
                                 "adjustments": list(entry.adjustments)}
        if all(p.type is not None for p in entry.parts) and entry.parts:
            value["part_types"] = [p.type.value for p in entry.parts]
        if entry.notes:
            value["notes"] = list(entry.notes)
        results[name] = value
    out: dict[str, Any] = {"results": results}
    if entered.first_player is not None:
        out["first_player"] = entered.first_player
    return out


def dumps(game: Game) -> str:
    return json.dumps(to_dict(game), indent=2, ensure_ascii=False)
