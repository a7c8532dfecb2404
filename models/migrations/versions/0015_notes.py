"""A game's note, and a game entered afterwards (issue 28).

`game.note` holds the players' own words on the game (at most 500
characters), `game.played_on` says the game was played before it was
entered: its start and end are the day it was played (`started_at` and
`ended_at`), not when its rounds were typed. Every game stored before has
no note and was entered as it was played.

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-03 15:00:00.000000

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '0015'
down_revision: Union[str, Sequence[str], None] = '0014'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    op.add_column('game', sa.Column('note', sa.String(length=500), nullable=True))
    op.add_column('game', sa.Column('played_on', sa.Boolean(), nullable=False, server_default='0'))


def downgrade() -> None:
    """Downgrade schema (SQLite: a copy of the table; run with foreign keys off)."""
    op.drop_column('game', 'played_on')
    op.drop_column('game', 'note')
