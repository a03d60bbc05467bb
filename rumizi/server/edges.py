"""The server's edges: what every request and connection meets before any route.

:class:`Edges` is an ASGI middleware around the whole app:

- security headers on every answer: a Content-Security-Policy with no inline script and
  ``frame-ancestors 'none'``, ``X-Content-Type-Options: nosniff``, ``Referrer-Policy``, and
  HSTS when the request came over HTTPS (or the settings say the site is served over it);
- request bodies capped before anything parses them (``413 too-large``), sent in full within
  a time limit (``408 too-slow``), and JSON bodies checked to be UTF-8 (``422 malformed``);
- at most ``ws_per_client`` table sockets open from one address at once (more are closed
  with 1013, "try again later").

What a half-sent request's *headers* are allowed is the HTTP server's business:
:func:`uvicorn_settings` (used by ``rumizi serve``) sets it, with the other limits of the
connection. ``docs/deploying.md`` says what a reverse proxy in front should add.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
import re
from collections import Counter
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from rumizi.server.errors import ERRORS, ErrorCode

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

MAX_BODY = 64 * 1024  # bytes; the largest real body (a new table's options) is under 2 KB
BODY_SECONDS = 10.0  # a body must arrive within this once its headers have
WS_PER_CLIENT = 32  # open table sockets per address: a family behind one NAT, many tabs each
WS_MAX_SIZE = 1024 * 1024  # bytes: a socket frame above this closes the connection (1009)

# No inline script anywhere; styles may be set inline (the page's renderers set a few).
CSP = (
    "default-src 'self'; script-src 'self'{scripts}; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
HSTS = "max-age=31536000; includeSubDomains"


def content_security_policy(inline_scripts: tuple[str, ...] = ()) -> str:
    """The policy, allowing exactly ``inline_scripts`` (by their SHA-256) and nothing else.

    >>> "script-src 'self';" in content_security_policy()
    True
    >>> "'sha256-" in content_security_policy(("alert(1)",))
    True
    """
    hashes = "".join(
        f" 'sha256-{base64.b64encode(hashlib.sha256(s.encode()).digest()).decode()}'"
        for s in inline_scripts
    )
    return CSP.format(scripts=hashes)


def inline_scripts(html: str) -> tuple[str, ...]:
    """The bodies of ``html``'s inline ``<script>`` elements (for a page that has to have them).

    >>> inline_scripts('<script src="/a.js"></script><script>go()</script>')
    ('go()',)
    """
    return tuple(re.findall(r"<script>(.*?)</script>", html, flags=re.DOTALL))


def _refusal(code: ErrorCode, message: str) -> tuple[int, bytes]:
    status = ERRORS[code].status or 400
    body = json.dumps({"error": {"code": str(code), "message": message}}).encode()
    return status, body


class Edges:
    """The middleware (see the module's text); ``hsts``: send HSTS on plain HTTP too."""

    def __init__(
        self,
        app: ASGIApp,
        *,
        max_body: int = MAX_BODY,
        body_seconds: float = BODY_SECONDS,
        ws_per_client: int = WS_PER_CLIENT,
        hsts: bool = False,
    ) -> None:
        self.app = app
        self.max_body = max_body
        self.body_seconds = body_seconds
        self.ws_per_client = ws_per_client
        self.hsts = hsts
        self.sockets: Counter[str] = Counter()  # open table sockets per address

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            await self._http(scope, receive, send)
        elif scope["type"] == "websocket":
            await self._websocket(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    # ------------------------------------------------------------------ HTTP

    def _headers(self, scope: Scope) -> list[tuple[bytes, bytes]]:
        found = [
            (b"content-security-policy", content_security_policy().encode()),
            (b"x-content-type-options", b"nosniff"),
            (b"referrer-policy", b"same-origin"),
            (b"x-frame-options", b"DENY"),  # frame-ancestors for browsers without CSP 2
        ]
        if self.hsts or scope.get("scheme") == "https":
            found.append((b"strict-transport-security", HSTS.encode()))
        return found

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        extra = self._headers(scope)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                # A route may set its own policy (the API docs' page allows its one script).
                headers += [(name, value) for name, value in extra if name not in present]
                message = {**message, "headers": headers}
            await send(message)

        headers = dict(scope.get("headers", []))
        length = headers.get(b"content-length")
        if scope["method"] in ("GET", "HEAD", "OPTIONS") and not length:
            await self.app(scope, receive, send_with_headers)
            return
        if length is not None and (not length.isdigit() or int(length) > self.max_body):
            await self._refuse(send_with_headers, ErrorCode.TOO_LARGE, self._too_large())
            return
        try:
            body = await asyncio.wait_for(self._read_body(receive), self.body_seconds)
        except _TooLarge:
            await self._refuse(send_with_headers, ErrorCode.TOO_LARGE, self._too_large())
            return
        except TimeoutError:
            await self._refuse(
                send_with_headers,
                ErrorCode.TOO_SLOW,
                f"the request's body did not arrive within {self.body_seconds:g} s",
            )
            return
        except _Gone:
            return
        content_type = headers.get(b"content-type", b"").split(b";")[0].strip().lower()
        if body and content_type.endswith(b"json"):
            try:
                body.decode("utf-8")
            except UnicodeDecodeError:
                await self._refuse(
                    send_with_headers, ErrorCode.MALFORMED, "a JSON body is UTF-8 text"
                )
                return
        replayed = False

        async def receive_body() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, receive_body, send_with_headers)

    def _too_large(self) -> str:
        return f"request bodies are limited to {self.max_body} bytes"

    async def _read_body(self, receive: Receive) -> bytes:
        parts: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                raise _Gone
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body:
                raise _TooLarge
            parts.append(chunk)
            if not message.get("more_body", False):
                return b"".join(parts)

    @staticmethod
    async def _refuse(send: Send, code: ErrorCode, message: str) -> None:
        status, body = _refusal(code, message)
        await send(
            {
                "type": "http.response.start",
                "status": status,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    (b"connection", b"close"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})

    # ------------------------------------------------------------------ WebSocket

    async def _websocket(self, scope: Scope, receive: Receive, send: Send) -> None:
        client = scope.get("client")
        address = str(client[0]) if client else "?"
        if self.sockets[address] >= self.ws_per_client:
            await receive()  # websocket.connect
            await send({"type": "websocket.accept"})
            await send(
                {
                    "type": "websocket.close",
                    "code": 1013,
                    "reason": f"at most {self.ws_per_client} connections from one address",
                }
            )
            return
        self.sockets[address] += 1
        try:
            await self.app(scope, receive, send)
        finally:
            self.sockets[address] -= 1
            if self.sockets[address] <= 0:
                del self.sockets[address]


class _TooLarge(Exception):
    pass


class _Gone(Exception):
    pass


def uvicorn_settings() -> dict[str, Any]:
    """uvicorn's own limits for ``rumizi serve`` (and the tests that run a real server).

    - ``http``: :class:`~rumizi.server.slow_headers.HeaderTimeoutProtocol`, the httptools
      protocol that closes a connection whose request headers take over 10 s;
    - ``timeout_keep_alive``: an idle kept-alive connection closes after 5 s;
    - ``limit_concurrency``: past 1000 open connections, new requests get 503;
    - ``ws_max_size``: a socket frame over 1 MiB closes the connection with 1009 (the table's
      socket answers messages between 16 KB and that with ``too-large``);
    - ``ws_ping_interval`` / ``ws_ping_timeout``: a silent socket is dropped after 40 s.
    """
    from rumizi.server.slow_headers import HeaderTimeoutProtocol

    return {
        "http": HeaderTimeoutProtocol,
        "timeout_keep_alive": 5,
        "limit_concurrency": 1000,
        "ws_max_size": WS_MAX_SIZE,
        "ws_ping_interval": 20.0,
        "ws_ping_timeout": 20.0,
        "ws_per_message_deflate": False,
    }
