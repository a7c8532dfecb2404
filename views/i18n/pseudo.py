"""The pseudo-language: every catalog string wrapped in ⟦ ⟧, its letters
accented and a third longer, its {placeholders} kept. A browser walk in it
sees at once any text that did not go through the catalogs (no brackets) and
any box too small for a language that runs a third longer than English."""
from __future__ import annotations

import gettext
import re

_ACCENTED = str.maketrans("aceinouyACEINOUY", "àçéîñöûýÀÇÉÎÑÖÛÝ")
_PLACEHOLDER = re.compile(r"(\{[^{}]*\})")
OPEN, CLOSE = "⟦", "⟧"


def pseudo(text: str) -> str:
    """'tricks add up to {total}' -> '⟦trîçks àdd ûp tö {total}·········⟧': a third longer, placeholders kept."""
    parts = _PLACEHOLDER.split(text)
    shown = "".join(part if _PLACEHOLDER.fullmatch(part) else part.translate(_ACCENTED) for part in parts)
    letters = sum(len(part) for part in parts if not _PLACEHOLDER.fullmatch(part))
    return f"{OPEN}{shown}{'·' * -(-letters // 3)}{CLOSE}"


class Pseudo(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return pseudo(singular if n == 1 else plural)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return pseudo(singular if n == 1 else plural)
