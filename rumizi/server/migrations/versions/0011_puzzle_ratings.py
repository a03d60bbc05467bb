"""Puzzle ratings: each player's and each puzzle's Glicko-2 rating, and each player's rated
try at a puzzle (the first), with the rating before and after (rumizi.server.puzzle_ratings).

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from rumizi.server.db import UtcDateTime

revision = "0011"
down_revision = "0010"


def _glicko() -> list[sa.Column[object]]:
    return [
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("rd", sa.Float(), nullable=False),
        sa.Column("vol", sa.Float(), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("solved", sa.Integer(), nullable=False),
    ]


def upgrade() -> None:
    op.create_table(
        "puzzle_players",
        sa.Column("user_id", sa.Integer(), nullable=False),
        *_glicko(),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("user_id"),
    )
    op.create_table(
        "puzzle_stats",
        sa.Column("puzzle_id", sa.String(length=48), nullable=False),
        *_glicko(),
        sa.PrimaryKeyConstraint("puzzle_id"),
    )
    op.create_table(
        "puzzle_attempts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("puzzle_id", sa.String(length=48), nullable=False),
        sa.Column("correct", sa.Boolean(), nullable=False),
        sa.Column("rating_before", sa.Float(), nullable=False),
        sa.Column("rating_after", sa.Float(), nullable=False),
        sa.Column("at", UtcDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("user_id", "puzzle_id"),
    )
    op.create_index(
        op.f("ix_puzzle_attempts_user_id"), "puzzle_attempts", ["user_id"], unique=False
    )


def downgrade() -> None:
    op.drop_index(op.f("ix_puzzle_attempts_user_id"), table_name="puzzle_attempts")
    op.drop_table("puzzle_attempts")
    op.drop_table("puzzle_stats")
    op.drop_table("puzzle_players")
