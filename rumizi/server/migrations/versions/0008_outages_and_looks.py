"""The service's heartbeat and outages (clocks stand still while no instance is up), and a
``look`` job for every game under way (the job queue is the index of what each waits for).

Games stored before this have no job saying whether the server must move them (a bot, a
clock, a phase's timer): each gets a ``look`` job, due at once, so the next start loads it
once, writes what it waits for, and later starts load only the games whose move is due.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"


def upgrade() -> None:
    op.create_table(
        "heartbeat",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("alive", sa.Float(), nullable=True),
        sa.PrimaryKeyConstraint("id"),
    )
    # Unknown (NULL): the downtime just before this upgrade cannot be told from use.
    op.execute("INSERT INTO heartbeat (id, alive) VALUES (1, NULL)")
    op.create_table(
        "outages",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("began", sa.Float(), nullable=False),
        sa.Column("ended", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.execute(
        "INSERT INTO table_jobs (table_id, version, kind, seat, due, owner, lease_until) "
        "SELECT id, version, 'look', NULL, 0.0, NULL, 0.0 FROM game_tables "
        "WHERE status = 'playing'"
    )


def downgrade() -> None:
    op.execute("DELETE FROM table_jobs WHERE kind = 'look'")
    op.drop_table("outages")
    op.drop_table("heartbeat")
