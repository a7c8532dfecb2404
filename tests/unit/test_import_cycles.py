"""No two companion modules import each other, however far round (issue 10).

The imports are read from the source with ast, so an import made only for
the type checker (`if TYPE_CHECKING:`) or inside a function counts too: a
cycle hidden that way is still two modules that cannot be understood, or
moved, one without the other. Importing a submodule runs its packages'
`__init__` first; that is not counted as the submodule importing them."""
from __future__ import annotations

import ast
import pathlib

import companion

CORE = pathlib.Path(companion.__file__).parent


def modules(root: pathlib.Path, package: str) -> dict[str, pathlib.Path]:
    """Every module of the package at `root`, by dotted name (a package by its own name)."""
    found = {}
    for path in sorted(root.rglob("*.py")):
        parts = [package, *path.relative_to(root).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imports(name: str, path: pathlib.Path, known: dict[str, pathlib.Path]) -> set[str]:
    """The modules of `known` that module `name` imports anywhere in its source."""
    here = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = here
            for _ in range(node.level - 1):
                base = base.rpartition(".")[0]
            if node.level:
                base = f"{base}.{node.module}" if node.module else base
            else:
                base = node.module or ""
            # `from pkg import mod` imports the module pkg.mod; `from mod import name`, the module mod.
            targets |= {f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names}
    found = set()
    for target in targets:
        while target and target not in known:  # `import pkg.mod.name`: the deepest module named
            target = target.rpartition(".")[0]
        if target and target != name:
            found.add(target)
    return found


def cycles(root: pathlib.Path, package: str) -> list[list[str]]:
    """The import cycles among the package's modules, each as the modules on
    it in import order (the first again at the end): from each module not on
    a cycle already found, the shortest way back to it."""
    known = modules(root, package)
    graph = {name: sorted(imports(name, path, known)) for name, path in known.items()}
    found: list[list[str]] = []
    seen: set[str] = set()
    for start in sorted(graph):
        if start in seen:
            continue
        path = _path_back(graph, start)
        if path:
            found.append(path)
            seen |= set(path)
    return found


def _path_back(graph: dict[str, list[str]], start: str) -> list[str] | None:
    """The shortest import path from `start` back to itself, or None (breadth first)."""
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for target in graph[node]:
                if target == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    return [start, *reversed(path[:-1]), start]
                if target not in came_from:
                    came_from[target] = node
                    following.append(target)
        frontier = following
    return None


def test_companion_has_no_import_cycle():
    assert cycles(CORE, "companion") == []


def write(root: pathlib.Path, files: dict[str, str]) -> pathlib.Path:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


# The check can fail: a cycle closed only for the type checker, and one through a subpackage, are found.
def test_the_check_finds_a_cycle(tmp_path):
    root = write(tmp_path / "pkg", {
        "__init__.py": "",
        "services.py": "from .facts import GameFacts\n",
        "facts.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .services import StoredGame\n",
        "sub/__init__.py": "from .deep import thing\n",
        "sub/deep.py": "def later():\n    from pkg import loop\n",
        "loop.py": "import pkg.sub.deep\n",
        "alone.py": "from . import facts\nfrom .sub import deep\n",
    })
    assert cycles(root, "pkg") == [["pkg.facts", "pkg.services", "pkg.facts"],
                                   ["pkg.loop", "pkg.sub.deep", "pkg.loop"]]


def test_the_check_passes_a_package_without_cycles(tmp_path):
    root = write(tmp_path / "pkg", {
        "__init__.py": "from .services import run\n",
        "stored.py": "class StoredGame: ...\n",
        "facts.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .stored import StoredGame\n",
        "services.py": "from .facts import GameFacts\nfrom .stored import StoredGame\nimport pkg.stored\n",
    })
    assert cycles(root, "pkg") == []
