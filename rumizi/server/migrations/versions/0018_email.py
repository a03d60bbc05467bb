"""E-mail for turn-based play: addresses, opt-ins and the outbox (rumizi.server.mail).

Revision ID: 0018
Revises: 0017
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from rumizi.server.db import UtcDateTime

revision = "0018"
down_revision = "0017"


def upgrade() -> None:
    # New tables only: nothing existing is rebuilt.
    op.create_table(
        "email_settings",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("address", sa.String(length=254), nullable=True),
        sa.Column("verified", sa.Boolean(), nullable=False),
        sa.Column("verify_hash", sa.String(length=64), nullable=True),
        sa.Column("verify_expires", UtcDateTime(), nullable=True),
        sa.Column("key", sa.String(length=64), nullable=False),
        sa.Column("lang", sa.String(length=2), nullable=False),
        sa.Column("on_turn", sa.Boolean(), nullable=False),
        sa.Column("on_challenge", sa.Boolean(), nullable=False),
        sa.Column("on_tournament", sa.Boolean(), nullable=False),
        sa.Column("base_url", sa.String(length=200), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("user_id"),
    )
    op.create_table(
        "email_jobs",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("event", sa.String(length=120), nullable=False),
        sa.Column("kind", sa.String(length=12), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("created", UtcDateTime(), nullable=False),
        sa.Column("due", sa.Float(), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("tries", sa.Integer(), nullable=False),
        sa.Column("owner", sa.String(length=120), nullable=True),
        sa.Column("sent", UtcDateTime(), nullable=True),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("user_id", "event"),
    )
    op.create_index(op.f("ix_email_jobs_due"), "email_jobs", ["due"], unique=False)
    op.create_index(op.f("ix_email_jobs_status"), "email_jobs", ["status"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_email_jobs_status"), table_name="email_jobs")
    op.drop_index(op.f("ix_email_jobs_due"), table_name="email_jobs")
    op.drop_table("email_jobs")
    op.drop_table("email_settings")
