"""What the players screen says about the roster: how many games each
played, the questions asked before a merge or a removal, what was done, and
the store's refusals as sentences (no flet here)."""
from __future__ import annotations

from companion.roster import name_taken


def games(count: int) -> str:
    """'No games yet', '1 game', '3 games'."""
    return "No games yet" if count == 0 else "1 game" if count == 1 else f"{count} games"


def merge_question(name: str, into: str, count: int) -> str:
    """Asked before `name` is merged into `into`."""
    moved = (f"{name}'s game becomes {into}'s." if count == 1 else
             f"{name}'s {count} games become {into}'s." if count else f"{name} has no games; the name goes.")
    return f"Merge {name} into {into}? {moved} This can't be undone."


def merged(name: str, into: str) -> str:
    return f"{name} is now {into}: {name}'s games count as {into}'s."


def remove_question(name: str) -> str:
    return f"Remove {name} from the roster?"


def removed(name: str) -> str:
    return f"{name} is off the roster."


def renamed(old: str, new: str) -> str:
    return f"{old} is now called {new}, in every game."


def sentence(refusal: object) -> str:
    """A refusal as the screen says it: a capital first, a full stop last."""
    text = str(refusal).strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".?!" else text + "."


def already_there(typed: str, name: str, roster: list[str]) -> str | None:
    """The other player on the roster whose name `typed` is, when `name`
    would be renamed to it (then the screen offers a merge); else None."""
    return name_taken(typed, roster, own=name)
