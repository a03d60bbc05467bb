"""Tables shown in the lobby: ``listed`` (anyone may see and join them there).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"


def upgrade() -> None:
    # Tables made before the lobby stay private: their players shared an invite, not a list.
    with op.batch_alter_table("game_tables") as batch:
        batch.add_column(
            sa.Column("listed", sa.Boolean(), nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_column("listed")
