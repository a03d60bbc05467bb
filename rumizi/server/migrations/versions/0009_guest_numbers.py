"""Guests are named by their number: ``guest-d56dec`` becomes ``guest-<id>``.

A guest's stored name is now ``guest-`` and its account's id (:func:`rumizi.server.auth.
guest_name`), which each reader sees in their own words, «مهمان ۵۶» or "Guest 56". Guests
made before keep their account and games and take the new name, in the users table and on
the chat lines they wrote. Both steps go through a name no account can have (``guest~<id>``),
so no rename ever meets another's old name. The downgrade leaves the new names in place:
they are valid names under the old code too.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from rumizi.server.auth import guest_name, username_key

revision = "0009"
down_revision = "0008"


def upgrade() -> None:
    connection = op.get_bind()
    guests = connection.execute(
        sa.text("SELECT id, name FROM users WHERE guest = :yes"), {"yes": True}
    ).all()
    renamed = [(user_id, old, guest_name(user_id)) for user_id, old in guests]
    renamed = [(user_id, old, new) for user_id, old, new in renamed if old != new]
    for user_id, _, _ in renamed:
        aside = f"guest~{user_id}"
        connection.execute(
            sa.text("UPDATE users SET name = :n, name_key = :n WHERE id = :id"),
            {"n": aside, "id": user_id},
        )
    for user_id, old, new in renamed:
        connection.execute(
            sa.text("UPDATE users SET name = :n, name_key = :k WHERE id = :id"),
            {"n": new, "k": username_key(new), "id": user_id},
        )
        connection.execute(
            sa.text("UPDATE chat_messages SET name = :n WHERE user_id = :id AND name = :old"),
            {"n": new, "id": user_id, "old": old},
        )


def downgrade() -> None:
    pass  # "guest-56" is a guest's name the old code reads as well as "guest-d56dec"
