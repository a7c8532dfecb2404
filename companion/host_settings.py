"""What this host keeps for every game, not for one: where the games are
played, sent to BG Stats with each finished game (`exports.bg_stats_link`).

The host sets it once (on a finished game's screen, or `xyscore export GAME
--bgstats --location PLACE` for one link) and every later game's link says it.
Kept in the store as a small key/value table (`uow.host_settings`).

A place is checked like a player's name (companion/players.py): spaces around
it trimmed, in NFC, no control or text-direction characters, at most 60
characters; a blank place is no place (BG Stats then leaves it empty).
"""
from __future__ import annotations

from typing import Protocol

from .errors import Said, said
from .players import _control, _invisible, clean_name

LOCATION = "location"  # the key the place is kept under
MAX_LOCATION_LENGTH = 60


def too_long(length: int) -> Said:
    """A place longer than a place may be, refused."""
    return said("Where you played can be at most {limit} characters long; this is {length}.",
                limit=MAX_LOCATION_LENGTH, length=length)


# The refusals are `Said` (companion/errors.py): English as a str, said in each player's language on a screen.
TOO_LONG = too_long(0).text  # the message, its {limit} and {length} not filled in
CONTROL = said("Where you played can't contain invisible or control characters, such as a new line or a tab.")
NOT_TEXT = said("Where you played must be text.")


class LocationRefused(ValueError):
    """A place that cannot be kept; its text says why, in players' words (`args[0]`, a `Said`)."""


class HostSettings(Protocol):
    """This host's settings, inside an open unit of work: text by key."""

    def get(self, key: str) -> str | None:
        """The value kept under `key`, or None."""

    def put(self, key: str, value: str | None) -> None:
        """Keep `value` under `key` (None removes it)."""


class SettingsUnitOfWork(Protocol):
    host_settings: HostSettings

    def __enter__(self) -> "SettingsUnitOfWork": ...

    def __exit__(self, *exc) -> None: ...

    def commit(self) -> None: ...


def location_problem(place: object) -> str | None:
    """Why `place` cannot be where the games are played, in words, or None."""
    if not isinstance(place, str):
        return NOT_TEXT
    cleaned = clean_name(place)
    if len(cleaned) > MAX_LOCATION_LENGTH:  # first: the check below reads every character
        return too_long(len(cleaned))
    if any(_control(char) for char in place):
        return CONTROL
    return None


def clean_location(place: str | None) -> str | None:
    """The place as kept: trimmed, in NFC; None for none (blank, or only
    invisible characters). Raises LocationRefused saying why it cannot be kept."""
    if place is None:
        return None
    why = location_problem(place)
    if why:
        raise LocationRefused(why)
    cleaned = clean_name(place)
    return cleaned if "".join(char for char in cleaned if not _invisible(char)).strip() else None


def location(uow: SettingsUnitOfWork) -> str | None:
    """Where this host's games are played, as the host last set it; None if never (or cleared)."""
    with uow:
        return uow.host_settings.get(LOCATION)


def set_location(place: str | None, uow: SettingsUnitOfWork) -> str | None:
    """Keep `place` as where every game from now on is played (blank: none);
    the place as kept. Raises LocationRefused, and keeps nothing, for a place
    that cannot be kept."""
    kept = clean_location(place)
    with uow:
        uow.host_settings.put(LOCATION, kept)
        uow.commit()
    return kept
