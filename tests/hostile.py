"""Hostile game records for the fuzz tests (issue 9): valid records with a
part swapped for something no record should hold, and the values that found
tracebacks and hangs before."""
from __future__ import annotations

import copy
import json
from pathlib import Path

from hypothesis import strategies as st

FIXTURES = Path(__file__).resolve().parent / "fixtures"
FIXTURE = {path.stem: json.loads(path.read_text(encoding="utf-8")) for path in sorted(FIXTURES.glob("*.json"))}
VALID = list(FIXTURE.values())

# Values that broke the reader or the store before issue 9.
NASTY_NUMBERS = [2**63, 2**63 - 1, -(2**63) - 1, 2**64, 2**200, 10**4299, -1, 0, 1.5, 1e308, -0.0, True, False]
NASTY_TEXT = ["", " ", "\x00", "Ann\x00", "A\nB", "\r", "\t", "\u202eAnn", "\u2066Bob\u2069", "\u200b", "\u200b\u200d",
              "Zo\u00eb", "Zoe\u0308", "A\u200bnn", "\ud800", "\ufeff", "x" * 10_000, "ANN", "left side player"]
NASTY_CONSTANTS = ["NaN", "Infinity", "-Infinity", "1e999", "-1e999", "1" * 5000, "-" + "9" * 4301, "0." + "1" * 5000]

scalars = st.one_of(st.none(), st.booleans(), st.sampled_from(NASTY_NUMBERS), st.integers(), st.floats(allow_nan=False),
                    st.sampled_from(NASTY_TEXT), st.text(max_size=50))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(st.text(max_size=8) | st.sampled_from(NASTY_TEXT),
                                                                       inner, max_size=4)), max_leaves=12)


def _paths(data, prefix=()):
    """Every place in `data` a value sits: tuples of keys and indexes."""
    yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, prefix + (key,))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _paths(value, prefix + (index,))


def _replaced(data, path, value):
    if not path:
        return value
    out = copy.deepcopy(data)
    target = out
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return out


@st.composite
def mutated_records(draw):
    """A fixture record with one to three of its values replaced by hostile ones."""
    data = draw(st.sampled_from(VALID))
    for _ in range(draw(st.integers(1, 3))):
        paths = list(_paths(data))
        data = _replaced(data, draw(st.sampled_from(paths)), draw(values))
    return data


@st.composite
def hostile_texts(draw):
    """Record files as text: a mutated record, with now and then a number
    JSON's encoder cannot write (NaN, a 5,000-digit number) spliced in, a
    byte-order mark in front, or the text cut short."""
    text = json.dumps(draw(mutated_records()), ensure_ascii=draw(st.booleans()))
    if draw(st.booleans()):
        spot = draw(st.sampled_from([m for m in (" 0", " 2", " 3", " 4", " 5") if m in text] or [" "]))
        text = text.replace(spot, " " + draw(st.sampled_from(NASTY_CONSTANTS)), 1)
    if draw(st.integers(0, 9)) == 0:
        text = text[:draw(st.integers(0, len(text)))]
    if draw(st.booleans()):
        text = "\ufeff" + text
    return text


def nested(depth: int, opener: str = "[", closer: str = "]") -> str:
    """A list `depth` deep, in the place of a record's rounds."""
    return '{"format": "companion.game/1", "game": "xylotar", "players": ["Ann", "Bob"], "rounds": ' + \
        opener * depth + closer * depth + "}"


def xybrid_with(value) -> dict:
    """A 2-player XYbrid record whose first monster has a part worth `value`."""
    return {"format": "companion.game/1", "game": "xybrid", "players": ["Ann", "Bob"], "rounds": [
        {"results": {"Ann": {"parts": [0, value, 1, 1, 1], "hand": 0}, "Bob": {"parts": [0, 1, 1, 1, 1], "hand": 0}}}]}


def targeted_texts() -> dict[str, str]:
    """The cases the attack in issue 9 found, by name."""
    xylotar = FIXTURE["xylotar-4p-unhinged"]
    valid = json.dumps(xylotar)
    named = lambda first: json.dumps({**xylotar, "players": [first] + xylotar["players"][1:]})  # noqa: E731
    return {
        "nested 100,000 deep": nested(100_000),
        "objects nested 100,000 deep": nested(100_000, '{"a":', "}").replace('{"a":}', "1"),
        "nested 500 deep": nested(500),
        "a 5,000-digit number": json.dumps(xybrid_with(0)).replace('"parts": [0, 0', '"parts": [0, ' + "7" * 5000, 1),
        "Infinity": json.dumps(xybrid_with(0)).replace("[0, 0", "[0, Infinity", 1),
        "-Infinity": json.dumps(xybrid_with(0)).replace("[0, 0", "[0, -Infinity", 1),
        "NaN": json.dumps(xybrid_with(0)).replace("[0, 0", "[0, NaN", 1),
        "1e999": json.dumps(xybrid_with(0)).replace("[0, 0", "[0, 1e999", 1),
        "2**63": json.dumps(xybrid_with(2**63)),
        "2**63 adjustment": json.dumps(xybrid_with(1)).replace('"hand": 0}', f'"hand": 0, "adjustments": [{2**63}]}}', 1),
        "2**63 in hand": json.dumps(xybrid_with(1)).replace('"hand": 0', f'"hand": {2**63}', 1),
        "2**200": json.dumps(xybrid_with(2**200)),
        "a 1 MB string": named("x" * 1_000_000),
        "a 1 MB bonus beat": valid.replace('"tricks": 0}', '"tricks": 0, "bonus_beat": "' + "b" * 1_000_000 + '"}', 1),
        "a 1 MB key": valid.replace('"results": {', '"results": {"' + "k" * 1_000_000 + '": {}, ', 1),
        "a name with NUL": named("A\x00nn"),
        "a name with a new line": named("Ann\nBob"),
        "a name with a bidi override": named("\u202ennA"),
        "a name of zero-width spaces": named("\u200b\u200b"),
        "Zoë twice, NFC and NFD": json.dumps({**xylotar, "players": ["Zo\u00eb", "Zoe\u0308", "Cat", "Dev"]}),
        "Ann and A-zero-width-nn": json.dumps({**xylotar, "players": ["Ann", "A\u200bnn", "Cat", "Dev"]}),
        "a result keyed with a new line": valid.replace('"results": {', '"results": {"Zed\\nround 9: fine (X1)": {}, ', 1),
        # found by the fuzzing (December 2026): the '8 for 0' refusal (B5) quoted the whole bid
        "a 10,000-character bid on '8 for 0'": json.dumps({**xylotar, "rounds": [xylotar["rounds"][0], {"results": {
            **xylotar["rounds"][1]["results"], "Cat": {**xylotar["rounds"][1]["results"]["Cat"], "bid": "x" * 10_000}}},
            *xylotar["rounds"][2:]]}),
        "a lone surrogate": named("\ud800"),
        "only a BOM": "\ufeff",
        "empty": "",
    }
