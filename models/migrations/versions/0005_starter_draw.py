"""The XYbrid starter drawn at set-up is kept with the game.

A starter drawn on the New game screen ("Draw who starts round 1") is round
1's draw made early: two nullable columns on `game`, the shape a round
already has, `first_player_seat` (who was drawn, by seat number) and
`draw_seed` (the seed as text: a 64-bit seed does not fit SQLite's signed
integer). Games stored before have neither, and read as before: no draw at
set-up. No data changes; a game's fingerprint holds the draw only when
there is one, so every stored fingerprint and facts row stays valid.
Reviewed from autogenerate: SQLModel's AutoString written as sa.String;
plain ADD COLUMN (SQLite adds a nullable column in place, no table copy).

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01 11:11:40.845369

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '0005'
down_revision: Union[str, Sequence[str], None] = '0004'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    op.add_column('game', sa.Column('first_player_seat', sa.Integer(), nullable=True))
    op.add_column('game', sa.Column('draw_seed', sa.String(length=40), nullable=True))


def downgrade() -> None:
    """Downgrade schema."""
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_column('draw_seed')
        batch_op.drop_column('first_player_seat')
