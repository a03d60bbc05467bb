"""Chat at the table: short messages and quick phrases, kept with the game and its replay.

A message comes on the table's socket as ``{"type": "chat", "client_id", "text"}`` or
``{"type": "chat", "client_id", "phrase"}``. :func:`handle` checks it, stores it (table
``chat_messages``, written by the hub's one database thread, so messages keep their order),
and sends it to the table's connections, and through the fan-out to the other instances'.

Two channels per table. A seated player writes into ``players``; anyone else (a spectator)
into ``spectators``. Players see only the players' channel (a watcher cannot whisper to a
player during the game); spectators see both. Each message records the table's version at the
moment it was sent, so a replay shows it after the move it followed.

Text is cleaned before it is counted: NFC normalisation (a Persian letter typed as base and
mark counts once), line breaks and tabs become spaces, runs of spaces become one, and control
and format characters are dropped — bidi overrides and isolates (U+202A–202E, U+2066–2069)
could otherwise turn the rest of the page's line around — except the zero-width non-joiner
and joiner, which Persian spelling and emoji need. The page shows the text as text only.

A quick phrase travels as its id (:data:`PHRASES`); each reader's page shows it in their own
language, so ``good-game`` sent from a Persian page reads "Good game" on an English one.

Guests may chat: a table's guest is the person the invite link brought, and a table where one
of the two players cannot say "good game" would be odd. What guests make cheap — new accounts
— is bounded by the limit per user and table, and by the mute on the page. A connection with
no session at all (a watcher who never signed in) reads but cannot write.

The page's mute hides one table's lines for one page; a block (:mod:`rumizi.server.blocks`)
is the account's, and kept by the server: a player never receives the lines of someone they
blocked, at any table, live or in the history a connection opens with or in a replay. Each
line's author's blockers are read when it is sent (with its write, or, for a line from
another instance, when it arrives), so a block holds from the next line on, everywhere; the
author is not told, and nobody else's chat changes.

>>> clean_text("  سلام\\n  دنیا \u202e!  ")
'سلام دنیا !'
>>> clean_text("می\u200cخواهم")  # the ZWNJ stays
'می\u200cخواهم'
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import unicodedata
import weakref
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Final

from limits import RateLimitItem, parse
from limits.storage import storage_from_string
from limits.strategies import MovingWindowRateLimiter
from sqlalchemy import insert, select

from rumizi.server import blocks, inbound, messages
from rumizi.server.db import ChatMessage
from rumizi.server.messages import ChatHistory, wire
from rumizi.server.outbox import dumps
from rumizi.server.refusals import ActionError

if TYPE_CHECKING:
    from collections.abc import Awaitable, Callable, Collection, Mapping

    from rumizi.server.hub import Client, Hub, LiveTable
    from rumizi.server.store import Store

PHRASES = messages.PHRASES  # the quick phrases' ids (their words live in the page)
MAX_CHARS = 200  # after cleaning
RATE = "5/10 seconds"  # per user and table
# Per table and channel, whoever writes: a crowd of watchers (or of fresh guest accounts)
# cannot flood a table's readers. Six players at their own limit fit in the players' cap.
TABLE_RATES = {"players": "30/10 seconds", "spectators": "10/10 seconds"}
HISTORY = 300  # the newest lines a connection gets when it opens (a replay has them all)
PLAYERS: Final = "players"  # the channels
SPECTATORS: Final = "spectators"
KEEP = {"\u200c", "\u200d"}  # zero-width non-joiner and joiner: Persian and emoji need them


def clean_text(text: str) -> str:
    """``text`` as it is stored and counted: NFC, one space between words, no controls."""
    text = unicodedata.normalize("NFC", text)
    text = re.sub(r"[\t\n\r\f\v\u2028\u2029\x85]", " ", text)
    kept = (
        ch
        for ch in text
        if ch in KEEP or unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co", "Cn")
    )
    return re.sub(r" {2,}", " ", "".join(kept)).strip()


def check(message: dict[str, Any]) -> tuple[str | None, str | None]:
    """The (text, phrase) of a chat message (its model, :class:`~rumizi.server.messages.Chat`),
    the text cleaned, or :class:`ActionError`."""
    try:
        line = inbound.chat(message)
    except inbound.Refused as err:
        raise ActionError(err.code, str(err)) from None
    if line.phrase is not None:
        return None, line.phrase
    cleaned = clean_text(line.text or "")
    if not cleaned:
        raise ActionError("chat-empty", "the message is empty")
    if len(cleaned) > MAX_CHARS:
        raise ActionError("chat-too-long", f"a message is at most {MAX_CHARS} characters")
    return cleaned, None


@dataclass(frozen=True)
class ChatWrite:
    table_id: str
    version: int
    channel: str
    seat: int | None
    user_id: int
    name: str
    text: str | None
    phrase: str | None
    client_id: str
    at: datetime


def store_message(store: Store, write: ChatWrite) -> int:
    """Store one message; its id."""
    with store.sessions.begin() as s:
        found = s.execute(
            insert(ChatMessage)
            .values(
                table_id=write.table_id,
                version=write.version,
                channel=write.channel,
                seat=write.seat,
                user_id=write.user_id,
                name=write.name,
                text=write.text,
                phrase=write.phrase,
                client_id=write.client_id,
                at=write.at,
            )
            .returning(ChatMessage.id)
        ).scalar_one()
        return int(found)


def store_and_blockers(store: Store, write: ChatWrite) -> tuple[int, set[int]]:
    """Store one message: its id, and who blocked its author (who is not sent it)."""
    message_id = store_message(store, write)
    return message_id, blockers(store, [write.user_id])


def blockers(store: Store, authors: Collection[int]) -> set[int]:
    """Everyone who blocked one of ``authors`` (:func:`.blocks.blockers_of`)."""
    with store.sessions() as s:
        return blocks.blockers_of(s, authors)


def hidden_from(store: Store, reader: int | None) -> set[int]:
    """Whose lines ``reader`` is not shown: the people they blocked (nobody's for a visitor)."""
    if reader is None:
        return set()
    with store.sessions() as s:
        return blocks.blocked_by(s, reader)


def load_messages(
    store: Store,
    table_id: str,
    channels: tuple[str, ...],
    newest: int | None = None,
    hidden: Collection[int] = (),
) -> list[messages.ChatMessage]:
    """The table's messages of ``channels`` (the ``newest`` ones), oldest first, as sent;
    none by the authors ``hidden``."""
    with store.sessions() as s:
        query = (
            select(ChatMessage)
            .where(ChatMessage.table_id == table_id, ChatMessage.channel.in_(channels))
            .order_by(ChatMessage.id.desc())
        )
        if hidden:
            query = query.where(ChatMessage.user_id.not_in(list(hidden)))
        if newest is not None:
            query = query.limit(newest)
        rows = list(reversed(s.scalars(query).all()))
        return [
            _wire(
                ChatWrite(
                    r.table_id,
                    r.version,
                    r.channel,
                    r.seat,
                    r.user_id,
                    r.name,
                    r.text,
                    r.phrase,
                    r.client_id,
                    r.at,
                ),
                r.id,
            )
            for r in rows
        ]


def _wire(write: ChatWrite, message_id: int) -> messages.ChatMessage:
    return {
        "type": "chat",
        "id": message_id,
        "table": write.table_id,
        "version": write.version,
        "channel": write.channel,  # type: ignore[typeddict-item]  # a Channel, as stored
        "seat": write.seat,
        # Who to mute: a seat in the players' channel, an account among the spectators.
        "from": f"seat-{write.seat}" if write.seat is not None else f"user-{write.user_id}",
        "name": write.name,
        "text": write.text,
        "phrase": write.phrase,
        "client_id": write.client_id,
        "at": round(write.at.timestamp() * 1000),
    }


def visible_channels(seat: int | None, over: bool = False) -> tuple[str, ...]:
    """The channels a reader sees: a player the players' alone (until the game is over)."""
    return (PLAYERS,) if seat is not None and not over else (PLAYERS, SPECTATORS)


class Limiter:
    """At most :data:`RATE` messages per user and table (shared in Redis with several instances)."""

    def __init__(self, storage_uri: str = "memory://", rate: str = RATE) -> None:
        self._limiter = MovingWindowRateLimiter(
            storage_from_string(storage_uri, key_prefix="rumizi-chat")
        )
        self._rate: RateLimitItem = parse(rate)
        self._table_rates = {channel: parse(r) for channel, r in TABLE_RATES.items()}

    def allow(self, table_id: str, user_id: int) -> bool:
        """Whether ``user_id`` may say one more line at ``table_id`` (and count it)."""
        try:
            return self._limiter.hit(self._rate, table_id, str(user_id))
        except Exception:  # the shared storage is away: chat goes on rather than stops
            return True

    def allow_table(self, table_id: str, channel: str) -> bool:
        """Whether the table's ``channel`` takes one more line now (and count it)."""
        try:
            return self._limiter.hit(self._table_rates[channel], table_id, channel)
        except Exception:
            return True


_LIMITERS: weakref.WeakKeyDictionary[Hub, Limiter] = weakref.WeakKeyDictionary()
# Each table's store, noted when a connection opens (send_history): a line from another
# instance comes with its table alone, and its author's blockers are read there.
_STORES: weakref.WeakKeyDictionary[LiveTable, Store] = weakref.WeakKeyDictionary()


def limiter(hub: Hub) -> Limiter:
    """The hub's limiter, made on first use (in Redis when the hub is one of several)."""
    found = _LIMITERS.get(hub)
    if found is None:
        uri = "memory://" if hub.cluster is None else hub.cluster.fanout.url
        found = _LIMITERS[hub] = Limiter(uri)
    return found


def author(table: LiveTable, line: Mapping[str, Any]) -> int | None:
    """The account that said ``line`` (its ``from``: a seat of the table, or an account)."""
    kind, _, number = str(line.get("from", "")).partition("-")
    if not number.isdigit():
        return None
    if kind == "user":
        return int(number)
    if kind != "seat":
        return None
    said = int(number)
    return next((s.user_id for s in table.row.seats if s.seat == said), None)


async def deliver(
    table: LiveTable,
    message: messages.ChatMessage | dict[str, Any],
    blocked_by: Collection[int] | None = None,
) -> None:
    """Send ``message`` to the table's connections on this instance that may read it, but
    to nobody who blocked its author (``blocked_by``; read here when not given).

    Serialised once for all of them, and only queued for each (rumizi.server.outbox): a busy
    chat costs a table's readers one write each, and keeps nobody else waiting.
    """
    sent = wire(message)  # (the other instances' lines come as the dicts they sent)
    if blocked_by is None:
        said_by, store = author(table, sent), _STORES.get(table)
        blocked_by = set()
        if said_by is not None and store is not None:
            blocked_by = await asyncio.to_thread(blockers, store, [said_by])
    text = dumps(sent)
    for client in list(table.clients):
        if client.user_id is not None and client.user_id in blocked_by:
            continue
        if sent.get("channel") == PLAYERS or client.seat is None:
            with contextlib.suppress(Exception):  # a closed socket is cleaned up by its reader
                await client.deliver(sent, text)


async def send_history(hub: Hub, table: LiveTable, client: Client) -> None:
    """The chat so far, to a connection that just joined, and whether it may write."""
    _STORES[table] = hub.store
    channels = visible_channels(client.seat)
    hidden = await asyncio.to_thread(hidden_from, hub.store, client.user_id)
    lines = await hub.db(load_messages, hub.store, table.id, channels, HISTORY, hidden)
    history: ChatHistory = {
        "type": "chat-history",
        "table": table.id,
        "messages": lines,
        "channel": PLAYERS if client.seat is not None else SPECTATORS,
        "can_write": client.user_id is not None,
    }
    await client.send(wire(history))


async def handle(
    hub: Hub,
    table: LiveTable,
    client: Client,
    name: str,
    message: dict[str, Any],
    refuse: Callable[[Any, str, str], Awaitable[None]],
) -> None:
    """One chat message from ``client`` (named ``name``): stored and sent, or refused."""
    try:
        client_id = inbound.checked_client_id(message.get("client_id"))
    except inbound.Malformed as err:
        await refuse(message.get("client_id"), "malformed", str(err))
        return
    if client.user_id is None:
        await refuse(client_id, "signed-out", "sign in (or play as a guest) to chat")
        return
    try:
        text, phrase = check(message)
    except ActionError as err:
        await refuse(client_id, err.code, err.message)
        return
    channel = PLAYERS if client.seat is not None else SPECTATORS
    if not limiter(hub).allow(table.id, client.user_id):
        await refuse(client_id, "chat-too-fast", f"at most {RATE} per table")
        return
    if not limiter(hub).allow_table(table.id, channel):
        busy = f"the table's {channel} chat takes at most {TABLE_RATES[channel]}"
        await refuse(client_id, "chat-too-fast", busy)
        return
    write = ChatWrite(
        table.id,
        table.version,
        channel,
        client.seat,
        client.user_id,
        name,
        text,
        phrase,
        client_id,
        datetime.now(UTC),
    )
    message_id, blocked_by = await hub.db(store_and_blockers, hub.store, write)
    line = _wire(write, message_id)
    await deliver(table, line, blocked_by)
    if hub.cluster is not None:
        hub.cluster.fanout.publish({"k": "chat", "t": table.id, "o": hub.cluster.name, "m": line})


def replay_lines(
    store: Store, table_id: str, seat: int | None, over: bool, reader: int | None = None
) -> list[messages.ChatMessage]:
    """The chat a replay shows: what ``seat`` could read (everything once the game is over),
    without the lines of anyone ``reader`` blocked."""
    hidden = hidden_from(store, reader)
    return load_messages(store, table_id, visible_channels(seat, over), hidden=hidden)
