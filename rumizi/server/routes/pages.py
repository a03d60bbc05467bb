"""The page's own paths: every path outside ``/api``, ``/ws`` and ``/static`` is the page.

Each is answered with ``index.html`` and the page routes itself; a path the page does not
know (``/gmaes``) shows the page's own not-found screen, in the reader's language, and is
answered with status 404 so that search engines and link checkers see it too.
"""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse

from rumizi.server.errors import ApiError, ErrorCode

# Paths the page routes itself (docs/web-protocol.md, "Pages"; ROUTES in static/app.js).
PAGE_PATHS = re.compile(
    r"^/(?:me|login|signup|(?:games|new|t|replay|leaderboard)/[^/]+|games/fantasy-realms/score)?/?$"
)
# The server's own: a wrong path under them is a JSON refusal, not the page.
NOT_PAGES = ("api", "ws", "static")

router = APIRouter(include_in_schema=False)


def static_dir() -> Path:
    """The page's files, shipped in the package."""
    return Path(str(resources.files("rumizi.web") / "static"))


def _index(status: int = 200) -> FileResponse:
    return FileResponse(
        static_dir() / "index.html", status_code=status, headers={"Cache-Control": "no-cache"}
    )


def is_page(path: str) -> bool:
    """Whether the page knows ``path`` (a trailing ``/`` is the same page).

    >>> [is_page(p) for p in ("/", "/me/", "/games/star-realms", "/games", "/t/a/b", "/gmaes")]
    [True, True, True, False, False, False]
    """
    return PAGE_PATHS.match(path) is not None


@router.get("/")
async def home() -> FileResponse:
    return _index()


@router.get("/{page:path}")
async def page(page: str) -> FileResponse:
    path = "/" + page
    if page.split("/", 1)[0] in NOT_PAGES:
        raise ApiError(ErrorCode.NOT_FOUND, f"nothing at {path}")
    return _index(200 if is_page(path) else 404)
