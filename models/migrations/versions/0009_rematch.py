"""A rematch: the next game at the same table (issue 13).

Table `rematch`: which game was started as a finished game's rematch, so the
finished game offers its rematch instead of a second one. A new table;
nothing stored before changes. The links and phones of the finished game
follow into its rematch (their `access.game_id` moves), which needs no new
column.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-01 22:00:00.000000

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '0009'
down_revision: Union[str, Sequence[str], None] = '0008'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table('rematch',
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('rematch_id', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['rematch_id'], ['game.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('game_id'),
    sa.UniqueConstraint('rematch_id')
    )


def downgrade() -> None:
    """Downgrade schema."""
    op.drop_table('rematch')
