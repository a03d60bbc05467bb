"""The JSON API (docs/web-protocol.md): accounts, the catalogue, tables, replays, ratings."""

from __future__ import annotations

import secrets
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Request, Response
from pydantic import BaseModel, Field

from rumizi.bots.base import bot_label
from rumizi.core.registry import game, game_ids
from rumizi.server.auth import (
    CSRF_COOKIE,
    LANG_COOKIE,
    SESSION_COOKIE,
    SESSION_DAYS,
    RateLimiter,
    check_password,
    check_username,
    verify_password,
)
from rumizi.server.bots import LEVELS, seat_names
from rumizi.server.deps import (
    ApiError,
    HubDep,
    LangDep,
    MaybeUserDep,
    StoreDep,
    UserDep,
    check_csrf,
)
from rumizi.server.plugins import catalogue_order, plugin
from rumizi.server.replay import replay_frames
from rumizi.server.store import SeatRow, UserRow

router = APIRouter(prefix="/api")


def static_dir() -> Path:
    """The page's files, shipped in the package."""
    return Path(str(resources.files("rumizi.web") / "static"))


post = Annotated[None, Depends(check_csrf)]
LOGIN_LIMITER = RateLimiter(limit=5, window=60.0)

MAX_CLOCK = 7 * 24 * 3600


def _user_json(user: UserRow | None) -> dict[str, Any] | None:
    return None if user is None else {"id": user.id, "name": user.name, "guest": user.guest}


def _secure(request: Request) -> bool:
    return bool(request.app.state.settings.secure_cookies) or request.url.scheme == "https"


def _set_session(request: Request, response: Response, token: str) -> None:
    response.set_cookie(
        SESSION_COOKIE,
        token,
        max_age=SESSION_DAYS * 86400,
        httponly=True,
        samesite="lax",
        secure=_secure(request),
        path="/",
    )


# ---------------------------------------------------------------------- session and accounts


@router.get("/me")
def me(request: Request, response: Response, user: MaybeUserDep, lang: LangDep) -> dict[str, Any]:
    csrf = request.cookies.get(CSRF_COOKIE)
    if not csrf:
        csrf = secrets.token_urlsafe(24)
        response.set_cookie(CSRF_COOKIE, csrf, samesite="lax", secure=_secure(request), path="/")
    return {"user": _user_json(user), "lang": lang, "csrf": csrf}


class LangIn(BaseModel):
    lang: Literal["fa", "en"]


@router.post("/lang")
def set_lang(body: LangIn, request: Request, response: Response, _: post) -> dict[str, Any]:
    response.set_cookie(LANG_COOKIE, body.lang, max_age=365 * 86400, samesite="lax", path="/")
    return {"lang": body.lang}


@router.post("/auth/guest")
def guest(
    request: Request, response: Response, store: StoreDep, user: MaybeUserDep, _: post
) -> dict[str, Any]:
    if user is not None:
        return {"user": _user_json(user)}
    created, token = store.create_guest()
    _set_session(request, response, token)
    return {"user": _user_json(created)}


class Credentials(BaseModel):
    username: str = Field(max_length=64)
    password: str = Field(max_length=512)


@router.post("/auth/signup")
def signup(
    body: Credentials,
    request: Request,
    response: Response,
    store: StoreDep,
    user: MaybeUserDep,
    _: post,
) -> dict[str, Any]:
    problem = check_username(body.username) or check_password(body.password)
    if problem:
        raise ApiError(400, "invalid", problem)
    guest_id = user.id if user is not None and user.guest else None
    made = store.signup(body.username, body.password, guest_id)
    if made is None:
        raise ApiError(409, "taken", f"the username {body.username!r} is taken")
    created, token = made
    _set_session(request, response, token)
    return {"user": _user_json(created)}


@router.post("/auth/login")
def login(
    body: Credentials, request: Request, response: Response, store: StoreDep, _: post
) -> dict[str, Any]:
    address = request.client.host if request.client else "?"
    keys = (f"ip:{address}", f"name:{body.username.lower()}")
    if any(LOGIN_LIMITER.blocked(key) for key in keys):
        raise ApiError(429, "rate-limited", "too many failed sign-ins: wait a minute and try again")
    found = store.password_hash(body.username)
    if found is None or not verify_password(found[1], body.password):
        for key in keys:
            LOGIN_LIMITER.fail(key)
        raise ApiError(401, "wrong-credentials", "wrong username or password")
    for key in keys:
        LOGIN_LIMITER.clear(key)
    _set_session(request, response, store.login(found[0].id))
    return {"user": _user_json(found[0])}


@router.post("/auth/logout")
def logout(request: Request, response: Response, store: StoreDep, _: post) -> dict[str, Any]:
    token = request.cookies.get(SESSION_COOKIE)
    if token:
        store.logout(token)
    response.delete_cookie(SESSION_COOKIE, path="/")
    return {}


# ---------------------------------------------------------------------- the catalogue


def _known_game(game_id: str) -> None:
    if game_id not in game_ids():
        raise ApiError(404, "unknown-game", f"no game {game_id!r}")


def _catalog(game_id: str, lang: str) -> dict[str, Any]:
    entry = dict(plugin(game_id).catalog(lang))
    entry["id"] = game_id
    return entry


@router.get("/games")
def games(lang: LangDep) -> list[dict[str, Any]]:
    return [_catalog(game_id, lang) for game_id in catalogue_order(game_ids())]


@router.get("/games/{game_id}")
def game_page(game_id: str, lang: LangDep) -> dict[str, Any]:
    _known_game(game_id)
    web = plugin(game_id)
    entry = _catalog(game_id, lang)
    entry["rules"] = web.rules(lang)
    entry["options"] = web.options(lang)
    entry["renderer"] = (static_dir() / "games" / f"{game_id}.js").is_file()
    entry["levels"] = [{"value": level, "label": bot_label(level, lang)} for level in LEVELS]
    return entry


@router.get("/games/{game_id}/cards")
def game_cards(game_id: str, lang: LangDep) -> dict[str, Any]:
    _known_game(game_id)
    return {"cards": plugin(game_id).cards(lang)}


# ---------------------------------------------------------------------- tables


class SeatIn(BaseModel):
    kind: Literal["human", "bot"]
    level: Literal["easy", "medium", "hard"] | None = None


class ClockIn(BaseModel):
    kind: Literal["none", "realtime", "turn"] = "none"
    initial: int = Field(default=600, ge=10, le=MAX_CLOCK)
    increment: int = Field(default=10, ge=0, le=3600)
    per_move: int = Field(default=86400, ge=60, le=MAX_CLOCK)


# Option names and values are short words (a format's name); longer ones are refused at once.
OptionName = Annotated[str, Field(max_length=40)]
OptionValue = Annotated[str, Field(max_length=40)] | int


class TableIn(BaseModel):
    game: str = Field(max_length=40)
    options: dict[OptionName, OptionValue] = Field(default_factory=dict, max_length=8)
    seats: list[SeatIn] = Field(min_length=1, max_length=8)
    clock: ClockIn = Field(default_factory=ClockIn)
    rated: bool = False


def _clock_config(clock: ClockIn) -> dict[str, Any]:
    if clock.kind == "realtime":
        return {"kind": "realtime", "initial": clock.initial, "increment": clock.increment}
    if clock.kind == "turn":
        return {"kind": "turn", "per_move": clock.per_move}
    return {"kind": "none"}


@router.post("/tables")
async def create_table(
    body: TableIn, user: UserDep, store: StoreDep, hub: HubDep, _: post
) -> dict[str, Any]:
    _known_game(body.game)
    players = len(body.seats)
    options = {k: v for k, v in body.options.items() if k != "players"}
    seed = secrets.randbits(62)
    try:
        game(body.game).new(seed=seed, players=players, **options)
    except (TypeError, ValueError) as err:
        raise ApiError(400, "invalid-options", str(err)) from None
    if body.rated and any(seat.kind == "bot" for seat in body.seats):
        raise ApiError(400, "invalid-options", "rated games are between people only")
    if body.rated and user.guest:
        raise ApiError(400, "invalid-options", "sign up to play rated games")
    humans = [i for i, seat in enumerate(body.seats) if seat.kind == "human"]
    if not humans:
        raise ApiError(400, "invalid-options", "at least one seat must be a person's")
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
    row = await hub.db(
        store.create_table,
        body.game,
        options,
        players,
        seed,
        seats,
        _clock_config(body.clock),
        body.rated,
        user.id,
    )
    await hub.get(row.id)  # bots start at once when they move first
    return {"id": row.id, "seat": humans[0], "invite": row.invite, "url": f"/t/{row.id}"}


def _table_json(row: Any, user: UserRow | None, lang: str) -> dict[str, Any]:
    you = next((s.seat for s in row.seats if user is not None and s.user_id == user.id), None)
    names = seat_names(row.seats, lang)
    found = {
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
    }
    if you is not None:
        found["invite"] = row.invite
    return found


@router.get("/tables/{table_id}")
def table_info(table_id: str, store: StoreDep, user: MaybeUserDep, lang: LangDep) -> dict[str, Any]:
    row = store.load_table(table_id)
    if row is None:
        raise ApiError(404, "unknown-table", f"no table {table_id!r}")
    return _table_json(row, user, lang)


class JoinIn(BaseModel):
    invite: str = Field(max_length=64)


@router.post("/tables/{table_id}/join")
async def join_table(
    table_id: str, body: JoinIn, user: UserDep, store: StoreDep, hub: HubDep, _: post
) -> dict[str, Any]:
    row = store.load_table(table_id)
    if row is None:
        raise ApiError(404, "unknown-table", f"no table {table_id!r}")
    if not secrets.compare_digest(body.invite, row.invite):
        raise ApiError(403, "wrong-invite", "this invite link is not valid for the table")
    if row.rated and user.guest:  # ratings are for accounts, as at create_table
        raise ApiError(403, "sign-up", "sign up to play rated games")
    taken = await hub.db(store.take_seat, table_id, user.id)
    if taken is None:
        raise ApiError(409, "table-full", "every seat at this table is taken")
    await hub.get(table_id)  # loaded, so its bots and clock start when the game does
    await hub.reload_seats(table_id)
    return {"seat": taken[0]}


@router.get("/tables/{table_id}/replay")
def table_replay(
    table_id: str, store: StoreDep, user: MaybeUserDep, lang: LangDep, seat: int | None = None
) -> dict[str, Any]:
    row = store.load_table(table_id, actions=True)
    if row is None:
        raise ApiError(404, "unknown-table", f"no table {table_id!r}")
    you = next((s.seat for s in row.seats if user is not None and s.user_id == user.id), None)
    over = row.status == "over"
    if seat is None:
        seat = you
    elif not over and seat != you:
        raise ApiError(403, "hidden", "until the game is over a replay shows only your own seat")
    if seat is not None and not 0 <= seat < row.players:
        raise ApiError(400, "invalid", f"no seat {seat}")
    return replay_frames(row, seat, lang, reveal=over)


@router.get("/my/games")
def my_games(user: UserDep, store: StoreDep, lang: LangDep) -> list[dict[str, Any]]:
    return [_table_json(row, user, lang) for row in store.user_games(user.id)]


@router.get("/leaderboard/{game_id}")
def leaderboard(game_id: str, store: StoreDep) -> list[dict[str, Any]]:
    _known_game(game_id)
    return store.leaderboard(game_id)
