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
