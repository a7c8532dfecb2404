"""The catalogs: messages.pot extracted from the code with Babel, one .po per
language, read at run time.

    python -m views.i18n.catalogs

extracts every marked string (`_`, `ngettext`, `pgettext`, `N_` in views/,
`said`, `said_n` in companion/) into views/i18n/messages.pot and merges it
into each language's .po, keeping its translations (a new string comes in
untranslated, a changed one as fuzzy: tests/unit/test_catalogs.py fails until
it is translated). The .po is compiled in memory when a language is first
spoken (Babel's write_mo), so there is no .mo to build, commit or forget."""
from __future__ import annotations

import io
import pathlib

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po
from babel.support import Translations

from . import ENGLISH, LANGUAGES

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
TEMPLATE = HERE / "messages.pot"
DOMAIN = "messages"
TRANSLATED = tuple(code for code in LANGUAGES if code != ENGLISH)  # English is the message ids themselves
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "N_": None, "NC_": ((1, "c"), 2),
            "said": None, "said_n": (1, 2)}
SOURCES = ("companion", "views")
COMMENT_TAGS = ("TRANSLATORS:",)
HEADER = ("# Messages of XY Score, extracted by `python -m views.i18n.catalogs` (docs/translations.md).\n"
          "# The English message ids are the app's English.")


def po_path(code: str) -> pathlib.Path:
    return HERE / "locale" / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(path: pathlib.Path, code: str | None = None) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=code)


def translations(code: str) -> Translations:
    """Language `code`'s catalog, compiled in memory (fuzzy and untranslated strings stay English)."""
    compiled = io.BytesIO()
    write_mo(compiled, read(po_path(code), code))
    compiled.seek(0)
    return Translations(compiled, domain=DOMAIN)


def template() -> Catalog:
    """Every marked string in the code, as Babel extracts it."""
    catalog = Catalog(project="XY Score", version="0.1", copyright_holder="the XY Score authors", fuzzy=False,
                      header_comment=HEADER)
    for source in SOURCES:
        for filename, lineno, message, comments, context in extract_from_dir(
                ROOT / source, [("**.py", "python")], keywords=KEYWORDS, comment_tags=COMMENT_TAGS,
                strip_comment_tags=True):
            catalog.add(message, None, [(f"{source}/{filename}", lineno)], auto_comments=comments, context=context)
    return catalog


def _write(catalog: Catalog, path: pathlib.Path) -> None:
    with path.open("wb") as file:
        write_po(file, catalog, width=100, omit_header=False, sort_output=False, include_lineno=False)


def _same(one: Catalog, other: Catalog) -> bool:
    def said(catalog: Catalog) -> list:
        return [(m.context, m.id, m.locations, m.auto_comments) for m in catalog if m.id]
    return said(one) == said(other)


def main() -> None:
    new = template()
    if TEMPLATE.exists() and _same(new, read(TEMPLATE)):
        new.creation_date = read(TEMPLATE).creation_date  # nothing changed: no new date to commit
    _write(new, TEMPLATE)
    for code in TRANSLATED:
        path = po_path(code)
        catalog = read(path, code) if path.exists() else Catalog(locale=code, project="XY Score", header_comment=HEADER)
        catalog.update(new, update_header_comment=False)
        _write(catalog, path)
    print(f"{TEMPLATE.relative_to(ROOT)}: {len(new)} messages; updated {', '.join(TRANSLATED)}")


if __name__ == "__main__":
    main()
