"""companion/ is the standard-library core: it must never import the UI or the store."""
import ast
import pathlib
import sys

import companion

CORE = pathlib.Path(companion.__file__).parent
FORBIDDEN = {"flet", "sqlmodel", "sqlalchemy", "alembic", "models", "views", "platformdirs", "qrcode"}


def imported_top_levels(path: pathlib.Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_companion_imports_only_the_standard_library_and_itself():
    offenders = {}
    for path in CORE.rglob("*.py"):
        outside = {name for name in imported_top_levels(path)
                   if name != "companion" and name not in sys.stdlib_module_names}
        if outside:
            offenders[str(path.relative_to(CORE))] = sorted(outside)
    assert offenders == {}


def test_the_check_catches_a_forbidden_import(tmp_path):
    # The test above can fail: a file importing flet is reported.
    bad = tmp_path / "bad.py"
    bad.write_text("import flet\nfrom sqlmodel import Field\n")
    assert imported_top_levels(bad) & FORBIDDEN == {"flet", "sqlmodel"}


# --- the store, the UI and the rooms of views/ (issue 10) ----------------------------
ROOT = CORE.parent
VIEWS = ROOT / "views"
COMPOSITION_ROOT = VIEWS / "cli.py"  # builds the store and the app: the one views module that imports models
MAX_TOP_LEVEL = 10  # modules directly in views/; the rest live in its rooms (screens, parts, shown, web)
MAX_LINES = 400


def importers(name: str, paths, root: pathlib.Path = ROOT) -> list[str]:
    """The files among `paths` that import the top-level package `name` (anywhere, even in a
    function), relative to `root`."""
    return sorted(str(path.relative_to(root)) for path in paths if name in imported_top_levels(path))


def views_imports(path: pathlib.Path, root: pathlib.Path = ROOT) -> set[str]:
    """The views modules (dotted, relative imports resolved) that the file at `path` imports."""
    package = list(path.relative_to(root).parent.parts)
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names if alias.name.split(".")[0] == "views"}
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            if module.split(".")[0] != "views":
                continue
            names |= {module} if node.module else {f"{module}.{alias.name}" for alias in node.names}
    return names


def shown_offences(path: pathlib.Path, root: pathlib.Path = ROOT) -> set[str]:
    """What a views/shown/ module must not import: flet, or any views module outside views/shown/
    and views/i18n/ (the languages' words, which import no flet either)."""
    flet = {"flet"} & imported_top_levels(path)
    return flet | {name for name in views_imports(path, root) if not name.startswith(("views.shown", "views.i18n"))}


def top_level_modules(folder: pathlib.Path) -> list[str]:
    return sorted(path.name for path in folder.glob("*.py"))


def too_long(folder: pathlib.Path, limit: int = MAX_LINES) -> dict[str, int]:
    """Each module under `folder` longer than `limit` lines, with its length."""
    lengths = {str(path.relative_to(folder)): len(path.read_text(encoding="utf-8").splitlines())
               for path in folder.rglob("*.py")}
    return {name: length for name, length in lengths.items() if length > limit}


def test_the_store_never_imports_the_ui():
    assert importers("views", (ROOT / "models").rglob("*.py")) == []


def test_only_the_composition_root_imports_the_store():
    code = [*VIEWS.rglob("*.py"), *CORE.rglob("*.py")]
    assert importers("models", code) == [str(COMPOSITION_ROOT.relative_to(ROOT))]


def test_what_screens_show_is_said_without_flet():
    shown = sorted((VIEWS / "shown").rglob("*.py")) + sorted((VIEWS / "i18n").rglob("*.py"))
    assert len(shown) >= 5  # logic, table_logic, starter, hand_entry, monster_entry at least
    assert {str(path.relative_to(VIEWS)): sorted(shown_offences(path)) for path in shown
            if shown_offences(path)} == {}


def test_views_is_in_rooms_of_small_modules():
    assert len(top_level_modules(VIEWS)) <= MAX_TOP_LEVEL, top_level_modules(VIEWS)
    assert too_long(VIEWS) == {}


def test_the_core_and_the_store_are_small_modules_too():
    assert too_long(CORE) == {}
    assert too_long(ROOT / "models") == {}


def test_the_layering_checks_catch_what_they_look_for(tmp_path):
    # Each check above can fail: a store module importing the UI, a screen importing the store,
    # a plain-function module importing flet or a screen part, a crowded views/ and a long module.
    store = tmp_path / "models" / "bad.py"
    store.parent.mkdir()
    store.write_text("from views.app import build_app\nimport models.store\n")
    screen = tmp_path / "views" / "screens" / "bad.py"
    screen.parent.mkdir(parents=True)
    screen.write_text("def load():\n    from models.store import open_store\n")
    assert importers("views", [store], tmp_path) == ["models/bad.py"]
    assert importers("models", [store, screen], tmp_path) == ["models/bad.py", "views/screens/bad.py"]
    shown = tmp_path / "views" / "shown" / "bad.py"
    shown.parent.mkdir()
    shown.write_text("import flet as ft\nfrom . import logic\nfrom ..parts.widgets import Txt\nfrom .. import state\n")
    assert shown_offences(shown, tmp_path) == {"flet", "views.parts.widgets", "views.state"}
    assert views_imports(shown, tmp_path) >= {"views.shown.logic"}
    crowded = tmp_path / "crowded"
    crowded.mkdir()
    for number in range(MAX_TOP_LEVEL + 1):
        (crowded / f"m{number}.py").write_text("x = 1\n" * (MAX_LINES + 1 if number == 0 else 1))
    assert len(top_level_modules(crowded)) > MAX_TOP_LEVEL
    assert too_long(crowded) == {"m0.py": MAX_LINES + 1}
