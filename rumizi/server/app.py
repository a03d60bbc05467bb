"""The FastAPI application: ``create_app(settings)`` wires the database, the hub and routes.

The JSON API's routers are in :mod:`rumizi.server.routes`; :func:`openapi_schema` builds the
same schema as ``/api/openapi.json`` without a database, for the protocol page's generator.
"""

from __future__ import annotations

import logging
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import timedelta
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.openapi.utils import get_openapi
from fastapi.responses import (
    FileResponse,
    HTMLResponse,
    JSONResponse,
    RedirectResponse,
    Response,
)
from fastapi.staticfiles import StaticFiles
from prometheus_client import CONTENT_TYPE_LATEST
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import Scope

from rumizi.core.extras import require_server
from rumizi.server import bot_limits, profiles, ws
from rumizi.server.auth import LoginLimiter
from rumizi.server.bot_limits import TokenLimiter
from rumizi.server.bots import BotPool
from rumizi.server.cluster import LEASE, SYNC_EVERY, Cluster, instance_name
from rumizi.server.db import make_engine, migrate
from rumizi.server.edges import (
    MAX_BODY,
    WS_PER_CLIENT,
    Edges,
    content_security_policy,
    inline_scripts,
)
from rumizi.server.errors import ApiError, ErrorCode, framework_code
from rumizi.server.hub import SWEEP_EVERY, UNLOAD_AFTER, Hub
from rumizi.server.mail import Mailer, MailPolicy, parse_smtp
from rumizi.server.metrics import (
    METRICS_PATH,
    LiveFigures,
    Metrics,
    Recorder,
    RequestRecorder,
)
from rumizi.server.puzzle_mining import served
from rumizi.server.routes import API_ROUTERS, email, health, pages
from rumizi.server.routes.pages import static_dir
from rumizi.server.store import Store
from rumizi.server.tournaments import NO_SHOW, ROUND_GAP, TICK, Tournaments

log = logging.getLogger("rumizi.server")

TITLE = "Rumizi"
VERSION = "1"
DESCRIPTION = (
    'The web platform\'s JSON API. Every refusal is `{"error": {"code", "message"}}` '
    "with the code's HTTP status; docs/web-protocol.md lists the codes and the table's "
    "WebSocket."
)


# The JSON API's routers and the load balancers' health checks (/healthz, /readyz): all in the
# OpenAPI schema, served and generated alike.
SCHEMA_ROUTERS: tuple[APIRouter, ...] = (*API_ROUTERS, health.router)

DOCS_URL = "/api/docs"
DOCS_ASSETS = "/api/docs/assets"  # Swagger UI's script and style, from the fastapi-offline wheel


def docs_assets_dir() -> Path:
    """Swagger UI's files as a package ships them, so ``/api/docs`` needs no CDN."""
    return Path(str(resources.files("fastapi_offline") / "static"))


# The reference manual (mkdocs.yml, docs/manual): static pages built beforehand by `mkdocs
# build` (scripts/serve does it), served as they are; building them at start would take seconds.
MANUAL_URL = "/docs"
MANUAL_ENV = "RUMIZI_MANUAL"
MANUAL_MISSING = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Rumizi reference manual</title></head>
<body><h1>The reference manual is not built</h1>
<p>Build it from the repository root with <code>mkdocs build</code> (after
<code>pip install -e '.[docs]'</code>): it is written to <code>build/manual</code>, which this
server serves here. <code>./scripts/serve</code> builds it before starting the server. A
manual built elsewhere is served from the folder named by <code>RUMIZI_MANUAL</code>.</p>
</body></html>
"""


MANUAL_NO_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Rumizi reference manual</title></head>
<body><h1>No such page in the manual</h1><p><a href="/docs/">The manual's first page</a></p>
</body></html>
"""


def manual_dir(configured: Path | None = None) -> Path:
    """Where the built manual is: ``configured``, else ``$RUMIZI_MANUAL``, else the
    ``build/manual`` folder of the source tree the package runs from (``mkdocs build``'s)."""
    if configured is not None:
        return configured
    named = os.environ.get(MANUAL_ENV)
    return Path(named) if named else Path(__file__).resolve().parents[2] / "build" / "manual"


class ManualFiles(StaticFiles):
    """The built manual's files, looked for at each request (a manual built after the start
    is served); a page saying how to build it while there is none.

    The theme's pages each start with one inline script (the page's depth in the site), so
    each HTML page gets a policy allowing exactly its own inline scripts, by their hashes, as
    the API's Swagger page does; everything else keeps the strict policy of every answer.
    """

    def __init__(self, directory: Path) -> None:
        super().__init__(directory=directory, html=True, check_dir=False)
        self.root = directory

    async def check_config(self) -> None:
        """Nothing to check once: a missing manual is answered at each request instead."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        if not (self.root / "index.html").is_file():
            return HTMLResponse(MANUAL_MISSING, status_code=404)
        try:
            response = await super().get_response(path, scope)
        except StarletteHTTPException as refused:
            if refused.status_code != 404:
                raise
            return HTMLResponse(MANUAL_NO_PAGE, status_code=404)
        if isinstance(response, FileResponse) and response.media_type == "text/html":
            page = Path(response.path).read_text(encoding="utf-8")
            policy = content_security_policy(inline_scripts(page))
            response.headers["Content-Security-Policy"] = policy
        return response


@dataclass(frozen=True)
class Settings:
    """How the server runs: the database, bot workers, the hard bot's budget, the edges.

    ``bot_workers`` ``None`` means one per core of the machine (0: a thread, for tests);
    ``limiter_storage`` is where failed sign-ins and bot tokens' requests
    (rumizi.server.bot_limits) are counted (``memory://``, or a Redis URL such as
    ``redis://127.0.0.1:6379/0`` shared by several instances).

    ``redis_url`` turns on several instances (rumizi.server.cluster): the fan-out goes
    through that Redis, bots and clocks through the database's job queue, whose claims last
    ``job_lease`` seconds; the sign-in limiter counts there too unless told otherwise.
    ``instance`` names this instance (in logs, the queue and the socket's answer).

    ``metrics`` serves ``/metrics`` (rumizi.server.metrics) to loopback addresses, and to
    requests bearing ``metrics_token`` when one is given.

    ``puzzle_files`` are puzzles served besides the shipped sets (mined from this server's
    own games: rumizi.server.puzzle_mining).

    ``unload_after``: seconds a table nobody looks at, with no move of the server's due soon,
    stays in memory (it loads again when needed); ``sweep_every``: how often that is looked
    at (rumizi.server.hub).

    ``tournament_tick``, ``round_gap`` and ``no_show``: how often the tournaments are moved
    on, the pause between a Swiss round's end and the next pairing, and the time a player
    has for a first move at a tournament table (rumizi.server.tournaments).

    ``manual_dir``: the built reference manual served at ``/docs/`` (``None``: see
    :func:`manual_dir`).

    ``smtp_url`` turns e-mail on (rumizi.server.mail: ``smtp://user:pass@host:port``,
    ``smtp+starttls://...``, ``smtps://...``), sent from ``smtp_from`` with links to
    ``site_url`` (``None``: the address each owner reached the site by); ``mail_policy``: its
    waits and thresholds.

    ``seen_every``: how often (seconds) an account's visit is noted, for friends' "online"
    and the your-turn e-mail's "away" (rumizi.server.store.Store.user_for_token).
    """

    db_url: str
    bot_workers: int | None = None
    hard_budget: float | None = None
    secure_cookies: bool = False
    limiter_storage: str = "memory://"
    token_requests: str = bot_limits.REQUESTS  # per bot token (rumizi.server.bot_limits)
    token_moves: str = bot_limits.MOVES
    max_body: int = MAX_BODY
    ws_per_client: int = WS_PER_CLIENT
    redis_url: str | None = None
    instance: str | None = None
    job_lease: float = LEASE
    sync_every: float = SYNC_EVERY
    unload_after: float = UNLOAD_AFTER
    sweep_every: float = SWEEP_EVERY
    metrics: bool = False
    metrics_token: str | None = None
    puzzle_files: tuple[Path, ...] = ()
    tournament_tick: float = TICK
    round_gap: float = ROUND_GAP
    no_show: float = NO_SHOW
    manual_dir: Path | None = None
    smtp_url: str | None = None
    smtp_from: str | None = None
    site_url: str | None = None
    mail_policy: MailPolicy = field(default_factory=MailPolicy)
    seen_every: float = profiles.SEEN_EVERY.total_seconds()


def _without_framework_422(schema: dict[str, Any]) -> dict[str, Any]:
    """Drop FastAPI's own 422 answers: this server answers malformed requests with ErrorBody.

    Routes whose body or query can be malformed declare ``malformed`` themselves; the default
    entry (FastAPI's ``HTTPValidationError`` shape, which this server never sends) goes.
    """
    for operations in schema.get("paths", {}).values():
        for operation in operations.values():
            answer = operation.get("responses", {}).get("422")
            if answer is not None and "x-error-codes" not in answer:
                del operation["responses"]["422"]
    components = schema.get("components", {}).get("schemas", {})
    for name in ("HTTPValidationError", "ValidationError"):
        components.pop(name, None)
    return schema


def openapi_schema(app: FastAPI | None = None) -> dict[str, Any]:
    """The OpenAPI schema of the JSON API (of ``app``, or of the routers alone)."""
    routes = app.routes if app is not None else _api_only().routes
    schema = get_openapi(title=TITLE, version=VERSION, description=DESCRIPTION, routes=routes)
    return _without_framework_422(schema)


def _api_only() -> FastAPI:
    bare = FastAPI()
    for router in SCHEMA_ROUTERS:
        bare.include_router(router)
    return bare


def create_app(settings: Settings) -> FastAPI:
    # The optional clients these settings need, named in one line if missing (not a traceback
    # from deep inside a connection).
    require_server(
        db_url=settings.db_url,
        redis_url=settings.redis_url,
        limiter_storage=settings.limiter_storage,
    )
    engine = make_engine(settings.db_url)
    migrate(engine)
    store = Store(engine, timedelta(seconds=settings.seen_every))
    name = settings.instance or instance_name()
    metrics = Metrics(name, settings.metrics_token) if settings.metrics else Recorder()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        pool = BotPool(settings.bot_workers, settings.hard_budget)
        hub = Hub(
            store,
            pool,
            unload_after=settings.unload_after,
            sweep_every=settings.sweep_every,
            metrics=metrics,
        )
        app.state.hub = hub
        if settings.redis_url is not None:
            hub.cluster = Cluster(
                hub,
                settings.redis_url,
                name=name,
                lease=settings.job_lease,
                sync_every=settings.sync_every,
                workers=max(2, pool.workers),
            )
        # The outage that ends now is noted before any clock is rebuilt; one instance loads
        # the games due soon, several leave them to the queue.
        await hub.start()
        if hub.cluster is not None:
            hub.cluster.start()  # the queue carries the unfinished games' bots and clocks
        events = app.state.tournaments = Tournaments(
            hub,
            store,
            tick=settings.tournament_tick,
            gap=settings.round_gap,
            no_show=settings.no_show,
        )
        events.start()
        mailer: Mailer | None = app.state.mailer
        if mailer is not None:
            mailer.start()
        try:
            yield
        finally:
            if mailer is not None:
                await mailer.close()
            await events.close()
            if hub.cluster is not None:
                await hub.cluster.close()
            await hub.close()
            engine.dispose()

    app = FastAPI(
        title=TITLE,
        version=VERSION,
        description=DESCRIPTION,
        lifespan=lifespan,
        docs_url=None,  # served below, from the package's files instead of a CDN
        redoc_url=None,
        openapi_url="/api/openapi.json",
    )
    app.state.settings = settings
    app.state.store = store
    app.state.puzzles = served(settings.puzzle_files)
    app.state.metrics = metrics
    # E-mail (rumizi.server.mail): this instance's worker reads the shared outbox.
    app.state.mailer = None
    if settings.smtp_url is not None:
        smtp = parse_smtp(settings.smtp_url, settings.smtp_from)
        app.state.mailer = Mailer(store, smtp, settings.mail_policy, name, settings.site_url)
    limiter = settings.limiter_storage
    if settings.redis_url is not None and limiter == "memory://":
        limiter = settings.redis_url  # several instances count sign-ins together
    app.state.login_limiter = LoginLimiter(limiter)
    # Bots' tokens, counted in the same place (shared by the instances through Redis).
    app.state.token_limiter = TokenLimiter(
        limiter, requests=settings.token_requests, moves=settings.token_moves
    )
    app.add_middleware(
        Edges,
        max_body=settings.max_body,
        ws_per_client=settings.ws_per_client,
        hsts=settings.secure_cookies,
    )
    for router in SCHEMA_ROUTERS:
        app.include_router(router)
    app.include_router(ws.router)
    app.include_router(email.links)  # the e-mails' links: verify, unsubscribe
    # Each request is logged (rumizi.server.logs), and counted with --metrics.
    app.add_middleware(RequestRecorder, recorder=metrics)
    if isinstance(metrics, Metrics):
        serve_metrics(app, metrics)
    health.quiet_probes_in_access_log()

    def cached_openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = openapi_schema(app)
        return app.openapi_schema

    app.openapi = cached_openapi  # type: ignore[method-assign]
    app.mount("/static", StaticFiles(directory=static_dir()), name="static")
    app.mount(DOCS_ASSETS, StaticFiles(directory=docs_assets_dir()), name="docs-assets")
    app.mount(MANUAL_URL, ManualFiles(manual_dir(settings.manual_dir)), name="manual")

    @app.get(MANUAL_URL, include_in_schema=False)
    async def manual() -> RedirectResponse:
        return RedirectResponse(MANUAL_URL + "/")

    @app.get(DOCS_URL, include_in_schema=False)
    async def docs() -> HTMLResponse:
        page = get_swagger_ui_html(
            openapi_url="/api/openapi.json",
            title=f"{TITLE} API",
            swagger_js_url=f"{DOCS_ASSETS}/swagger-ui-bundle.js",
            swagger_css_url=f"{DOCS_ASSETS}/swagger-ui.css",
            swagger_favicon_url="/static/favicon.svg",
            swagger_ui_parameters={"validatorUrl": None},  # no call to an online validator
        )
        # Swagger UI starts from one inline script: the policy allows that one, by its hash.
        scripts = inline_scripts(bytes(page.body).decode())
        page.headers["Content-Security-Policy"] = content_security_policy(scripts)
        return page

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        texts = None
        status, headers = exc.status_code, exc.headers
        if isinstance(exc, ApiError):
            code, message, texts = exc.code, exc.message, exc.texts
        elif status == 400:
            # The framework could not read the body as JSON at all (nested past the parser's
            # depth, say): the request is malformed, as one whose JSON does not fit the model.
            code, message, status = ErrorCode.MALFORMED, "the body could not be read as JSON", 422
        else:  # the framework's own (no route, wrong method): a code of the same table
            code = framework_code(status)
            message = exc.detail if isinstance(exc.detail, str) else str(code)
            if status == 405:  # every method the path takes, not only its first route's
                allowed = pages.allowed_methods(request)
                if request.method == "OPTIONS" and allowed:  # the question OPTIONS asks
                    listed = ", ".join([*allowed, "OPTIONS"])
                    return Response(status_code=204, headers={"Allow": listed})
                if allowed:
                    headers = {**(headers or {}), "Allow": ", ".join(allowed)}
                else:  # no route at all has this path
                    code, status = ErrorCode.NOT_FOUND, 404
                    message = f"nothing at {request.url.path}"
        # headers: a 405's Allow, a 429's Retry-After.
        error: dict[str, Any] = {"code": str(code), "message": message}
        if texts is not None:
            error["texts"] = texts
        return JSONResponse({"error": error}, status_code=status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {}
        # Parts of the path are cut short: a key of the request may be any length.
        where = ".".join(str(part)[:40] for part in first.get("loc", ()) if part != "body")
        message = f"{where}: {first.get('msg', 'invalid')}" if where else "malformed request"
        return JSONResponse(
            {"error": {"code": str(ErrorCode.MALFORMED), "message": message}}, status_code=422
        )

    app.include_router(pages.router)  # last: its catch-all path must not hide the API's
    return app


def serve_metrics(app: FastAPI, metrics: Metrics) -> None:
    """Read what is open from the app's hub, and answer ``/metrics``."""
    metrics.watch(lambda: live_figures(app))

    @app.get(METRICS_PATH, include_in_schema=False)
    async def exposition(request: Request) -> Response:
        host = request.client.host if request.client else None
        if not metrics.allows(host, request.headers.get("authorization")):
            # Prometheus reads the status; a person reading the page reads why.
            return Response(
                "the metrics are for loopback addresses, or a request with the bearer token\n",
                status_code=401 if metrics.token else 403,
                media_type="text/plain",
                headers={"WWW-Authenticate": "Bearer"} if metrics.token else None,
            )
        return Response(metrics.exposition(), media_type=CONTENT_TYPE_LATEST)


def live_figures(app: FastAPI) -> LiveFigures:
    """The open tables and sockets per game, the bot queue and the analyses under way."""
    hub: Hub | None = getattr(app.state, "hub", None)
    if hub is None:
        return LiveFigures()
    tables: dict[str, int] = {}
    sockets: dict[str, int] = {}
    for table in list(hub.tables.values()):
        game = table.row.game
        tables[game] = tables.get(game, 0) + 1
        sockets[game] = sockets.get(game, 0) + len(table.clients)
    analyst = getattr(app.state, "analyst", None)
    running = len(analyst.tasks) if analyst is not None and analyst.hub is hub else 0
    return LiveFigures(tables, sockets, hub.bots.waiting, running)
