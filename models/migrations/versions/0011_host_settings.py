"""This host's own settings, for every game: where it plays (issue 13).

A small key/value table, `host_setting`: the place the host sets once is sent
to BG Stats with every finished game (companion.host_settings). A new table;
nothing stored before changes.

Revision ID: 0011
Revises: 0009
Create Date: 2026-12-01 21:50:00.000000

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '0011'
down_revision: Union[str, Sequence[str], None] = '0009'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table('host_setting',
    sa.Column('key', sa.String(length=40), nullable=False),
    sa.Column('value', sa.String(length=400), nullable=False),
    sa.PrimaryKeyConstraint('key')
    )


def downgrade() -> None:
    """Downgrade schema."""
    op.drop_table('host_setting')
