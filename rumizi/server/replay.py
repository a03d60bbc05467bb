"""Replays: a stored game stepped move by move, as one seat saw it (or fully revealed)."""

from __future__ import annotations

from typing import Any

from rumizi.core import undo
from rumizi.core.addons import Audience
from rumizi.server import takeback
from rumizi.server.bots import seat_names
from rumizi.server.hub import new_state
from rumizi.server.plugins import plugin
from rumizi.server.store import TableRow


def replay_frames(row: TableRow, seat: int | None, lang: str, reveal: bool) -> dict[str, Any]:
    """Every position of ``row`` from ``seat``'s side, each with the log lines of its move.

    With ``reveal`` (a finished game) each frame shows every card of the position. A move
    taken back keeps its frame, marked ``undone`` (with the words ``undone_text``); the undo
    record's frame is the position before that move, its log saying who took it back.
    """
    web = plugin(row.game)
    names = seat_names(row.seats, lang)
    options = dict(row.options)
    options.setdefault("players", row.players)
    audience = Audience(lang, seat, names, options)
    state = new_state(row)

    def frame(version: int, lines: list[str]) -> dict[str, Any]:
        view = web.revealed_view(state, seat) if reveal else state.view(seat)
        return {"version": version, "view": view, "log": lines}

    frames = [frame(0, web.log_lines(web.opening_events(state), audience))]
    trail = undo.Trail()
    for version, (_seat, action, _client, _at) in enumerate(row.actions, start=1):
        state, events = trail.play(state, version, action)
        frames.append(frame(version, takeback.log_lines(web, events, audience)))
        if undo.is_undo(action) and 0 < action["of"] < len(frames):
            taken = frames[action["of"]]
            taken["undone"] = True
            taken["undone_text"] = takeback.marked_undone(action["of"], lang)
    return {
        "id": row.id,
        "game": row.game,
        "seat": seat,
        "seats": [
            {"seat": s.seat, "kind": s.kind, "level": s.level, "name": names[s.seat]}
            for s in row.seats
        ],
        "final": row.status == "over",
        "result": row.result,
        "frames": frames,
    }
