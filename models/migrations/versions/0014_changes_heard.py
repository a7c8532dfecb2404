"""Several hosts on one PostgreSQL database hear each other's changes (issue 27).

On PostgreSQL only (SQLite has one host), every committed change to a game,
its hand in progress, its links or its table settings sends a notification
on channel `xyscore_changed` with PostgreSQL's own NOTIFY, from a trigger,
so whatever wrote it (a host's app, the command line, an import) is heard;
a change to the roster or the host's settings, tied to no game, names none.
The payload is the writer's `application_name` (each store's engine has its
own: a host knows its own changes), a space, and the game's id or nothing.
A notification is sent only when its transaction commits, and once per
payload per transaction. models/server.py's `Listener` hears them.

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-03 14:40:00.000000

"""
from typing import Sequence, Union

from alembic import op


# revision identifiers, used by Alembic.
revision: str = '0014'
down_revision: Union[str, Sequence[str], None] = '0013'
branch_labels: Union[str, Sequence[str], None] = None
depends_on: Union[str, Sequence[str], None] = None

CHANNEL = "xyscore_changed"
# table -> the column naming its game (None: a change tied to no game)
HEARD = {"game": "id", "live_hand": "game_id", "access": "game_id", "table_settings": "game_id",
         "player": None, "host_setting": None}

FUNCTION = f"""
CREATE FUNCTION xyscore_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    game text := '';
BEGIN
    IF TG_NARGS > 0 THEN
        game := CASE WHEN TG_OP = 'DELETE' THEN to_jsonb(OLD) ->> TG_ARGV[0] ELSE to_jsonb(NEW) ->> TG_ARGV[0] END;
    END IF;
    PERFORM pg_notify('{CHANNEL}', current_setting('application_name') || ' ' || coalesce(game, ''));
    RETURN NULL;
END
$$
"""


def upgrade() -> None:
    """Upgrade schema."""
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute(FUNCTION)
    for table, column in HEARD.items():
        argument = f"'{column}'" if column else ""
        op.execute(f'CREATE TRIGGER xyscore_changed AFTER INSERT OR UPDATE OR DELETE ON "{table}" '
                   f"FOR EACH ROW EXECUTE FUNCTION xyscore_changed({argument})")


def downgrade() -> None:
    """Downgrade schema."""
    if op.get_bind().dialect.name != "postgresql":
        return
    for table in HEARD:
        op.execute(f'DROP TRIGGER IF EXISTS xyscore_changed ON "{table}"')
    op.execute("DROP FUNCTION IF EXISTS xyscore_changed()")
