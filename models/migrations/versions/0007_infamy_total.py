"""An XYbrid round's infamy may be entered as a total.

The quick entry (issue 11) keeps only each player's infamy for the round
(`{"infamy": 23}` in the record): a nullable `total` column on `monster`,
with no `part` or `adjustment` rows and `hand` 0. Monsters stored before
have none and read as before. Plain ADD COLUMN (SQLite adds a nullable
column in place, no table copy); no data changes.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-01 15:35:00.000000

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '0007'
down_revision: Union[str, Sequence[str], None] = '0006'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    op.add_column('monster', sa.Column('total', sa.Integer(), nullable=True))


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('monster', schema=None) as batch_op:
        batch_op.drop_column('total')
