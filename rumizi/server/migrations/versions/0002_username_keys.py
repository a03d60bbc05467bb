"""Usernames that read the same are one account: a unique ``users.name_key``.

Existing accounts get their key (:func:`rumizi.server.auth.username_key`). Two older accounts
whose names now read the same both keep their names and games: the later one's key gets
``#id`` after it (a sign-in by that name finds the older account), and no new account can take
either form.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from rumizi.server.auth import username_key

revision = "0002"
down_revision = "0001"


def upgrade() -> None:
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.add_column(sa.Column("name_key", sa.String(length=40), nullable=True))
    users = sa.table(
        "users",
        sa.column("id", sa.Integer()),
        sa.column("name", sa.String()),
        sa.column("name_key", sa.String()),
    )
    connection = op.get_bind()
    seen: set[str] = set()
    for user_id, name in connection.execute(
        sa.select(users.c.id, users.c.name).order_by(users.c.id)
    ):
        key = username_key(name)[:40]
        if key in seen:
            key = f"{key[:30]}#{user_id}"
        seen.add(key)
        connection.execute(users.update().where(users.c.id == user_id).values(name_key=key))
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.alter_column("name_key", existing_type=sa.String(length=40), nullable=False)
        batch_op.create_unique_constraint("uq_users_name_key", ["name_key"])


def downgrade() -> None:
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.drop_constraint("uq_users_name_key", type_="unique")
        batch_op.drop_column("name_key")
