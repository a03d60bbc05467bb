"""E-mail: the owner's address and opt-ins (``/api/me/email``), the verification link
(``/verify-email/{token}``) and the one-click unsubscribe (``/unsubscribe/{token}``).

The address is in one answer only, the owner's own ``GET /api/me/email``; the two links
work without signing in (the token is the authority) and answer a small page in the
owner's language. The work is in :mod:`rumizi.server.mail`.
"""

from __future__ import annotations

import asyncio
import html

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, Field

from rumizi.server import mail
from rumizi.server.deps import BODY, POSTED, SIGNED_IN, CsrfDep, LangDep, StoreDep, UserDep
from rumizi.server.errors import ApiError, ErrorCode, refusals
from rumizi.server.store import Store, UserRow

router = APIRouter(tags=["email"])
# The links' pages: HTML for people following a link, not part of the JSON API's schema.
links = APIRouter(include_in_schema=False)


class EmailAccount(BaseModel):
    """The caller's e-mail settings; ``enabled``: whether this server sends e-mail at all."""

    enabled: bool
    address: str | None = Field(description="the owner's address in full (only ever to them)")
    masked: str | None = Field(description="the address with most of its name hidden")
    verified: bool
    turn: bool = Field(description="your turn in a day-a-move game, after being away a while")
    challenge: bool = Field(description="a challenge arrives")
    tournament: bool = Field(description="a tournament you joined starts")
    away_minutes: int = Field(description="minutes away before a your-turn e-mail")
    day_clock_hours: float = Field(description="the least time a move that counts as day-a-move")


class EmailAddressIn(BaseModel):
    """A new address (``null`` or empty: none); it gets a verification link."""

    address: str | None = Field(default=None, max_length=mail.MAX_ADDRESS + 20)


class EmailOptionsIn(BaseModel):
    """Which kinds of e-mail to get (each separately)."""

    turn: bool = False
    challenge: bool = False
    tournament: bool = False


def _mailer(request: Request) -> mail.Mailer | None:
    found: mail.Mailer | None = getattr(request.app.state, "mailer", None)
    return found


def _policy(request: Request) -> mail.MailPolicy:
    policy: mail.MailPolicy = request.app.state.settings.mail_policy
    return policy


def _answer(request: Request, store: Store, user: UserRow) -> EmailAccount:
    found = mail.account(store, user.id)
    policy = _policy(request)
    return EmailAccount(
        enabled=_mailer(request) is not None,
        address=found.address,
        masked=None if found.address is None else mail.masked(found.address),
        verified=found.verified,
        turn=found.on_turn,
        challenge=found.on_challenge,
        tournament=found.on_tournament,
        away_minutes=round(policy.away / 60),
        day_clock_hours=round(policy.day_clock / 3600, 2),
    )


def _may_write(request: Request, user: UserRow) -> None:
    if _mailer(request) is None:
        raise ApiError(ErrorCode.EMAIL_OFF, "this server sends no e-mail (no --smtp)")
    if user.guest:
        raise ApiError(ErrorCode.EMAIL_GUEST, "sign up to get e-mail")


WRITE_REFUSALS = refusals(*POSTED, *BODY, *SIGNED_IN, ErrorCode.EMAIL_OFF, ErrorCode.EMAIL_GUEST)


@router.get("/api/me/email", responses=refusals(*SIGNED_IN))
def my_email(request: Request, user: UserDep, store: StoreDep) -> EmailAccount:
    """The caller's address in full (it is theirs), whether it is verified, what it asked for.

    No other answer carries an address, masked or not."""
    return _answer(request, store, user)


@router.post(
    "/api/me/email",
    responses=refusals(
        *POSTED,
        *BODY,
        *SIGNED_IN,
        ErrorCode.EMAIL_OFF,
        ErrorCode.EMAIL_GUEST,
        ErrorCode.INVALID_EMAIL,
    ),
)
async def set_email(
    body: EmailAddressIn,
    request: Request,
    user: UserDep,
    store: StoreDep,
    lang: LangDep,
    _: CsrfDep,
) -> EmailAccount:
    """Give an address (or none): it gets a verification link, and nothing else until then.

    A changed address is verified again; the same one already verified stays so."""
    _may_write(request, user)
    address = None
    if body.address and body.address.strip():
        address = mail.clean_address(body.address)
        if address is None:
            raise ApiError(ErrorCode.INVALID_EMAIL, "not an e-mail address")
    base = str(request.base_url).rstrip("/")
    policy = _policy(request)
    await asyncio.to_thread(mail.set_address, store, user.id, address, lang, base, policy)
    return _answer(request, store, user)


@router.post("/api/me/email/options", responses=WRITE_REFUSALS)
async def set_email_options(
    body: EmailOptionsIn,
    request: Request,
    user: UserDep,
    store: StoreDep,
    lang: LangDep,
    _: CsrfDep,
) -> EmailAccount:
    """Which kinds of e-mail to get; the e-mails are in the language of this request."""
    _may_write(request, user)
    wanted = {"turn": body.turn, "challenge": body.challenge, "tournament": body.tournament}
    await asyncio.to_thread(mail.set_options, store, user.id, wanted, lang)
    return _answer(request, store, user)


# ---------------------------------------------------------------------- the links' pages

PAGES = {
    "fa": {
        "title": "رومیزی",
        "verified": "نشانی ایمیل شما تأیید شد.",
        "not-verified": "این پیوند تأیید درست نیست، منقضی شده یا پیش\u200cتر به کار رفته است. "
        "از صفحهٔ حسابتان پیوند تازه بخواهید.",
        "ask": "دیگر این نوع ایمیل را نمی\u200cخواهید؟",
        "button": "لغو این ایمیل\u200cها",
        "done": "دیگر این نوع ایمیل برایتان فرستاده نمی\u200cشود.",
        "bad": "این پیوند لغو اشتراک درست نیست.",
        "turn": "ایمیل «نوبت شماست» در بازی\u200cهای روزی\u200cیک\u200cحرکت",
        "challenge": "ایمیل دعوت به بازی",
        "tournament": "ایمیل شروع تورنمنت",
        "home": "رفتن به رومیزی",
    },
    "en": {
        "title": "Rumizi",
        "verified": "Your e-mail address is confirmed.",
        "not-verified": "This confirmation link is wrong, has expired or was used already. "
        "Ask for a new one on your account page.",
        "ask": "Don't want this kind of e-mail any more?",
        "button": "Turn these e-mails off",
        "done": "You will get no more e-mail of this kind.",
        "bad": "This unsubscribe link is not valid.",
        "turn": "“Your turn” e-mail in day-a-move games",
        "challenge": "Challenge e-mail",
        "tournament": "Tournament start e-mail",
        "home": "Go to Rumizi",
    },
}


def _page(lang: str, lines: list[str], status: int = 200, form: str = "") -> HTMLResponse:
    words = PAGES["en" if lang == "en" else "fa"]
    direction = "ltr" if lang == "en" else "rtl"
    body = "".join(f"<p>{html.escape(line)}</p>" for line in lines)
    page = (
        f'<!doctype html><html lang="{lang}" dir="{direction}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{words['title']}</title>"
        '<link rel="stylesheet" href="/static/app.css"></head>'
        '<body><main class="panel" style="max-width:36rem;margin:3rem auto;padding:1rem">'
        f"<h1>{words['title']}</h1>{body}{form}"
        f'<p><a href="/">{html.escape(words["home"])}</a></p></main></body></html>'
    )
    return HTMLResponse(page, status_code=status, headers={"Cache-Control": "no-store"})


@links.get("/verify-email/{token}")
async def verify_email(token: str, store: StoreDep, lang: LangDep) -> HTMLResponse:
    """Follow the verification link: the address is verified (once; not after it expired)."""
    done, owner_lang = await asyncio.to_thread(mail.verify, store, token[:200])
    shown = owner_lang or lang
    if not done:
        return _page(shown, [PAGES[shown]["not-verified"]], status=400)
    return _page(shown, [PAGES[shown]["verified"]])


@links.get("/unsubscribe/{token}")
async def unsubscribe_page(token: str, store: StoreDep, lang: LangDep) -> HTMLResponse:
    """The unsubscribe link opened in a browser: one button turns that kind off (a link
    checker that opens every link turns nothing off)."""
    found = await asyncio.to_thread(mail.unsubscribe, store, token[:200], False)
    if found is None:
        return _page(lang, [PAGES[lang]["bad"]], status=404)
    kind, shown = found
    words = PAGES[shown]
    form = (
        f'<form method="post" action="/unsubscribe/{html.escape(token)}">'
        '<input type="hidden" name="List-Unsubscribe" value="One-Click">'
        f'<button type="submit">{html.escape(words["button"])}</button></form>'
    )
    return _page(shown, [words[kind], words["ask"]], form=form)


@links.post("/unsubscribe/{token}")
async def unsubscribe(token: str, store: StoreDep, lang: LangDep) -> HTMLResponse:
    """One-click unsubscribe (RFC 8058: a mail program posts here; so does the page's
    button): that kind of e-mail is off, without signing in."""
    found = await asyncio.to_thread(mail.unsubscribe, store, token[:200], True)
    if found is None:
        return _page(lang, [PAGES[lang]["bad"]], status=404)
    kind, shown = found
    return _page(shown, [PAGES[shown][kind], PAGES[shown]["done"]])
