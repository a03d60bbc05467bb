"""FastAPI dependencies: the store, the hub, the current user, the language, CSRF.

They take an :class:`~starlette.requests.HTTPConnection`, so the JSON API's routes and the
table's WebSocket (:mod:`rumizi.server.ws`) read the session and the language the same way.
Each dependency that can refuse names its codes (:data:`SIGNED_IN`, :data:`POSTED`) for the
routes' ``responses=``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated

from fastapi import Depends
from starlette.requests import HTTPConnection

from rumizi.core.puzzles import Puzzle
from rumizi.core.registry import game_ids
from rumizi.server import moderation
from rumizi.server.auth import CSRF_COOKIE, CSRF_HEADER, LANG_COOKIE, SESSION_COOKIE, csrf_ok
from rumizi.server.errors import ApiError, ErrorCode
from rumizi.server.hub import Hub
from rumizi.server.lobby import Lobby
from rumizi.server.schemas import Lang
from rumizi.server.store import Store, TableRow, UserRow
from rumizi.server.tournaments import Tournaments

__all__ = [
    "ADMIN",
    "BODY",
    "PLAYING",
    "POSTED",
    "SIGNED_IN",
    "AdminDep",
    "ApiError",
    "CsrfDep",
    "GameDep",
    "HubDep",
    "Lang",
    "LangDep",
    "LobbyDep",
    "MaybeUserDep",
    "PlayerDep",
    "PuzzlesDep",
    "StoreDep",
    "TournamentsDep",
    "UserDep",
]


def get_store(connection: HTTPConnection) -> Store:
    store: Store = connection.app.state.store
    return store


def get_hub(connection: HTTPConnection) -> Hub:
    hub: Hub = connection.app.state.hub
    return hub


def get_lobby(connection: HTTPConnection) -> Lobby:
    """The instance's lobby, made on first use for the app's hub (a new hub: a new lobby)."""
    state = connection.app.state
    lobby: Lobby | None = getattr(state, "lobby", None)
    if lobby is None or lobby.hub is not state.hub:
        lobby = state.lobby = Lobby(state.hub, state.store)
    return lobby


def get_tournaments(connection: HTTPConnection) -> Tournaments:
    """The instance's tournaments (their ticker runs from the app's start)."""
    found: Tournaments = connection.app.state.tournaments
    return found


def get_puzzles(connection: HTTPConnection) -> Mapping[str, Puzzle]:
    """The puzzles this server serves, by id (rumizi.server.puzzle_mining.served)."""
    found: Mapping[str, Puzzle] = connection.app.state.puzzles
    return found


def get_lang(connection: HTTPConnection) -> Lang:
    """The ``rumizi_lang`` cookie's language, Persian when it is missing or unknown."""
    lang = connection.cookies.get(LANG_COOKIE, "fa")
    return "en" if lang == "en" else "fa"


def optional_user(
    connection: HTTPConnection, store: Annotated[Store, Depends(get_store)]
) -> UserRow | None:
    return store.user_for_token(connection.cookies.get(SESSION_COOKIE))


def current_user(user: Annotated[UserRow | None, Depends(optional_user)]) -> UserRow:
    if user is None:
        raise ApiError(ErrorCode.SIGNED_OUT, "sign in or play as a guest first")
    return user


def playing_user(user: Annotated[UserRow, Depends(current_user)]) -> UserRow:
    """The signed-in caller, if no ban holds on them (read with the session, so from the
    database on every request, whichever instance serves it); ``banned`` otherwise."""
    return moderation.check_can_play(user)


def admin_user(user: Annotated[UserRow, Depends(current_user)]) -> UserRow:
    """The signed-in caller, if an admin; ``not-admin`` otherwise."""
    return moderation.require_admin(user)


def check_csrf(connection: HTTPConnection) -> None:
    if not csrf_ok(connection.cookies.get(CSRF_COOKIE), connection.headers.get(CSRF_HEADER)):
        raise ApiError(ErrorCode.CSRF, "missing or wrong CSRF token: reload the page")


StoreDep = Annotated[Store, Depends(get_store)]
HubDep = Annotated[Hub, Depends(get_hub)]
LangDep = Annotated[Lang, Depends(get_lang)]
LobbyDep = Annotated[Lobby, Depends(get_lobby)]
UserDep = Annotated[UserRow, Depends(current_user)]
MaybeUserDep = Annotated[UserRow | None, Depends(optional_user)]
PlayerDep = Annotated[UserRow, Depends(playing_user)]  # may play: not banned
AdminDep = Annotated[UserRow, Depends(admin_user)]
CsrfDep = Annotated[None, Depends(check_csrf)]
PuzzlesDep = Annotated[Mapping[str, Puzzle], Depends(get_puzzles)]
TournamentsDep = Annotated[Tournaments, Depends(get_tournaments)]

# The refusals of the dependencies, for the routes' responses=.
SIGNED_IN = (ErrorCode.SIGNED_OUT,)
PLAYING = (ErrorCode.SIGNED_OUT, ErrorCode.BANNED)  # a PlayerDep's
ADMIN = (ErrorCode.SIGNED_OUT, ErrorCode.NOT_ADMIN)  # an AdminDep's
POSTED = (ErrorCode.CSRF,)  # every POST checks the token
# A body or query that does not fit its model; a body over the cap or too slow to arrive.
BODY = (ErrorCode.MALFORMED, ErrorCode.TOO_LARGE, ErrorCode.TOO_SLOW)


def known_game(game_id: str) -> str:
    """``game_id`` if the registry has it; ``unknown-game`` otherwise (also a path dependency)."""
    if game_id not in game_ids():
        raise ApiError(ErrorCode.UNKNOWN_GAME, f"no game {game_id!r}")
    return game_id


def stored_table(store: Store, table_id: str, actions: bool = False) -> TableRow:
    """The table ``table_id`` (with its moves when ``actions``); ``unknown-table`` otherwise."""
    row = store.load_table(table_id, actions=actions)
    if row is None:
        raise ApiError(ErrorCode.UNKNOWN_TABLE, f"no table {table_id!r}")
    return row


GameDep = Annotated[str, Depends(known_game)]
