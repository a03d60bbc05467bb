"""uvicorn's httptools protocol, with a time limit on a request's headers.

uvicorn times out idle kept-alive connections but not a request whose headers never finish:
a client that opens many connections and sends a byte now and then holds them for ever. This
protocol arms a timer when a connection opens (and when each further request on it begins)
and closes the connection if the headers are not complete when it fires.
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

HEADER_SECONDS = 10.0


class HeaderTimeoutProtocol(HttpToolsProtocol):
    """:class:`HttpToolsProtocol` that gives each request's headers ``header_seconds``."""

    header_seconds = HEADER_SECONDS

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._header_timer: asyncio.TimerHandle | None = None

    def _arm(self) -> None:
        if self._header_timer is None:
            self._header_timer = self.loop.call_later(self.header_seconds, self._too_slow)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _too_slow(self) -> None:
        self._header_timer = None
        if not self.transport.is_closing():
            self.transport.close()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._arm()

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)
