"""Alembic environment. The app passes its own connection (see models.engine.upgrade);
developers autogenerating a revision use alembic.ini's sqlalchemy.url instead."""
from alembic import context
from sqlalchemy import create_engine, pool
from sqlmodel import SQLModel

from models import tables  # noqa: F401  (registers the tables on SQLModel.metadata)

config = context.config
target_metadata = SQLModel.metadata


def run(connection) -> None:
    # Batch mode: SQLite alters a table by copying it, which Alembic does for us.
    context.configure(connection=connection, target_metadata=target_metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


shared = config.attributes.get("connection")
if shared is not None:
    run(shared)
else:
    with create_engine(config.get_main_option("sqlalchemy.url"), poolclass=pool.NullPool).connect() as own:
        run(own)
        own.commit()
