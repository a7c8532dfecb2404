"""First schema: the roster, games and their seats, rounds as entered, and the change history.

Reviewed from autogenerate: SQLModel's AutoString written as sa.String.

Revision ID: 0001
Revises: 
Create Date: 2026-11-30 17:12:43.161622

"""
from typing import Sequence, Union

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision: str = '0001'
down_revision: Union[str, Sequence[str], None] = None
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None


def upgrade() -> None:
    """Upgrade schema."""
    op.create_table('game',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=10), nullable=False),
    sa.Column('expansions', sa.JSON(), nullable=False),
    sa.Column('dealer_seat', sa.Integer(), nullable=True),
    sa.Column('started_at', sa.String(length=40), nullable=False),
    sa.Column('deleted_at', sa.String(length=40), nullable=True),
    sa.Column('record_hash', sa.String(length=64), nullable=False),
    sa.CheckConstraint("kind IN ('xylotar', 'xybrid')", name='known_game'),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index('ix_game_record_hash', 'game', ['record_hash'])

    op.create_table('player',
    sa.Column('name', sa.String(length=40), nullable=False),
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name_key', sa.String(), nullable=False),
    sa.CheckConstraint('length(name) BETWEEN 1 AND 40 AND name = trim(name)', name='name_trimmed'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('name_key')
    )
    op.create_table('change',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('action', sa.String(length=10), nullable=False),
    sa.Column('round', sa.Integer(), nullable=False),
    sa.Column('before', sa.JSON(none_as_null=True), nullable=True),
    sa.Column('after', sa.JSON(none_as_null=True), nullable=True),
    sa.Column('author', sa.String(length=40), nullable=False),
    sa.Column('at', sa.String(length=40), nullable=False),
    sa.Column('undoes', sa.Integer(), nullable=True),
    sa.CheckConstraint("action IN ('add', 'correct', 'undo', 'redo')", name='known_action'),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('game_id', 'position', name='one_change_per_position')
    )
    op.create_table('round',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('first_player_seat', sa.Integer(), nullable=True),
    sa.Column('draw_seed', sa.String(length=40), nullable=True),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('game_id', 'number', name='one_round_per_number')
    )
    op.create_table('seat',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('player_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('bonus_beats_dealt', sa.JSON(none_as_null=True), nullable=True),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['player_id'], ['player.id'], ondelete='RESTRICT'),
    sa.PrimaryKeyConstraint('id'),
    sa.UniqueConstraint('game_id', 'number', name='one_player_per_seat'),
    sa.UniqueConstraint('game_id', 'player_id', name='one_seat_per_player')
    )
    op.create_table('bid',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('round_id', sa.Integer(), nullable=False),
    sa.Column('seat_id', sa.Integer(), nullable=True),
    sa.Column('side', sa.String(length=5), nullable=True),
    sa.Column('bid', sa.Integer(), nullable=True),
    sa.Column('tricks', sa.Integer(), nullable=False),
    sa.Column('bonus_beat', sa.String(length=40), nullable=True),
    sa.Column('off_key_won', sa.Integer(), nullable=False),
    sa.CheckConstraint("side IS NULL OR side IN ('left', 'right')", name='known_side'),
    sa.CheckConstraint('(seat_id IS NULL) <> (side IS NULL)', name='player_or_side_player'),
    sa.CheckConstraint('tricks >= 0 AND off_key_won >= 0', name='counts_not_negative'),
    sa.ForeignKeyConstraint(['round_id'], ['round.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['seat_id'], ['seat.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index('ix_bid_round_id', 'bid', ['round_id'])

    op.create_table('monster',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('round_id', sa.Integer(), nullable=False),
    sa.Column('seat_id', sa.Integer(), nullable=False),
    sa.Column('hand', sa.Integer(), nullable=False),
    sa.CheckConstraint('hand >= 0', name='hand_not_negative'),
    sa.ForeignKeyConstraint(['round_id'], ['round.id'], ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['seat_id'], ['seat.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index('ix_monster_round_id', 'monster', ['round_id'])

    op.create_table('adjustment',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('monster_id', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('value', sa.Integer(), nullable=True),
    sa.Column('note', sa.String(), nullable=True),
    sa.ForeignKeyConstraint(['monster_id'], ['monster.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index('ix_adjustment_monster_id', 'adjustment', ['monster_id'])

    op.create_table('part',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('monster_id', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('value', sa.Integer(), nullable=False),
    sa.Column('type', sa.String(length=20), nullable=True),
    sa.CheckConstraint('value >= 0', name='value_not_negative'),
    sa.ForeignKeyConstraint(['monster_id'], ['monster.id'], ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index('ix_part_monster_id', 'part', ['monster_id'])



def downgrade() -> None:
    """Downgrade schema."""
    op.drop_index('ix_part_monster_id', table_name='part')
    op.drop_table('part')
    op.drop_index('ix_adjustment_monster_id', table_name='adjustment')
    op.drop_table('adjustment')
    op.drop_index('ix_monster_round_id', table_name='monster')
    op.drop_table('monster')
    op.drop_index('ix_bid_round_id', table_name='bid')
    op.drop_table('bid')
    op.drop_table('seat')
    op.drop_table('round')
    op.drop_table('change')
    op.drop_table('player')
    op.drop_index('ix_game_record_hash', table_name='game')
    op.drop_table('game')
