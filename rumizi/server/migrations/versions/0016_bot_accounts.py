"""Bot accounts: the users' ``bot`` mark and their personal access tokens
(rumizi.server.bot_accounts).

Revision ID: 0016
Revises: 0015
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from rumizi.server.db import UtcDateTime

revision = "0016"
down_revision = "0015"


def upgrade() -> None:
    # In place (ALTER TABLE ... ADD COLUMN), never by rebuilding users: on SQLite a rebuild
    # drops the old table, and its cascading keys would take every session and game with it.
    op.add_column(
        "users", sa.Column("bot", sa.Boolean(), server_default=sa.false(), nullable=False)
    )
    op.create_table(
        "api_tokens",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=60), nullable=False),
        sa.Column("scopes", sa.JSON(), nullable=False),
        sa.Column("created", UtcDateTime(), nullable=False),
        sa.Column("last_used", UtcDateTime(), nullable=True),
        sa.Column("revoked", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("token_hash"),
    )
    op.create_index(op.f("ix_api_tokens_user_id"), "api_tokens", ["user_id"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_api_tokens_user_id"), table_name="api_tokens")
    op.drop_table("api_tokens")
    with op.batch_alter_table("users") as batch:
        batch.drop_column("bot")
