"""The history may say a round was dropped.

A correction that ends the game earlier (a tiebreak hand no longer needed
once the tie is broken, issue 11) drops the later rounds in the same step:
each is a "drop" change before the "correct". The `change` table's
`known_action` check gains 'drop'. SQLite cannot alter a CHECK constraint
in place, so the table is copied (Alembic's batch mode), rows and all; no
data changes, and every stored history reads as before.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01 15:25:00.000000

"""
from typing import Sequence, Union

from alembic import op


# revision identifiers, used by Alembic.
revision: str = '0006'
down_revision: Union[str, Sequence[str], None] = '0005'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None

OLD = "action IN ('add', 'correct', 'undo', 'redo')"
NEW = "action IN ('add', 'correct', 'drop', 'undo', 'redo')"


def upgrade() -> None:
    """Upgrade schema."""
    with op.batch_alter_table('change', schema=None) as batch_op:
        batch_op.drop_constraint('known_action', type_='check')
        batch_op.create_check_constraint('known_action', NEW)


def downgrade() -> None:
    """Downgrade schema (a history holding a dropped round makes the copy fail: it cannot go back)."""
    with op.batch_alter_table('change', schema=None) as batch_op:
        batch_op.drop_constraint('known_action', type_='check')
        batch_op.create_check_constraint('known_action', OLD)
