"""The page's own paths: every path outside ``/api``, ``/ws`` and ``/static`` is the page.

Each is answered with ``index.html`` and the page routes itself; a path the page does not
know (``/gmaes``) shows the page's own not-found screen, in the reader's language, and is
answered with status 404 so that search engines and link checkers see it too.
"""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse
from starlette.routing import compile_path

from rumizi.server.errors import ApiError, ErrorCode

# Paths the page routes itself (docs/web-protocol.md, "Pages"; ROUTES in static/app.js).
PAGE_PATHS = re.compile(
    r"^/(?:me|admin|login|signup|accessibility|puzzles|tournaments"
    r"|(?:games|new|t|replay|leaderboard|puzzles|u|tournaments)/[^/]+"
    r"|games/fantasy-realms/score)?/?$"
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


def allowed_methods(request: Request) -> list[str]:
    """The methods the server takes at the request's path (for a 405's ``Allow``).

    Read from the API's own OpenAPI document, which lists every operation of every path:
    the router alone names only the first matching route's methods, and this file's
    catch-all GET would answer a POST-only path with 404.
    """
    if request.url.path.split("/", 2)[1] not in NOT_PAGES:
        return ["GET", "HEAD"]  # the page's own paths
    found: set[str] = set()
    for template, operations in request.app.openapi().get("paths", {}).items():
        if compile_path(template)[0].match(request.url.path):
            found.update(method.upper() for method in operations)
    if "GET" in found:
        found.add("HEAD")  # the server answers HEAD wherever it answers GET
    return sorted(found)


@router.get("/")
async def home() -> FileResponse:
    return _index()


@router.get("/{page:path}")
async def page(page: str, request: Request) -> FileResponse:
    path = "/" + page
    if page.split("/", 1)[0] in NOT_PAGES:
        allowed = allowed_methods(request)
        if allowed:  # a path of the API, asked with a method it does not take
            raise ApiError(
                ErrorCode.METHOD_NOT_ALLOWED,
                f"{path} takes {', '.join(allowed)}",
                headers={"Allow": ", ".join(allowed)},
            )
        raise ApiError(ErrorCode.NOT_FOUND, f"nothing at {path}")
    return _index(200 if is_page(path) else 404)
