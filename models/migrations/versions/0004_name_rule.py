"""Stored names under today's name rule (companion/players.py).

Names stored before it were only trimmed and compared casefolded, so the
roster may hold a name with a control or text-direction character (which
no game may have now: its games would not open), a name typed in another
Unicode form, or two names that are one player once invisible characters
are out ("Ann" and "A\u200bnn"). Each player keeps its row, so every game
and its history follow:

- a name with characters no name may hold has them taken out (a new line
  or a tab becomes a space); one left blank becomes "Player N" (its id);
- every name is stored in NFC, with `name_key` as the rule makes it;
- a name whose key another player already has gets " (2)", " (3)"... so
  both stay, told apart, for the host to rename or merge.

The statistics' facts of the games those players sit in are dropped (a
cache, worked out again on the next read). Data only; no schema change.
This migration calls the rule itself, not a frozen copy: it makes the
names fit the rule the code checks them against.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01 10:30:00.000000

"""
from typing import Sequence, Union
import unicodedata

from alembic import op
import sqlalchemy as sa

from companion.players import MAX_NAME_LENGTH, clean_name, name_key, name_problem

# revision identifiers, used by Alembic.
revision: str = '0004'
down_revision: Union[str, Sequence[str], None] = '0003'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def mended(name: str, player_id: int) -> str:
    """`name` as a name may be now."""
    if name_problem(name) is not None:
        kept = []
        for char in name:
            category = unicodedata.category(char)
            if category in ("Cc", "Zl", "Zp"):
                kept.append(" ")
            elif category not in ("Cs", "Cf"):
                kept.append(char)
        name = " ".join("".join(kept).split())
    name = clean_name(name)[:MAX_NAME_LENGTH].strip()
    return name if name_problem(name) is None else f"Player {player_id}"


def told_apart(name: str, taken: set[str]) -> str:
    number = 2
    candidate = name
    while name_key(candidate) in taken:
        suffix = f" ({number})"
        candidate = name[:MAX_NAME_LENGTH - len(suffix)].rstrip() + suffix
        number += 1
    return candidate


def upgrade() -> None:
    bind = op.get_bind()
    players = bind.execute(sa.text("SELECT id, name, name_key FROM player ORDER BY id")).fetchall()
    taken: set[str] = set()
    changed: list[tuple[int, str, str]] = []
    for player_id, name, key in players:
        new = told_apart(mended(name, player_id), taken)
        taken.add(name_key(new))
        if (new, name_key(new)) != (name, key):
            changed.append((player_id, new, name_key(new)))
    # Park the changed keys first: a new key may be another row's old one.
    for player_id, _, _ in changed:
        bind.execute(sa.text("UPDATE player SET name_key = :parked WHERE id = :id"),
                     {"parked": f"\x00moving {player_id}", "id": player_id})
    for player_id, new, key in changed:
        bind.execute(sa.text("UPDATE player SET name = :name, name_key = :key WHERE id = :id"),
                     {"name": new, "key": key, "id": player_id})
        bind.execute(sa.text("DELETE FROM game_facts WHERE game_id IN "
                             "(SELECT game_id FROM seat WHERE player_id = :id)"), {"id": player_id})


def downgrade() -> None:
    """Nothing to undo: the names stay as mended."""
