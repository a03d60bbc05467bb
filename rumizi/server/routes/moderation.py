"""Moderation: ``POST /api/reports`` (a player reports a player, a chat line or a name),
``GET``/``POST /api/my/standing...`` (the caller's own mute, ban and notices), and the admins'
``/api/admin/reports``, ``/api/admin/audit`` and ``/api/admin/actions``.

The work is in :mod:`rumizi.server.moderation`; these routes read the request and run the
writes in the hub's database thread. A closed table's pages are told here, through the hub
(and, through it, the other instances').
"""

from __future__ import annotations

from fastapi import APIRouter

from rumizi.server import moderation
from rumizi.server.deps import (
    ADMIN,
    BODY,
    POSTED,
    SIGNED_IN,
    AdminDep,
    CsrfDep,
    HubDep,
    StoreDep,
    UserDep,
)
from rumizi.server.errors import ErrorCode, refusals
from rumizi.server.schemas import AuditEntry, ModerationIn, Report, ReportIn, ReportMade, Standing

router = APIRouter(prefix="/api", tags=["moderation"])


@router.post(
    "/reports",
    responses=refusals(
        *POSTED,
        *BODY,
        *SIGNED_IN,
        ErrorCode.UNKNOWN_USER,
        ErrorCode.UNKNOWN_CHAT_LINE,
        ErrorCode.REPORT_SELF,
        ErrorCode.ALREADY_REPORTED,
        ErrorCode.TOO_MANY_REPORTS,
    ),
)
async def report(
    body: ReportIn, user: UserDep, store: StoreDep, hub: HubDep, _: CsrfDep
) -> ReportMade:
    """Report a player, one of their chat lines or their name to the admins."""
    return await hub.db(moderation.make_report, store, user, body)


@router.get("/my/standing", responses=refusals(*SIGNED_IN))
def my_standing(user: UserDep, store: StoreDep) -> Standing:
    """The caller's own standing: a mute or ban in force, warnings and renames not yet seen."""
    return moderation.standing(store, user.id)


@router.post("/my/standing/seen", responses=refusals(*POSTED, *SIGNED_IN))
async def standing_seen(user: UserDep, store: StoreDep, hub: HubDep, _: CsrfDep) -> Standing:
    """The caller has read their notices: they are not shown again."""
    await hub.db(moderation.notices_seen, store, user.id)
    return moderation.standing(store, user.id)


@router.get("/admin/reports", responses=refusals(*ADMIN))
def admin_reports(admin: AdminDep, store: StoreDep) -> list[Report]:
    """The open reports, oldest first, with who reported (admins only)."""
    return moderation.open_reports(store)


@router.get("/admin/audit", responses=refusals(*ADMIN))
def admin_audit(admin: AdminDep, store: StoreDep) -> list[AuditEntry]:
    """The newest admin actions, newest first: who did what to whom, why and when."""
    return moderation.audit(store)


@router.post(
    "/admin/actions",
    responses=refusals(
        *POSTED,
        *BODY,
        *ADMIN,
        ErrorCode.UNKNOWN_USER,
        ErrorCode.UNKNOWN_TABLE,
        ErrorCode.UNKNOWN_REPORT,
        ErrorCode.REPORT_CLOSED,
        ErrorCode.NOT_CLOSABLE,
    ),
)
async def admin_act(
    body: ModerationIn, _: CsrfDep, admin: AdminDep, store: StoreDep, hub: HubDep
) -> AuditEntry:
    """Warn, mute, ban, lift, rename, close a table or dismiss a report; recorded in the log."""
    done = await hub.db(moderation.act, store, admin, body)
    if done.closed_table is not None:
        await hub.closed(done.closed_table)
    hub.tell("")  # the lobby pushes again: a ban ended challenges, a rename changed a name
    return done.entry
