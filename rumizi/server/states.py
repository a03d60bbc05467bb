"""The state message: a live table as one seat (or a spectator) sees it, in one language.

The hub sends one to every connection of a table after each change, built once per seat and
language (:meth:`rumizi.server.hub.Hub.broadcast`), and gives each connection only the log
lines it does not have yet (``log_start``). It is a typed dict
(:class:`rumizi.server.messages.StateMessage`): the dict the socket sends, built as cheaply as
a plain one, its every field checked by the type checker.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, cast

from rumizi.server import phases, takeback
from rumizi.server.messages import ClockInfo, LegalMove, Outcome, StateMessage, TimerInfo

if TYPE_CHECKING:
    from rumizi.server.hub import LiveTable


def state_message(table: LiveTable, seat: int | None, lang: str) -> StateMessage:
    """``table`` as ``seat`` (``None``: a spectator) sees it in ``lang``, with the whole log."""
    state = table.state
    audience = table.audience(seat, lang)
    view = state.view(seat)  # the replay reveals every card once the game is over
    acting = phases.actors(state)
    legal: list[LegalMove] = []
    playing = table.row.status == "playing"
    if playing and seat is not None and seat in acting:
        legal = [
            {"action": action, "label": table.web.action_label(view, action, audience)}
            for action in phases.seat_legal(state, seat)
        ]
    connected = {client.seat for client in table.clients}
    result: Outcome | None = None
    if table.row.status == "over" or state.over:
        # The stored result as it is (a Result: ``winner`` and ``returns``), then the words.
        result = cast(Outcome, dict(table.row.result or table.result() or {}))
        result["text"] = table.web.result_text(view, audience)
    at = time.time()
    # (The clock and the phase timer say their parts as dicts of these types.)
    clock = cast(ClockInfo, table.clock.message(at)) if table.clock and playing else None
    timer = cast(TimerInfo | None, table.phase.message(state)) if playing else None
    return {
        "type": "state",
        "table": table.id,
        "game": table.row.game,
        "version": table.version,
        "status": table.row.status,  # type: ignore[typeddict-item]  # a Status, as stored
        "seat": seat,
        "view": view,
        "legal": legal,
        "to_act": acting if playing else [],
        "log": table.log(seat, lang),
        "seats": [
            {
                "seat": s.seat,
                "name": audience.names[s.seat],
                "kind": s.kind,  # type: ignore[typeddict-item]  # a SeatKind, as stored
                "level": s.level,  # type: ignore[typeddict-item]  # a Level, as stored
                "connected": s.kind == "bot" or s.seat in connected,
                "empty": s.kind == "human" and s.user_id is None,
            }
            for s in table.row.seats
        ],
        "clock": clock,
        "timer": timer,
        "result": result,
        "undo": takeback.offered(table, seat),
        "undone": takeback.undone_lines(table, seat, lang),
        "log_start": 0,  # the whole log (the hub sends each connection only its new lines)
    }
