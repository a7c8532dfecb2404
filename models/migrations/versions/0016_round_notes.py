"""A note on a round (issue 28).

`round.note` holds the players' own words on one round, a Xylotar hand or
an XYbrid round ("Bob dealt twice", "power cut, replayed"; at most 500
characters, as a game's note). It never changes a score and is not part of
the game's fingerprint. Every round stored before has no note.

On PostgreSQL a note set or changed is heard by the other hosts on the same
database as any change to its game is (schema 0014's trigger, on `round`'s
`note` alone: a round added or removed changes its game's row too).

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-04 23:00:00.000000

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '0016'
down_revision: Union[str, Sequence[str], None] = '0015'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    op.add_column('round', sa.Column('note', sa.String(length=500), nullable=True))
    if op.get_bind().dialect.name == "postgresql":
        op.execute('CREATE TRIGGER xyscore_round_note AFTER UPDATE OF note ON "round" '
                   "FOR EACH ROW EXECUTE FUNCTION xyscore_changed('game_id')")


def downgrade() -> None:
    """Downgrade schema (SQLite: a copy of the table; run with foreign keys off)."""
    if op.get_bind().dialect.name == "postgresql":
        op.execute('DROP TRIGGER IF EXISTS xyscore_round_note ON "round"')
    op.drop_column('round', 'note')
