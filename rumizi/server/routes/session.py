"""The session: who this browser is signed in as, its language and its CSRF token."""

from __future__ import annotations

import secrets

from fastapi import APIRouter, Request, Response

from rumizi.server import mail
from rumizi.server.auth import CSRF_COOKIE, LANG_COOKIE
from rumizi.server.deps import BODY, POSTED, CsrfDep, LangDep, MaybeUserDep, StoreDep
from rumizi.server.errors import refusals
from rumizi.server.schemas import LangIn, LangOut, Me, User
from rumizi.server.store import UserRow

router = APIRouter(prefix="/api", tags=["session"])


def user_model(user: UserRow) -> User:
    """The answer's form of a user row."""
    return User(id=user.id, name=user.name, guest=user.guest)


def secure(request: Request) -> bool:
    """Whether cookies get ``Secure``: the settings say so, or the request came over HTTPS."""
    return bool(request.app.state.settings.secure_cookies) or request.url.scheme == "https"


@router.get("/me")
def me(request: Request, response: Response, user: MaybeUserDep, lang: LangDep) -> Me:
    """Who is signed in, the language, and the CSRF token (set as a cookie when missing)."""
    csrf = request.cookies.get(CSRF_COOKIE)
    if not csrf:
        csrf = secrets.token_urlsafe(24)
        response.set_cookie(CSRF_COOKIE, csrf, samesite="lax", secure=secure(request), path="/")
    return Me(user=None if user is None else user_model(user), lang=lang, csrf=csrf)


@router.post("/lang", responses=refusals(*POSTED, *BODY))
def set_lang(
    body: LangIn, response: Response, user: MaybeUserDep, store: StoreDep, _: CsrfDep
) -> LangOut:
    """Set the language cookie: the server's texts (labels, logs, rules) follow it.

    A signed-up account's e-mails (rumizi.server.mail) follow it too."""
    response.set_cookie(LANG_COOKIE, body.lang, max_age=365 * 86400, samesite="lax", path="/")
    if user is not None and not user.guest:
        mail.set_lang(store, user.id, body.lang)
    return LangOut(lang=body.lang)
