"""Bots among people: a person's "accept challenges from bots" and a tournament's
``allow_bots`` (rumizi.server.bot_accounts), both off unless chosen.

Revision ID: 0020
Revises: 0019
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0020"
down_revision = "0019"


def upgrade() -> None:
    # In place (ALTER TABLE ... ADD COLUMN), never by rebuilding the tables: on SQLite a
    # rebuild drops the old table, and its cascading keys would take the rows pointing at it.
    op.add_column(
        "users",
        sa.Column("bot_challenges", sa.Boolean(), server_default=sa.false(), nullable=False),
    )
    op.add_column(
        "tournaments",
        sa.Column("allow_bots", sa.Boolean(), server_default=sa.false(), nullable=False),
    )


def downgrade() -> None:
    # In place too (ALTER TABLE ... DROP COLUMN): a batch rebuild of ``users`` would drop the
    # table under its sessions and seats.
    op.drop_column("tournaments", "allow_bots")
    op.drop_column("users", "bot_challenges")
