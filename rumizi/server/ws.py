"""The table's WebSocket: one per open table page, carrying that seat's view and its moves."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from rumizi.server import chat, inbound, logs, moderation, takeback
from rumizi.server.deps import HubDep, LangDep, MaybeUserDep
from rumizi.server.hub import Client, Hub, LiveTable
from rumizi.server.messages import Concede, ErrorMessage, Undo, wire
from rumizi.server.outbox import Outbox
from rumizi.server.refusals import ActionError
from rumizi.server.store import UserRow

log = logging.getLogger("rumizi.server.sockets")
router = APIRouter()


def same_origin(websocket: WebSocket) -> bool:
    """Refuse pages of other sites (the browser sends Origin on every WebSocket handshake)."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True  # not a browser: scripts and tests authenticate with the cookie alone
    host = websocket.headers.get("host", "")
    return origin.split("://", 1)[-1] == host


async def refuse_connection(websocket: WebSocket, code: int, reason: str) -> None:
    """Close with the protocol's ``code`` (4403, 4404). Closing before the handshake is done
    would answer HTTP 403 instead, and a page could not tell why: so accept, then close."""
    await websocket.accept()
    await websocket.close(code=code, reason=reason)


@router.websocket("/ws/tables/{table_id}")
async def table_socket(
    websocket: WebSocket, table_id: str, hub: HubDep, user: MaybeUserDep, lang: LangDep
) -> None:
    """A seat's (or a spectator's) connection to ``table_id``; the session cookie says which."""
    if not same_origin(websocket):
        await refuse_connection(websocket, 4403, "cross-site connection refused")
        return
    table = await hub.get(table_id)
    if table is None:
        await refuse_connection(websocket, 4404, "no such table")
        return
    await serve_table(websocket, hub, table, user, lang)


async def serve_table(
    websocket: WebSocket,
    hub: Hub,
    table: LiveTable,
    user: UserRow | None,
    lang: str,
    *,
    by_program: Callable[[], Awaitable[bool]] | None = None,
    move_wait: Callable[[], int | None] | None = None,
) -> None:
    """The table's socket for ``user`` (``None``: nobody signed in), accepted here.

    A person's page comes with ``by_program`` ``None``: a bot account's moves are refused
    there (it plays through its tokens). A bot's program (rumizi.server.routes.bots) comes
    with ``by_program``, asked before each move whether its token still holds: once revoked,
    the socket closes with 4401; and with ``move_wait``, which counts the move against its
    token's limit (rumizi.server.bot_limits) and says how long to wait when it is past it.
    """
    cluster = hub.cluster
    # Several instances: the answer names the one serving (for operators and tests).
    named = [] if cluster is None else [(b"x-rumizi-instance", cluster.name.encode())]
    await websocket.accept(headers=named)
    user_id = None if user is None else user.id
    # Everything this socket is sent goes through its own queue (rumizi.server.outbox).
    outbox = Outbox(websocket)
    client = Client(outbox.send, table.seat_of(user_id), lang, user_id, post=outbox.post)

    metrics = hub.metrics
    kind = "unreadable"  # the message being handled, as the metrics name it
    refused = False  # whether it was refused

    async def refuse(client_id: Any, code: str, message: str) -> None:
        nonlocal refused
        refused = True
        metrics.message(kind, code)
        error: ErrorMessage = {
            "type": "error",
            "client_id": client_id if isinstance(client_id, str) else None,
            "code": code,
            "message": message,
        }
        await outbox.send(wire(error))

    seen = {"table_id": table.id, "user_id": user_id, "seat": client.seat}
    logs.event(log, "socket opened", "socket", opened=True, **seen)
    # Before the first state: a test (or a page) that waits for states sees nothing new after.
    await chat.send_history(hub, table, client)
    await hub.join(table, client)
    throttle = inbound.Throttle()
    loop = asyncio.get_running_loop()
    try:
        while True:
            try:
                text: str | None = await websocket.receive_text()
            except KeyError:  # a binary frame has no "text"
                text = None
            arrived = loop.time()
            kind, refused = "unreadable", False
            pause = throttle.wait(arrived)
            if pause > 0:  # a flood: the next message is read later, not refused
                await asyncio.sleep(pause)
            if not isinstance(text, str):
                await refuse(None, "malformed", "a message is one JSON object, sent as text")
                continue
            try:
                message = inbound.read(text)
            except inbound.Refused as err:
                await refuse(None, err.code, str(err))
                continue
            try:  # its type and client id (a refusal names the id if it is a string)
                head = inbound.head(message)
            except inbound.Refused as err:
                await refuse(message.get("client_id"), err.code, str(err))
                continue
            client_id = head.client_id
            kind = head.type
            if user is not None and head.type != "concede":
                # A mute or ban set a moment ago, on any instance, holds for this message (a
                # banned player may still concede: leaving a game harms nobody).
                try:
                    await asyncio.to_thread(
                        moderation.check_may_act, hub.store, user.id, head.type == "chat"
                    )
                except ActionError as err:
                    await refuse(client_id, err.code, err.message)
                    continue
            if head.type == "chat":
                await chat.handle(hub, table, client, user.name if user else "", message, refuse)
                if not refused:
                    metrics.message(kind, "ok")
                continue
            if client.seat is None:
                await refuse(client_id, "spectator", "you are watching this table, not playing")
                continue
            if by_program is None and user is not None and user.bot:
                await refuse(client_id, "bot-account", "a bot account plays through its tokens")
                continue
            if by_program is not None and not await by_program():
                await websocket.close(4401, "the token was revoked")
                break
            if move_wait is not None and (wait := move_wait()) is not None:
                await refuse(
                    client_id,
                    "token-rate-limited",
                    f"too many moves with this token: wait {wait} s",
                )
                continue
            try:
                move = inbound.move(message)
            except inbound.Refused as err:
                await refuse(client_id, err.code, str(err))
                continue
            try:
                if isinstance(move, Undo):
                    await takeback.take_back(
                        hub, table, client.seat, move.version, client_id, client
                    )
                else:
                    action = (
                        {"do": "concede", "player": client.seat}
                        if isinstance(move, Concede)
                        else move.action
                    )
                    # A concede's version may be None: the table's version at its turn.
                    await hub.submit(
                        table, client.seat, action, move.version, client_id, sender=client
                    )
                    metrics.acknowledged(table.row.game, loop.time() - arrived)
                metrics.message(kind, "ok")
            except ActionError as err:
                await refuse(client_id, err.code, err.message)
    except (WebSocketDisconnect, RuntimeError):
        # RuntimeError: Starlette's "not connected" once a send to this socket has failed.
        pass
    finally:
        logs.event(log, "socket closed", "socket", opened=False, **seen)
        await hub.leave(table, client)
        await outbox.stop()
