"""Alembic's entry point: runs the migrations on the connection the server hands over."""

from __future__ import annotations

from alembic import context

from rumizi.server.db import Base

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run migrations through rumizi.server.db.migrate()")
context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    render_as_batch=connection.dialect.name == "sqlite",
)
with context.begin_transaction():
    context.run_migrations()
