"""E-mail for turn-based play: addresses, opt-ins, the outbox and the worker that sends it.

An operator turns e-mail on with ``rumizi serve --smtp URL`` (:func:`parse_smtp`). A
signed-up account may then give an address (:func:`set_address`); it gets nothing but its
verification link (a random token, kept as its SHA-256, used once, valid for
:attr:`MailPolicy.verify_for`) until that link is followed (:func:`verify`). Each kind of
e-mail is asked for separately (:data:`KINDS`):

* ``turn``: it is your turn in a day-a-move game (a ``turn`` clock of at least
  :attr:`MailPolicy.day_clock` seconds a move) and you have not been seen on the site for
  :attr:`MailPolicy.away` seconds (an hour by default; ``--mail-away``);
* ``challenge``: someone challenged you;
* ``tournament``: a tournament you joined has started.

The hooks (:func:`turn_passed`, :func:`challenge_made`, :func:`tournament_started`) only add
a row to the ``email_jobs`` outbox, and only for an account whose verified address asked for
that kind; the row is unique per (account, event), so an event told twice (by two instances,
or again after a restart) is one row. The :class:`Mailer` of each instance claims due rows
(``waiting`` to ``sending`` in one conditional update: one instance wins each), decides
whether the e-mail is still wanted, and sends it with the standard library's ``smtplib`` in
a worker thread; a failed send is tried again :attr:`MailPolicy.tries` times in all, then
logged and given up. A claimed row is never claimed again: an instance that dies while
sending loses that e-mail rather than sending it twice.

Every e-mail is in its reader's language (the display language they last saved their
settings in): plain text and simple HTML, Persian right to left with Persian digits. Each
carries a one-click unsubscribe link (RFC 8058: ``List-Unsubscribe`` and
``List-Unsubscribe-Post``) signed with the account's own key (:func:`unsubscribe_token`),
which turns that kind off without signing in.

An address is shown only to its owner (``GET /api/me/email``); no other answer carries it.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import html
import logging
import re
import secrets
import smtplib
import ssl
import time
from dataclasses import dataclass
from datetime import timedelta
from email.message import EmailMessage
from email.utils import formataddr, make_msgid
from typing import Any
from urllib.parse import unquote, urlsplit

from sqlalchemy import delete, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from rumizi.core.i18n import number
from rumizi.core.registry import game_ids
from rumizi.server.db import (
    EmailJob,
    EmailSettings,
    GameTable,
    Tournament,
    TournamentEntrant,
    User,
    now,
)
from rumizi.server.store import Store

log = logging.getLogger("rumizi.server.mail")

#: The kinds of e-mail one may ask for, and the settings' column of each.
KINDS: dict[str, str] = {
    "turn": "on_turn",
    "challenge": "on_challenge",
    "tournament": "on_tournament",
}
VERIFY = "verify"

AWAY = 3600.0  # seconds not seen before a your-turn e-mail goes out (--mail-away)
DAY_CLOCK = 3600  # a turn clock of at least this many seconds a move is a day-a-move game
MAX_ADDRESS = 254
KEPT = timedelta(days=30)  # a sent (or dropped) e-mail's row guards its event this long
TIDY_EVERY = 3600.0  # seconds between an instance's clearing of rows older than KEPT
RESEND_AFTER = 60.0  # seconds before the same unverified address may be sent a new link
ADDRESS = re.compile(
    r"^[^@\s<>\"(),;:\[\]\\]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?\.[A-Za-z]{2,}$"
)


@dataclass(frozen=True)
class SmtpConfig:
    """Where e-mail goes: an SMTP server, how to talk to it, and the sender's address.

    ``security``: ``plain`` (``smtp://``), ``starttls`` (``smtp+starttls://``) or ``ssl``
    (``smtps://``)."""

    host: str
    port: int
    security: str = "plain"
    user: str | None = None
    password: str | None = None
    sender: str = "rumizi@localhost"


def parse_smtp(url: str, sender: str | None = None) -> SmtpConfig:
    """The SMTP server a ``--smtp`` URL names.

    >>> found = parse_smtp("smtp+starttls://me:s%40cret@mail.example:587", "games@example.org")
    >>> found.host, found.port, found.security, found.user, found.password, found.sender
    ('mail.example', 587, 'starttls', 'me', 's@cret', 'games@example.org')
    >>> parse_smtp("smtps://mail.example").port, parse_smtp("smtp://127.0.0.1").sender
    (465, 'rumizi@127.0.0.1')
    """
    parts = urlsplit(url)
    schemes = {"smtp": ("plain", 25), "smtp+starttls": ("starttls", 587), "smtps": ("ssl", 465)}
    if parts.scheme not in schemes or not parts.hostname:
        raise ValueError(f"not an SMTP URL (smtp://, smtp+starttls://, smtps://): {url!r}")
    security, port = schemes[parts.scheme]
    return SmtpConfig(
        host=parts.hostname,
        port=parts.port or port,
        security=security,
        user=unquote(parts.username) if parts.username else None,
        password=unquote(parts.password) if parts.password else None,
        sender=sender or f"rumizi@{parts.hostname}",
    )


@dataclass(frozen=True)
class MailPolicy:
    """How the mailer behaves: waits, retries and thresholds (seconds).

    ``away``: not seen this long before a your-turn e-mail; ``day_clock``: the least time a
    move of a ``turn`` clock that counts as day-a-move; ``poll``: how often the outbox is
    read; ``retry``: the wait after a failed send (times the tries so far); ``tries``: sends
    tried in all; ``verify_for``: a verification link's life; ``stale``: an e-mail not sent
    this long after its event is dropped (a server that ran without ``--smtp`` a while).
    When a player was last on the site is the account's ``seen`` (written by
    :meth:`rumizi.server.store.Store.user_for_token`, the same note that shows friends who is
    online).
    """

    away: float = AWAY
    day_clock: float = DAY_CLOCK
    poll: float = 5.0
    retry: float = 60.0
    tries: int = 3
    verify_for: float = 86400.0
    stale: float = 3 * 86400.0


def clean_address(address: str) -> str | None:
    """The address as stored (trimmed), or ``None`` if it is not one.

    >>> clean_address(" Ali@Example.ORG "), clean_address("no-at-sign"), clean_address("a@b")
    ('Ali@Example.ORG', None, None)
    """
    address = address.strip()
    if len(address) > MAX_ADDRESS or not ADDRESS.match(address):
        return None
    return address


def masked(address: str) -> str:
    """An address with most of its name hidden, for the owner's page.

    >>> masked("ali.rezaei@example.org"), masked("a@b.io")
    ('a•••i@example.org', 'a•••@b.io')
    """
    name, _, domain = address.partition("@")
    tail = name[-1] if len(name) > 2 else ""
    return f"{name[0]}•••{tail}@{domain}"


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def unsubscribe_token(key: str, user_id: int, kind: str) -> str:
    """The token of the link that turns ``kind`` off for ``user_id``, signed with its ``key``.

    >>> token = unsubscribe_token("k", 7, "turn")
    >>> token.startswith("7.turn."), read_unsubscribe(token)[:2]
    (True, (7, 'turn'))
    """
    mac = hmac.new(key.encode(), f"{user_id}.{kind}".encode(), hashlib.sha256).hexdigest()[:32]
    return f"{user_id}.{kind}.{mac}"


def read_unsubscribe(token: str) -> tuple[int, str, str] | None:
    """``(user_id, kind, signature)`` of an unsubscribe token, or ``None`` if malformed."""
    parts = token.split(".")
    if len(parts) != 3 or not parts[0].isdigit() or parts[1] not in KINDS or len(parts[0]) > 12:
        return None
    return int(parts[0]), parts[1], parts[2]


# ---------------------------------------------------------------------- the owner's settings


@dataclass(frozen=True)
class Account:
    """An account's e-mail settings as its owner reads them."""

    address: str | None
    verified: bool
    on_turn: bool
    on_challenge: bool
    on_tournament: bool
    lang: str


def account(store: Store, user_id: int) -> Account:
    """The owner's settings (no address, nothing asked for, when none were saved)."""
    with store.sessions() as s:
        row = s.get(EmailSettings, user_id)
        if row is None:
            return Account(None, False, False, False, False, "fa")
        return Account(
            row.address, row.verified, row.on_turn, row.on_challenge, row.on_tournament, row.lang
        )


def _row(s: Session, user_id: int) -> EmailSettings:
    row = s.get(EmailSettings, user_id)
    if row is None:
        row = EmailSettings(
            user_id=user_id,
            key=secrets.token_hex(32),
            verified=False,
            on_turn=False,
            on_challenge=False,
            on_tournament=False,
            lang="fa",
            base_url="",
        )
        s.add(row)
    return row


def set_address(
    store: Store, user_id: int, address: str | None, lang: str, base_url: str, policy: MailPolicy
) -> None:
    """Give the account ``address`` (``None``: none): unverified, with a verification e-mail
    queued; the same address already verified stays as it is."""
    with store.sessions.begin() as s:
        row = _row(s, user_id)
        row.lang, row.base_url = lang, base_url
        if address == row.address and (row.verified or address is None):
            return
        if address == row.address and row.verify_expires is not None:
            made = row.verify_expires - timedelta(seconds=policy.verify_for)
            if now() - made < timedelta(seconds=RESEND_AFTER):
                return  # a link went a moment ago: asking again does not flood the address
        row.address, row.verified = address, False
        row.verify_hash = row.verify_expires = None
        if address is None:
            return
        token = secrets.token_urlsafe(24)
        row.verify_hash = _digest(token)
        row.verify_expires = now() + timedelta(seconds=policy.verify_for)
        _insert(s, user_id, VERIFY, f"verify:{row.verify_hash}", {"token": token, "to": address})


def set_options(store: Store, user_id: int, wanted: dict[str, bool], lang: str) -> None:
    """Which kinds of e-mail the account asks for (``KINDS``' names), in which language."""
    with store.sessions.begin() as s:
        row = _row(s, user_id)
        row.lang = lang
        for kind, on in wanted.items():
            setattr(row, KINDS[kind], on)


def set_lang(store: Store, user_id: int, lang: str) -> None:
    """The owner chose another display language: their e-mails follow it."""
    with store.sessions.begin() as s:
        s.execute(update(EmailSettings).where(EmailSettings.user_id == user_id).values(lang=lang))


def verify(store: Store, token: str) -> tuple[bool, str | None]:
    """Follow a verification link: whether it verified an address (a wrong, expired or used
    token does not), and the owner's language when the token was theirs."""
    with store.sessions.begin() as s:
        row = s.scalars(
            select(EmailSettings).where(EmailSettings.verify_hash == _digest(token))
        ).first()
        if row is None:
            return False, None
        if row.verify_expires is None or row.verify_expires < now():
            return False, row.lang
        row.verified, row.verify_hash, row.verify_expires = True, None, None
        return True, row.lang


def unsubscribe(store: Store, token: str, apply: bool) -> tuple[str, str] | None:
    """The (kind, language) an unsubscribe token turns off (off now when ``apply``), or
    ``None`` when the token is not a valid one."""
    read = read_unsubscribe(token)
    if read is None:
        return None
    user_id, kind, _ = read
    with store.sessions.begin() as s:
        row = s.get(EmailSettings, user_id)
        if row is None or not hmac.compare_digest(unsubscribe_token(row.key, user_id, kind), token):
            return None
        if apply:
            setattr(row, KINDS[kind], False)
        return kind, row.lang


# ---------------------------------------------------------------------- the hooks


def _insert(s: Session, user_id: int, kind: str, event: str, data: dict[str, Any]) -> None:
    dialect = s.get_bind().dialect.name
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    row = {
        "user_id": user_id,
        "event": event,
        "kind": kind,
        "data": data,
        "created": now(),
        "due": time.time(),
        "status": "waiting",
        "tries": 0,
    }
    s.execute(
        insert(EmailJob).values(row).on_conflict_do_nothing(index_elements=["user_id", "event"])
    )


def _wanting(s: Session, kind: str, user_ids: list[int]) -> list[int]:
    """Those of ``user_ids`` with a verified address that asked for ``kind``."""
    if not user_ids:
        return []
    column = getattr(EmailSettings, KINDS[kind])
    return list(
        s.scalars(
            select(EmailSettings.user_id).where(
                EmailSettings.user_id.in_(user_ids),
                EmailSettings.verified.is_(True),
                column.is_(True),
            )
        )
    )


def challenge_made(
    s: Session, challenged: int, challenge_id: str, challenger: str, game: str
) -> None:
    """A challenge for ``challenged`` (in the transaction that stores it)."""
    for user_id in _wanting(s, "challenge", [challenged]):
        data = {"challenge": challenge_id, "from": challenger, "game": game}
        _insert(s, user_id, "challenge", f"challenge:{challenge_id}", data)


def tournament_started(s: Session, tournament_id: str) -> None:
    """The tournament has started (in the transaction that moves it to ``running``)."""
    entrants = list(
        s.scalars(
            select(TournamentEntrant.user_id).where(
                TournamentEntrant.tournament_id == tournament_id,
                TournamentEntrant.withdrawn.is_(False),
            )
        )
    )
    for user_id in _wanting(s, "tournament", entrants):
        _insert(
            s, user_id, "tournament", f"tournament:{tournament_id}", {"tournament": tournament_id}
        )


def turn_passed(store: Store, table_id: str, version: int, user_id: int) -> None:
    """At ``version`` the turn of a table with a ``turn`` clock passed to ``user_id`` (the
    mailer decides later whether the game is day-a-move and the player away)."""
    with store.sessions.begin() as s:
        for wanting in _wanting(s, "turn", [user_id]):
            data = {"table": table_id, "version": version}
            _insert(s, wanting, "turn", f"turn:{table_id}:{version}", data)


# ---------------------------------------------------------------------- the words


def _game_name(game: str, lang: str) -> str:
    if game not in game_ids():
        return game
    from rumizi.server.plugins import plugin  # the games' names live in their web add-ons

    return str(plugin(game).catalog(lang).get("name", game))


def _hours(seconds: float, lang: str) -> str:
    hours = max(1, round(seconds / 3600))
    if lang == "fa":
        return f"{number(hours, lang)} ساعت"
    return f"{hours} hour" + ("" if hours == 1 else "s")


@dataclass(frozen=True)
class Letter:
    """An e-mail's words: subject, lines of text, the link and its label."""

    subject: str
    lines: tuple[str, ...]
    link: str
    label: str


def letter(kind: str, data: dict[str, Any], lang: str, base: str, policy: MailPolicy) -> Letter:
    """The words of an e-mail of ``kind`` in ``lang`` (``fa`` or ``en``)."""
    fa = lang == "fa"
    if kind == VERIFY:
        link = f"{base}/verify-email/{data['token']}"
        life = _hours(policy.verify_for, lang)
        if fa:
            return Letter(
                "نشانی ایمیلتان را در رومیزی تأیید کنید",
                (
                    "کسی (امیدواریم خودتان) این نشانی را برای حسابش در رومیزی داده است.",
                    "برای تأیید، پیوند زیر را باز کنید؛ "
                    f"این پیوند تا {life} و فقط یک\u200cبار کار می\u200cکند.",
                    "اگر شما نبودید، این ایمیل را نادیده بگیرید.",
                ),
                link,
                "تأیید نشانی",
            )
        return Letter(
            "Confirm your e-mail address for Rumizi",
            (
                "Someone (we hope you) gave this address for their Rumizi account.",
                f"Open the link below to confirm it; it works once, for {life}.",
                "If it was not you, ignore this e-mail.",
            ),
            link,
            "Confirm the address",
        )
    if kind == "turn":
        link = f"{base}/t/{data['table']}"
        game = _game_name(str(data.get("game", "")), lang)
        if fa:
            return Letter(
                f"نوبت شماست: {game}",
                (f"در بازی {game} نوبت شماست و ساعت شما می\u200cگذرد.",),
                link,
                "رفتن به میز",
            )
        return Letter(
            f"Your turn: {game}",
            (f"It is your turn in {game}, and your clock is running.",),
            link,
            "Go to the table",
        )
    if kind == "challenge":
        game = _game_name(str(data["game"]), lang)
        who = str(data["from"])
        link = f"{base}/"
        if fa:
            return Letter(
                f"{who} شما را به {game} دعوت کرده است",
                (
                    f"{who} شما را به یک بازی {game} دعوت کرده است.",
                    f"دعوت تا {number(10, lang)} دقیقه باز است؛ "
                    "در صفحهٔ اصلی می\u200cتوانید بپذیرید یا رد کنید.",
                ),
                link,
                "دیدن دعوت",
            )
        return Letter(
            f"{who} challenges you to {game}",
            (
                f"{who} challenges you to a game of {game}.",
                "The challenge is open for 10 minutes: accept or decline it on the home page.",
            ),
            link,
            "See the challenge",
        )
    # tournament
    link = f"{base}/tournaments/{data['tournament']}"
    name = str(data.get("name", ""))
    if fa:
        return Letter(
            f"تورنمنت «{name}» شروع شد",
            (f"تورنمنت «{name}» که در آن نام نوشته\u200cاید شروع شده است.",),
            link,
            "رفتن به تورنمنت",
        )
    return Letter(
        f"The tournament “{name}” has started",
        (f"The tournament “{name}” you joined has started.",),
        link,
        "Go to the tournament",
    )


UNSUBSCRIBE_WORDS = {
    "fa": "دیگر این نوع ایمیل را نمی\u200cخواهید؟ با یک کلیک لغو کنید:",
    "en": "Don't want this kind of e-mail any more? Turn it off in one click:",
}


def message(
    letter_: Letter, to: str, sender: str, lang: str, unsubscribe_url: str | None
) -> EmailMessage:
    """The e-mail itself: plain text and simple HTML, right to left in Persian, with the
    one-click unsubscribe headers (RFC 8058) when there is a link."""
    mail = EmailMessage()
    mail["Subject"] = letter_.subject
    mail["From"] = formataddr(("رومیزی" if lang == "fa" else "Rumizi", sender))
    mail["To"] = to
    mail["Message-ID"] = make_msgid(domain=sender.rpartition("@")[2] or None)
    text = [*letter_.lines, "", f"{letter_.label}: {letter_.link}"]
    if unsubscribe_url is not None:
        mail["List-Unsubscribe"] = f"<{unsubscribe_url}>"
        mail["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
        text += ["", "--", UNSUBSCRIBE_WORDS[lang], unsubscribe_url]
    mail.set_content("\n".join(text))
    direction = "rtl" if lang == "fa" else "ltr"
    paragraphs = "".join(f"<p>{html.escape(line)}</p>" for line in letter_.lines)
    footer = ""
    if unsubscribe_url is not None:
        footer = (
            f'<hr><p style="font-size:small">{html.escape(UNSUBSCRIBE_WORDS[lang])} '
            f'<a href="{html.escape(unsubscribe_url)}">{html.escape(unsubscribe_url)}</a></p>'
        )
    body = (
        f'<!doctype html><html lang="{lang}" dir="{direction}"><body '
        f'style="font-family:Vazirmatn,Tahoma,Arial,sans-serif;direction:{direction}">'
        f"{paragraphs}"
        f'<p><a href="{html.escape(letter_.link)}">{html.escape(letter_.label)}</a></p>'
        f"{footer}</body></html>"
    )
    mail.add_alternative(body, subtype="html")
    mail["Content-Language"] = lang  # after the content: setting content drops Content-*
    return mail


# ---------------------------------------------------------------------- the worker


@dataclass(frozen=True)
class Outgoing:
    """A claimed e-mail, ready to send."""

    job_id: int
    to: str
    mail: EmailMessage


def claim(s: Session, owner: str, moment: float) -> int | None:
    """The most overdue waiting e-mail, now ``owner``'s (``sending``): its id, or ``None``."""
    free = (
        select(EmailJob.id)
        .where(EmailJob.status == "waiting", EmailJob.due <= moment)
        .order_by(EmailJob.due)
        .limit(1)
        .with_for_update(skip_locked=True)
        .scalar_subquery()
    )
    row = s.execute(
        update(EmailJob)
        .where(EmailJob.id == free, EmailJob.status == "waiting")
        .values(status="sending", owner=owner, tries=EmailJob.tries + 1)
        .returning(EmailJob.id)
        .execution_options(synchronize_session=False)
    ).first()
    return None if row is None else int(row[0])


class Mailer:
    """Sends the outbox's e-mails: one per instance, several may share the database."""

    def __init__(
        self,
        store: Store,
        smtp: SmtpConfig,
        policy: MailPolicy,
        owner: str,
        site_url: str | None = None,
    ) -> None:
        self.store = store
        self.smtp = smtp
        self.policy = policy
        self.owner = owner
        self.site_url = site_url.rstrip("/") if site_url else None
        self._task: asyncio.Task[None] | None = None
        self._stopping = False
        self._wake = asyncio.Event()
        self._tidied = -TIDY_EVERY

    def start(self) -> None:
        """Read the outbox every :attr:`MailPolicy.poll` seconds from now on."""
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def close(self) -> None:
        """Stop reading the outbox; an e-mail already claimed is sent (or given back to the
        queue) first, so an orderly stop loses none."""
        self._stopping = True
        self._wake.set()
        if self._task is not None:
            await self._task

    async def _run(self) -> None:
        while not self._stopping:
            try:
                await asyncio.to_thread(self.run_once)
            except Exception:
                log.exception("the mailer failed to read its outbox")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.policy.poll)

    def run_once(self, most: int = 50) -> int:
        """Send what is due (at most ``most`` e-mails); how many were sent."""
        sent = 0
        if time.monotonic() - self._tidied >= TIDY_EVERY:
            self._tidied = time.monotonic()
            self.tidy()
        for _ in range(most):
            if self._stopping:
                break
            with self.store.sessions.begin() as s:
                job_id = claim(s, self.owner, time.time())
            if job_id is None:
                break
            outgoing = self._prepare(job_id)
            if outgoing is not None and self._send(outgoing):
                sent += 1
        return sent

    def tidy(self) -> int:
        """Forget the e-mails done (or lost) more than :data:`KEPT` ago: an event is told
        within moments of happening, so their rows no longer guard anything. How many."""
        with self.store.sessions.begin() as s:
            gone: Any = s.execute(
                delete(EmailJob).where(
                    EmailJob.status != "waiting", EmailJob.created < now() - KEPT
                )
            )
            return int(gone.rowcount or 0)

    def _finish(self, s: Session, job_id: int, **values: Any) -> None:
        s.execute(
            update(EmailJob)
            .where(EmailJob.id == job_id, EmailJob.owner == self.owner)
            .values(**values)
        )

    def _prepare(self, job_id: int) -> Outgoing | None:
        """The e-mail of a claimed job, or ``None`` when it is no longer wanted (skipped) or
        not yet (waiting again)."""
        with self.store.sessions.begin() as s:
            job = s.get(EmailJob, job_id)
            assert job is not None
            settings = s.get(EmailSettings, job.user_id)
            reason = self._unwanted(s, job, settings)
            if reason == "later":
                return None
            if reason is not None or settings is None or settings.address is None:
                log.info("e-mail %s skipped: %s", job.event, reason)
                self._finish(s, job_id, status="skipped", data={})
                return None
            data = dict(job.data)
            self._describe(s, job.kind, data)
            base = self.site_url or settings.base_url.rstrip("/")
            words = letter(job.kind, data, settings.lang, base, self.policy)
            unsubscribe_url = None
            if job.kind in KINDS:
                token = unsubscribe_token(settings.key, job.user_id, job.kind)
                unsubscribe_url = f"{base}/unsubscribe/{token}"
            mail = message(
                words, settings.address, self.smtp.sender, settings.lang, unsubscribe_url
            )
            return Outgoing(job_id, settings.address, mail)

    def _unwanted(self, s: Session, job: EmailJob, settings: EmailSettings | None) -> str | None:
        """Why the job's e-mail should not go (``"later"``: not yet, due again), or ``None``."""
        moment = time.time()
        if settings is None or settings.address is None:
            return "no address"
        if job.kind == VERIFY:
            return None if job.data.get("to") == settings.address else "the address changed"
        if not settings.verified:
            return "not verified"
        if not getattr(settings, KINDS[job.kind]):
            return "not asked for"
        if moment - job.created.timestamp() > self.policy.stale:
            return "too old"
        if job.kind != "turn":
            return None
        table = s.get(GameTable, job.data["table"])
        if table is None or table.status != "playing" or table.version != job.data["version"]:
            return "the turn has passed"
        clock = table.clock or {}
        if clock.get("kind") != "turn" or float(clock.get("per_move", 0)) < self.policy.day_clock:
            return "not a day-a-move game"
        owner = s.get(User, job.user_id)
        seen = owner.seen.timestamp() if owner is not None and owner.seen is not None else 0.0
        back = max(seen, job.created.timestamp()) + self.policy.away
        if back > moment:  # seen lately, or the turn is new: ask again once they are away
            self._finish(s, job.id, status="waiting", due=back, tries=job.tries - 1)
            return "later"
        return None

    def _describe(self, s: Session, kind: str, data: dict[str, Any]) -> None:
        """What the words need that the hook did not store (a game's, an event's name)."""
        if kind == "turn":
            table = s.get(GameTable, data["table"])
            data["game"] = table.game if table is not None else ""
        elif kind == "tournament":
            event = s.get(Tournament, data["tournament"])
            data["name"] = event.name if event is not None else ""

    def _send(self, outgoing: Outgoing) -> bool:
        try:
            self.deliver(outgoing.mail)
        except Exception as err:  # the server refused or could not be reached
            with self.store.sessions.begin() as s:
                job = s.get(EmailJob, outgoing.job_id)
                assert job is not None
                if job.tries >= self.policy.tries:
                    log.warning("e-mail %s not sent after %d tries: %s", job.event, job.tries, err)
                    self._finish(s, job.id, status="failed", data={})
                else:
                    log.info("e-mail %s not sent (%s); trying again", job.event, err)
                    due = time.time() + self.policy.retry * job.tries
                    self._finish(s, job.id, status="waiting", due=due)
            return False
        with self.store.sessions.begin() as s:  # a verification's token is not kept
            self._finish(s, outgoing.job_id, status="sent", sent=now(), data={})
        return True

    def deliver(self, mail: EmailMessage) -> None:
        """Hand ``mail`` to the SMTP server (blocking: called in a worker thread)."""
        smtp = self.smtp
        timeout = 30
        client: smtplib.SMTP
        if smtp.security == "ssl":
            client = smtplib.SMTP_SSL(
                smtp.host, smtp.port, timeout=timeout, context=ssl.create_default_context()
            )
        else:
            client = smtplib.SMTP(smtp.host, smtp.port, timeout=timeout)
        with client:
            if smtp.security == "starttls":
                client.starttls(context=ssl.create_default_context())
            if smtp.user is not None:
                client.login(smtp.user, smtp.password or "")
            client.send_message(mail)
