"""Player names: trimmed, 1-40 characters, unique regardless of case."""
from __future__ import annotations

from .errors import Problem, problem

MAX_NAME_LENGTH = 40


def clean_name(name: object) -> str:
    """The name as stored: surrounding whitespace trimmed."""
    return name.strip() if isinstance(name, str) else name  # type: ignore[return-value]


def name_problem(name: object) -> str | None:
    """Why `name` cannot be a player's name, in words, or None if it can."""
    if not isinstance(name, str):
        return f"a player's name must be text, not {name!r}"
    cleaned = name.strip()
    if not cleaned:
        return "a player's name cannot be blank"
    if len(cleaned) > MAX_NAME_LENGTH:
        return f"the name {cleaned[:20]!r}... is longer than {MAX_NAME_LENGTH} characters"
    return None


def check_names(names: tuple[str, ...], *, rule: str, low: int, high: int, game: str) -> list[Problem]:
    """Problems with a game's list of player names."""
    found = []
    if not low <= len(names) <= high:
        found.append(problem(f"{game} is for {low} to {high} players, not {len(names)}", rule))
    seen: dict[str, str] = {}
    for name in names:
        why = name_problem(name)
        if why:
            found.append(problem(why, rule))
            continue
        if name != name.strip():
            found.append(problem(f"the name {name!r} has spaces around it", rule))
        key = name.strip().casefold()
        if key in seen:
            found.append(problem(f"{name!r} and {seen[key]!r} are the same name", rule))
        seen[key] = name
    return found
