"""Tables: making one (options, seats, clock), reading it, joining it by invite, my games."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

from fastapi import APIRouter

from rumizi.core.registry import game
from rumizi.server import ratings, takeback
from rumizi.server.bots import level_plays, level_refusal, seat_names
from rumizi.server.deps import (
    BODY,
    PLAYING,
    POSTED,
    SIGNED_IN,
    CsrfDep,
    HubDep,
    LangDep,
    MaybeUserDep,
    PlayerDep,
    StoreDep,
    UserDep,
    known_game,
    stored_table,
)
from rumizi.server.errors import ApiError, ErrorCode, refusals
from rumizi.server.hub import Hub
from rumizi.server.lobby import company_refused
from rumizi.server.schemas import ClockIn, Joined, JoinIn, Nothing, Table, TableIn, TableMade
from rumizi.server.store import SeatRow, Store, TableRow, UserRow

router = APIRouter(prefix="/api", tags=["tables"])


def clock_config(clock: ClockIn) -> dict[str, Any]:
    if clock.kind == "realtime":
        return {"kind": "realtime", "initial": clock.initial, "increment": clock.increment}
    if clock.kind == "turn":
        return {"kind": "turn", "per_move": clock.per_move}
    return {"kind": "none"}


@router.post(
    "/tables",
    responses=refusals(*POSTED, *BODY, *PLAYING, ErrorCode.UNKNOWN_GAME, ErrorCode.INVALID_OPTIONS),
)
async def create_table(
    body: TableIn, user: PlayerDep, store: StoreDep, hub: HubDep, _: CsrfDep
) -> TableMade:
    """A new table; the creator sits in the first human seat, bots take theirs at once."""
    known_game(body.game)
    players = len(body.seats)
    options = takeback.game_options(body.options)
    seed = secrets.randbits(62)
    try:
        start = game(body.game).new(seed=seed, players=players, **options)
    except (TypeError, ValueError) as err:
        raise ApiError(ErrorCode.INVALID_OPTIONS, str(err)) from None
    view = start.view(0)
    for seat in body.seats:
        if seat.kind == "bot" and seat.level and not level_plays(seat.level, view):
            raise ApiError(ErrorCode.INVALID_OPTIONS, level_refusal(seat.level))
    if body.rated and any(seat.kind == "bot" for seat in body.seats):
        raise ApiError(ErrorCode.INVALID_OPTIONS, "rated games are between people only")
    if body.rated and user.guest:
        raise ApiError(ErrorCode.INVALID_OPTIONS, "sign up to play rated games")
    humans = [i for i, seat in enumerate(body.seats) if seat.kind == "human"]
    if not humans:
        raise ApiError(ErrorCode.INVALID_OPTIONS, "at least one seat must be a person's")
    seats = [
        SeatRow(
            i,
            seat.kind,
            (seat.level or "easy") if seat.kind == "bot" else None,
            user.id if i == humans[0] else None,
            None,
        )
        for i, seat in enumerate(body.seats)
    ]
    options["players"] = players
    options[takeback.OPTION] = takeback.default(body.rated) if body.undo is None else body.undo
    row = await hub.db(
        store.create_table,
        game=body.game,
        options=options,
        players=players,
        seed=seed,
        seats=seats,
        clock=clock_config(body.clock),
        rated=body.rated,
        creator=user.id,
        listed=body.listed,
    )
    await hub.get(row.id)  # bots start at once when they move first
    return TableMade(id=row.id, seat=humans[0], invite=row.invite, url=f"/t/{row.id}")


def your_seat(row: TableRow, user: UserRow | None) -> int | None:
    """The seat ``user`` holds at the table (``None``: none, or nobody signed in)."""
    return next((s.seat for s in row.seats if user is not None and s.user_id == user.id), None)


def table_model(
    row: TableRow,
    user: UserRow | None,
    lang: str,
    changes: Sequence[ratings.Change] = (),
) -> Table:
    """The table as ``user`` may see it: the invite code only for a seated player, each
    seat's rating ``changes`` once a rated game is over."""
    you = your_seat(row, user)
    names = seat_names(row.seats, lang)
    found: dict[str, Any] = {
        "id": row.id,
        "game": row.game,
        "options": row.options,
        "status": row.status,
        "version": row.version,
        "rated": row.rated,
        "clock": row.clock,
        "created": row.created.isoformat(),
        "result": row.result,
        "seats": [
            {
                "seat": s.seat,
                "kind": s.kind,
                "level": s.level,
                "name": names[s.seat],
                "user_id": s.user_id,
            }
            for s in row.seats
        ],
        "you": you,
        "creator": user is not None and row.created_by == user.id,
    }
    if you is not None:
        found["invite"] = row.invite
    if changes:
        found["ratings"] = [asdict(change) for change in changes]
    if row.tournament is not None:
        event, round_ = row.tournament
        found["tournament"] = {"id": event, "round": round_, "url": f"/tournaments/{event}"}
    return Table.model_validate(found)


# A table's "invite" (and a clock's unused fields) are left out, not sent as null.
@router.get(
    "/tables/{table_id}",
    responses=refusals(ErrorCode.UNKNOWN_TABLE),
    response_model_exclude_unset=True,
)
def table_info(table_id: str, store: StoreDep, user: MaybeUserDep, lang: LangDep) -> Table:
    """A table: its game, options, status, clock, result, seats and the caller's seat.

    Once a rated game is over, each seat's rating before and after it (``ratings``)."""
    row = stored_table(store, table_id)
    rated = store.rating_changes([row.id]) if row.rated and row.status == "over" else {}
    return table_model(row, user, lang, rated.get(row.id, ()))


@router.post(
    "/tables/{table_id}/join",
    responses=refusals(
        *POSTED,
        *BODY,
        *PLAYING,
        ErrorCode.UNKNOWN_TABLE,
        ErrorCode.WRONG_INVITE,
        ErrorCode.SIGN_UP,
        ErrorCode.TABLE_FULL,
        ErrorCode.BLOCKED,
    ),
)
async def join_table(
    table_id: str, body: JoinIn, user: PlayerDep, store: StoreDep, hub: HubDep, _: CsrfDep
) -> Joined:
    """Take a free seat with the table's invite code (a seat already held is kept)."""
    return await sit_with_invite(store, hub, table_id, body.invite, user)


async def sit_with_invite(
    store: Store, hub: Hub, table_id: str, invite: str, user: UserRow
) -> Joined:
    """``user`` takes a free seat at ``table_id`` with its ``invite`` (a seat already held
    is kept): from the page, or a bot account's program with its token."""
    row = stored_table(store, table_id)
    if not secrets.compare_digest(invite, row.invite):
        raise ApiError(ErrorCode.WRONG_INVITE, "this invite link is not valid for the table")
    if row.rated and user.guest:  # ratings are for accounts, as at create_table
        raise ApiError(ErrorCode.SIGN_UP, "sign up to play rated games")
    # An invite link does not reach past a block: the same rule as the lobby's seats.
    await asyncio.to_thread(company_refused, store, row, user.id)
    taken = await hub.db(store.take_seat, table_id, user.id)
    if taken is None:
        raise ApiError(ErrorCode.TABLE_FULL, "every seat at this table is taken")
    await hub.get(table_id)  # loaded, so its bots and clock start when the game does
    await hub.reload_seats(table_id)
    return Joined(seat=taken[0])


@router.post(
    "/tables/{table_id}/cancel",
    responses=refusals(
        *POSTED,
        *SIGNED_IN,
        ErrorCode.UNKNOWN_TABLE,
        ErrorCode.NOT_CREATOR,
        ErrorCode.STARTED,
    ),
)
async def cancel_table(
    table_id: str, user: UserDep, store: StoreDep, hub: HubDep, _: CsrfDep
) -> Nothing:
    """Cancel a table still waiting for players (its creator only): it is deleted.

    It leaves the lobby, and the pages open on it are told it is gone."""
    refused = await hub.db(store.cancel_table, table_id, user.id)
    if refused == "unknown":
        raise ApiError(ErrorCode.UNKNOWN_TABLE, "no table with this id")
    if refused == "not-creator":
        raise ApiError(ErrorCode.NOT_CREATOR, "only the person who made the table can cancel it")
    if refused == "started":
        raise ApiError(ErrorCode.STARTED, "the game has started: it can no longer be cancelled")
    await hub.reload_seats(table_id)  # here and on every other instance: the table is gone
    return Nothing()


@router.get("/my/games", responses=refusals(*SIGNED_IN), response_model_exclude_unset=True)
def my_games(user: UserDep, store: StoreDep, lang: LangDep) -> list[Table]:
    """The caller's tables, newest first (a rated game over: with its rating changes)."""
    rows = store.user_games(user.id)
    rated = store.rating_changes([row.id for row in rows if row.rated and row.status == "over"])
    return [table_model(row, user, lang, rated.get(row.id, ())) for row in rows]
