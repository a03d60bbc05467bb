"""A socket's outgoing queue (rumizi.server.outbox): in order, never waited on by the sender,
and a reader that falls too far behind is closed so that it reconnects."""

from __future__ import annotations

import asyncio
import json

from rumizi.server.outbox import SLOW_CLOSE, Outbox
from tests.server.kit import in_own_loop


class StuckSocket:
    """A reader that takes whatever it is sent only when told to."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.flowing = asyncio.Event()
        self.closed: tuple[int, str | None] | None = None

    async def send_text(self, data: str) -> None:
        await self.flowing.wait()
        self.sent.append(data)

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        self.closed = (code, reason)


def test_messages_go_out_in_order_and_sending_never_waits_for_the_reader() -> None:
    async def go() -> list[str]:
        socket = StuckSocket()
        outbox = Outbox(socket, limit=10)
        for n in range(5):
            await asyncio.wait_for(outbox.send({"n": n}), timeout=0.1)  # does not block
        assert socket.sent == []
        socket.flowing.set()
        await outbox.drain()
        await outbox.stop()
        return socket.sent

    sent = in_own_loop(go)
    assert [json.loads(text)["n"] for text in sent] == [0, 1, 2, 3, 4]


def test_a_reader_too_far_behind_is_closed_to_reconnect() -> None:
    async def go() -> StuckSocket:
        socket = StuckSocket()
        outbox = Outbox(socket, limit=3)
        for n in range(6):  # one is being written, three wait, the fifth overflows
            outbox.post(json.dumps({"n": n}))
        await asyncio.sleep(0.05)
        assert outbox.closed
        outbox.post("after")  # ignored once closed
        return socket

    socket = in_own_loop(go)
    assert socket.closed is not None and socket.closed[0] == SLOW_CLOSE
    assert socket.sent == []
