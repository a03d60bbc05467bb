"""The FastAPI application: ``create_app(settings)`` wires the database, the hub and routes."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from rumizi.server import api, ws
from rumizi.server import fantasy_realms as fantasy_realms_api
from rumizi.server.api import static_dir
from rumizi.server.bots import BotPool
from rumizi.server.db import make_engine, migrate
from rumizi.server.deps import ApiError
from rumizi.server.hub import Hub
from rumizi.server.store import Store

log = logging.getLogger("rumizi.server")


@dataclass(frozen=True)
class Settings:
    """How the server runs: the database URL, bot workers, the hard bot's time budget."""

    db_url: str
    bot_workers: int = 1
    hard_budget: float | None = None
    secure_cookies: bool = False


# Paths the page routes itself; the server answers each with index.html.
PAGE_PREFIXES = ("/games/", "/new/", "/t/", "/replay/", "/leaderboard/")
PAGES = ("/", "/me", "/login", "/signup")


def create_app(settings: Settings) -> FastAPI:
    engine = make_engine(settings.db_url)
    migrate(engine)
    store = Store(engine)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hub = Hub(store, BotPool(settings.bot_workers, settings.hard_budget))
        app.state.hub = hub
        await hub.resume()
        try:
            yield
        finally:
            await hub.close()
            engine.dispose()

    app = FastAPI(
        title="Rumizi", lifespan=lifespan, docs_url="/api/docs", openapi_url="/api/openapi.json"
    )
    app.state.settings = settings
    app.state.store = store
    app.include_router(api.router)
    app.include_router(fantasy_realms_api.router)
    app.include_router(ws.router)
    static = static_dir()
    app.mount("/static", StaticFiles(directory=static), name="static")

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = exc.detail if isinstance(exc.detail, str) else "error"
        message = getattr(exc, "message", None) or code
        return JSONResponse(
            {"error": {"code": code, "message": message}}, status_code=exc.status_code
        )

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {}
        # Parts of the path are cut short: a key of the request may be any length.
        where = ".".join(str(part)[:40] for part in first.get("loc", ()) if part != "body")
        message = f"{where}: {first.get('msg', 'invalid')}" if where else "malformed request"
        return JSONResponse({"error": {"code": "malformed", "message": message}}, status_code=422)

    index = static / "index.html"

    @app.get("/", include_in_schema=False)
    async def home() -> FileResponse:
        return FileResponse(index, headers={"Cache-Control": "no-cache"})

    @app.get("/{page:path}", include_in_schema=False)
    async def page(page: str) -> FileResponse:
        path = "/" + page
        if path in PAGES or path.startswith(PAGE_PREFIXES):
            return FileResponse(index, headers={"Cache-Control": "no-cache"})
        raise ApiError(404, "not-found", f"no page at {path}")

    return app
