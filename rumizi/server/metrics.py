"""What an instance counts for its operators, in Prometheus' text format at ``/metrics``.

``rumizi serve --metrics`` turns it on (off, nothing is counted and ``/metrics`` is not there).
The figures, each labelled with the instance's name (``rumizi_instance``: several instances
behind one balancer are told apart even where the scrape's own ``instance`` label is the
balancer's):

- ``rumizi_http_requests_total{route, method, status}`` and
  ``rumizi_http_request_seconds{route}``: the JSON API's and the pages' requests, by the
  route's template (``/api/tables/{table_id}``), never the raw path;
- ``rumizi_socket_messages_total{kind, outcome}``: what the tables' sockets receive (``act``,
  ``concede``, ``undo``, ``chat``, ``unreadable``) and how each ended (``ok`` or its refusal
  code, ``stale``, ``illegal``…);
- ``rumizi_move_ack_seconds{game}``: from a player's move reaching the instance to its
  acknowledgement and the new state sent to the table: what a player waits for;
- ``rumizi_open_tables{game}``, ``rumizi_open_sockets{game}``, ``rumizi_bot_queue``,
  ``rumizi_analyses_running``: read when scraped;
- ``rumizi_bot_decision_seconds{game, level}``: a bot's decision, its wait for a worker
  included;
- ``rumizi_job_lag_seconds{kind}``: with several instances, how late a job of the shared
  queue (a bot's move, a clock, a phase's ring) was claimed after it came due;
- ``rumizi_database_errors_total{error}``, ``rumizi_redis_errors_total{operation}``.

Who may read it: a request from a loopback address (the machine's own Prometheus, or one
through an SSH tunnel), or one with ``Authorization: Bearer <token>`` when the server was given
a token (``--metrics-token`` or ``RUMIZI_METRICS_TOKEN``). Behind a proxy on the same machine
the client's address is the forwarded one (uvicorn trusts 127.0.0.1's ``X-Forwarded-For``), so
the proxy's own address gives nobody access; ``docs/nginx.conf`` does not pass ``/metrics`` on
at all.

The counting is :class:`Recorder`'s methods: the server calls them at each event; the base
class does nothing (metrics off), :class:`Metrics` counts.
"""

from __future__ import annotations

import hmac
import ipaddress
import logging
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Histogram
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from rumizi.server import logs

log = logging.getLogger("rumizi.server.requests")

METRICS_PATH = "/metrics"
#: Asked every few seconds by balancers and scrapers: counted, not written to the log.
QUIET_ROUTES = frozenset({"/healthz", "/readyz", METRICS_PATH})
#: The page's files (scripts, styles, fonts; a page load asks for dozens): logged only when
#: they fail, so the log says what people did.
FILE_ROUTES = frozenset({"/static", "/api/docs/assets"})
INSTANCE = "rumizi_instance"
# Seconds: a move's acknowledgement is a few milliseconds when all is well; a slow database
# or a busy loop shows in the upper buckets.
ACK_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
THINK_BUCKETS = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0)
LAG_BUCKETS = (0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0)


class Recorder:
    """The events an instance counts; this one counts nothing (``--metrics`` not given)."""

    enabled = False

    def request(self, route: str, method: str, status: int, seconds: float) -> None:
        """An HTTP request to ``route`` (its template) answered with ``status``."""

    def message(self, kind: str, outcome: str) -> None:
        """A message on a table's socket: its ``kind`` and ``ok`` or its refusal's code."""

    def acknowledged(self, game: str, seconds: float) -> None:
        """A player's move was stored, acknowledged and sent to the table."""

    def bot_decision(self, game: str, level: str, seconds: float) -> None:
        """A bot decided a move (its wait for a worker included)."""

    def job_claimed(self, kind: str, lag: float) -> None:
        """A job of the shared queue was claimed ``lag`` seconds after it came due."""

    def database_error(self, error: BaseException) -> None:
        """A database call failed."""

    def redis_error(self, operation: str) -> None:
        """A Redis call (``publish``, ``listen``) failed."""


@dataclass(frozen=True)
class LiveFigures:
    """What is open now, read when the metrics are scraped."""

    tables: Mapping[str, int] = field(default_factory=dict)  # game -> tables in memory
    sockets: Mapping[str, int] = field(default_factory=dict)  # game -> open table sockets
    bot_queue: int = 0  # bot decisions (and analysis chunks) waiting for or in a worker
    analyses: int = 0  # analyses under way


class _Live(Collector):
    """The gauges read at each scrape from ``figures()``."""

    def __init__(self, instance: str, figures: Callable[[], LiveFigures]) -> None:
        self.instance = instance
        self.figures = figures

    def collect(self) -> Iterator[Metric]:
        now = self.figures()
        by_game = (
            ("rumizi_open_tables", "Tables in this instance's memory, by game.", now.tables),
            (
                "rumizi_open_sockets",
                "Open table sockets (players and spectators), by game.",
                now.sockets,
            ),
        )
        for name, text, counts in by_game:
            family = GaugeMetricFamily(name, text, labels=[INSTANCE, "game"])
            for game, count in sorted(counts.items()):
                family.add_metric([self.instance, game], count)
            yield family
        alone = (
            (
                "rumizi_bot_queue",
                "Bot decisions and analysis chunks waiting or in a worker.",
                now.bot_queue,
            ),
            ("rumizi_analyses_running", "Analyses of finished games under way.", now.analyses),
        )
        for name, text, value in alone:
            family = GaugeMetricFamily(name, text, labels=[INSTANCE])
            family.add_metric([self.instance], value)
            yield family


class Metrics(Recorder):
    """An instance's metrics, in a registry of its own (several apps may share a process).

    >>> metrics = Metrics("a")
    >>> metrics.message("act", "ok")
    >>> 'rumizi_socket_messages_total{kind="act",outcome="ok",rumizi_instance="a"} 1.0' in (
    ...     metrics.exposition().decode())
    True
    """

    enabled = True

    def __init__(self, instance: str, token: str | None = None) -> None:
        self.instance = instance
        self.token = token
        self.registry = CollectorRegistry(auto_describe=True)
        r = self.registry
        self._requests = Counter(
            "rumizi_http_requests",
            "HTTP requests, by route template, method and status.",
            [INSTANCE, "route", "method", "status"],
            registry=r,
        )
        self._request_seconds = Histogram(
            "rumizi_http_request_seconds",
            "HTTP requests' time to answer, by route template.",
            [INSTANCE, "route"],
            registry=r,
        )
        self._messages = Counter(
            "rumizi_socket_messages",
            "Messages on the tables' sockets, by kind and outcome.",
            [INSTANCE, "kind", "outcome"],
            registry=r,
        )
        self._acks = Histogram(
            "rumizi_move_ack_seconds",
            "From a player's move arriving to its acknowledgement and the table's new state.",
            [INSTANCE, "game"],
            buckets=ACK_BUCKETS,
            registry=r,
        )
        self._bots = Histogram(
            "rumizi_bot_decision_seconds",
            "A bot's decision, its wait for a worker included.",
            [INSTANCE, "game", "level"],
            buckets=THINK_BUCKETS,
            registry=r,
        )
        self._lag = Histogram(
            "rumizi_job_lag_seconds",
            "How late a job of the shared queue was claimed after it came due, by kind.",
            [INSTANCE, "kind"],
            buckets=LAG_BUCKETS,
            registry=r,
        )
        self._database = Counter(
            "rumizi_database_errors",
            "Failed database calls, by exception.",
            [INSTANCE, "error"],
            registry=r,
        )
        self._redis = Counter(
            "rumizi_redis_errors",
            "Failed Redis calls, by operation.",
            [INSTANCE, "operation"],
            registry=r,
        )
        # Redis's operations show 0 from the start: a rate over a missing series is no rate.
        # (A database error's series is named by its exception, unknown before it happens.)
        self._redis.labels(instance, "publish")
        self._redis.labels(instance, "listen")

    def watch(self, figures: Callable[[], LiveFigures]) -> None:
        """Read the open tables, sockets, bot queue and analyses from ``figures()`` when scraped."""
        self.registry.register(_Live(self.instance, figures))

    def request(self, route: str, method: str, status: int, seconds: float) -> None:
        self._requests.labels(self.instance, route, method, str(status)).inc()
        self._request_seconds.labels(self.instance, route).observe(seconds)

    def message(self, kind: str, outcome: str) -> None:
        self._messages.labels(self.instance, kind, outcome).inc()

    def acknowledged(self, game: str, seconds: float) -> None:
        self._acks.labels(self.instance, game).observe(seconds)

    def bot_decision(self, game: str, level: str, seconds: float) -> None:
        self._bots.labels(self.instance, game, level).observe(seconds)

    def job_claimed(self, kind: str, lag: float) -> None:
        self._lag.labels(self.instance, kind).observe(max(0.0, lag))

    def database_error(self, error: BaseException) -> None:
        self._database.labels(self.instance, type(error).__name__).inc()

    def redis_error(self, operation: str) -> None:
        self._redis.labels(self.instance, operation).inc()

    def exposition(self) -> bytes:
        """Everything, in Prometheus' text format."""
        from prometheus_client import generate_latest

        return generate_latest(self.registry)

    def allows(self, client_host: str | None, authorization: str | None) -> bool:
        """Whether a request from ``client_host`` with this ``Authorization`` may read them."""
        if self.token is not None and authorization is not None:
            scheme, _, given = authorization.partition(" ")
            if scheme.lower() == "bearer" and hmac.compare_digest(
                given.strip().encode(), self.token.encode()
            ):
                return True
        return is_loopback(client_host)


def is_loopback(host: str | None) -> bool:
    """``127.0.0.0/8`` or ``::1`` (a name such as ``testclient`` is not an address: no).

    >>> is_loopback("127.0.0.1"), is_loopback("::1"), is_loopback("10.0.0.2"), is_loopback(None)
    (True, True, False, False)
    """
    try:
        return host is not None and ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def route_of(scope: Scope) -> str:
    """The template of the route that answered (``/api/tables/{table_id}``), the mount's
    prefix for files (``/static``), else ``unmatched``: a label never holds a raw path, or a
    scan of random addresses would make a series of each."""
    route: Any = scope.get("route")
    path = getattr(route, "path", None)
    if isinstance(path, str):
        return path
    root = scope.get("root_path") or ""
    return root if isinstance(root, str) and root else "unmatched"


class RequestRecorder:
    """ASGI middleware: each HTTP request counted (by its route's template and its status) and
    logged as a ``request`` event (rumizi.server.logs); the probes, and the page's files when
    they are served, are counted, not logged."""

    def __init__(self, app: ASGIApp, recorder: Recorder) -> None:
        self.app = app
        self.recorder = recorder

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status = 500  # the app raised before it answered

        async def sending(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            seconds = time.perf_counter() - started
            route = route_of(scope)
            self.recorder.request(route, scope["method"], status, seconds)
            quiet = route in QUIET_ROUTES or (route in FILE_ROUTES and status < 400)
            if not quiet:
                client = scope.get("client")
                logs.event(
                    log,
                    "request",
                    "request",
                    method=scope["method"],
                    route=route,
                    path=scope["path"],  # never the query string: an invite's code is there
                    status=status,
                    ms=round(seconds * 1000, 2),
                    client=client[0] if client else None,
                )
