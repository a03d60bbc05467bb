"""Each socket's outgoing messages: queued, written by a task of its own, never awaited by others.

The hub tells a table's news to every connection of the table. Sending to each in turn and
waiting for each write would make every table wait for the slowest reader of the busiest one
(500 spectators and a chat in full flow kept other tables' acknowledgements waiting for
seconds). So a message is only put in the socket's queue, and a task per socket writes the
queue out. A message said to many is serialised once (:meth:`Outbox.post` takes the JSON
text); the queue holds at most :data:`QUEUE` messages, and a reader that falls that far behind
is closed with code 1013 ("try again later"): its page reconnects, and the state it gets then
says everything it missed. Order is kept per socket (an action's ack before its state).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Any, Protocol

log = logging.getLogger("rumizi.server.outbox")

QUEUE = 256  # messages a socket may have waiting before it is closed as too slow
SLOW_CLOSE = 1013  # "try again later": the page reconnects and gets the whole state


class TextSocket(Protocol):
    """What an outbox writes to (a Starlette ``WebSocket``)."""

    async def send_text(self, data: str) -> None: ...

    async def close(self, code: int = 1000, reason: str | None = None) -> None: ...


def dumps(message: dict[str, Any]) -> str:
    """A message as the wire carries it (compact JSON, as Starlette's ``send_json``)."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


class Outbox:
    """The outgoing queue of one socket and the task that writes it."""

    def __init__(self, socket: TextSocket, limit: int = QUEUE) -> None:
        self._socket = socket
        self._queue: asyncio.Queue[str] = asyncio.Queue(limit)
        self._writer = asyncio.create_task(self._write())
        self._closing: asyncio.Task[None] | None = None
        self.closed = False

    async def send(self, message: dict[str, Any]) -> None:
        """Queue ``message`` (a coroutine, for the hub's ``Client.send``; it never waits)."""
        self.post(dumps(message))

    def post(self, text: str) -> None:
        """Queue a message already serialised (one ``dumps`` for all its readers)."""
        if self.closed:
            return
        try:
            self._queue.put_nowait(text)
        except asyncio.QueueFull:
            self.closed = True
            log.info("a reader %d messages behind was closed", self._queue.qsize())
            self._writer.cancel()
            self._closing = asyncio.create_task(self._close(SLOW_CLOSE, "too slow: reconnect"))

    async def _write(self) -> None:
        try:
            while True:
                text = await self._queue.get()
                await self._socket.send_text(text)
        except asyncio.CancelledError:
            raise
        except Exception:  # the socket went away: its reader ends the connection
            self.closed = True

    async def _close(self, code: int, reason: str) -> None:
        with contextlib.suppress(Exception):
            await self._socket.close(code=code, reason=reason)

    async def drain(self, timeout: float = 5.0) -> None:
        """Wait (a while at most) until what was queued is written; for an orderly close."""
        deadline = asyncio.get_running_loop().time() + timeout
        while not self._queue.empty() and not self.closed:
            if asyncio.get_running_loop().time() > deadline:
                return
            await asyncio.sleep(0.01)

    async def stop(self) -> None:
        """End the writer task (the socket is closing)."""
        self.closed = True
        self._writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self._writer
