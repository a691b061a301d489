"""Alembic's environment: the models' metadata, batch mode for SQLite, APScheduler's table ignored.

:mod:`db.migrate` passes an open connection in ``config.attributes["connection"]``; without one
(the ``alembic`` command line) the engine comes from ``sqlalchemy.url``.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection
from sqlalchemy.pool import NullPool

from db.engine import make_engine
from db.migrate import (
    DEFAULT_URL,
    METADATA,
    check_foreign_keys,
    foreign_keys_off,
    include_object,
)

config = context.config


def run_migrations_offline() -> None:
    """Emit the migrations as SQL (``alembic upgrade --sql``)."""
    context.configure(
        url=config.get_main_option("sqlalchemy.url") or DEFAULT_URL,
        target_metadata=METADATA,
        include_object=include_object,
        render_as_batch=True,
        literal_binds=True,
        dialect_opts={"paramstyle": "named"},
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations(connection: Connection) -> None:
    """Run the migrations in one transaction, SQLite's foreign keys off and checked at the end."""
    with foreign_keys_off(connection):
        context.configure(
            connection=connection,
            target_metadata=METADATA,
            include_object=include_object,
            render_as_batch=True,
            # make_engine's SQLite connections run DDL inside BEGIN ... COMMIT: one transaction.
            transactional_ddl=True if connection.dialect.name == "sqlite" else None,
        )
        with context.begin_transaction():
            context.run_migrations()
            check_foreign_keys(connection)


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        run_migrations(connection)
        return
    url = config.get_main_option("sqlalchemy.url") or DEFAULT_URL
    engine = make_engine(url, poolclass=NullPool)
    try:
        with engine.connect() as connection:
            run_migrations(connection)
    finally:
        engine.dispose()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
