"""Moderation: players' reports, the admin mark, mutes and bans on the account, and the
moderators' audit log (rumizi.server.moderation).

Revision ID: 0017
Revises: 0016
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from rumizi.server.db import UtcDateTime

revision = "0017"
down_revision = "0016"


def upgrade() -> None:
    # In place (ALTER TABLE ... ADD COLUMN), never by rebuilding users: on SQLite a rebuild
    # drops the old table, and its cascading keys would take every session and game with it.
    op.add_column(
        "users", sa.Column("admin", sa.Boolean(), server_default=sa.false(), nullable=False)
    )
    op.add_column("users", sa.Column("muted_until", UtcDateTime(), nullable=True))
    op.add_column("users", sa.Column("banned_until", UtcDateTime(), nullable=True))
    op.create_table(
        "reports",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("reporter_id", sa.Integer(), nullable=False),
        sa.Column("target_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("subject", sa.String(length=80), nullable=False),
        sa.Column("table_id", sa.String(length=16), nullable=True),
        sa.Column("chat_id", sa.Integer(), nullable=True),
        sa.Column("quoted", sa.String(length=200), nullable=True),
        sa.Column("reason", sa.String(length=20), nullable=False),
        sa.Column("text", sa.String(length=200), nullable=True),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("created", UtcDateTime(), nullable=False),
        sa.Column("closed", UtcDateTime(), nullable=True),
        sa.ForeignKeyConstraint(["reporter_id"], ["users.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["target_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    for column in ("reporter_id", "target_id", "status"):
        op.create_index(op.f(f"ix_reports_{column}"), "reports", [column], unique=False)
    op.create_table(
        "moderation_log",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("actor_id", sa.Integer(), nullable=True),
        sa.Column("actor_name", sa.String(length=40), nullable=False),
        sa.Column("target_id", sa.Integer(), nullable=True),
        sa.Column("target_name", sa.String(length=40), nullable=True),
        sa.Column("action", sa.String(length=10), nullable=False),
        sa.Column("reason", sa.String(length=200), nullable=False),
        sa.Column("details", sa.JSON(), nullable=False),
        sa.Column("report_id", sa.Integer(), nullable=True),
        sa.Column("notice", sa.Boolean(), nullable=False),
        sa.Column("at", UtcDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["actor_id"], ["users.id"], ondelete="SET NULL"),
        sa.ForeignKeyConstraint(["target_id"], ["users.id"], ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("id"),
    )
    for column in ("target_id", "at"):
        op.create_index(op.f(f"ix_moderation_log_{column}"), "moderation_log", [column])


def downgrade() -> None:
    for column in ("target_id", "at"):
        op.drop_index(op.f(f"ix_moderation_log_{column}"), table_name="moderation_log")
    op.drop_table("moderation_log")
    for column in ("reporter_id", "target_id", "status"):
        op.drop_index(op.f(f"ix_reports_{column}"), table_name="reports")
    op.drop_table("reports")
    # In place (ALTER TABLE ... DROP COLUMN): a batch rebuild of ``users`` would drop the
    # table under its sessions and seats.
    for column in ("banned_until", "muted_until", "admin"):
        op.drop_column("users", column)
