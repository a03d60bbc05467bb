"""Replays: a stored game stepped move by move, from one seat's side or fully revealed."""

from __future__ import annotations

from fastapi import APIRouter

from rumizi.server import chat
from rumizi.server.deps import BODY, LangDep, MaybeUserDep, StoreDep, stored_table
from rumizi.server.errors import ApiError, ErrorCode, refusals
from rumizi.server.replay import replay_frames
from rumizi.server.routes.tables import your_seat
from rumizi.server.schemas import Replay

router = APIRouter(prefix="/api", tags=["replays"])


@router.get(
    "/tables/{table_id}/replay",
    responses=refusals(*BODY, ErrorCode.UNKNOWN_TABLE, ErrorCode.HIDDEN, ErrorCode.INVALID),
)
def table_replay(
    table_id: str, store: StoreDep, user: MaybeUserDep, lang: LangDep, seat: int | None = None
) -> Replay:
    """Every position of a table from ``seat``'s side (default: the caller's own seat).

    Until the game is over a replay shows only the caller's own seat; once it is over, any
    seat, with every card revealed.
    """
    row = stored_table(store, table_id, actions=True)
    you = your_seat(row, user)
    over = row.status == "over"
    if seat is None:
        seat = you
    elif not over and seat != you:
        raise ApiError(ErrorCode.HIDDEN, "until the game is over a replay shows only your own seat")
    if seat is not None and not 0 <= seat < row.players:
        raise ApiError(ErrorCode.INVALID, f"no seat {seat}")
    replay = replay_frames(row, seat, lang, reveal=over)
    # The chat said at the table, each line in place by its version (what the seat could read).
    # (Never the lines of someone the caller blocked.)
    reader = None if user is None else user.id
    replay["chat"] = chat.replay_lines(store, row.id, you, over, reader)
    return Replay.model_validate(replay)
