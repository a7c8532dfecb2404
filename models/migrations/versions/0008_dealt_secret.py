"""A player's dealt Bonus Beats may be secret.

At a shared table each player enters the 2 Bonus Beats they were dealt on
their own phone (issue 12, P2): no other screen, the host's included, shows
which cards they hold. `seat.dealt_secret` says the cards were entered so;
cards the host entered when setting the game up stay known to the host, as
before. Plain ADD COLUMN with a default (SQLite adds it in place); every
seat stored before reads false.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-01 18:30:00.000000

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '0008'
down_revision: Union[str, Sequence[str], None] = '0007'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    op.add_column('seat', sa.Column('dealt_secret', sa.Boolean(), server_default='0', nullable=False))


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.drop_column('dealt_secret')
