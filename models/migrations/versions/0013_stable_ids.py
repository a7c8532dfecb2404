"""Stable ids for players and games, and an imported game's own end (issue 27).

Each player gets `player.uid` and each game `game.uid`, kept across
renames and merges and carried in the export, so a game moved to another
host is still the same game for BG Stats (its `sourcePlayId`, "xyscore-"
and the game's id) and a player the same player (`sourcePlayerId`, the
player's id). A new row's id is a random UUID. A row stored before gets
here what BG Stats was sent for it until now, so BG Stats keeps matching
plays and players already sent: a player their name casefolded (unique, as
names are unique regardless of case), a game its number, a dash and its
start. `game.ended_at` holds an imported game's end as its record gives it:
the history an import writes is dated the day of the import. Every game
stored before reads it as empty (its end is its history's).

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-03 12:30:00.000000

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '0013'
down_revision: Union[str, Sequence[str], None] = '0012'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


UID_LENGTH = 128


def _fill(table: str) -> None:
    """Give each row of `table` the id BG Stats was sent for it until now:
    a player's name casefolded, a game's number and start."""
    bind = op.get_bind()
    column = "name" if table == "player" else "started_at"
    for row_id, value in bind.execute(sa.text(f"SELECT id, {column} FROM {table}")).fetchall():
        uid = value.casefold() if table == "player" else f"{row_id}-{value}"
        bind.execute(sa.text(f"UPDATE {table} SET uid = :uid WHERE id = :id"), {"uid": uid, "id": row_id})


def upgrade() -> None:
    """Upgrade schema."""
    # Added with an empty default, then filled: SQLite cannot make a column NOT NULL later without
    # copying the table, which the seats' foreign keys to these tables forbid.
    for table in ("player", "game"):
        op.add_column(table, sa.Column('uid', sa.String(length=UID_LENGTH), nullable=False, server_default=''))
        _fill(table)
        op.create_index(f'ix_{table}_uid', table, ['uid'], unique=True)
    op.add_column('game', sa.Column('ended_at', sa.String(length=40), nullable=True))


def downgrade() -> None:
    """Downgrade schema (SQLite: copies of the tables; run with foreign keys off)."""
    op.drop_column('game', 'ended_at')
    for table in ("game", "player"):
        op.drop_index(f'ix_{table}_uid', table_name=table)
        op.drop_column(table, 'uid')
