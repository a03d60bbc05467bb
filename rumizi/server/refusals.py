"""What a live table refuses: :class:`ActionError`, and the checks every change goes through first.

A move (:meth:`rumizi.server.hub.Hub.submit`), an undo (:func:`rumizi.server.takeback.take_back`)
and the server's own moves (:mod:`rumizi.server.scheduling`: a bot's, a clock's, a ring) are
refused the same way: an :class:`ActionError` whose ``code`` the page understands (the codes
are listed in :mod:`rumizi.server.errors`; the socket sends ``{"type": "error", "code": ...}``).
This module sits below all of them, so none of them needs to import the hub for it.

>>> err = ActionError("stale", "the action was made on version 3; the table is at 4")
>>> (err.code, str(err))
('stale', 'the action was made on version 3; the table is at 4')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rumizi.server.hub import LiveTable


class ActionError(Exception):
    """An action refused, with a code the page understands (see docs/web-protocol.md)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def check_playing(table: LiveTable, client_id: str, version: int, what: str) -> None:
    """Refuse what would change ``table`` unless its game is under way at ``version`` and
    ``client_id`` is new (a move, an undo); ``what`` begins the stale message."""
    if table.row.status == "waiting":
        raise ActionError("waiting", "the game has not started: seats are still free")
    if table.row.status == "over" or table.state.over:
        raise ActionError("over", "the game is over")
    if client_id in table.client_ids:
        raise ActionError("duplicate", f"action {client_id!r} was already received")
    if version != table.version:
        raise ActionError("stale", f"{what} on version {version}; the table is at {table.version}")
