"""Game facts: a derived cache of what the statistics need from each game.

Only a new table, left empty: each game's facts are worked out from its
entries the first time statistics read it (models/game_facts.py).
Reviewed from autogenerate: SQLModel's AutoString written as sa.String.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-30 18:05:00.000000

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '0003'
down_revision: Union[str, Sequence[str], None] = '0002'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table('game_facts',
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('fingerprint', sa.String(length=64), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.Column('facts', sa.JSON(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('game_id')
    )


def downgrade() -> None:
    """Downgrade schema."""
    op.drop_table('game_facts')
