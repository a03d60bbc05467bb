"""Accounts: a guest for this browser, signing up (a guest keeps its games), in and out."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from rumizi.server.auth import (
    SESSION_COOKIE,
    SESSION_DAYS,
    LoginLimiter,
    check_password,
    check_username,
    clean_username,
    verify_password,
)
from rumizi.server.deps import BODY, POSTED, CsrfDep, MaybeUserDep, StoreDep
from rumizi.server.errors import ApiError, ErrorCode, refusals
from rumizi.server.routes.session import secure, user_model
from rumizi.server.schemas import Credentials, NewAccount, Nothing, SignedIn

router = APIRouter(prefix="/api/auth", tags=["accounts"])


def _limiter(request: Request) -> LoginLimiter:
    limiter: LoginLimiter = request.app.state.login_limiter
    return limiter


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


@router.post(
    "/signup",
    responses=refusals(
        *POSTED, *BODY, ErrorCode.INVALID_USERNAME, ErrorCode.INVALID_PASSWORD, ErrorCode.TAKEN
    ),
)
def signup(
    body: NewAccount,
    request: Request,
    response: Response,
    store: StoreDep,
    user: MaybeUserDep,
    _: CsrfDep,
) -> SignedIn:
    """A new account, signed in; a guest signing up keeps its games.

    The name is stored in its clean form (NFKC, Persian yeh and kaf), and no two accounts have
    names that read the same (:func:`rumizi.server.auth.username_key`).
    """
    name = clean_username(body.username)
    problem = check_username(name)
    if problem:
        raise ApiError(ErrorCode.INVALID_USERNAME, problem)
    problem = check_password(body.password)
    if problem:
        raise ApiError(ErrorCode.INVALID_PASSWORD, problem)
    guest_id = user.id if user is not None and user.guest else None
    made = store.signup(name, body.password, guest_id)
    if made is None:
        raise ApiError(ErrorCode.TAKEN, f"the username {name!r} (or one like it) is taken")
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
    """Sign in. Failures pause sign-ins to that account, longer as they go on: from one
    address after 5 a minute, 10 in ten minutes or 20 an hour; from all addresses together
    after 30 in ten minutes or 100 a day (``Retry-After`` says how long)."""
    address = request.client.host if request.client else "?"
    limiter = _limiter(request)
    wait = limiter.retry_after(address, body.username)
    if wait is not None:
        raise ApiError(
            ErrorCode.RATE_LIMITED,
            f"too many failed sign-ins to this account: try again in {wait} s",
            headers={"Retry-After": str(wait)},
        )
    found = store.password_hash(body.username)
    if found is None or not verify_password(found[1], body.password):
        limiter.fail(address, body.username)
        raise ApiError(ErrorCode.WRONG_CREDENTIALS, "wrong username or password")
    limiter.succeeded(address, body.username)
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
