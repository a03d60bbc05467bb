"""The instances tell each other what happened at a table, through Redis pub/sub.

One channel carries small JSON notes: ``move`` (a stored action, with its version) and
``seats`` (someone sat down). Pub/sub delivers each note at most once and only to instances
listening at that moment; nothing depends on it for correctness. A note that never comes
(Redis restarting, a slow reader dropped) is made up for by the version: an instance that
sees a gap, or finds the database ahead when it looks (rumizi.server.cluster), reads the
missing actions from the database. A note is sent after its action is committed.

When Redis goes away the listener reconnects with a growing pause, and calls
``on_reconnect`` once it is back, so the hub can look for what it missed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable, Iterable
from typing import TYPE_CHECKING, Any

from rumizi.core.extras import require

if TYPE_CHECKING:
    import redis.asyncio as aioredis

log = logging.getLogger("rumizi.server.fanout")

RETRY_FIRST = 0.1  # seconds before the first reconnection, doubled up to RETRY_MOST
RETRY_MOST = 2.0
#: How long a shutdown waits for a task or a Redis connection to let go before going on.
CLOSE_WAIT = 5.0


async def settle(awaitables: Iterable[Awaitable[Any]], seconds: float = CLOSE_WAIT) -> None:
    """Wait at most ``seconds`` for ``awaitables`` (cancelled tasks, connections closing) to
    end, then go on, raising nothing: one that hangs (a pub/sub connection half closed) must
    not hold a server's shutdown for ever. ``asyncio.wait_for`` would wait for the cancelled
    one to give up, which is the hang again."""
    pending = {asyncio.ensure_future(each) for each in awaitables}
    if not pending:
        return
    done, stuck = await asyncio.wait(pending, timeout=seconds)
    for task in done:
        if not task.cancelled():
            task.exception()  # seen, so asyncio does not report it as never retrieved
    if stuck:
        log.warning("%d task(s) still closing %.0f s into the shutdown: left", len(stuck), seconds)


class Fanout:
    """Publish notes to the other instances and hand the ones they publish to ``on_note``."""

    def __init__(
        self,
        url: str,
        channel: str,
        on_note: Callable[[dict[str, Any]], None],
        on_reconnect: Callable[[], Awaitable[None]],
        on_error: Callable[[str], None] = lambda operation: None,
    ) -> None:
        self.url = url
        self._on_error = on_error  # told "publish" or "listen" when Redis fails (metrics)
        self.channel = channel
        self._on_note = on_note
        self._on_reconnect = on_reconnect
        # Redis's client is the redis extra's: imported here, where --redis asked for it.
        require("redis", "redis", needed_for="several instances (--redis)")
        import redis.asyncio as aioredis
        from redis.exceptions import RedisError

        self._errors: tuple[type[Exception], ...] = (RedisError, OSError)
        self._redis = aioredis.from_url(
            url, socket_connect_timeout=1.0, socket_timeout=5.0, health_check_interval=5
        )
        self._listener: asyncio.Task[None] | None = None
        self._sends: set[asyncio.Task[None]] = set()
        self.connected = asyncio.Event()
        self.lost = 0  # notes this instance could not publish (Redis away)

    def start(self) -> None:
        self._listener = asyncio.create_task(self._listen())

    def publish(self, note: dict[str, Any]) -> None:
        """Send ``note`` in the background: a move never waits for Redis, nor fails with it."""
        task = asyncio.create_task(self._publish(json.dumps(note, separators=(",", ":"))))
        self._sends.add(task)
        task.add_done_callback(self._sends.discard)

    async def _publish(self, data: str) -> None:
        try:
            await self._redis.publish(self.channel, data)
        except self._errors as err:
            self._on_error("publish")
            self.lost += 1
            if self.lost == 1 or self.lost % 1000 == 0:
                log.warning("Redis refused a note (%d so far): %s", self.lost, err)

    async def _listen(self) -> None:
        pause = RETRY_FIRST
        missed = False  # Redis was away since the last subscription: notes may be lost
        while True:
            pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(self.channel)
                self.connected.set()
                pause = RETRY_FIRST
                if missed:
                    log.info("Redis is back: looking for what was missed")
                    missed = False
                    await self._on_reconnect()
                while True:
                    message = await pubsub.get_message(timeout=1.0)
                    if message is None or message.get("type") != "message":
                        continue
                    try:
                        note = json.loads(message["data"])
                    except ValueError:
                        continue
                    if isinstance(note, dict):
                        self._on_note(note)
            except asyncio.CancelledError:
                await settle([_closed(pubsub)])
                raise
            except self._errors as err:
                self._on_error("listen")
                if self.connected.is_set():
                    log.warning("lost Redis (%s); reconnecting", err)
                self.connected.clear()
                missed = True
                with contextlib.suppress(Exception):
                    await _closed(pubsub)
                await asyncio.sleep(pause)
                pause = min(RETRY_MOST, pause * 2)

    async def close(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            await settle([self._listener])
        for task in list(self._sends):
            task.cancel()
        await settle(list(self._sends))
        await settle([self._redis.aclose()])


async def _closed(pubsub: aioredis.client.PubSub) -> None:
    """Close a Redis pub/sub connection.

    Some redis-py releases leave ``PubSub.aclose`` untyped; a typed name for it keeps
    ``mypy --strict`` clean whichever release is installed.
    """
    aclose: Callable[[], Awaitable[None]] = pubsub.aclose
    await aclose()
