"""The shared job queue of several instances: bot moves and clock deadlines per table.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"


def upgrade() -> None:
    op.create_table(
        "table_jobs",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.String(length=16), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=8), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("due", sa.Float(), nullable=False),
        sa.Column("owner", sa.String(length=64), nullable=True),
        sa.Column("lease_until", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["game_tables.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("table_id", "version", "kind"),
    )
    op.create_index(op.f("ix_table_jobs_due"), "table_jobs", ["due"], unique=False)


def downgrade() -> None:
    op.drop_index(op.f("ix_table_jobs_due"), table_name="table_jobs")
    op.drop_table("table_jobs")
