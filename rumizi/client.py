"""Play on a Rumizi server with your own bot: a few lines turn a bot into an online player.

Any object with ``choose(view, legal) -> action`` plays — every :class:`rumizi.bots.Bot`
does — through a bot account's personal access token (made on the account page with the
``bot:play`` scope; see ``docs/web-protocol.md``, "Bots")::

    import asyncio
    from rumizi import bots
    from rumizi.client import BotClient

    client = BotClient("https://rumizi.example", "rmz_…", bots.make("hard"))
    asyncio.run(client.run())  # plays every game the bot is seated at, until stopped

or, from a shell, ``rumizi bot connect --server URL --token TOKEN --bot hard``.

:meth:`BotClient.run` listens to the bot's event stream (``/api/bot/stream``), accepts the
challenges to the games it plays (``games``; the others are declined; the token then needs the
``challenge`` scope too), and plays each game the stream announces on that game's socket
(``/api/bot/game/{id}``): the same messages the page
gets, so the bot sees its seat's view and the canonical legal moves, never more. A move is sent
with the version it was chosen on; a refusal (``stale``: the table moved meanwhile) is
answered by the next state. A network failure or a server restart is met with reconnecting
(waits growing from ``retry`` to ``max_retry`` seconds): a game's socket sends the position on
connecting, so the bot carries on where it was, and a move it had sent before is not played
twice (its client id, ``program-<version>``, says which version it was for). A move refused
for the token's rate limit (``token-rate-limited``, rumizi.server.bot_limits) is sent again
after the wait its message names; a socket closed for it (4429) is opened again later. Each
game is
logged (``rumizi.client``) when it starts, and when it ends with its result.

Thinking runs in a worker thread, so a slow bot does not stop the connections' heartbeats.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import urllib.request
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any, Protocol

from rumizi.core.contract import Action, View

log = logging.getLogger("rumizi.client")

CLOSED_FOR_GOOD = {4401, 4403, 4404}  # a revoked token, another site, no such table


class Chooser(Protocol):
    """What plays: a :class:`rumizi.bots.Bot`, or any object with this method."""

    def choose(self, view: View, legal: list[Action]) -> Action: ...


class Refused(Exception):
    """The server will not have this bot (a bad or revoked token, an unknown table)."""


@dataclass
class Played:
    """One game the client played: where, which seat, how many moves, and how it ended."""

    table: str
    game: str = ""
    seat: int | None = None
    moves: int = 0
    result: dict[str, Any] | None = None


@dataclass
class BotClient:
    """A bot playing on ``server`` (``http(s)://host[:port]``) with ``token``.

    ``games``: the games it plays (``None``: all); a game of another is left alone.
    """

    server: str
    token: str
    bot: Chooser
    games: Collection[str] | None = None
    retry: float = 0.5
    max_retry: float = 30.0
    played: dict[str, Played] = field(default_factory=dict)
    _tasks: dict[str, asyncio.Task[Played]] = field(default_factory=dict)

    # ------------------------------------------------------------------ addresses

    def _ws(self, path: str) -> str:
        base = self.server.rstrip("/")
        if base.startswith("https://"):
            return "wss://" + base[len("https://") :] + path
        if base.startswith("http://"):
            return "ws://" + base[len("http://") :] + path
        return base + path

    def _headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}

    # ------------------------------------------------------------------ plain requests

    def join(self, table_id: str, invite: str) -> int:
        """Sit at ``table_id`` with its invite code; the seat taken."""
        request = urllib.request.Request(
            f"{self.server.rstrip('/')}/api/bot/tables/{table_id}/join",
            data=json.dumps({"invite": invite}).encode(),
            headers={**self._headers(), "Content-Type": "application/json"},
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=30) as answer:
            seat: int = json.load(answer)["seat"]
        return seat

    def answer(self, challenge_id: str, answer: str) -> dict[str, Any]:
        """Accept or decline (``answer``) a challenge made to the bot (scope ``challenge``);
        an accepted one's game then comes on the event stream."""
        request = urllib.request.Request(
            f"{self.server.rstrip('/')}/api/bot/challenges/{challenge_id}/{answer}",
            data=b"",
            headers=self._headers(),
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=30) as reply:
            found: dict[str, Any] = json.load(reply)
        log.info("challenge %s (%s): %s", challenge_id, found.get("game"), found.get("status"))
        return found

    # ------------------------------------------------------------------ the event stream

    async def run(self, stop: asyncio.Event | None = None) -> None:
        """Play every game the bot is seated at, as the event stream announces them, until
        ``stop`` is set (or for ever); reconnects after failures."""
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed, InvalidStatus

        stop = stop or asyncio.Event()
        wait = self.retry
        while not stop.is_set():
            try:
                async with connect(
                    self._ws("/api/bot/stream"), additional_headers=self._headers()
                ) as stream:
                    wait = self.retry
                    log.info("connected to %s", self.server)
                    while not stop.is_set():
                        try:
                            text = await asyncio.wait_for(stream.recv(), 0.5)
                        except TimeoutError:
                            continue
                        self._event(json.loads(text))
                    return
            except ConnectionClosed as closed:
                code = closed.rcvd.code if closed.rcvd is not None else None
                if code in CLOSED_FOR_GOOD:
                    raise Refused(f"the server closed the stream: {closed.rcvd}") from None
            except (OSError, InvalidStatus, TimeoutError) as err:
                log.warning("the stream is down (%s): again in %.1f s", err, wait)
            if stop.is_set():
                break
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), wait)
            wait = min(wait * 2, self.max_retry)

    def _event(self, event: dict[str, Any]) -> None:
        if event.get("type") == "challenge":
            wanted = self.games is None or event.get("game") in self.games
            answer = "accept" if wanted else "decline"
            task = asyncio.create_task(asyncio.to_thread(self.answer, str(event["id"]), answer))
            task.add_done_callback(_logged)
            return
        if event.get("type") != "game-start":
            return
        table_id = str(event["table"])
        if self.games is not None and event.get("game") not in self.games:
            return
        running = self._tasks.get(table_id)
        if running is None or running.done():
            self._tasks[table_id] = asyncio.create_task(self.play(table_id))

    # ------------------------------------------------------------------ one game

    async def play(self, table_id: str) -> Played:
        """Play the bot's seat at ``table_id`` to the end; what happened."""
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed, InvalidStatus

        record = self.played.setdefault(table_id, Played(table_id))
        wait = self.retry
        while True:
            try:
                async with connect(
                    self._ws(f"/api/bot/game/{table_id}"), additional_headers=self._headers()
                ) as socket:
                    wait = self.retry
                    # The versions a move was sent on over this connection (a state repeated
                    # at the same version, for a chat line or a presence, asks nothing new).
                    # Per connection: a move sent just before the server died may never have
                    # been stored, so after a reconnection the state says again whose turn it
                    # is, and the move goes again under the same client id (``program-<version>``):
                    # stored already, it is refused as a duplicate and changes nothing.
                    acted: set[int] = set()
                    latest: dict[str, Any] | None = None  # the newest state
                    async for text in socket:
                        message = json.loads(text)
                        if message.get("type") == "error":
                            # stale or duplicate: the next state says where the game is
                            log.warning("game %s refused a move: %s", table_id, message)
                            if message.get("code") != "token-rate-limited" or latest is None:
                                continue
                            # Past the token's limit: the same move again, after the wait.
                            await asyncio.sleep(_rate_wait(str(message.get("message", ""))))
                            acted.discard(int(latest["version"]))
                            record.moves -= 1
                            message = latest
                        if message.get("type") != "state":
                            continue
                        latest = message
                        if not record.game:
                            record.game, record.seat = message["game"], message["seat"]
                            log.info("game %s (%s) begins in seat %s", table_id, *_named(record))
                        if message.get("result") is not None or message["status"] == "over":
                            record.result = message.get("result")
                            log.info("game %s is over: %s", table_id, record.result)
                            return record
                        version = int(message["version"])
                        legal = [move["action"] for move in message.get("legal", [])]
                        if not legal or version in acted:
                            continue
                        action = await asyncio.to_thread(self.bot.choose, message["view"], legal)
                        acted.add(version)
                        record.moves += 1
                        await socket.send(
                            json.dumps(
                                {
                                    "type": "act",
                                    "client_id": f"program-{version}",
                                    "version": version,
                                    "action": action,
                                }
                            )
                        )
            except ConnectionClosed as closed:
                code = closed.rcvd.code if closed.rcvd is not None else None
                if code in CLOSED_FOR_GOOD:
                    raise Refused(f"the server closed game {table_id}: {closed.rcvd}") from None
            except (OSError, InvalidStatus, TimeoutError) as err:
                log.warning("game %s: connection lost (%s), again in %.1f s", table_id, err, wait)
            await asyncio.sleep(wait)
            wait = min(wait * 2, self.max_retry)


def _logged(task: asyncio.Future[Any]) -> None:
    """A challenge's answer that failed is logged (the stream goes on)."""
    if not task.cancelled() and task.exception() is not None:
        log.warning("a challenge could not be answered: %s", task.exception())


def _rate_wait(message: str) -> float:
    """The seconds a ``token-rate-limited`` refusal names ("... wait 12 s"), else one.

    >>> _rate_wait("too many moves with this token: wait 12 s"), _rate_wait("slow down")
    (12.0, 1.0)
    """
    found = re.search(r"wait (\d+) s", message)
    return float(found.group(1)) if found else 1.0


def _named(record: Played) -> tuple[str, int | None]:
    return record.game, record.seat
