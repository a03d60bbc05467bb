"""FastAPI dependencies: the store, the hub, the current user, the language, CSRF."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request
from starlette.exceptions import HTTPException

from rumizi.server.auth import CSRF_COOKIE, CSRF_HEADER, LANG_COOKIE, SESSION_COOKIE, csrf_ok
from rumizi.server.hub import Hub
from rumizi.server.plugins import LANGS
from rumizi.server.store import Store, UserRow


class ApiError(HTTPException):
    """An error answered as ``{"error": {"code", "message"}}`` with an HTTP status."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(status_code=status, detail=code)
        self.message = message


def get_store(request: Request) -> Store:
    store: Store = request.app.state.store
    return store


def get_hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def get_lang(request: Request) -> str:
    lang = request.cookies.get(LANG_COOKIE, "fa")
    return lang if lang in LANGS else "fa"


def optional_user(request: Request, store: Annotated[Store, Depends(get_store)]) -> UserRow | None:
    return store.user_for_token(request.cookies.get(SESSION_COOKIE))


def current_user(user: Annotated[UserRow | None, Depends(optional_user)]) -> UserRow:
    if user is None:
        raise ApiError(401, "signed-out", "sign in or play as a guest first")
    return user


def check_csrf(request: Request) -> None:
    if not csrf_ok(request.cookies.get(CSRF_COOKIE), request.headers.get(CSRF_HEADER)):
        raise ApiError(403, "csrf", "missing or wrong CSRF token: reload the page")


StoreDep = Annotated[Store, Depends(get_store)]
HubDep = Annotated[Hub, Depends(get_hub)]
LangDep = Annotated[str, Depends(get_lang)]
UserDep = Annotated[UserRow, Depends(current_user)]
MaybeUserDep = Annotated[UserRow | None, Depends(optional_user)]
