"""Accounts: a guest for this browser, signing up (a guest keeps its games), in and out."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from rumizi.server import profiles
from rumizi.server.auth import (
    DEVICE_COOKIE,
    DEVICE_DAYS,
    DEVICE_TOKENS,
    SESSION_COOKIE,
    SESSION_DAYS,
    LoginLimiter,
    check_password,
    check_username,
    clean_username,
    device_tokens,
    verify_password,
)
from rumizi.server.deps import (
    BODY,
    POSTED,
    SIGNED_IN,
    CsrfDep,
    MaybeUserDep,
    StoreDep,
    UserDep,
)
from rumizi.server.errors import ApiError, ErrorCode, refusals
from rumizi.server.routes.session import secure, user_model
from rumizi.server.routes.users import set_lang_cookie
from rumizi.server.schemas import (
    AccountFailures,
    Credentials,
    NewAccount,
    Nothing,
    SignedIn,
    SignInFailures,
)
from rumizi.server.store import FailuresRow, Store

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


def _trust_this_browser(
    request: Request, response: Response, store: Store, user_id: int, tokens: list[str]
) -> None:
    """The device cookie: this browser is trusted by ``user_id`` (OWASP's "device cookies").

    A random token per (browser, account), kept as its SHA-256 like a session; the cookie
    holds the tokens of the last few accounts signed in here, newest first. It goes only to
    ``/api/auth`` and outlives sessions (signing out keeps it): a right password from this
    browser is never refused because of other people's failures on the account.
    """
    mine = store.trust_device(user_id, tokens)
    kept = [mine, *(token for token in tokens if token != mine)][:DEVICE_TOKENS]
    response.set_cookie(
        DEVICE_COOKIE,
        ".".join(kept),
        max_age=DEVICE_DAYS * 86400,
        httponly=True,
        samesite="strict",
        secure=secure(request),
        path="/api/auth",
    )


def _failures(found: FailuresRow | None) -> SignInFailures | None:
    if found is None:
        return None
    return SignInFailures(
        wrong=found.wrong, refused=found.refused, first=found.first, last=found.last
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
    # Signing up is a sign-in: this address and this browser are the account's from now on.
    _limiter(request).succeeded(request.client.host if request.client else "?", name)
    tokens = device_tokens(request.cookies.get(DEVICE_COOKIE))
    _trust_this_browser(request, response, store, created.id, tokens)
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
    after 30 in ten minutes or 100 a day (``Retry-After`` says how long).

    The account's own browsers are not paused by others' failures: one that signed in to it
    before (its device cookie) meets only its own failures (the same 5, 10 and 20), and an
    address it signed in from in the last 30 days only that address's pause. What failed from
    elsewhere is counted for the owner, who sees it after signing in (``failures``) and on
    ``GET /api/auth/failures``. The member's display language, if they chose one, becomes
    this browser's (its language cookie).
    """
    address = request.client.host if request.client else "?"
    limiter = _limiter(request)
    tokens = device_tokens(request.cookies.get(DEVICE_COOKIE))
    found = store.password_hash(body.username)
    device = None if found is None else store.trusted_device(tokens, found[0].id)
    wait = limiter.retry_after(address, body.username, device)
    if wait is not None:
        if found is not None and device is None:
            store.note_failure(found[0].id, refused=True)
        raise ApiError(
            ErrorCode.RATE_LIMITED,
            f"too many failed sign-ins to this account: try again in {wait} s",
            headers={"Retry-After": str(wait)},
        )
    if found is None or not verify_password(found[1], body.password):
        limiter.fail(address, body.username, device)
        if found is not None and device is None:
            store.note_failure(found[0].id, refused=False)
        raise ApiError(ErrorCode.WRONG_CREDENTIALS, "wrong username or password")
    user = found[0]
    limiter.succeeded(address, body.username, device)
    _set_session(request, response, store.login(user.id))
    with store.sessions() as s:
        chosen = profiles.settings(s, user.id).display_lang
    if chosen is not None:  # the member's display language follows them to this browser
        set_lang_cookie(response, chosen)
    _trust_this_browser(request, response, store, user.id, tokens)
    return SignedIn(user=user_model(user), failures=_failures(store.failures(user.id)))


@router.get("/failures", responses=refusals(*SIGNED_IN))
def failures(user: UserDep, store: StoreDep) -> AccountFailures:
    """What failed on the caller's account from elsewhere, until its owner has seen it.

    Wrong passwords and attempts refused while sign-ins were paused, from browsers the account
    does not trust, since the owner last said they had seen them.
    """
    return AccountFailures(failures=_failures(store.failures(user.id)))


@router.post("/failures/seen", responses=refusals(*POSTED, *SIGNED_IN))
def failures_seen(user: UserDep, store: StoreDep, _: CsrfDep) -> Nothing:
    """The owner has seen the failed sign-ins: they are forgotten."""
    store.failures_seen(user.id)
    return Nothing()


@router.post("/logout", responses=refusals(*POSTED))
def logout(request: Request, response: Response, store: StoreDep, _: CsrfDep) -> Nothing:
    """End this browser's session."""
    token = request.cookies.get(SESSION_COOKIE)
    if token:
        store.logout(token)
    response.delete_cookie(SESSION_COOKIE, path="/")
    return Nothing()
