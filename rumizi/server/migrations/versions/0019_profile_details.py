"""Profile details: a member's bio, languages and display language, when the account was
last seen (friends see who is online), and each finished table's favourites tallies
(rumizi.server.favourites).

Revision ID: 0019
Revises: 0018
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from rumizi.server.db import UtcDateTime

revision = "0019"
down_revision = "0018"


def upgrade() -> None:
    # In place (ALTER TABLE ... ADD COLUMN), never by rebuilding users: on SQLite a rebuild
    # drops the old table, and its cascading keys would take every session and game with it.
    op.add_column("users", sa.Column("bio", sa.String(length=200), nullable=True))
    op.add_column("users", sa.Column("languages", sa.JSON(), nullable=True))
    op.add_column("users", sa.Column("display_lang", sa.String(length=2), nullable=True))
    op.add_column("users", sa.Column("seen", UtcDateTime(), nullable=True))
    op.create_table(
        "favourite_tallies",
        sa.Column("table_id", sa.String(length=16), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("tallies", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["game_tables.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("table_id"),
    )


def downgrade() -> None:
    op.drop_table("favourite_tallies")
    for column in ("seen", "display_lang", "languages", "bio"):
        op.drop_column("users", column)
