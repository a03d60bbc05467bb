"""Tournaments: the events, their entrants and byes, and each table's event and round
(rumizi.server.tournaments).

Revision ID: 0014
Revises: 0013
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from rumizi.server.db import UtcDateTime

revision = "0014"
down_revision = "0013"


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.String(length=16), nullable=False),
        sa.Column("name", sa.String(length=60), nullable=False),
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=8), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=True),
        sa.Column("minutes", sa.Integer(), nullable=True),
        sa.Column("clock", sa.JSON(), nullable=False),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.Column("invite", sa.String(length=32), nullable=True),
        sa.Column("created_by", sa.Integer(), nullable=False),
        sa.Column("created", UtcDateTime(), nullable=False),
        sa.Column("starts_at", UtcDateTime(), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("finished", UtcDateTime(), nullable=True),
        sa.ForeignKeyConstraint(["created_by"], ["users.id"]),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index(op.f("ix_tournaments_starts_at"), "tournaments", ["starts_at"], unique=False)
    op.create_index(op.f("ix_tournaments_status"), "tournaments", ["status"], unique=False)
    op.create_table(
        "tournament_entrants",
        sa.Column("tournament_id", sa.String(length=16), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("joined", UtcDateTime(), nullable=False),
        sa.Column("withdrawn", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(["tournament_id"], ["tournaments.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("tournament_id", "user_id"),
    )
    op.create_index(
        op.f("ix_tournament_entrants_user_id"), "tournament_entrants", ["user_id"], unique=False
    )
    op.create_table(
        "tournament_byes",
        sa.Column("tournament_id", sa.String(length=16), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["tournament_id"], ["tournaments.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("tournament_id", "round", "user_id"),
    )
    # Columns added in place (ALTER TABLE ... ADD COLUMN), never by rebuilding game_tables:
    # on SQLite a rebuild drops the old table, and with foreign keys on that would delete
    # every seat, move and chat line of every table (their keys cascade).
    if op.get_bind().dialect.name == "sqlite":  # SQLite adds a column with its key in place
        op.execute(
            "ALTER TABLE game_tables ADD COLUMN tournament_id VARCHAR(16) "
            "REFERENCES tournaments (id) ON DELETE SET NULL"
        )
    else:
        op.add_column(
            "game_tables",
            sa.Column(
                "tournament_id",
                sa.String(length=16),
                sa.ForeignKey("tournaments.id", ondelete="SET NULL"),
                nullable=True,
            ),
        )
    op.add_column("game_tables", sa.Column("tournament_round", sa.Integer(), nullable=True))
    op.create_index(
        op.f("ix_game_tables_tournament_id"), "game_tables", ["tournament_id"], unique=False
    )


def downgrade() -> None:
    op.drop_index(op.f("ix_game_tables_tournament_id"), table_name="game_tables")
    with op.batch_alter_table("game_tables") as batch:  # its foreign key goes with it
        batch.drop_column("tournament_round")
        batch.drop_column("tournament_id")
    op.drop_table("tournament_byes")
    op.drop_index(op.f("ix_tournament_entrants_user_id"), table_name="tournament_entrants")
    op.drop_table("tournament_entrants")
    op.drop_index(op.f("ix_tournaments_status"), table_name="tournaments")
    op.drop_index(op.f("ix_tournaments_starts_at"), table_name="tournaments")
    op.drop_table("tournaments")
