"""The page's own paths: each is answered with ``index.html`` and the page routes itself."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse

from rumizi.server.errors import ApiError, ErrorCode

# Paths the page routes itself (docs/web-protocol.md, "Pages").
PAGE_PREFIXES = ("/games/", "/new/", "/t/", "/replay/", "/leaderboard/")
PAGES = ("/", "/me", "/login", "/signup")

router = APIRouter(include_in_schema=False)


def static_dir() -> Path:
    """The page's files, shipped in the package."""
    return Path(str(resources.files("rumizi.web") / "static"))


def _index() -> FileResponse:
    return FileResponse(static_dir() / "index.html", headers={"Cache-Control": "no-cache"})


@router.get("/")
async def home() -> FileResponse:
    return _index()


@router.get("/{page:path}")
async def page(page: str) -> FileResponse:
    path = "/" + page
    if path in PAGES or path.startswith(PAGE_PREFIXES):
        return _index()
    raise ApiError(ErrorCode.NOT_FOUND, f"no page at {path}")
