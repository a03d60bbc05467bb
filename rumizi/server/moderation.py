"""Moderation: players report each other, admins act, and the account's marks hold everywhere.

Reports (``reports``). A signed-in player reports a player (by name), one chat line (its
table and its id, as the chat sent it: the line is quoted into the report, so a later
deletion loses nothing) or a name, with a reason from :data:`REASONS` and a few optional
words, cleaned as chat is (:func:`rumizi.server.chat.clean_text`). One reporter has one open
report per thing (``already-reported`` for a second) and at most :data:`MOST_OPEN` open
reports (``too-many-reports``); nobody reports themselves. Who reported
is read by admins alone, and never shown to the player reported.

Admins (``users.admin``) are granted and revoked from the command line
(``rumizi admin grant NAME``). Everything under ``/api/admin`` answers ``not-admin`` to
anyone else. An admin's actions (:func:`act`):

- ``warn``: the player is shown the reason on their next page (a *notice*, see :func:`standing`);
- ``mute`` for some minutes: their chat lines are refused (``muted``) until then;
- ``ban`` for some minutes or for good: they may still read (pages, replays, watching), but
  not make or join tables, move, chat, challenge, take a quick match or join a tournament
  (``banned``, whose answer says until when);
- ``lift``: ends a mute and a ban;
- ``rename``: a name that offends becomes a neutral one (``player`` and six digits), and the
  player is told (a notice);
- ``close``: a waiting or playing table ends with no result (``result.closed``; no profile
  counts it), its pages are told (``{"type": "gone", "reason": "closed"}``) on every instance;
  a tournament's game is shared by its seats instead, so the event goes on;
- ``dismiss``: a report is closed with nothing done.

Acting on a report closes it, and every other open report of the same thing. Every action is
one row of the audit log (``moderation_log``): who, whom, what, why, when.

The mute and the ban are columns of the account, read with the session on each request and
from the database on each chat line and move (:func:`check_may_act`): whichever instance
serves the player, the mark holds from the moment it is written, and ends by itself when its
time is past (nothing wakes up to lift it).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, get_args

from sqlalchemy import delete, func, or_, select, update
from sqlalchemy.orm import Session

from rumizi.server import db, schemas
from rumizi.server.auth import check_username, username_key
from rumizi.server.chat import clean_text
from rumizi.server.db import (
    Challenge,
    ChatMessage,
    GameTable,
    ModerationEntry,
    Report,
    TableJob,
    User,
)
from rumizi.server.errors import ApiError, ErrorCode
from rumizi.server.refusals import ActionError
from rumizi.server.store import Store, UserRow, _named

REASONS: tuple[str, ...] = get_args(schemas.ReportReason)
FOREVER = datetime(9999, 1, 1, tzinfo=UTC)  # a ban for good ends here (never, for people)
AUDIT_SHOWN = 200  # the newest audit entries the admin page reads
MOST_OPEN = 20  # open reports one reporter may have: a flood of them is refused
NOTICES = ("warn", "rename")  # the actions the player is told of on their next page


def now() -> datetime:
    """The time marks are set and read at (tests move it on to end a mute)."""
    return db.now()


def in_force(until: datetime | None, at: datetime | None = None) -> datetime | None:
    """``until`` if that mark still holds at ``at`` (now), else ``None``."""
    return until if until is not None and until > (at or now()) else None


def _until_text(until: datetime) -> dict[str, str]:
    """When a ban ends, in both languages (for the refusal's ``texts``)."""
    if until >= FOREVER:
        return {
            "fa": "مدیر، بازی کردن را برای همیشه برای شما بسته است.",
            "en": "A moderator has banned you from playing for good.",
        }
    stamp = until.strftime("%Y-%m-%d %H:%M UTC")
    digits = stamp.translate(str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹"))
    return {
        "fa": f"مدیر، بازی کردن را برای شما تا {digits} بسته است.",
        "en": f"A moderator has banned you from playing until {stamp}.",
    }


def banned_among(store: Store, user_ids: list[int]) -> set[int]:
    """Which of ``user_ids`` a ban holds on now, read from the database (a quick match's
    queue, kept in one instance's memory, learns so of a ban made on another)."""
    if not user_ids:
        return set()
    with store.sessions() as s:
        rows = s.execute(
            select(User.id).where(User.id.in_(user_ids), User.banned_until > now())
        ).scalars()
        return set(rows)


def check_can_play(user: UserRow) -> UserRow:
    """``user`` if no ban holds on them now (as read with their session), else ``banned``."""
    until = in_force(user.banned_until)
    if until is not None:
        raise ApiError(
            ErrorCode.BANNED,
            f"banned from play until {until.isoformat()}",
            texts=_until_text(until),
        )
    return user


def check_may_act(store: Store, user_id: int, chatting: bool) -> None:
    """Whether ``user_id`` may move (or, ``chatting``, say a line) now, read from the database
    (a mark set on another instance a moment ago holds): :class:`ActionError` ``banned`` or
    ``muted`` if not."""
    with store.sessions() as s:
        found = s.execute(
            select(User.banned_until, User.muted_until).where(User.id == user_id)
        ).first()
    if found is None:
        return
    banned, muted = in_force(found[0]), in_force(found[1])
    if banned is not None:
        raise ActionError("banned", f"banned from play until {banned.isoformat()}")
    if chatting and muted is not None:
        raise ActionError("muted", f"muted in chat until {muted.isoformat()}")


def require_admin(user: UserRow) -> UserRow:
    """``user`` if they are an admin, else ``not-admin``."""
    if not user.admin:
        raise ApiError(ErrorCode.NOT_ADMIN, "only an admin may do this")
    return user


# ---------------------------------------------------------------------- reports


def _target(s: Session, name: str | None) -> User:
    found = None if not name else _named(s, name)
    if found is None:
        raise ApiError(ErrorCode.UNKNOWN_USER, f"no player named {name!r}")
    return found


def make_report(store: Store, reporter: UserRow, body: schemas.ReportIn) -> schemas.ReportMade:
    """Store ``reporter``'s report; refused when it is of themselves, of nothing that exists,
    or of a thing they already reported and is still open."""
    text = clean_text(body.text or "")[:200] or None
    with store.sessions.begin() as s:
        table_id = line_id = quoted = None
        if body.kind == "chat":
            line = (
                None if body.table is None or body.line is None else s.get(ChatMessage, body.line)
            )
            if line is None or line.table_id != body.table:
                raise ApiError(ErrorCode.UNKNOWN_CHAT_LINE, "no such chat line at this table")
            target = s.get(User, line.user_id)
            if target is None:
                raise ApiError(ErrorCode.UNKNOWN_USER, "the line's author is gone")
            table_id, line_id = line.table_id, line.id
            quoted = line.text if line.text is not None else f"[{line.phrase}]"
            subject = f"chat:{table_id}:{line_id}"
        else:
            target = _target(s, body.player)
            subject = f"{body.kind}:{target.id}"
        if target.id == reporter.id:
            raise ApiError(ErrorCode.REPORT_SELF, "a player cannot report themselves")
        already = s.scalar(
            select(Report.id).where(
                Report.reporter_id == reporter.id,
                Report.subject == subject,
                Report.status == "open",
            )
        )
        if already is not None:
            raise ApiError(ErrorCode.ALREADY_REPORTED, "your report of this is still open")
        waiting = s.scalar(
            select(func.count())
            .select_from(Report)
            .where(Report.reporter_id == reporter.id, Report.status == "open")
        )
        if (waiting or 0) >= MOST_OPEN:
            raise ApiError(ErrorCode.TOO_MANY_REPORTS, f"at most {MOST_OPEN} open reports")
        report = Report(
            reporter_id=reporter.id,
            target_id=target.id,
            kind=body.kind,
            subject=subject,
            table_id=table_id,
            chat_id=line_id,
            quoted=quoted,
            reason=body.reason,
            text=text,
            status="open",
            created=now(),
        )
        s.add(report)
        s.flush()
        return schemas.ReportMade(id=report.id, kind=body.kind, reason=body.reason)


def _report_model(report: Report, names: dict[int, str]) -> schemas.Report:
    return schemas.Report(
        id=report.id,
        kind=report.kind,  # type: ignore[arg-type]  # one of the kinds, as stored
        reporter=names.get(report.reporter_id, "?"),
        player=names.get(report.target_id, "?"),
        table=report.table_id,
        line=report.chat_id,
        quoted=report.quoted,
        reason=report.reason,  # type: ignore[arg-type]  # one of the reasons, as stored
        text=report.text,
        status=report.status,  # type: ignore[arg-type]  # one of the statuses, as stored
        created=report.created,
    )


def open_reports(store: Store) -> list[schemas.Report]:
    """The open reports, oldest first (for admins only)."""
    with store.sessions() as s:
        reports = list(s.scalars(select(Report).where(Report.status == "open").order_by(Report.id)))
        ids = {r.reporter_id for r in reports} | {r.target_id for r in reports}
        found = s.execute(select(User.id, User.name).where(User.id.in_(ids)))
        names = {user_id: name for user_id, name in found}
        return [_report_model(r, names) for r in reports]


# ---------------------------------------------------------------------- actions


def _entry_model(entry: ModerationEntry) -> schemas.AuditEntry:
    details: dict[str, Any] = entry.details or {}
    until = details.get("until")
    return schemas.AuditEntry(
        id=entry.id,
        actor=entry.actor_name,
        action=entry.action,  # type: ignore[arg-type]  # one of the actions, as stored
        player=entry.target_name,
        table=details.get("table"),
        report=entry.report_id,
        reason=entry.reason,
        until=None if until is None else datetime.fromisoformat(until),
        forever=bool(details.get("forever")),
        renamed_to=details.get("to"),
        at=entry.at,
    )


def audit(store: Store, newest: int = AUDIT_SHOWN) -> list[schemas.AuditEntry]:
    """The audit log's newest entries, newest first (for admins only)."""
    with store.sessions() as s:
        entries = s.scalars(
            select(ModerationEntry).order_by(ModerationEntry.id.desc()).limit(newest)
        )
        return [_entry_model(e) for e in entries]


def neutral_name(s: Session) -> str:
    """A name nobody has: ``player`` and six random digits."""
    while True:
        name = f"player{secrets.randbelow(10**6):06d}"
        if check_username(name) is None and _named(s, name) is None:
            return name


@dataclass(frozen=True)
class Done:
    """An action stored: its audit entry, and the table closed (the hub tells its pages)."""

    entry: schemas.AuditEntry
    closed_table: str | None = None


def act(store: Store, admin: UserRow, body: schemas.ModerationIn) -> Done:
    """Carry out an admin's action and record it; refused (nothing changed) when its player,
    table or report is missing, or its report is already closed."""
    at = now()
    with store.sessions.begin() as s:
        report = None
        if body.report is not None:
            report = s.get(Report, body.report, with_for_update=True)
            if report is None:
                raise ApiError(ErrorCode.UNKNOWN_REPORT, f"no report {body.report}")
            if report.status != "open":
                raise ApiError(ErrorCode.REPORT_CLOSED, "the report was already dealt with")
        details: dict[str, Any] = {}
        target: User | None = None
        if body.action == "dismiss":
            if report is None:
                raise ApiError(ErrorCode.UNKNOWN_REPORT, "dismiss needs a report")
        elif body.action == "close":
            table_id = body.table or (report.table_id if report is not None else None)
            table = None if table_id is None else s.get(GameTable, table_id, with_for_update=True)
            if table is None:
                raise ApiError(ErrorCode.UNKNOWN_TABLE, f"no table {table_id!r}")
            if table.status not in ("waiting", "playing"):
                raise ApiError(ErrorCode.NOT_CLOSABLE, "the table is already over")
            table.status, table.finished = "over", at
            table.result = {"winner": None, "closed": True}
            if table.tournament_id is not None:
                # The event cannot wait for a game that will never end: every seat shares it.
                table.result["returns"] = [0.5] * table.players
            s.execute(delete(TableJob).where(TableJob.table_id == table.id))
            details["table"] = table.id
        else:
            if body.player is not None:
                target = _target(s, body.player)
            elif report is not None:
                target = s.get(User, report.target_id)
            if target is None:
                raise ApiError(ErrorCode.UNKNOWN_USER, "name the player")
        target_name = None if target is None else target.name
        if target is not None and body.action == "mute":
            until = at + timedelta(minutes=body.minutes or 60)
            target.muted_until = until
            details["until"] = until.isoformat()
        elif target is not None and body.action == "ban":
            until = FOREVER if body.minutes is None else at + timedelta(minutes=body.minutes)
            target.banned_until = until
            # Their challenges waiting either way end now: none could become a table.
            s.execute(
                update(Challenge)
                .where(
                    Challenge.status == "pending",
                    or_(Challenge.challenger_id == target.id, Challenge.challenged_id == target.id),
                )
                .values(status="cancelled", answered=at)
            )
            details["until"] = None if body.minutes is None else until.isoformat()
            details["forever"] = body.minutes is None
        elif target is not None and body.action == "lift":
            target.muted_until = target.banned_until = None
        elif target is not None and body.action == "rename":
            new_name = neutral_name(s)
            details.update({"from": target.name, "to": new_name})
            target.name, target.name_key = new_name, username_key(new_name)
        if report is not None:
            status = "dismissed" if body.action == "dismiss" else "resolved"
            s.execute(
                update(Report)
                .where(Report.subject == report.subject, Report.status == "open")
                .values(status=status, closed=at)
            )
        entry = ModerationEntry(
            actor_id=admin.id,
            actor_name=admin.name,
            target_id=None if target is None else target.id,
            target_name=target_name,
            action=body.action,
            reason=clean_text(body.reason)[:200] or "-",
            details=details,
            report_id=None if report is None else report.id,
            notice=body.action in NOTICES,
            at=at,
        )
        s.add(entry)
        s.flush()
        return Done(_entry_model(entry), details.get("table"))


# ---------------------------------------------------------------------- the player's side


def standing(store: Store, user_id: int) -> schemas.Standing:
    """``user_id``'s own standing: the mute and ban in force, the notices not yet seen."""
    with store.sessions() as s:
        user = s.get(User, user_id)
        if user is None:
            return schemas.Standing(admin=False)
        notices = s.scalars(
            select(ModerationEntry)
            .where(ModerationEntry.target_id == user_id, ModerationEntry.notice)
            .order_by(ModerationEntry.id)
        )
        banned = in_force(user.banned_until)
        return schemas.Standing(
            admin=bool(user.admin),
            muted_until=in_force(user.muted_until),
            banned_until=None if banned is None or banned >= FOREVER else banned,
            banned_forever=banned is not None and banned >= FOREVER,
            notices=[
                schemas.Notice(
                    id=n.id,
                    action=n.action,
                    reason=n.reason,
                    renamed_to=(n.details or {}).get("to"),
                    at=n.at,
                )
                for n in notices
            ],
        )


def notices_seen(store: Store, user_id: int) -> None:
    """The player has read their notices: they are not shown again (the log keeps them)."""
    with store.sessions.begin() as s:
        s.execute(
            update(ModerationEntry)
            .where(ModerationEntry.target_id == user_id, ModerationEntry.notice)
            .values(notice=False)
        )


def set_admin(store: Store, name: str, admin: bool) -> str | None:
    """Grant (or revoke) ``name`` the admin mark; the account's name, or ``None`` if unknown."""
    with store.sessions.begin() as s:
        user = _named(s, name)
        if user is None:
            return None
        user.admin = admin
        return user.name
