"""A round may record who started it as played (issue 25).

A correction to an earlier round is checked against the whole game as it
would then stand, and what was played stays as played: a later XYbrid
round keeps its starter though the corrected totals make someone else
least infamous (Y5), and says so in `round.starter_kept`; a later Xylotar
hand records who led it (X7) in `round.first_player_seat`, which only
XYbrid rounds used until now, so that column needs nothing. The history
stores such a change as a "keep", in the same step as the correction: the
`change` table's `known_action` check gains 'keep'. SQLite cannot alter a
CHECK constraint in place, so the table is copied (Alembic's batch mode),
rows and all. Every round stored before reads `starter_kept` false, and
every game scores as before.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-03 10:00:00.000000

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '0012'
down_revision: Union[str, Sequence[str], None] = '0011'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None

OLD = "action IN ('add', 'correct', 'drop', 'undo', 'redo')"
NEW = "action IN ('add', 'correct', 'drop', 'keep', 'undo', 'redo')"


def upgrade() -> None:
    """Upgrade schema."""
    op.add_column('round', sa.Column('starter_kept', sa.Boolean(), server_default='0', nullable=False))
    with op.batch_alter_table('change', schema=None) as batch_op:
        batch_op.drop_constraint('known_action', type_='check')
        batch_op.create_check_constraint('known_action', NEW)


def downgrade() -> None:
    """Downgrade schema (a history holding a kept round makes the copy fail: it cannot go back)."""
    with op.batch_alter_table('change', schema=None) as batch_op:
        batch_op.drop_constraint('known_action', type_='check')
        batch_op.create_check_constraint('known_action', OLD)
    with op.batch_alter_table('round', schema=None) as batch_op:
        batch_op.drop_column('starter_kept')
