"""The shared table (issue 5): links and phones' tokens (hashed), per-game table
settings, and the Xylotar hand in progress.

Only new tables: a database made by the first schema keeps every row as it was.
Reviewed from autogenerate: SQLModel's AutoString written as sa.String.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30 17:34:12.923026

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '0002'
down_revision: Union[str, Sequence[str], None] = '0001'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table('access',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('role', sa.String(length=10), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=True),
    sa.Column('token_hash', sa.String(length=64), nullable=False),
    sa.Column('issued_at', sa.String(length=40), nullable=False),
    sa.Column('revoked_at', sa.String(length=40), nullable=True),
    sa.CheckConstraint("role IN ('host', 'player', 'display')", name='known_role'),
    sa.CheckConstraint("seat IS NULL OR role = 'player'", name='only_players_sit'),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('token_hash')
    )
    op.create_index('ix_access_game_id', 'access', ['game_id'])
    op.create_index('one_live_link_per_role', 'access', ['game_id', 'role'], unique=True,
                    sqlite_where=sa.text('revoked_at IS NULL AND seat IS NULL'),
                    postgresql_where=sa.text('revoked_at IS NULL AND seat IS NULL'))
    op.create_index('one_live_phone_per_seat', 'access', ['game_id', 'seat'], unique=True,
                    sqlite_where=sa.text('revoked_at IS NULL AND seat IS NOT NULL'),
                    postgresql_where=sa.text('revoked_at IS NULL AND seat IS NOT NULL'))

    op.create_table('live_hand',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('entries', sa.JSON(), nullable=False),
    sa.Column('updated_at', sa.String(length=40), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('game_id', 'number', name='one_live_hand_per_number')
    )
    op.create_table('table_settings',
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('track_tricks', sa.Boolean(), nullable=False),
    sa.Column('players_track_tricks', sa.Boolean(), nullable=False),
    sa.Column('players_score_hands', sa.Boolean(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('game_id')
    )


def downgrade() -> None:
    """Downgrade schema."""
    op.drop_table('table_settings')
    op.drop_table('live_hand')
    op.drop_index('one_live_phone_per_seat', table_name='access')
    op.drop_index('one_live_link_per_role', table_name='access')
    op.drop_index('ix_access_game_id', table_name='access')
    op.drop_table('access')
