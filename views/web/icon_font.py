"""The Material icon font cut to the icons the app draws (issue 14).

Flet's web client ships all of MaterialIcons-Regular.otf (1.3 MB, 470 kB
gzipped) and every phone downloads it on its first visit, for about 300 of its
8,600 icons. Flet sends an icon as a number (`ft.Icons.ADD`: the icon set in
the third byte, the icon's index in the low 16 bits); the client looks the
index up in its own list of Flutter's `Icons` and draws that codepoint. So:

- the icons the app asks for: every member of `ft.Icons` views/ name (read from the
  source, so a new icon on a screen is in the next run's font);
- the icons the client draws on its own (a back arrow, a dropdown's arrow, a
  text field's clear button...): the icon constants its code refers to
  anywhere other than that list;
- their codepoints: from that list in the client's compiled code
  (main.dart.js), which is the installed Flet's own table, so an upgrade that
  moves an icon moves it here too.

The cut font is made once per set of icons and font (fontTools, a second or
so) and kept in `keep_dir`.
"""
from __future__ import annotations

import ast
import collections
import functools
import hashlib
import json
import pathlib
import re
from importlib import resources

VIEWS = pathlib.Path(__file__).resolve().parent.parent
MATERIAL_SET = 1  # Flet's id of the Material icon set (IconData: bits 16-23)
_CONSTANT = re.compile(r'\nB\.(\w+)=new A\.a\(([0-9.e]+),"MaterialIcons"')
_LIST = re.compile(r'\[((?:B\.\w+,){1000,}B\.\w+)\]')
_REFERENCE = re.compile(r"\bB\.(\w+)\b")


@functools.lru_cache(maxsize=8)
def used_icons(views: pathlib.Path = VIEWS) -> frozenset[str]:
    """Names of the Material icons the views refer to (`ft.Icons.ADD` -> 'ADD');
    read once per process (half a second), as the source does not change meanwhile."""
    names = set()
    for path in views.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, (ast.Attribute, ast.Name))
                    and getattr(node.value, "attr", getattr(node.value, "id", None)) == "Icons"):
                names.add(node.attr)
    return frozenset(names)


def flet_icon_numbers() -> dict[str, int]:
    """Flet's numbers for the Material icons, by name."""
    text = resources.files("flet.controls.material").joinpath("icons.json").read_text(encoding="utf-8")
    return json.loads(text)


class ClientIcons:
    """What the web client's compiled code says about Material icons."""

    def __init__(self, main_dart_js: str) -> None:
        constants = {name: int(float(number)) for name, number in _CONSTANT.findall(main_dart_js)}
        table = next((items for items in (m.group(1).split(",") for m in _LIST.finditer(main_dart_js))
                      if all(item[2:] in constants for item in items)), None)
        if table is None:
            raise ValueError("the web client's list of Material icons was not found (a new Flet?)")
        self.codepoints = [constants[item[2:]] for item in table]  # Flet's index -> codepoint
        in_table = collections.Counter(item[2:] for item in table)
        uses = collections.Counter(_REFERENCE.findall(main_dart_js))
        # declared once and listed: any further reference is the client's own drawing
        self.own = {constants[name] for name in constants if uses[name] > 1 + in_table[name]}

    def codepoint(self, number: int) -> int:
        if number >> 16 != MATERIAL_SET:
            raise ValueError(f"not a Material icon: {number}")
        return self.codepoints[number & 0xFFFF]


def codepoints(client: ClientIcons, names: set[str]) -> set[int]:
    """The codepoints to keep: `names` (Flet's names) and the client's own icons."""
    numbers = flet_icon_numbers()
    unknown = sorted(name for name in names if name not in numbers)
    if unknown:
        raise ValueError(f"not Material icons in this Flet: {unknown}")
    return {client.codepoint(numbers[name]) for name in names} | client.own


def cut(font: bytes, keep: set[int]) -> bytes:
    """`font` with only the glyphs of `keep` (and a space)."""
    import io

    from fontTools import subset  # imported here: only a served app cuts fonts

    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    loaded = subset.load_font(io.BytesIO(font), options)
    subsetter.populate(unicodes=keep | {0x20})
    subsetter.subset(loaded)
    out = io.BytesIO()
    subset.save_font(loaded, out, options)
    return out.getvalue()


def cut_font(font: bytes, main_dart_js: str, keep_dir: pathlib.Path | None, views: pathlib.Path = VIEWS) -> bytes:
    """The icon font the app needs, from `keep_dir` if it was cut before."""
    keep = codepoints(ClientIcons(main_dart_js), used_icons(views))
    key = hashlib.sha256(font + json.dumps(sorted(keep)).encode()).hexdigest()[:24]
    kept = keep_dir / f"MaterialIcons-{key}.otf" if keep_dir else None
    if kept is not None and kept.exists():
        return kept.read_bytes()
    body = cut(font, keep)
    if kept is not None:
        try:
            kept.parent.mkdir(parents=True, exist_ok=True)
            partial = kept.with_suffix(".part")
            partial.write_bytes(body)
            partial.replace(kept)
        except OSError:
            pass  # a read-only home: cut again next run
    return body
