"""Sign-in hardening: names keyed by their confusables' skeleton, trusted browsers, failures.

- ``users.name_key`` now means :func:`rumizi.server.auth.username_key` with the UTS #39
  skeleton (``gɑmer`` and ``gamer`` are one name), so every account's key is computed again,
  and the column is widened to 200 characters (a skeleton is longer than its name: ``m`` is
  ``rn``). SQLite does not enforce a ``VARCHAR``'s length, and changing a column there means
  copying ``users`` into a new table, whose drop would delete every session (their foreign
  key cascades): so only PostgreSQL's column is altered.
- Two existing accounts whose names now have the same key both stay, with their names, games
  and passwords: the older (smaller id) keeps the key, the later one's key gets ``#id`` after
  it, and a sign-in with a name exactly as stored finds its own account
  (:meth:`rumizi.server.store.Store.password_hash`). No new account can take either name.
- ``trusted_devices``: the browsers that signed in to each account (the device cookie's token
  as SHA-256), and ``sign_in_failures``: what failed from other browsers until the owner saw it.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

import sqlalchemy as sa
from alembic import op

from rumizi.server.auth import username_key
from rumizi.server.db import UtcDateTime

revision = "0007"
down_revision = "0006"

_USERS = sa.table(
    "users",
    sa.column("id", sa.Integer()),
    sa.column("name", sa.String()),
    sa.column("name_key", sa.String()),
)


def _old_key(name: str) -> str:
    """``username_key`` as it was before this migration (for the downgrade)."""
    persian = str.maketrans({"\u064a": "\u06cc", "\u0649": "\u06cc", "\u0643": "\u06a9"})
    digits = str.maketrans({chr(base + i): str(i) for base in (0x06F0, 0x0660) for i in range(10)})
    clean = unicodedata.normalize("NFKC", name).translate(persian)
    return clean.translate(digits).replace("\u200c", "").casefold()


def rekey(connection: sa.engine.Connection, key: Callable[[str], str], width: int) -> None:
    """Give every account ``key(name)``; the later of two with one key gets ``key#id``.

    Every key is first set to ``#id`` (unique by itself), so no update on the way collides
    with a key that is about to change.
    """
    rows = connection.execute(sa.select(_USERS.c.id, _USERS.c.name).order_by(_USERS.c.id)).all()
    for user_id, _ in rows:
        connection.execute(
            _USERS.update().where(_USERS.c.id == user_id).values(name_key=f"#{user_id}")
        )
    seen: set[str] = set()
    for user_id, name in rows:
        found = key(name)[:width]
        if found in seen:
            suffix = f"#{user_id}"
            found = found[: width - len(suffix)] + suffix
        seen.add(found)
        connection.execute(_USERS.update().where(_USERS.c.id == user_id).values(name_key=found))


def upgrade() -> None:
    connection = op.get_bind()
    if connection.dialect.name != "sqlite":
        op.alter_column(
            "users",
            "name_key",
            existing_type=sa.String(length=40),
            type_=sa.String(length=200),
            existing_nullable=False,
        )
    rekey(connection, username_key, 200)
    op.create_table(
        "trusted_devices",
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("created", UtcDateTime(), nullable=False),
        sa.Column("used", UtcDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("token_hash"),
    )
    op.create_index(
        op.f("ix_trusted_devices_user_id"), "trusted_devices", ["user_id"], unique=False
    )
    op.create_table(
        "sign_in_failures",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("wrong", sa.Integer(), nullable=False),
        sa.Column("refused", sa.Integer(), nullable=False),
        sa.Column("first", UtcDateTime(), nullable=False),
        sa.Column("last", UtcDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("user_id"),
    )


def downgrade() -> None:
    op.drop_table("sign_in_failures")
    op.drop_index(op.f("ix_trusted_devices_user_id"), table_name="trusted_devices")
    op.drop_table("trusted_devices")
    connection = op.get_bind()
    rekey(connection, _old_key, 40)
    if connection.dialect.name != "sqlite":
        op.alter_column(
            "users",
            "name_key",
            existing_type=sa.String(length=200),
            type_=sa.String(length=40),
            existing_nullable=False,
        )
