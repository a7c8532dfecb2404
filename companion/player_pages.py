"""A player's own page is found by the player's stable id as well as by name
(issue 28): an address made before a rename leads to the renamed player."""
from __future__ import annotations

from .unit_of_work import UnitOfWork


def player_uid(uow: UnitOfWork, name: str) -> str | None:
    """The stable id of the player called `name`, None for no one."""
    with uow:
        return uow.player_uid(name)


def player_called(uow: UnitOfWork, uid: str) -> str | None:
    """The name the player with stable id `uid` goes by now, None for no one."""
    with uow:
        return uow.player_named(uid)
