"""The `companion.game/1` game record: read, check, score and write it."""
from __future__ import annotations

import json
import math
import re
import sys
from typing import Any

from .errors import Count, GameError, Problem, Said, problem, said
from .games import NAMES as GAMES, Game, find_game
from .outcome import Status
from .players import clean_name, shown
from .record_fields import RECORD_FIELDS, not_fields

FORMAT = "companion.game/1"


# A record nests 7 deep (record, rounds, round, results, player, parts, value);
# anything far deeper is not a record, and would only cost time and stack.
MAX_DEPTH = 20
# No number in a game has more digits than this; Python refuses to read past 4,300 anyway.
MAX_DIGITS = 40
NOT_UNICODE = said("the file holds text that is not Unicode (half of a surrogate pair)")


def read(path: str) -> str:
    """The text of the record file at `path`, or of standard input for "-":
    the one way a record file is read, by `score` and by `import`. UTF-8,
    with or without a byte-order mark. Raises GameError if it cannot be read."""
    try:
        if path == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as handle:
                data = handle.read()
        return data.decode("utf-8-sig")  # tolerate the byte-order mark some editors add
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or said("it is not UTF-8 text")  # the system's words as it says them
        message = (said("cannot read standard input: {reason}", reason=reason) if path == "-"
                   else said("cannot read {path}: {reason}", path=path, reason=reason))
        raise GameError([problem(message, "record")]) from None


def parse(text: str) -> Any:
    """The JSON value of a record file's text (one record, or a list of them
    for an import), or GameError saying in one line why it is not one: not
    JSON, NaN or Infinity (which JSON does not have), a number too long to
    be a score, a key given twice in one object, nesting far deeper than any
    record's, or text that is not Unicode. A leading byte-order mark is fine."""
    def refuse(message: Said) -> GameError:
        return GameError([problem(message, "record")])

    def whole(digits: str) -> int:
        if len(digits.lstrip("-")) > MAX_DIGITS:
            raise refuse(said("the file holds a number {digits} digits long; no number in a game has more than {most}",
                              digits=Count(len(digits.lstrip("-"))), most=MAX_DIGITS))
        return int(digits)

    def fraction(digits: str) -> float:
        value = float(digits)
        if not math.isfinite(value):
            raise refuse(said("the file holds the number {number}, too large to be a score", number=shown(digits, 20)))
        return value

    def constant(name: str) -> None:
        raise refuse(said("the file holds {name}, which is not a number a game record may hold", name=name))

    def once(pairs: list[tuple[str, Any]]) -> dict:
        # A key given twice must not let the last one win without a word ("off_key_won": 2, then 0).
        data = dict(pairs)
        if len(data) < len(pairs):
            seen: set[str] = set()
            for key, _ in pairs:
                if key in seen:
                    raise refuse(said("the file gives {field} twice in one object; give each field once",
                                      field=shown(key)))
                seen.add(key)
        return data

    if not _encodable(text):  # a file read as UTF-8 never is: text from elsewhere may be
        raise refuse(NOT_UNICODE)
    try:
        data = json.loads(text.removeprefix("\ufeff"), parse_int=whole, parse_float=fraction,
                          parse_constant=constant, object_pairs_hook=once)
    except json.JSONDecodeError as error:
        raise refuse(said("the file is not valid JSON (line {line}, column {column}: {reason})", line=error.lineno,
                          column=error.colno, reason=_json_reason(error.msg))) from None
    except RecursionError:
        raise refuse(TOO_DEEP) from None
    if _depth(data) > MAX_DEPTH:
        raise refuse(TOO_DEEP)
    # Half a surrogate pair (as JSON writes it, "\\ud800") is text nothing can store or print.
    if _SURROGATE.search(text) and not _encodable(data):
        raise refuse(NOT_UNICODE)
    return data


TOO_DEEP = said("the file is nested too deeply to be a game record")


def _json_reason(reason: str) -> str:
    """Why Python's json module found no JSON, as it says it (English, as the command line prints it), in words
    a screen says in its player's language where the reason is one it gives often."""
    if reason == "Expecting value":
        return said("Expecting value")
    if reason == "Expecting property name enclosed in double quotes":
        return said("Expecting property name enclosed in double quotes")
    if reason == "Expecting ':' delimiter":
        return said("Expecting ':' delimiter")
    if reason == "Expecting ',' delimiter":
        return said("Expecting ',' delimiter")
    if reason == "Extra data":
        return said("Extra data")
    if reason == "Unterminated string starting at":
        return said("Unterminated string starting at")
    if reason == "Invalid control character at":
        return said("Invalid control character at")
    if reason == "Invalid \\escape":
        return said("Invalid \\escape")
    if reason == "Invalid \\uXXXX escape":
        return said("Invalid \\uXXXX escape")
    return reason


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
        raise GameError([problem(said("a game record is a JSON object"), "record")])
    found: list[Problem] = []
    if data.get("format") != FORMAT:
        found.append(problem(said("format must be {expected}, not {given}", expected=repr(FORMAT),
                                  given=shown(data.get("format"))), "record"))
    if data.get("game") not in GAMES:
        first, second = GAMES  # two games: one sentence names both
        found.append(problem(said("game must be {first} or {second}, not {given}", first=repr(first),
                                  second=repr(second), given=shown(data.get("game"))), "record"))
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        found.append(problem(said("players must be a list of names"), "record"))
    rounds = data.get("rounds", [])
    if not isinstance(rounds, list):
        found.append(problem(said("rounds must be a list"), "record"))
    if found:
        raise GameError(found)
    players = [clean_name(p) for p in players]
    engine = find_game(data["game"])
    # A field the record does not know (misspelt, or the other game's) is refused, never ignored.
    found = not_fields(data, RECORD_FIELDS | engine.record_fields, engine.record_place)
    try:
        game = engine.from_record(data, players, rounds)
    except GameError as error:
        raise GameError(found + list(error.problems)) from None
    if found:
        raise GameError(found)
    return game


def rounds_of(game: Game) -> list:
    """The rounds played so far: Xylotar's hands, XYbrid's rounds."""
    return game.rounds


def round_word(game: Game) -> str:
    """What the game calls a round: 'hand' in Xylotar, 'round' in XYbrid."""
    return game.round_word


def restore(game: Game, rounds: list) -> Game:
    """`game`, just set up, with `rounds` the store checked when they were
    entered put back without checking them again, so that reading thousands
    of stored games (statistics, exports) stays fast. Anything from outside
    the store goes through `from_dict` or `push`, which check every rule."""
    game.rounds.extend(rounds)
    return game


def round_from_dict(game: Game, raw: Any, number: int):
    """One record round for `game`, as entered; raises GameError if malformed.

    The rules are checked when the round is pushed or replaced into the game.
    """
    found: list[Problem] = []
    entered = game.round_from_dict(raw, number, found)
    if entered is None or found:  # a field it does not know, say, is refused too
        raise GameError(found)
    return entered


def round_to_dict(entered) -> dict:
    """One round (a Xylotar hand, an XYbrid round) as it stands in a record."""
    return entered.to_record()


def score(game: Game) -> dict:
    """The scoring output of GAME_RECORD.md, with breakdowns and explanation."""
    outcome = game.outcome()
    rounds = [{"number": r.number, "leader": r.leader, "scores": r.scores, "totals": r.totals,
               "breakdowns": r.breakdowns} for r in game.scored()]
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
    return {"format": FORMAT, "game": game.game, "players": list(game.players), **game.set_up_dict(),
            "rounds": [entered.to_record() for entered in game.rounds]}


def dumps(game: Game) -> str:
    return json.dumps(to_dict(game), indent=2, ensure_ascii=False)
