"""Analyses of finished games: one row per table, its progress and its stored result.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from rumizi.server.db import UtcDateTime

revision = "0003"
down_revision = "0002"


def upgrade() -> None:
    op.create_table(
        "analyses",
        sa.Column("table_id", sa.String(length=16), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("done", sa.Integer(), nullable=False),
        sa.Column("total", sa.Integer(), nullable=False),
        sa.Column("worlds", sa.Integer(), nullable=False),
        sa.Column("result", sa.JSON(), nullable=True),
        sa.Column("created", UtcDateTime(), nullable=False),
        sa.Column("finished", UtcDateTime(), nullable=True),
        sa.ForeignKeyConstraint(["table_id"], ["game_tables.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("table_id"),
    )


def downgrade() -> None:
    op.drop_table("analyses")
