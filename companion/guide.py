"""A setup guide: what to do before the first round, as each engine says it."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class SetupGuide:
    """A titled list of steps, plus the numbers behind them for the UI. The title
    and each step are `Said` sentences (companion/errors.py): as a str, the
    English the command line prints; a screen says them in its player's language."""

    title: str
    steps: tuple[str, ...]
    facts: dict = field(default_factory=dict)

    def text(self) -> str:
        return "\n".join([self.title, ""] + [f"{i}. {step}" for i, step in enumerate(self.steps, start=1)])
