"""The chat at the table: each message with its channel and the table's version when sent.

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from rumizi.server.db import UtcDateTime

revision = "0006"
down_revision = "0005"


def upgrade() -> None:
    op.create_table(
        "chat_messages",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.String(length=16), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("channel", sa.String(length=10), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=40), nullable=False),
        sa.Column("text", sa.String(length=200), nullable=True),
        sa.Column("phrase", sa.String(length=32), nullable=True),
        sa.Column("client_id", sa.String(length=64), nullable=False),
        sa.Column("at", UtcDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["game_tables.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index(op.f("ix_chat_messages_table_id"), "chat_messages", ["table_id"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_chat_messages_table_id"), table_name="chat_messages")
    op.drop_table("chat_messages")
