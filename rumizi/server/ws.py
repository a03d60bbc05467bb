"""The table's WebSocket: one per open table page, carrying that seat's view and its moves."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from rumizi.server import chat, inbound, takeback
from rumizi.server.deps import HubDep, LangDep, MaybeUserDep
from rumizi.server.hub import ActionError, Client
from rumizi.server.outbox import Outbox

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
    cluster = hub.cluster
    # Several instances: the answer names the one serving (for operators and tests).
    named = [] if cluster is None else [(b"x-rumizi-instance", cluster.name.encode())]
    await websocket.accept(headers=named)
    user_id = None if user is None else user.id
    # Everything this socket is sent goes through its own queue (rumizi.server.outbox).
    outbox = Outbox(websocket)
    client = Client(outbox.send, table.seat_of(user_id), lang, user_id, post=outbox.post)

    async def refuse(client_id: Any, code: str, message: str) -> None:
        await outbox.send(
            {
                "type": "error",
                "client_id": client_id if isinstance(client_id, str) else None,
                "code": code,
                "message": message,
            }
        )

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
            pause = throttle.wait(loop.time())
            if pause > 0:  # a flood: the next message is read later, not refused
                await asyncio.sleep(pause)
            if not isinstance(text, str):
                await refuse(None, "malformed", "a message is one JSON object, sent as text")
                continue
            try:
                message = inbound.read(text)
            except inbound.TooLarge as err:
                await refuse(None, "too-large", str(err))
                continue
            except inbound.Malformed as err:
                await refuse(None, "malformed", str(err))
                continue
            kind = message.get("type")
            client_id = message.get("client_id")
            if kind == "chat":
                await chat.handle(hub, table, client, user.name if user else "", message, refuse)
                continue
            if kind not in ("act", "concede", "undo"):
                await refuse(
                    client_id, "malformed", "'type' must be 'act', 'concede', 'undo' or 'chat'"
                )
                continue
            problem = inbound.client_id_problem(client_id)
            if problem is not None:
                await refuse(client_id, "malformed", problem)
                continue
            if client.seat is None:
                await refuse(client_id, "spectator", "you are watching this table, not playing")
                continue
            if kind == "undo":
                try:
                    await takeback.take_back(
                        hub, table, client.seat, message.get("version"), client_id, client
                    )
                except ActionError as err:
                    await refuse(client_id, err.code, err.message)
                continue
            if kind == "concede":
                action: Any = {"do": "concede", "player": client.seat}
                version = message.get("version")  # None: the table's version at its turn
            else:
                action, version = message.get("action"), message.get("version")
            try:
                await hub.submit(table, client.seat, action, version, client_id, sender=client)
            except ActionError as err:
                await refuse(client_id, err.code, err.message)
    except (WebSocketDisconnect, RuntimeError):
        # RuntimeError: Starlette's "not connected" once a send to this socket has failed.
        pass
    finally:
        await hub.leave(table, client)
        await outbox.stop()
