"""Accounts: a guest for this browser, signing up (a guest keeps its games), in and out."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from rumizi.server.auth import (
    SESSION_COOKIE,
    SESSION_DAYS,
    RateLimiter,
    check_password,
    check_username,
    verify_password,
)
from rumizi.server.deps import BODY, POSTED, CsrfDep, MaybeUserDep, StoreDep
from rumizi.server.errors import ApiError, ErrorCode, refusals
from rumizi.server.routes.session import secure, user_model
from rumizi.server.schemas import Credentials, Nothing, SignedIn

router = APIRouter(prefix="/api/auth", tags=["accounts"])

# Failed sign-ins per address and per name; one per process (the tests put a fresh one in).
LOGIN_LIMITER = RateLimiter(limit=5, window=60.0)


def _set_session(request: Request, response: Response, token: str) -> None:
    response.set_cookie(
        SESSION_COOKIE,
        token,
        max_age=SESSION_DAYS * 86400,
        httponly=True,
        samesite="lax",
        secure=secure(request),
        path="/",
    )


@router.post("/guest", responses=refusals(*POSTED))
def guest(
    request: Request, response: Response, store: StoreDep, user: MaybeUserDep, _: CsrfDep
) -> SignedIn:
    """A guest account bound to this browser (the signed-in user, if there is one)."""
    if user is not None:
        return SignedIn(user=user_model(user))
    created, token = store.create_guest()
    _set_session(request, response, token)
    return SignedIn(user=user_model(created))


@router.post("/signup", responses=refusals(*POSTED, *BODY, ErrorCode.INVALID, ErrorCode.TAKEN))
def signup(
    body: Credentials,
    request: Request,
    response: Response,
    store: StoreDep,
    user: MaybeUserDep,
    _: CsrfDep,
) -> SignedIn:
    """A new account, signed in; a guest signing up keeps its games."""
    problem = check_username(body.username) or check_password(body.password)
    if problem:
        raise ApiError(ErrorCode.INVALID, problem)
    guest_id = user.id if user is not None and user.guest else None
    made = store.signup(body.username, body.password, guest_id)
    if made is None:
        raise ApiError(ErrorCode.TAKEN, f"the username {body.username!r} is taken")
    created, token = made
    _set_session(request, response, token)
    return SignedIn(user=user_model(created))


@router.post(
    "/login",
    responses=refusals(*POSTED, *BODY, ErrorCode.WRONG_CREDENTIALS, ErrorCode.RATE_LIMITED),
)
def login(
    body: Credentials, request: Request, response: Response, store: StoreDep, _: CsrfDep
) -> SignedIn:
    """Sign in; five failures a minute (per address or per name) pause sign-ins."""
    address = request.client.host if request.client else "?"
    keys = (f"ip:{address}", f"name:{body.username.lower()}")
    if any(LOGIN_LIMITER.blocked(key) for key in keys):
        raise ApiError(
            ErrorCode.RATE_LIMITED, "too many failed sign-ins: wait a minute and try again"
        )
    found = store.password_hash(body.username)
    if found is None or not verify_password(found[1], body.password):
        for key in keys:
            LOGIN_LIMITER.fail(key)
        raise ApiError(ErrorCode.WRONG_CREDENTIALS, "wrong username or password")
    for key in keys:
        LOGIN_LIMITER.clear(key)
    _set_session(request, response, store.login(found[0].id))
    return SignedIn(user=user_model(found[0]))


@router.post("/logout", responses=refusals(*POSTED))
def logout(request: Request, response: Response, store: StoreDep, _: CsrfDep) -> Nothing:
    """End this browser's session."""
    token = request.cookies.get(SESSION_COOKIE)
    if token:
        store.logout(token)
    response.delete_cookie(SESSION_COOKIE, path="/")
    return Nothing()
